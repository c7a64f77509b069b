"""Trugo against the naive model of ``tests/trugo/naive.py``, in seeded random games.

At every position of a game both must list the same moves by name, and for each move the
position the engine reaches (``to_json``: tiles, pieces, supplies, pool, quiet turns, player to
move and result) must be the one the model reaches. The model keeps its own repetition count.
The random players lean towards compact layouts, piece moves and captures, so that groups get
surrounded, stacks form and positions repeat.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

import trigames
from tests.trugo import naive
from trigames.games.trugo import Trugo, TrugoState


class Case(NamedTuple):
    spec: str
    seeds: tuple[int, ...]  # one game for each
    piece: float  # chance of a piece move, when there is one
    compact: float  # chance of a placement on a cell with the most neighbours
    greedy: float  # chance of a capturing move, when there is one


CASES = [
    Case("trugo(tiles=3,pieces=1)", (1, 2, 3), 0.5, 0.5, 0.0),
    Case("trugo(tiles=4,pieces=2,waning_limit=5)", (1, 2, 3), 0.9, 0.5, 0.5),
    Case("trugo(tiles=7,pieces=3)", (1, 2, 3, 4, 5), 1.0, 1.0, 0.0),  # 3: repetition
    Case("trugo(tiles=7,pieces=2,stacking=false)", (1, 2, 3), 0.95, 0.9, 0.5),
    Case("trugo(tiles=9,pieces=2)", (3, 5), 1.0, 1.0, 0.0),
    Case("trugo(tiles=10,pieces=4,waning_limit=8)", (1, 2, 3), 0.7, 0.8, 0.8),
    Case("trugo(tiles=12,pieces=2,stacking=false)", (1, 4), 1.0, 1.0, 0.0),
    Case("trugo(tiles=12,pieces=6,stacking=false,waning_limit=10)", (1, 2, 3), 0.6, 0.8, 0.8),
    Case("trugo(tiles=14,pieces=5)", (5, 6, 7), 0.9, 0.9, 0.9),  # 5: a two-piece stack taken
    Case("trugo(tiles=19,pieces=9,waning_limit=15)", (1, 2), 0.8, 0.9, 0.9),
    Case("trugo(tiles=24,stacking=false,waning_limit=20)", (1, 2), 0.8, 0.8, 0.9),
    Case("trugo(waning_limit=10)", (1,), 0.6, 0.7, 0.9),
]


def choose(
    model: naive.Position, after: dict[str, naive.Position], rng: random.Random, case: Case
) -> str:
    moves = model.legal()
    names = sorted(moves)
    mover = model.to_move
    assert mover is not None
    captures = [
        n
        for n in names
        if moves[n][0] != "remove"
        and (
            after[n].count(1 - mover) < model.count(1 - mover)
            or after[n].count(mover) < model.count(mover)
        )
    ]
    pieces = [n for n in names if moves[n][0] == "move"]
    places = [n for n in names if moves[n][0] == "place"]
    if captures and rng.random() < case.greedy:
        return rng.choice(captures)
    if pieces and rng.random() < case.piece:
        return rng.choice(pieces)
    if places and rng.random() < case.compact:

        def touching(name: str) -> int:
            q, r = moves[name][1]
            return sum((q + dq, r + dr) in model.tiles for dq, dr in naive.STEPS)

        most = max(touching(n) for n in places)
        return rng.choice([n for n in places if touching(n) == most])
    return rng.choice(names)


def successor(state: TrugoState, name: str) -> dict[str, object]:
    state.play(name)
    try:
        return state.to_json()
    finally:
        state.undo()


@pytest.mark.parametrize("case", CASES, ids=[c.spec for c in CASES])
def test_random_games_agree_with_the_naive_model(case: Case) -> None:
    game = trigames.load_game(case.spec)
    assert isinstance(game, Trugo)
    for seed in case.seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        model = naive.from_json(state.to_json())
        for turn in range(600):
            assert model.to_json() == state.to_json(), f"turn {turn}"
            assert {str(m) for m in state.legal_moves()} == set(model.legal()), f"turn {turn}"
            if state.is_over():
                break
            after = {name: model.play(name) for name in model.legal()}
            for name, position in after.items():
                assert successor(state, name) == position.to_json(), (turn, name)
            name = choose(model, after, rng, case)
            state.play(name)
            model = after[name]
        outcome = state.outcome()
        assert outcome is not None, "the game should have ended"
        assert model.result == (outcome.winners, outcome.reason)
