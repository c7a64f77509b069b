"""How TRANGLAR's evaluation weights were found: self-play games, a least-squares fit, duels.

Three steps, each seeded, so that the same commands play the same games:

- ``play``: self-play games of the native ``strong`` search on the game's evaluation at a fixed
  budget of nodes a move (``--nodes``, default 4000), with the weights given (``--weights``,
  default the kernel's), the first ``--opening`` plies (default 6) and then one move in ten at
  random so that the positions vary. Writes the games (their moves and final scores) as JSON
  lines to ``--out``.
- ``fit``: replays the games of one or more such files and fits, by least squares, the final
  cell lead of seat 0 to the differences of the two seats' counts
  (``evaluation.features``) at every position after the setup: the weights in the units of
  cells of final lead. Prints the weights (``--weights`` takes them as they are printed) and
  the share of the final leads they explain (R squared), with the kernel's weights' for
  comparison.
- ``duel``: two sets of weights, each searching ``--nodes`` nodes a move, play ``--games``
  games in pairs from the same random opening of ``--opening`` plies, the seats swapped within
  a pair. Prints each game and the first weights' score, per seat.

docs/command-line.md (TRANGLAR) tells how the kernel's weights (``EVALUATION_WEIGHTS`` in
:mod:`trigames.games.tranglar.native`) were made with these steps, run as:

    python benchmarks/tranglar_weights.py play --games 80 --seed 4000 --out a.jsonl --weights W
    python benchmarks/tranglar_weights.py fit a.jsonl b.jsonl
    python benchmarks/tranglar_weights.py duel --first W1 --second W2 --games 40 --seed 1

It needs the native kernel (``pip install`` with a C compiler): the pure engine is far too
slow for thousands of searches.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from trigames.ai.players import Budget
from trigames.ai.strong import StrongPlayer
from trigames.core.native import kernel_of
from trigames.games import load_game
from trigames.games.tranglar.evaluation import FEATURES, features
from trigames.games.tranglar.native import EVALUATION_WEIGHTS
from trigames.games.tranglar.rules import TranglarState

SPEC = "tranglar"
OPPONENT_SEED_OFFSET = 500_000
#: The chance of a random move in ``play`` after the opening.
RANDOM_SHARE = 0.1


def weights_of(text: str | None) -> tuple[float, ...]:
    """Weights written ``0.63,-0.1,...`` (the kernel's when ``None``)."""
    if text is None:
        return EVALUATION_WEIGHTS
    found = tuple(float(part) for part in text.split(","))
    if len(found) != len(FEATURES):
        raise SystemExit(f"give {len(FEATURES)} weights ({', '.join(FEATURES)})")
    return found


def searcher(seed: int, nodes: int, weights: tuple[float, ...]) -> StrongPlayer:
    """The native strong search on the evaluation with ``weights``."""
    return StrongPlayer(seed, Budget(iterations=nodes), evaluation="game", weights=weights)


def play(games: int, nodes: int, seed: int, opening: int, weights: tuple[float, ...]) -> list[Any]:
    """Self-play games as ``{"moves": [...], "scores": [...]}``, one printed line each."""
    game = load_game(SPEC)
    found = []
    for i in range(games):
        rng = random.Random(seed + i)
        players = [searcher(seed + i, nodes, weights), searcher(seed + i + 7, nodes, weights)]
        state = game.new_initial_state()
        moves: list[str] = []
        while (mover := state.current_player) is not None:
            if len(moves) < opening or rng.random() < RANDOM_SHARE:
                move = rng.choice(state.legal_moves())
            else:
                move = players[mover].choose(state)
            moves.append(str(move))
            state.play(move)
        scores = list(state.scores())
        found.append({"moves": moves, "scores": scores})
        print(f"game {i}: {len(moves)} plies, scores {scores}", flush=True)
    return found


Rows = list[list[float]]


def positions(records: list[Any]) -> tuple[Rows, list[float]]:
    """The count differences (seat 0's less seat 1's) at every position after the setup of
    the games, and seat 0's final lead in each."""
    game = load_game(SPEC)
    rows: Rows = []
    leads: list[float] = []
    for record in records:
        state = game.new_initial_state()
        lead = record["scores"][0] - record["scores"][1]
        for text in record["moves"]:
            if isinstance(state, TranglarState) and not state.in_setup:
                mine, theirs = features(state, 0), features(state, 1)
                rows.append([a - b for a, b in zip(mine, theirs, strict=True)])
                leads.append(lead)
            state.play(state.parse_move(text))
    return rows, leads


def least_squares(rows: Rows, leads: list[float]) -> list[float]:
    """The weights ``w`` making ``rows @ w`` closest to ``leads``: the normal equations, solved
    by elimination with partial pivoting (a feature that never varies gets weight 0)."""
    n = len(rows[0])
    system = [
        [sum(row[i] * row[j] for row in rows) for j in range(n)]
        + [sum(row[i] * lead for row, lead in zip(rows, leads, strict=True))]
        for i in range(n)
    ]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(system[r][col]))
        system[col], system[pivot] = system[pivot], system[col]
        if abs(system[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                factor = system[r][col] / system[col][col]
                system[r] = [a - factor * b for a, b in zip(system[r], system[col], strict=True)]
    return [system[i][n] / system[i][i] if abs(system[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def explained(rows: Rows, leads: list[float], weights: tuple[float, ...] | list[float]) -> float:
    """R squared of the leads by the weighted rows, at the best scale for the weights."""
    guess = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    norm = sum(g * g for g in guess)
    scale = sum(g * y for g, y in zip(guess, leads, strict=True)) / norm if norm else 0.0
    mean = sum(leads) / len(leads)
    left = sum((y - scale * g) ** 2 for g, y in zip(guess, leads, strict=True))
    return 1 - left / sum((y - mean) ** 2 for y in leads)


def fit(paths: list[str]) -> None:
    records = [json.loads(line) for path in paths for line in Path(path).read_text().splitlines()]
    rows, leads = positions(records)
    weights = least_squares(rows, leads)
    print(f"{len(records)} games, {len(leads)} positions")
    for name, value in zip(FEATURES, weights, strict=True):
        print(f"  {name:15s} {value:7.2f}")
    print("weights: " + ",".join(f"{value:.2f}" for value in weights))
    print(f"R squared {explained(rows, leads, weights):.3f}, ", end="")
    print(f"with the kernel's weights {explained(rows, leads, EVALUATION_WEIGHTS):.3f}")


def duel(
    first: tuple[float, ...], second: tuple[float, ...], games: int, nodes: int, seed: int,
    opening: int,
) -> None:  # fmt: skip
    game = load_game(SPEC)
    points, by_seat = 0.0, [0.0, 0.0]
    for i in range(games):
        rng = random.Random(seed * 1000 + i // 2)
        state = game.new_initial_state()
        for _ in range(opening):
            state.play(rng.choice(state.legal_moves()))
        seat = i % 2
        mine = searcher(seed + i, nodes, first)
        theirs = searcher(seed + i + OPPONENT_SEED_OFFSET, nodes, second)
        players = [mine, theirs] if seat == 0 else [theirs, mine]
        while (mover := state.current_player) is not None:
            state.play(players[mover].choose(state))
        outcome = state.outcome()
        assert outcome is not None
        won = seat in outcome.winners
        got = (1.0 if len(outcome.winners) == 1 else 0.5) if won else 0.0
        points += got
        by_seat[seat] += got
        print(f"game {i}: first weights seat {seat}, scores {outcome.scores}, get {got:g}")
    half = (games + 1) // 2, games // 2
    print(
        f"first weights {points:g}/{games} ({100 * points / max(games, 1):.0f} %): "
        f"as seat 0 {by_seat[0]:g}/{half[0]}, as seat 1 {by_seat[1]:g}/{half[1]}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    played = steps.add_parser("play", help="self-play games to fit on")
    played.add_argument("--games", type=int, default=80)
    played.add_argument("--nodes", type=int, default=4000)
    played.add_argument("--seed", type=int, default=1)
    played.add_argument("--opening", type=int, default=6)
    played.add_argument("--weights", help="comma-separated (default the kernel's)")
    played.add_argument("--out", required=True, help="the games, as JSON lines")
    fitted = steps.add_parser("fit", help="fit the weights to played games")
    fitted.add_argument("files", nargs="+")
    duelled = steps.add_parser("duel", help="two sets of weights against each other")
    duelled.add_argument("--first", help="comma-separated (default the kernel's)")
    duelled.add_argument("--second", help="comma-separated (default the kernel's)")
    duelled.add_argument("--games", type=int, default=40)
    duelled.add_argument("--nodes", type=int, default=20_000)
    duelled.add_argument("--seed", type=int, default=1)
    duelled.add_argument("--opening", type=int, default=4)
    args = parser.parse_args(argv)
    if kernel_of(load_game(SPEC)) is None:
        print("TRANGLAR's native kernel is not built", file=sys.stderr)
        return 1
    if args.step == "play":
        found = play(args.games, args.nodes, args.seed, args.opening, weights_of(args.weights))
        Path(args.out).write_text("".join(json.dumps(record) + "\n" for record in found))
    elif args.step == "fit":
        fit(args.files)
    else:
        duel(
            weights_of(args.first), weights_of(args.second), args.games, args.nodes, args.seed,
            args.opening,
        )  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
