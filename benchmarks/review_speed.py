"""How long a review takes: a seeded ``--plies``-ply game (``random`` against itself: long
games), reviewed at each ``--level`` (default: the review's default); with ``--server``, by a
``trigames serve`` of this tree as a page asks for it (the game uploaded as a finished record,
``POST /api/games/{id}/analysis``, then ``GET`` every 0.2 s until it is done).

    python benchmarks/review_speed.py
    python benchmarks/review_speed.py --spec tricolor --level medium --level expert
    python benchmarks/review_speed.py --server --plies 40
"""

from __future__ import annotations

import argparse
import time

import httpx
from web_load import own_server

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


def served(record: GameRecord, level: str) -> tuple[float, int]:
    """Seconds a server takes to review ``record`` (made a finished game), and its marks."""
    if record.result is None:
        record.moves.append("resign 0")
    with own_server() as (url, _), httpx.Client(base_url=url, timeout=30) as client:
        created = client.post("/api/games", json={"record": record.to_json(), "review": True})
        created.raise_for_status()
        path = f"/api/games/{created.json()['id']}/analysis"
        started = time.perf_counter()
        client.post(path, json={"level": level}).raise_for_status()
        while (found := client.get(path, params={"level": level}).json())["status"] in (
            "queued",
            "running",
        ):
            time.sleep(0.2)
        if found["status"] != "done":
            raise SystemExit(f"the review failed: {found['error']}")
        marks = sum(ply["mark"] is not None for ply in found["plies"])
        return time.perf_counter() - started, marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", default="triggle")
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--level", action="append", choices=list(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server", action="store_true", help="reviewed by trigames serve")
    args = parser.parse_args()
    record = game_of(args.spec, args.plies, args.seed)
    for level in args.level or [DEFAULT_LEVEL]:
        if args.server:
            seconds, marks = served(record, level)
            print(f"{args.spec} {len(record.moves)} plies on a server, level {level}: ", end="")
            print(f"{seconds:.1f} s, {marks} marks")
            continue
        started = time.perf_counter()
        plies = review_game(record, budget=LEVELS[level], seed=args.seed)
        seconds = time.perf_counter() - started
        marks = sum(ply.mark is not None for ply in plies)
        print(f"{args.spec} {len(plies)} plies, level {level}: {seconds:.1f} s, {marks} marks")


if __name__ == "__main__":
    main()
