"""Tricolor at the terminal shows what the handheld version shows."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ScriptedInput
from trigames.cli.main import main


def test_info_reports_lozenges_per_colour(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", "tricolor", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["triangles"] == 96
    assert info["lozenges"] == 132
    assert info["lozenges_per_colour"] == {"orange": 44, "green": 44, "yellow": 44}


def test_due_colour_last_piece_scores_and_completions(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    typed.lines = ["B2-B3", "B1-C2", "hint", "undo", "new", "", "quit"]
    assert main(["play", "tricolor(size=2)", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Due: orange" in out  # before the first move
    assert "Due: green" in out  # after it
    assert "Last move (1): White B2-B3 (orange)" in out
    assert "Score: White 0, Black 0" in out
    assert "Hint: " in out
    assert "Black to move> " in typed.prompts


def test_computer_game_reports_extra_moves_and_the_last_move_point(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    seats = ["--seat", "0=random", "--seat", "1=random", "--seed", "1", "--no-color"]
    assert main(["play", "tricolor", *seats]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    extra = [n for n, line in enumerate(lines) if line.endswith("moves again")]
    assert extra
    for n in extra:  # the same seat makes the next move
        mover = lines[n].split(": ")[1].split()[0]
        assert lines[n + 1].split(": ")[1].startswith(mover)
    assert "ends the game: +1 for the last move" in out
    assert "Game over: no " in out
