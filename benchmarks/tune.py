"""Tune the weights of a game's native evaluation by self-play: a seeded coordinate search.

Any game whose native kernel has an evaluation with weights (``evaluation_weights`` on its
kernel, ``evaluate`` in its ``_kernel.c``) can be tuned: the candidates are the native
``strong`` search with ``eval=game`` and the candidate's weights, each move within a fixed
budget of nodes (``--nodes``), so a result does not depend on the machine or its load.

The method is a coordinate search with paired games. Every round tries each weight in turn one
step up, and (if that does not win) one step down, from the best weights so far; a candidate
plays ``--games`` games, in pairs: each pair starts from the same opening (``--opening``
random plies, seeded) and is played twice with the seats swapped, on the game specs given in
turn (``--spec``, repeat it; by default the game as it comes). The openings change from round
to round and are the same for every candidate of a round. The opponent is

- ``current`` (the default): the same search with the best weights so far; a candidate is
  taken when it scores at least ``--accept`` (default 0.58) of the points;
- or any player spec, say ``'strong(iterations=20000)'`` (the search on the plain score lead):
  each round then first measures the best weights so far against it, and a candidate is taken
  when it scores at least ``--accept - 0.5`` more than they did on the same openings.

A round in which nothing was taken halves every step; the search ends after ``--rounds``
rounds or once ``--max-games`` games are played. Then the best weights play ``--verify`` more
games against the starting weights on openings of their own (not used by the search) to say
whether they are better.

Everything is seeded (``--seed``): the openings, the players' tie-breaks (game ``k`` of a
round gives the candidate ``seed + 10_000 * round + k`` and the opponent that plus 500,000),
and the node budgets make each search repeatable, so the same command plays the same games and
writes the same weights. The file ``--out`` (default ``benchmarks/data/tuning/<game>.json``)
holds the command written out in full (the starting weights too, so that it plays the same
run whatever the kernel's defaults are then), the settings, and every candidate a line: its
games' points, its score with a standard error (over the pairs' means) and whether it was
taken; then the best weights and the verification. It is rewritten after every candidate, so
a run cut short keeps what it found. Progress goes to standard output. With the games in
pairs the noise is still large (two equal searches score anywhere from 0.4 to 0.6 over 64
games), so give a candidate 100 games or more when its effect may be small.

    nice -n 10 python benchmarks/tune.py triggle --spec triggle --spec 'triggle(touch=false)'
    python benchmarks/tune.py tricolor --steps 0.1,0.2,0.2,0.2 --games 128
    python benchmarks/tune.py trugo --opponent 'strong(iterations=20000)' --nodes 20000
    python benchmarks/tune.py triggle --nodes 5000 --games 8 --rounds 1 --out /tmp/t.json

The weights a run finds become the kernel's defaults by hand (``EVALUATION_WEIGHTS`` in the
game's ``native.py``); a level changes to ``eval=game`` only once a match at the levels' time
budgets (``benchmarks/strength.py --processor-time``) says the evaluated search is stronger
(an evaluation costs time that a node budget does not count). Triggle's run is in
``benchmarks/data/tuning/triggle.json`` and docs/command-line.md (How strong the levels are).
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from trigames.ai.match import random_opening
from trigames.ai.players import Budget, Player, use_processor_time
from trigames.ai.registry import make_player
from trigames.ai.strong import StrongPlayer
from trigames.core.native import KernelCalls, kernel_of
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game

DATA = Path(__file__).parent / "data" / "tuning"
OPPONENT_SEED_OFFSET = 500_000
ROUND_SEEDS = 10_000
#: The seed of the verification's openings and players, past any round's.
VERIFY_ROUND = 999

Weights = tuple[float, ...]


def kernel_weights(spec: str) -> Weights:
    """The evaluation weights of ``spec``'s kernel; SystemExit where it has none."""
    kernel = kernel_of(load_game(spec))
    if not isinstance(kernel, KernelCalls) or kernel.evaluation_weights is None:
        raise SystemExit(
            f"{spec}: no native evaluation with weights (is the kernel built? does the game's "
            "kernel set evaluation_weights?)"
        )
    return tuple(kernel.evaluation_weights)


def play_game(game: AnyGame, start: list[Any], seats: Sequence[Player]) -> AnyState:
    """One game from the moves ``start``, ``seats[i]`` playing seat ``i``."""
    state: AnyState = game.new_initial_state()
    for move in start:
        state.play(move)
    while (mover := state.current_player) is not None:
        state.play(seats[mover].choose(state))
    return state


def points_of(state: AnyState, seat: int) -> float:
    """1 for a win, 1/2 for a shared win (a draw), 0 for a loss."""
    outcome = state.outcome()
    assert outcome is not None
    if seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)


class Tuner:
    """The search's settings and the players it makes (see the module)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.specs: list[str] = args.spec or [args.game]
        self.games = [load_game(spec) for spec in self.specs]
        self.nodes: int = args.nodes
        self.pairs: int = max(1, args.games // 2)
        self.opening_plies: int = args.opening
        self.seed: int = args.seed
        self.opponent: str = args.opponent
        self.played = 0

    def opening_seed(self, round_number: int, pair: int) -> int:
        return self.seed * 1_000_003 + round_number * 7919 + pair

    def candidate(self, weights: Weights, seed: int) -> Player:
        return StrongPlayer(
            seed=seed, budget=Budget(iterations=self.nodes), evaluation="game", weights=weights
        )

    def match(self, weights: Weights, against: Weights | None, round_number: int) -> list[float]:
        """The points ``weights`` score in the round's paired games, against the weights
        ``against`` (or the opponent spec when ``None``)."""
        points = []
        for pair in range(self.pairs):
            game = self.games[pair % len(self.games)]
            start = random_opening(game, self.opening_plies, self.opening_seed(round_number, pair))
            for seat in range(2):
                seed = self.seed + ROUND_SEEDS * round_number + 2 * pair + seat
                me = self.candidate(weights, seed)
                them: Player
                if against is not None:
                    them = self.candidate(against, seed + OPPONENT_SEED_OFFSET)
                else:
                    them = make_player(self.opponent, seed=seed + OPPONENT_SEED_OFFSET, game=game)
                seats = [them] * game.num_players
                seats[seat] = me
                points.append(points_of(play_game(game, start, seats), seat))
                self.played += 1
        return points


def coordinate_search(
    tuner: Tuner,
    start: Weights,
    steps: list[float],
    rounds: int,
    accept: float,
    max_games: int,
    record: Callable[[dict[str, Any]], None],
) -> Weights:
    """The search of the module; ``record`` gets every candidate measured."""
    best = start
    fixed = tuner.opponent != "current"
    for round_number in range(rounds):
        baseline = 0.5
        if fixed:
            points = tuner.match(best, None, round_number)
            baseline = sum(points) / len(points)
            record(_entry(round_number, None, best, points, "baseline", taken=False))
        taken_any = False
        for index in range(len(best)):
            for direction in (1, -1) if steps[index] else ():
                if tuner.played >= max_games:
                    return best
                weights = list(best)
                weights[index] = round(weights[index] + direction * steps[index], 6)
                candidate = tuple(weights)
                points = tuner.match(candidate, None if fixed else best, round_number)
                score = sum(points) / len(points)
                taken = score - baseline >= accept - 0.5
                record(_entry(round_number, index, candidate, points, "candidate", taken))
                if taken:
                    best, taken_any = candidate, True
                    break
        if not taken_any:
            steps = [step / 2 for step in steps]
    return best


def _entry(
    round_number: int, index: int | None, weights: Weights, points: list[float], kind: str,
    taken: bool,
) -> dict[str, Any]:  # fmt: skip
    return {
        "round": round_number,
        "kind": kind,
        "weight": index,
        "weights": list(weights),
        "points": points,
        "score": sum(points) / len(points),
        "error": standard_error(points),
        "taken": taken,
    }


def standard_error(points: list[float]) -> float:
    """The standard error of the mean score of ``points`` (games in pairs: the pairs' means
    are the samples, so an opening that favours one seat does not count as noise)."""
    pairs = [sum(points[k : k + 2]) / 2 for k in range(0, len(points), 2)]
    if len(pairs) < 2:
        return 0.5
    mean = sum(pairs) / len(pairs)
    variance = sum((x - mean) ** 2 for x in pairs) / (len(pairs) - 1)
    return round(math.sqrt(variance / len(pairs)), 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", help="the game (its name), whose kernel has evaluation weights")
    parser.add_argument("--spec", action="append", help="game spec to play (repeat; default GAME)")
    parser.add_argument(
        "--opponent", default="current",
        help="'current' (the best weights so far, default) or a player spec",
    )  # fmt: skip
    parser.add_argument("--nodes", type=int, default=20_000, help="nodes a move (default 20000)")
    parser.add_argument("--games", type=int, default=64, help="games a candidate (default 64)")
    parser.add_argument("--opening", type=int, default=2, help="random plies (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--start", help="starting weights, comma-separated (default the kernel's)")
    parser.add_argument(
        "--steps", default="0.25",
        help="step of each weight, comma-separated, or one for all (default 0.25)",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, default=3, help="rounds at most (default 3)")
    parser.add_argument("--max-games", type=int, default=100_000, help="games at most")
    parser.add_argument("--accept", type=float, default=0.58, help="score to take a candidate")
    parser.add_argument(
        "--verify", type=int, default=64, help="games of the best against the start (default 64)"
    )
    parser.add_argument("--processor-time", action="store_true", help="for timed opponents")
    parser.add_argument("--out", help="data file (default benchmarks/data/tuning/GAME.json)")
    args = parser.parse_args(argv)
    if args.processor_time:
        use_processor_time()
    if not 1 <= args.nodes <= 10_000_000 or not 2 <= args.games <= 10_000:
        parser.error("--nodes must be 1 to 10000000 and --games 2 to 10000")
    tuner = Tuner(args)
    defaults = kernel_weights(tuner.specs[0])
    start = tuple(float(x) for x in args.start.split(",")) if args.start else defaults
    steps = [float(x) for x in args.steps.split(",")]
    if len(steps) == 1:
        steps *= len(start)
    if len(start) != len(defaults) or len(steps) != len(start):
        parser.error(f"the kernel's evaluation takes {len(defaults)} weights")
    out = Path(args.out) if args.out else DATA / f"{args.game}.json"
    command = "PYTHONPATH=src python benchmarks/tune.py " + shlex.join(
        canonical(args, tuner.specs, start, steps)
    )
    data: dict[str, Any] = {
        "game": args.game,
        "command": command,
        "specs": tuner.specs,
        "opponent": args.opponent,
        "nodes": args.nodes,
        "games": 2 * tuner.pairs,
        "opening": args.opening,
        "seed": args.seed,
        "start": list(start),
        "steps": steps,
        "rounds": args.rounds,
        "accept": args.accept,
        "candidates": [],
    }
    cpu = time.process_time()

    def save() -> None:
        data["processor_seconds"] = round(time.process_time() - cpu, 1)
        data["games_played"] = tuner.played
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(dump(data))

    def record(entry: dict[str, Any]) -> None:
        data["candidates"].append(entry)
        weight = "-" if entry["weight"] is None else entry["weight"]
        print(
            f"round {entry['round']} {entry['kind']:9s} weight {weight} "
            f"{_weights(entry['weights'])}: {entry['score']:.3f} ± {entry['error']:.3f} of "
            f"{len(entry['points'])} games{'  taken' if entry['taken'] else ''}  "
            f"({time.process_time() - cpu:.0f} s, {tuner.played} games)",
            flush=True,
        )
        save()

    print(f"tuning {args.game} from {_weights(start)}: {command}", flush=True)
    best = coordinate_search(tuner, start, steps, args.rounds, args.accept, args.max_games, record)
    data["best"] = list(best)
    if args.verify and best != start:
        tuner.pairs = max(1, args.verify // 2)
        points = tuner.match(best, start, VERIFY_ROUND)
        score, error = sum(points) / len(points), standard_error(points)
        data["verify"] = {"games": len(points), "score": score, "error": error, "points": points}
        print(
            f"verify {_weights(best)} against {_weights(start)}: {sum(points):g}/{len(points)} "
            f"({score:.3f} ± {error:.3f})"
        )
    save()
    print(f"best {_weights(best)}; written to {out}")
    return 0


def dump(data: dict[str, Any]) -> str:
    """``data`` as JSON, a key a line and a candidate a line (so that a diff shows them)."""
    lines = []
    for key, value in data.items():
        if key == "candidates":
            rows = ",\n".join("  " + json.dumps(entry) for entry in value)
            text = "[\n" + rows + "\n ]" if value else "[]"
        else:
            text = json.dumps(value)
        lines.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def canonical(
    args: argparse.Namespace, specs: list[str], start: Weights, steps: list[float]
) -> list[str]:
    """The arguments that play the run again whatever the defaults then (the starting weights
    written out, not taken from the kernel)."""
    words = [args.game]
    for spec in specs:
        words += ["--spec", spec]
    words += ["--opponent", args.opponent, "--nodes", str(args.nodes)]
    words += ["--games", str(args.games), "--opening", str(args.opening)]
    words += ["--seed", str(args.seed), "--start", ",".join(map(_exact, start))]
    words += ["--steps", ",".join(map(_exact, steps)), "--rounds", str(args.rounds)]
    words += ["--max-games", str(args.max_games), "--accept", f"{args.accept:g}"]
    words += ["--verify", str(args.verify)]
    words += ["--out", args.out] if args.out else []
    return words + (["--processor-time"] if args.processor_time else [])


def _exact(number: float) -> str:
    """``number`` written short where that reads back the same, else in full (1/3 is
    0.3333333333333333, not 0.333333), so the command plays the same games."""
    short = f"{number:g}"
    return short if float(short) == number else repr(number)


def _weights(weights: Sequence[float]) -> str:
    return "(" + ", ".join(f"{w:g}" for w in weights) + ")"


if __name__ == "__main__":
    sys.exit(main())
