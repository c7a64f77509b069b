"""Terminal play, driven by scripted input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ScriptedInput
from trigames.cli.main import main
from trigames.records import GameRecord, Seat


def play(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, lines: list[str], *args: str
) -> str:
    typed.lines = lines
    assert main(["play", *args, "--no-color"]) == 0
    return capsys.readouterr().out


def test_moves_are_played_and_drawn_with_the_last_move(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    out = play(capsys, typed, ["D1-D4", "a1-d1", "f2-c1", "quit", ""], "triggle")
    assert "D  1━━━2━━━3━━━4   5   6   7  D" in out  # the first band, heavy as the last move
    assert "Last move (3): Blue C1-F2, claims 1 triangle: C1-D1-D2" in out
    assert "Score: Blue 1, Yellow 0" in out
    assert "Yellow to move> " in typed.prompts


def test_bad_input_reprompts_with_a_reason(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    out = play(capsys, typed, ["D1-D4", "A1-A4", "D1-D4", "Z9", "A1-A3", "quit", ""], "triggle")
    assert "it does not share a peg with any band" in out
    assert "every segment it would cover is already covered" in out
    assert "'Z9' is not a band: write two points joined by '-'; a band is written by" in out
    assert "its ends must be 4 pegs apart" in out
    assert typed.prompts.count("Yellow to move> ") == 5


def test_moves_hint_and_help(capsys: pytest.CaptureFixture[str], typed: ScriptedInput) -> None:
    out = play(capsys, typed, ["moves", "hint", "help", "quit"], "triggle(size=3)")
    assert "12 legal moves: A1-D3" in out
    assert "Hint: " in out
    assert "claims nothing and gives nothing away" in out
    assert "save FILE" in out


def test_undo_takes_back_the_computer_reply_too(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    out = play(
        capsys,
        typed,
        ["D1-D4", "undo", "undo", "quit", ""],
        "triggle",
        "--seat",
        "1=random",
        "--seed",
        "4",
    )
    assert "Move 1: Blue D1-D4" in out
    assert "There is no move to take back." in out
    assert typed.prompts.count("Blue to move> ") == 4  # D1-D4, undo, undo, quit


def test_save_then_replay_round_trip(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    record_file = tmp_path / "game.json"
    play(
        capsys,
        typed,
        [f"save {record_file}", "quit"],
        "triggle(size=3)",
        "--seat",
        "0=greedy",
        "--seat",
        "1=random",
        "--name",
        "yellow=Robin",
        "--seed",
        "1",
    )
    record = GameRecord.load(record_file)
    assert record.spec == "triggle(size=3)"
    assert [(p.name, p.kind) for p in record.players] == [("Blue", "greedy"), ("Robin", "random")]
    assert record.result is not None
    final = record.replay()
    assert final.is_over()
    typed.lines = []
    assert main(["replay", str(record_file), "--all", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert f"After move {len(record.moves)} of {len(record.moves)}" in out


def test_quit_offers_to_save(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    target = tmp_path / "kept.json"
    out = play(capsys, typed, ["D1-D4", "quit", "back", "D1-G1", "quit", str(target)], "triggle")
    assert "Saved 2 moves" in out
    assert json.loads(target.read_text())["moves"] == ["D1-D4", "D1-G1"]


def test_autosave_keeps_every_move(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    target = tmp_path / "auto.json"
    play(capsys, typed, ["D1-D4", "D1-G1"], "triggle", "--save", str(target))
    assert GameRecord.load(target).moves == ["D1-D4", "D1-G1"]


def test_save_failure_is_reported_and_play_goes_on(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    out = play(
        capsys, typed, [f"save {tmp_path}/missing/dir/g.json", "D1-D4", "quit", ""], "triggle"
    )
    assert "Could not save" in out
    assert "Last move (1): Blue D1-D4" in out


def test_replay_steps_back_and_forth(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    target = tmp_path / "g.json"
    play(capsys, typed, ["D1-D4", "D1-G1", f"save {target}", "quit"], "triggle")
    typed.lines = ["", "", "p", "e", "7", "q"]
    assert main(["replay", str(target), "--no-color"]) == 0
    out = capsys.readouterr().out
    assert out.count("After move 1 of 2") == 2
    assert "After move 2 of 2" in out
    assert "moves 0 to 2" in out


def test_interactive_start_asks_for_game_and_seats(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    typed.lines = ["9", "triggle(size=3)", "", "robot", "random", "quit", ""]
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "1. Triggle" in out
    assert "Please answer one of: human, random, greedy" in out
    assert "Blue to move> " in typed.prompts


def test_ctrl_c_offers_to_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "interrupted.json"
    script = ScriptedInput(["D1-D4", str(target)])

    def interrupting(prompt: str = "") -> str:
        if prompt == "Yellow to move> ":
            raise KeyboardInterrupt
        return script(prompt)

    monkeypatch.setattr("builtins.input", interrupting)
    assert main(["play", "triggle", "--no-color"]) == 0
    assert GameRecord.load(target).moves == ["D1-D4"]
    assert "Saved 1 move " in capsys.readouterr().out


def test_new_starts_over_and_keeps_the_autosaved_game(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    first = tmp_path / "game.json"
    out = play(capsys, typed, ["D1-D4", "new", "B1-B4", "quit"], "triggle", "--save", str(first))
    assert "The new game will be saved to" in out
    assert GameRecord.load(first).moves == ["D1-D4"]
    assert GameRecord.load(tmp_path / "game-2.json").moves == ["B1-B4"]


def test_new_offers_to_save_without_autosave(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    target = tmp_path / "first.json"
    out = play(capsys, typed, ["D1-D4", "new", str(target), "moves", "quit"], "triggle")
    assert GameRecord.load(target).moves == ["D1-D4"]
    assert "48 legal moves" in out  # the new game starts from the empty board


def test_resign_after_saying_yes_ends_a_two_player_game(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    target = tmp_path / "game.json"
    lines = ["D1-D4", "resign", "n", "resign", "y", "undo", "quit", ""]
    out = play(capsys, typed, lines, "triggle", "--save", str(target))
    assert "Play on." in out
    assert "Resign the game as Yellow? (y/N) " in typed.prompts
    assert "Game over: Yellow resigned. Blue wins." in out
    assert "A resignation cannot be taken back." in out  # as on the web
    record = GameRecord.load(target)
    assert record.moves == ["D1-D4", "resign 1"]
    assert record.replay().outcome() == record.result


def test_with_three_players_the_others_play_on_after_a_resignation(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    lines = ["D1-D4", "resign 2", "y", "A1-D1", "resign 9", "quit", ""]
    out = play(capsys, typed, lines, "triggle(players=3)")
    assert "Out of the game: Red" in out
    assert "Say which seat: 0 to 2." in out
    after = typed.prompts[3:5]  # Yellow plays, and Red is passed over
    assert after == ["Yellow to move> ", "Blue to move> "]


def test_a_draw_is_offered_and_answered(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    lines = ["D1-D4", "draw", "n", "draw", "y", "quit", ""]
    out = play(capsys, typed, lines, "triggle")
    assert "Blue declines the draw. Play on." in out
    assert "Yellow offers a draw. Blue, do you agree? (y/N) " in typed.prompts
    assert "Game over: draw agreed. Draw between Blue and Yellow." in out


def test_a_computer_agrees_to_a_draw_only_when_it_is_not_ahead(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    out = play(capsys, typed, ["draw", "quit", ""], "trig", "--seat", "1=random")
    assert "Game over: draw agreed." in out


def test_resume_goes_on_with_the_records_players_without_questions(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    play(capsys, typed, ["D1-D4", f"save {saved}", "quit", ""], "triggle", "--seat", "1=greedy",
         "--name", "0=Ann", "--seed", "3")  # fmt: skip
    assert len(GameRecord.load(saved).moves) == 2  # Ann's move and the computer's
    out = play(capsys, typed, ["moves", "quit", ""], "--resume", str(saved), "--save", str(saved))
    assert "Last move (2): Yellow" in out
    assert typed.prompts[0] == "Ann (Blue) to move> "  # no question before the first move
    resumed = GameRecord.load(saved)
    assert [(seat.name, seat.kind) for seat in resumed.players] == [
        ("Ann", "human"),
        ("Yellow", "greedy"),
    ]


def test_resume_plays_the_computer_seats_on(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    players = [Seat("Ann"), Seat("Bot", "random")]
    GameRecord("triggle", players, ["D1-D4"]).save(saved)
    typed.lines = ["quit", ""]
    assert main(["play", "--resume", str(saved), "--no-color", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Last move (2): Yellow" in out  # the computer answered the record's last move


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["triggle", "--resume", "x.json"], "not both"),
        ([], "say which game to play"),
        (["--resume", "missing.json"], "missing.json"),
    ],
)
def test_resume_errors_are_clear(
    capsys: pytest.CaptureFixture[str], args: list[str], said: str, tmp_path: Path
) -> None:
    assert main(["play", *args]) != 0
    assert said in capsys.readouterr().err


def test_resume_refuses_a_record_with_a_bad_player(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    GameRecord("triggle", [Seat("Ann"), Seat("Bot", "mcts(seconds=1e9)")], []).save(saved)
    assert main(["play", "--resume", str(saved)]) != 0
    assert "the record's seat 1" in capsys.readouterr().err
