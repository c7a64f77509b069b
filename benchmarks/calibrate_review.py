"""Fit ``k`` of the review's logistic (``trigames.analysis.review.STEEPNESS``) for each game.

For each game it plays ``--games`` seeded games between levels, in turn strong against strong,
casual against strong and casual against casual (``strong(iterations=20000)`` and ``casual``),
seats swapped every other round, after ``--opening-plies`` random moves (reviewed games are
played by people of every strength: between equal strong players alone, a lead of one point
decides nearly every Triggle game and the fit runs off to an unusable ``k``), then searches
every ``--every`` th position of each game as a review does (``--level``) and pairs the
search's value for seat 0 with seat 0's result (1, 0 or 1/2). ``k`` maximises the
likelihood of the results under ``1 / (1 + exp(-k * value))``; proven wins and losses (which
the review maps to 1 and 0) are left out. It prints one line per game: the pairs used and
the fitted ``k``.

    python benchmarks/calibrate_review.py --games 6 --level medium
    python benchmarks/calibrate_review.py --spec triggle --spec trig
"""

from __future__ import annotations

import argparse
import math

from trigames.ai.match import random_opening
from trigames.ai.players import Budget
from trigames.ai.registry import make_player
from trigames.ai.strong import PROVEN, StrongPlayer
from trigames.analysis.review import LEVELS, evaluation_of
from trigames.games import load_game

GAMES = ("triggle", "tricolor", "trig", "trugo", "tranglar")
STRONG, CASUAL = "strong(iterations=20000)", "casual"
PAIRINGS = [(STRONG, STRONG), (CASUAL, STRONG), (CASUAL, CASUAL)]


def pairs_of(spec: str, games: int, level: str, every: int, opening: int, seed: int,
             pairings: list[tuple[str, str]]) -> list[tuple[float, float]]:  # fmt: skip
    """(value for seat 0, seat 0's result) at the positions searched, over every game."""
    game = load_game(spec)
    budget: Budget = LEVELS[level]
    found: list[tuple[float, float]] = []
    for number in range(games):
        pairing = pairings[number % len(pairings)]
        order = pairing if number // len(pairings) % 2 == 0 else pairing[::-1]
        seats = [make_player(p, seed=seed + number + 1000 * s, game=game)
                 for s, p in enumerate(order)]  # fmt: skip
        state = game.new_initial_state()
        for move in random_opening(game, opening, seed + number):
            state.play(move)
        positions = []
        while not state.is_over():
            positions.append(state.clone())
            mover = state.current_player
            assert mover is not None
            state.play(seats[mover].choose(state))
        outcome = state.outcome()
        assert outcome is not None
        result = 1 / len(outcome.winners) if 0 in outcome.winners else 0.0
        for index, position in enumerate(positions[::every]):
            mover = position.current_player
            assert mover is not None
            if len(position.legal_moves()) < 2:
                continue
            searcher = StrongPlayer(seed=seed + index, budget=budget,
                                    evaluation=evaluation_of(game))  # fmt: skip
            searcher.choose(position)
            value = float(searcher.last_info["value"])
            if abs(value) < PROVEN:
                found.append((value if mover == 0 else -value, result))
    return found


def fit(pairs: list[tuple[float, float]]) -> float:
    """The ``k`` of greatest likelihood (Newton's method on the log-likelihood, from 0)."""
    k = 0.0
    for _ in range(50):
        gradient = curvature = 0.0
        for value, result in pairs:
            p = 1 / (1 + math.exp(-k * value))
            gradient += (result - p) * value
            curvature -= p * (1 - p) * value * value
        if curvature == 0:
            break
        step = gradient / curvature
        k -= step
        if abs(step) < 1e-6:
            break
    return k


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", action="append", help="a game spec (default: the five)")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--level", default="medium", choices=list(LEVELS))
    parser.add_argument("--every", type=int, default=2, help="search every N th position")
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for spec in args.spec or GAMES:
        pairs = pairs_of(spec, args.games, args.level, args.every, args.opening_plies,
                         args.seed, PAIRINGS)  # fmt: skip
        print(f"{spec}: {len(pairs)} pairs, k = {fit(pairs):.3f}", flush=True)


if __name__ == "__main__":
    main()
