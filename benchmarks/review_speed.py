"""How long a review takes: a seeded ``--plies``-ply game (``random`` against itself: long
games), reviewed at each ``--level`` (default: the review's default).

    python benchmarks/review_speed.py
    python benchmarks/review_speed.py --spec tricolor --level medium --level expert
"""

from __future__ import annotations

import argparse
import time

from trigames.ai.registry import make_player
from trigames.analysis.review import DEFAULT_LEVEL, LEVELS, review_game
from trigames.games import load_game
from trigames.records import GameRecord, Seat


def game_of(spec: str, plies: int, seed: int) -> GameRecord:
    """A seeded game between two players, cut after ``plies`` plies."""
    game = load_game(spec)
    kinds = ["random", "random"]
    seats = [make_player(kind, seed=seed + i, game=game) for i, kind in enumerate(kinds)]
    state = game.new_initial_state()
    while not state.is_over() and len(state.history) < plies:
        mover = state.current_player
        assert mover is not None
        state.play(seats[mover].choose(state))
    return GameRecord.from_state(state, [Seat(kind, kind) for kind in kinds])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", default="triggle")
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--level", action="append", choices=list(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    record = game_of(args.spec, args.plies, args.seed)
    for level in args.level or [DEFAULT_LEVEL]:
        started = time.perf_counter()
        plies = review_game(record, budget=LEVELS[level], seed=args.seed)
        seconds = time.perf_counter() - started
        marks = sum(ply.mark is not None for ply in plies)
        print(f"{args.spec} {len(plies)} plies, level {level}: {seconds:.1f} s, {marks} marks")


if __name__ == "__main__":
    main()
