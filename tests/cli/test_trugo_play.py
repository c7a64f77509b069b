"""Trugo at the terminal: the layout, moves typed from its names, and errors."""

from __future__ import annotations

import trigames
from trigames.cli.console import Console
from trigames.cli.main import main
from trigames.cli.play import TerminalGame
from trigames.records import Seat


def test_a_game_at_the_terminal() -> None:
    output: list[str] = []
    answers = iter(["dg74e", "DG72", "dg72nw", "moves", "-dg72", "quit"])
    console = Console(read=lambda prompt: next(answers, None), write=output.append)
    game = trigames.load_game("trugo")
    session = TerminalGame(game, [Seat("White"), Seat("Blue")], console)
    session.run()
    text = "\n".join(output)
    assert "dg74e: a tile with its light cap pointing east" in text
    for cell in ("dg74", "dg72"):  # names of empty cells where a tile may go
        assert cell in text
    assert "Blue dg72nw" in text
    assert "Waxing, 34 tiles in the pool" in text
    assert "not legal" in text  # DG72 names a cell, not a move; -dg72 in the waxing phase
    assert [str(m) for m in session.state.history] == ["dg74e", "dg72nw"]


def test_bench_runs() -> None:
    assert main(["bench", "trugo(tiles=6,pieces=3)", "--seconds", "0.05"]) == 0
