"""``trigames puzzles``: make puzzles from self-play, check the shipped ones, show one.

- ``trigames puzzles make GAME [--count N] [--seed S] [--out FILE]`` plays and searches games
  (:mod:`trigames.learn.puzzle_maker`) until it has ``N`` puzzles, with a progress bar on
  standard error, and writes a data file such as the package's
  ``learn/data/puzzles/GAME.json``; the same seed makes the same file (where the native
  kernels run).
- ``trigames puzzles check [GAME]`` verifies every shipped puzzle (of one game, or of all) in
  full (:func:`trigames.learn.puzzles.verify`), says how many hold and why any fails; the exit
  status is 1 when one fails.
- ``trigames puzzles show ID`` prints a puzzle's position as a text board, who is to move, and
  its solution.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from trigames.ai.registry import Range
from trigames.cli.match import match_progress
from trigames.games import load_game
from trigames.learn.puzzles import (
    PUZZLE_GAMES,
    Puzzle,
    PuzzleFileJson,
    find_puzzle,
    puzzles_for,
    verify,
)

#: The range of ``--count`` and of ``--seed``.
COUNTS = Range(1, 10_000)
SEEDS = Range(0, 2**32 - 1)

__all__ = ["add_parser", "file_text", "run_check", "run_make", "run_show"]


def add_parser(commands: Any, number: Any) -> None:
    """The ``puzzles`` command and its subcommands, on ``commands`` (the subparsers of the
    ``trigames`` parser); ``number(range)`` makes an argparse type of a :class:`Range`."""
    sub = commands.add_parser(
        "puzzles",
        help="make, check or show the puzzles: positions where one move is the only best",
        description="Puzzles are positions from self-play games where, searched in full to "
        "the solution's depth on the score lead, one move is the only best; the solution "
        "goes on with the opponent's best replies and the solver's only best moves "
        "(docs/puzzles.md).",
    )
    actions = sub.add_subparsers(dest="puzzles_command", metavar="ACTION", required=True)
    make = actions.add_parser(
        "make",
        help="make puzzles of a game from self-play and write them to a file",
        description="Play seeded games between the computer levels and search their positions "
        "for puzzles until there are COUNT; write them, easiest first, to FILE. The same seed "
        "gives the same puzzles. Progress goes to standard error.",
    )
    make.add_argument("game", choices=PUZZLE_GAMES, help="the game")
    make.add_argument(
        "--count",
        type=number(COUNTS),
        default=200,
        metavar="N",
        help=f"puzzles to make, {COUNTS.describe()} (default 200)",
    )
    make.add_argument(
        "--seed",
        type=number(SEEDS),
        default=1,
        metavar="S",
        help=f"seed of the games, {SEEDS.describe()} (default 1)",
    )
    make.add_argument(
        "--out", metavar="FILE", help="the file to write, - for standard output (default GAME.json)"
    )
    make.set_defaults(handler=cmd_make)
    check = actions.add_parser(
        "check",
        help="verify the shipped puzzles in full; exit status 1 if one fails",
        description="Search every shipped puzzle of GAME (default: of every game) again in "
        "full and check the definition: print how many hold, and why any does not.",
    )
    check.add_argument("game", nargs="?", choices=PUZZLE_GAMES, help="one game (default all)")
    check.set_defaults(handler=cmd_check)
    show = actions.add_parser(
        "show",
        help="print a puzzle's position and its solution",
        description="Print the position of the shipped puzzle ID (such as triggle-0001) as "
        "text, who is to move, and the solution.",
    )
    show.add_argument("id", help="a puzzle id, for example triggle-0001")
    show.set_defaults(handler=cmd_show)


def cmd_make(args: argparse.Namespace) -> int:
    out = args.out or f"{args.game}.json"
    command = ["trigames", "puzzles", "make", args.game, "--count", str(args.count)]
    return run_make(args.game, args.count, args.seed, out, [*command, "--seed", str(args.seed)])


def cmd_check(args: argparse.Namespace) -> int:
    return run_check([args.game] if args.game else list(PUZZLE_GAMES))


def cmd_show(args: argparse.Namespace) -> int:
    return run_show(args.id)


def run_make(game: str, count: int, seed: int, out: str, command: Sequence[str]) -> int:
    """Make ``count`` puzzles of ``game`` and write them to ``out`` (``-``: standard output)."""
    from trigames.learn.puzzle_maker import make_puzzles  # the players load only to make some

    started = time.monotonic()
    with match_progress() as progress:
        bar = progress.add_task(f"{game} puzzles", total=count)
        made = make_puzzles(game, count, seed, lambda done, _: progress.update(bar, completed=done))
    seconds = time.monotonic() - started
    text = file_text(game, made, shlex.join(command))
    if out == "-":
        sys.stdout.write(text)
    else:
        Path(out).write_text(text, encoding="utf-8")
    depths = ", ".join(
        f"depth {depth}: {sum(p.depth == depth for p in made)}"
        for depth in sorted({p.depth for p in made})
    )
    print(f"{len(made)} puzzles of {game} in {seconds:.0f} s ({depths})", file=sys.stderr)
    return 0


def file_text(game: str, puzzles: Sequence[Puzzle], command: str) -> str:
    """A data file of ``puzzles``: its header, then one puzzle a line (so that a change of a
    puzzle is a change of a line)."""
    header: PuzzleFileJson = {
        "game": game,
        "spec": str(load_game(game).spec),
        "made": datetime.now(UTC).date().isoformat(),
        "by": command,
        "puzzles": [],
    }
    head = json.dumps(header, indent=1)[: -len("[]\n}")]
    rows = ",\n".join("  " + json.dumps(puzzle.to_json()) for puzzle in puzzles)
    return f"{head}[\n{rows}\n ]\n}}\n"


def run_check(games: Sequence[str]) -> int:
    """Verify the shipped puzzles of ``games``; 0 when every one holds, else 1."""
    failed = 0
    for game in games:
        started = time.monotonic()
        puzzles = puzzles_for(game)
        wrong = 0
        with match_progress() as progress:
            bar = progress.add_task(f"checking {game}", total=len(puzzles))
            for puzzle in puzzles:
                why = verify(puzzle)
                if why is not None:
                    wrong += 1
                    print(f"{puzzle.id}: {why}")
                progress.advance(bar)
        seconds = time.monotonic() - started
        print(f"{game}: {len(puzzles) - wrong} of {len(puzzles)} puzzles hold ({seconds:.1f} s)")
        failed += wrong
    print(f"{failed} puzzles fail" if failed else "every puzzle holds")
    return 1 if failed else 0


def run_show(puzzle_id: str) -> int:
    """Print the puzzle ``puzzle_id``: its position, who moves, the solution, rating and
    themes."""
    puzzle = find_puzzle(puzzle_id)
    state = puzzle.position()
    game = state.game
    seat = state.to_move
    assert seat is not None
    print(f"{puzzle.id} ({puzzle.spec}, after {len(puzzle.moves)} moves)")
    print(game.render_text(state))
    print(f"{game.player_name(seat)} to move: find the only best move, {puzzle.depth} plies deep")
    solution = []
    for ply, move in enumerate(puzzle.solution):
        who = "solver" if state.to_move == seat else "reply"
        solution.append(f"{ply + 1}. {move} ({who})")
        state.play(move)
    print("solution: " + "  ".join(solution))
    print(f"rating {puzzle.rating}; themes: {', '.join(puzzle.themes)}")
    return 0
