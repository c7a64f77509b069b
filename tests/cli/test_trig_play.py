"""Trig at the terminal: the board, and the choice among captures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trigames
from trigames.cli.console import Console
from trigames.cli.main import main
from trigames.cli.play import TerminalGame
from trigames.records import Seat

DOUBLE_WINS = json.loads(
    (Path(__file__).parents[1] / "data" / "trig" / "double_wins.json").read_text()
)["wins"]


def test_info_reports_the_boards(capsys: pytest.CaptureFixture[str]) -> None:
    expected = {
        "trig": (127, 84, 42, 36, 432),
        "trigger": (205, 136, 67, 48, 1044),
        "triggest": (262, 174, 85, 54, 1872),
    }
    for board, counts in expected.items():
        assert main(["info", f"trig(board={board})", "--json"]) == 0
        info = json.loads(capsys.readouterr().out)
        keys = ("cells", "playing_cells", "separators", "edge_cells", "capture_triangles")
        assert tuple(info[key] for key in keys) == counts


def scripted_game(
    lines: list[str], position: dict[str, object], spec: str = "trig"
) -> tuple[TerminalGame, list[str]]:
    output: list[str] = []
    answers = iter(lines)
    console = Console(read=lambda prompt: next(answers, None), write=output.append)
    game = trigames.load_game(spec)
    session = TerminalGame(game, [Seat("White"), Seat("Black")], console)
    session.state = game.state_from_json(position)
    return session, output


# White F7 and H7 with Black G8 between them: G9 completes the triangle round G8; G6 is Black
# too, but no triangle of White's has it at the centre.
ONE_CAPTURE = {"white": ["F7", "H7"], "black": ["G6", "G8"], "to_move": 0}
# F7 completes the triangle G9-F7-H7 round G8 and the triangle G6-E5-F7 round F6 (White's I7
# and Black's G5 take no part).
TWO_CAPTURES = {"white": ["G9", "H7", "G6", "E5", "I7"], "black": ["G8", "F6", "G5"], "to_move": 0}


def test_a_placement_with_a_capture_lists_it_and_the_bare_placement_declines_it() -> None:
    session, output = scripted_game(["g9", "2"], ONE_CAPTURE)
    session.run()
    text = "\n".join(output)
    assert (
        "G9 can be played 2 ways:\n  1. G9: declines to capture G8 and leaves White 5 pegs from a "
        "link (Black 5)\n  2. G9xG8: captures G8 and brings White to 4 pegs from a link (Black 5)"
    ) in text
    assert session.state.to_json()["white"] == ["F7", "G8", "G9", "H7"]
    assert "White G9, capturing G8" in text


def test_a_placement_with_two_captures_lists_both() -> None:
    # Answers that are no choice ask again; a choice may be typed as a move.
    session, output = scripted_game(["F7", "4", "maybe", "f7xg8"], TWO_CAPTURES)
    session.run()
    text = "\n".join(output)
    assert (
        "F7 can be played 3 ways:\n  1. F7: declines to capture F6 or G8 and leaves White 4 pegs "
        "from a link (Black 6)\n  2. F7xF6: captures F6 and leaves White 4 pegs from a link "
        "(Black 6)\n  3. F7xG8: captures G8 and leaves White 4 pegs from a link (Black 6)"
    ) in text
    assert session.state.to_json()["black"] == ["F6", "G5"]
    assert session.state.history == [session.state.parse_move("F7xG8")]


def test_enter_goes_back_without_playing() -> None:
    session, output = scripted_game(["G9", ""], ONE_CAPTURE)
    session.run()
    assert session.state.history == []
    assert session.state.current_player == 0
    assert "Last move" not in "\n".join(output)


def test_declining_and_thinking_again() -> None:
    session, _ = scripted_game(["G9", "", "G9", "1"], ONE_CAPTURE)
    session.run()
    assert session.state.to_json()["black"] == ["G6", "G8"]  # declined: nothing captured
    assert session.state.history == [session.state.parse_move("G9")]


@pytest.mark.parametrize("typed", ["G9xG8", "F6"])
def test_a_capture_typed_in_full_or_a_placement_that_cannot_capture_asks_nothing(
    typed: str,
) -> None:
    session, output = scripted_game([typed], ONE_CAPTURE)
    session.run()
    assert "can be played" not in "\n".join(output)
    assert session.state.history == [session.state.parse_move(typed)]


def test_the_choice_says_how_each_form_would_win() -> None:
    # On Trigger, G9 alone links the Pillar G13 to the edge; capturing G8 as well closes the
    # ring round G7 and joins it in (tests/data/trig/double_wins.json).
    start = {"white": [], "black": [], "to_move": 0}
    session, output = scripted_game(["G9", "2"], start, "trig(board=trigger)")
    case = next(c for c in DOUBLE_WINS if len(c["ways"]) == 3)
    for move in case["moves"][:-1]:
        session.state.play(move)
    session.run()
    text = "\n".join(output)
    assert "1. G9: declines to capture G8 and links a Pillar to the edge: White wins\n" in text
    assert (
        "2. G9xG8: captures G8; links a Pillar to the edge, links two Pillars and encloses a "
        "Pillar: White wins\n"
    ) in text
    assert (
        "Game over: links a Pillar to the edge, links two Pillars and encloses a Pillar. "
        "White wins."
    ) in text


def test_the_board_shows_pillar_separators_and_last_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["G6", "quit", ""])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "trig", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "G   ·   2   3   ·   5  [W]  #   8   9   ·  11  12   ·   G" in out
    assert "Last move (1): White G6" in out
