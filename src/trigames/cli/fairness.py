"""``trigames fairness``: the first player's score after each legal first move, and its map.

Every first move gets ``--games-per-move`` games, both seats played by ``--player``, each game
with its own seed (the run's seed and the game's index, as a match's), in this process, on
``--jobs`` processes or on Ray. See :mod:`trigames.analysis.fairness` for the scores and the map.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.console import Console as RichConsole
from rich.table import Table

from trigames.ai.match import SEED_STRIDE, GameResult, Task
from trigames.ai.registry import make_player
from trigames.analysis.fairness import FairnessReport, fairness_svg, first_move_rows
from trigames.cli.match import match_progress, play_tasks
from trigames.games import load_game

#: The most games one run may play (first moves times games a move).
MAX_FAIRNESS_GAMES = 100_000


def run_fairness(
    spec: str,
    player: str,
    games_per_move: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    ray: str | None = None,
    out: Path | None = None,
    as_json: bool = False,
    processor_time: bool = False,
    console: RichConsole | None = None,
) -> int:
    """The ``trigames fairness`` command; returns the exit status (130 when interrupted, with
    the games finished by then reported)."""
    game = load_game(spec)
    make_player(player, game=game)  # a bad player spec fails before any game
    moves = [str(move) for move in game.new_initial_state().legal_moves()]
    total = len(moves) * games_per_move
    if total > MAX_FAIRNESS_GAMES:
        raise ValueError(
            f"{game.spec} has {len(moves)} first moves: {games_per_move} games each make "
            f"{total} games, more than {MAX_FAIRNESS_GAMES}"
        )
    name = str(game.spec)
    tasks = [
        Task(
            name,
            index,
            seed * SEED_STRIDE + index,
            (player,) * game.num_players,
            (move,),
            processor_time=processor_time,
        )
        for index, move in enumerate(m for m in moves for _ in range(games_per_move))
    ]
    results: list[GameResult] = []
    complete = True
    with match_progress() as progress:
        bar = progress.add_task(f"{name}: first moves", total=len(tasks))

        def finished(result: GameResult) -> None:
            results.append(result)
            progress.update(bar, advance=1)

        try:
            play_tasks(tasks, jobs, ray, finished)
        except KeyboardInterrupt:
            complete = False
    rows = first_move_rows(moves, results, games_per_move, game.num_players)
    report: FairnessReport = {
        "game": name,
        "player": player,
        "games_per_move": games_per_move,
        "seed": seed,
        "first_moves": rows,
    }
    console = console or RichConsole(width=None if sys.stdout.isatty() else 120)
    if out is not None:
        caption = [
            f"{name}: the first player's score after each first move",
            f"{player} in both seats, {games_per_move} games a move, seed {seed}",
        ]
        out.write_text(fairness_svg(game, rows, caption), encoding="utf-8")
    if as_json:
        print(json.dumps(report, indent=1))
    else:
        table = Table(title=f"{name}: first player's score after each first move ({player})")
        for heading in ("first move", "games", "score", "95% interval"):
            table.add_column(heading, justify="left" if heading == "first move" else "right")
        ranked = sorted(rows, key=lambda row: -1.0 if row["first_player_score"] is None
                        else row["first_player_score"], reverse=True)  # fmt: skip
        for row in ranked:
            score = row["first_player_score"]
            table.add_row(
                row["move"],
                str(row["games"]),
                "-" if score is None else f"{score:.3f}",
                f"{row['low']:.3f} to {row['high']:.3f}",
            )
        console.print(table)
        if out is not None:
            console.print(f"map: {out}")
    if not complete:
        print(f"interrupted: {len(results)} of {len(tasks)} games finished", file=sys.stderr)
    return 0 if complete else 130


__all__ = ["MAX_FAIRNESS_GAMES", "run_fairness"]
