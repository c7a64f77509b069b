"""The ladder of one game: a round robin of computer players, rated with Elo and intervals.

Every pair of players meets in ``--games`` seeded games (seats alternating, as ``trigames
match`` schedules them), one pair after the other in this process, and all the games together
are rated by :func:`trigames.ai.elo.ratings` (a Bradley-Terry fit, 95 % intervals). It prints
each pair's score as it goes, then the table, best first, as Markdown, and the command that
plays it again; ``--out FILE`` keeps every game as JSON.

    python benchmarks/ladder.py triggle --games 4
    python benchmarks/ladder.py tricolor --players random,greedy,easy,medium --games 10

The default players are the whole ladder a person climbs and the yardsticks the levels are
measured against: random, greedy, easy, medium, hard, expert, ``alphabeta(depth=2,eval=simple)``
and ``alphabeta(depth=4,eval=simple)``. With ``expert`` (8 s a move) a full ladder takes hours;
``--processor-time`` counts the thinking players' budgets in processor time, as
``strength.py`` does, so that other work on the machine does not weaken them. ``--save`` keeps
the table as the game's published ladder (:mod:`trigames.ai.ladder`), which its rules show;
``--rate FILE`` rates the games a run kept with ``--out FILE`` (give the run's other options).
``--out`` is written after every pair (with the kept games of the pairs still to come, so
stopping a run loses none), and ``--resume`` goes on with a run that was stopped, playing only
the pairs not yet in ``--out``: a long ladder can take several sittings, and a
player can join a finished ladder later (each pair's seed comes from the two names, so the other
pairs stay as they were). ``--games-of expert=2`` gives the pairs of a slow player fewer games.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import shlex
import sys
import time
import zlib
from pathlib import Path

import trigames.ai
from trigames.ai.ladder import LADDER_FOLDER, ladder_of, points
from trigames.ai.match import GameResult, play_match
from trigames.ai.players import use_processor_time
from trigames.cli.match import split_seats

DEFAULT_PLAYERS = (
    "random",
    "greedy",
    "easy",
    "medium",
    "hard",
    "expert",
    "alphabeta(depth=2,eval=simple)",
    "alphabeta(depth=4,eval=simple)",
)


def round_robin(
    spec: str,
    players: list[str],
    games: int,
    seed: int,
    kept: list[GameResult] | None = None,
    out: str | None = None,
    fewer: dict[str, int] | None = None,
) -> list[GameResult]:
    """Every pair's games (``games``, or ``fewer[name]`` for a pair with that player), printing
    each pair's score when it is done; a pair with its games among ``kept`` is not played
    again. After each pair, ``out`` (if given) holds the games so far and the kept games of the
    pairs still to come, so a run stopped at any moment loses none (see :func:`write_games`)."""
    results: list[GameResult] = []
    pairs = list(itertools.combinations(players, 2))
    fewer = fewer or {}
    for done, (first, second) in enumerate(pairs, 1):
        started = time.perf_counter()
        count = min(fewer.get(first, games), fewer.get(second, games), games)
        played = [game for game in kept or [] if set(game.players) == {first, second}]
        if len(played) != count:
            played = play_match(spec, [first, second], count, seed=pair_seed(seed, first, second))
        results += played
        scored = sum(points(result, first) for result in played)
        print(
            f"{first} - {second}: {scored:g} - {count - scored:g} "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
        if out:
            later = {frozenset(pair) for pair in pairs[done:]}
            waiting = [game for game in kept or [] if frozenset(game.players) in later]
            write_games(out, results + waiting)
    return results


def write_games(path: str, results: list[GameResult]) -> None:
    """Write the games as JSON, whole or not at all: to a file beside ``path``, then renamed
    over it (a run stopped while writing leaves the last complete file)."""
    partial = f"{path}.partial"
    with open(partial, "w", encoding="utf-8") as file:
        json.dump([result.to_json() for result in results], file, indent=1)
    os.replace(partial, path)


def pair_seed(seed: int, first: str, second: str) -> int:
    """The seed of the match between two players: from their names, so that adding a player
    to a ladder later (``--resume`` with one more) leaves every other pair's games the same."""
    return seed + 1000 * (zlib.crc32(f"{first} | {second}".encode()) % 1_000_000)


def _read_games(path: str) -> list[GameResult]:
    with open(path, encoding="utf-8") as file:
        return [GameResult.from_json(game) for game in json.load(file)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("spec", help="game spec (two players)")
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS), help="comma-separated")
    parser.add_argument("--games", type=int, default=4, help="games per pair (default 4)")
    parser.add_argument("--games-of", action="append", default=[], metavar="PLAYER=N",
                        help="fewer games for each pair with PLAYER (e.g. expert=2)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="seed of the first pair (default 1)")
    parser.add_argument("--out", help="write every game as JSON to this file, pair by pair")
    parser.add_argument("--resume", action="store_true",
                        help="keep the pairs already in --out and play the rest")  # fmt: skip
    parser.add_argument("--rate", metavar="FILE",
                        help="rate the games a run kept with --out, not playing")  # fmt: skip
    parser.add_argument("--save", action="store_true",
                        help="keep the table as the game's ladder, shown in its rules")  # fmt: skip
    parser.add_argument("--processor-time", action="store_true",
                        help="budgets count processor time (fair on a busy machine)")  # fmt: skip
    args = parser.parse_args(argv)
    players = split_seats(args.players)
    if len(players) < 2 or len(set(players)) != len(players):
        parser.error("--players needs two or more different players")
    if not 1 <= args.games <= 10_000:
        parser.error("--games must be from 1 to 10000")
    fewer: dict[str, int] = {}
    for item in args.games_of:
        name, _, count = item.rpartition("=")
        if name not in players or not count.isdigit() or not 1 <= int(count) <= args.games:
            parser.error("--games-of takes PLAYER=N, a player of --players and 1 to --games")
        fewer[name] = int(count)
    if args.processor_time:
        use_processor_time()
    if args.resume and not args.out:
        parser.error("--resume needs --out FILE (the games played so far)")
    if args.rate:
        results = _read_games(args.rate)
    else:
        kept = _read_games(args.out) if args.resume and os.path.exists(args.out) else []
        results = round_robin(args.spec, players, args.games, args.seed, kept, args.out, fewer)
    command = ["python", "benchmarks/ladder.py", args.spec, "--players", ",".join(players)]
    command += ["--games", str(args.games), "--seed", str(args.seed)]
    command += [f"--games-of={item}" for item in args.games_of]
    command += ["--processor-time"] if args.processor_time else []
    reproduce = "PYTHONPATH=src " + shlex.join(command)
    ladder = ladder_of(results, args.spec, seed=args.seed, command=reproduce,
                       processor_time=args.processor_time)  # fmt: skip
    print(ladder.table())
    print("reproduce: " + reproduce)
    if args.save:
        path = Path(trigames.ai.__file__).parent / LADDER_FOLDER / f"{ladder.game}.json"
        path.write_text(json.dumps(ladder.to_json(), indent=1) + "\n", encoding="utf-8")
        print(f"saved as {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
