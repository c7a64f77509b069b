"""Trig at the terminal: the board, and the choice among captures."""

from __future__ import annotations

import json

import pytest

import trigames
from trigames.cli.console import Console
from trigames.cli.main import main
from trigames.cli.play import TerminalGame
from trigames.records import Seat


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


def scripted_game(lines: list[str], position: dict[str, object]) -> tuple[TerminalGame, list[str]]:
    output: list[str] = []
    answers = iter(lines)
    console = Console(read=lambda prompt: next(answers, None), write=output.append)
    game = trigames.load_game("trig")
    session = TerminalGame(game, [Seat("White"), Seat("Black")], console)
    session.state = game.state_from_json(position)
    return session, output


def test_a_placement_with_captures_asks_which() -> None:
    # White F7 and H7 with Black G8 between them: G9 completes the triangle round G8;
    # G6 is Black too, but no triangle of White's has it at the centre.
    position = {"white": ["F7", "H7"], "black": ["G6", "G8"], "to_move": 0}
    session, output = scripted_game(["g9", "2"], position)
    session.run()
    text = "\n".join(output)
    assert "G9 can be played 2 ways:" in text
    assert "1. G9: no capture" in text
    assert "2. G9xG8: captures G8" in text
    assert session.state.to_json()["white"] == ["F7", "G8", "G9", "H7"]
    assert "White G9, capturing G8" in text


def test_declining_and_thinking_again() -> None:
    position = {"white": ["F7", "H7"], "black": ["G6", "G8"], "to_move": 0}
    session, _ = scripted_game(["G9", "", "G9", "1"], position)
    session.run()
    assert session.state.to_json()["black"] == ["G6", "G8"]  # declined: nothing captured
    assert session.state.history[-1] == session.state.parse_move("G9")


def test_the_board_shows_pillar_separators_and_last_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["G6", "quit", ""])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "trig", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "G   ·   2   3   ·   5  [W]  #   8   9   ·  11  12   ·   G" in out
    assert "Last move (1): White G6" in out
