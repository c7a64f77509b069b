"""TRANGLAR against a second model of its rules (``model.py``, which shares no code with the
engine): the same geometry, and seeded random games compared position by position.

The random player leans towards the rare rules: it prefers swaps, take-overs and replacements
to placements, placements that touch the opponent, and moves with a trapeze in them; in some
games both players first put their trapezes down, so that trapped trapezes have to wait for a
swap, and in others they favour placements beside an opponent piece and a neutral one. The
model follows each game from its start, so it counts repetitions on its own. The seeds below
were picked from 400 such games (seeds 0 to 399, which all agree with every legal move played
out) so that every rule the last test counts happens at least once.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

import trigames
from tests.tranglar import model
from trigames.games.tranglar import Tranglar, TranglarState
from trigames.games.tranglar.board import BOARD, KINDS, PLACEMENTS

#: The game a seed plays, by the seed modulo 4: even seeds ``quiet_limit=6``, seeds 1, 5, 9...
#: no quiet limit, seeds 3, 7, 11... the default game.
SPEC_BY_SEED = (
    "tranglar(quiet_limit=6)",
    "tranglar(quiet_limit=0)",
    "tranglar(quiet_limit=6)",
    "tranglar",
)
SEEDS = (0, 2, 3, 13, 19, 49, 64, 119, 249, 274, 283, 303, 308)
#: How many placements (at most) are played out in both models at each position; every
#: other legal move, and the move chosen, always are.
PLACEMENT_SAMPLE = 12
WEIGHTS = {"swap": 10, "take": 4, "split": 3, "merge": 3, "place": 3, "pass": 1}


def action_of(name: str) -> str:
    if name == "pass":
        return "pass"
    if name.startswith("x"):
        return "take" if "=" in name else "swap"
    if "=" in name:
        return "split" if "," in name.split("=")[1] else "merge"
    return "place"


def choose(
    rng: random.Random, seed: int, ply: int, pos: model.Position, table: dict[str, Any]
) -> str:
    """The random player's move."""
    if seed % 3 == 0 and 2 <= ply < 6:
        trapezes = sorted(n for n in table if n[0] == "Z" and "=" not in n)
        if trapezes:
            return rng.choice(trapezes)
    groups: dict[str, list[str]] = {}
    for name in sorted(table):
        groups.setdefault(action_of(name), []).append(name)
    kinds = sorted(groups)
    kind = rng.choices(kinds, [WEIGHTS[k] for k in kinds])[0]
    names = groups[kind]
    if kind == "place":
        mover = pos.to_move
        assert mover is not None
        theirs = pos.cells_of(1 - mover) if not pos.to_place else set()
        # some games favour a side along the opponent that also touches a neutral piece
        neutral = pos.cells_of(model.NEUTRAL) if seed % 8 == 4 else set()
        weights = [
            (1 + sum(6 + 40 * bool(side & neutral) for side in table[n][1].sides if side & theirs))
            * (8 if n[0] == "Z" else 1)
            for n in names
        ]
        return rng.choices(names, weights)[0]
    return rng.choices(names, [8 if "Z" in n else 1 for n in names])[0]


def load(spec: str) -> Tranglar:
    game = trigames.load_game(spec)
    assert isinstance(game, Tranglar)
    return game


def successor(state: TranglarState, name: str) -> dict[str, Any]:
    state.play(name)
    try:
        return state.to_json()
    finally:
        state.undo()


@cache
def cross_check(seed: int) -> Counter[str]:
    """Play one random game in the engine, checking every position against the model;
    return what happened."""
    spec = SPEC_BY_SEED[seed % 4]
    game = load(spec)
    rng = random.Random(seed)
    sample_rng = random.Random(-seed - 1)
    state = game.new_initial_state()
    stats: Counter[str] = Counter()
    # the model's position goes on from move to move, so that it counts repetitions itself
    pos = model.from_json(state.to_json())
    while True:
        obj = state.to_json()
        assert model.to_json(pos) == obj
        table = model.legal_moves(pos)
        at = f"seed {seed}, after {[str(m) for m in state.history]}"
        assert sorted(table) == sorted(str(m) for m in state.legal_moves()), at
        stats["positions"] += 1
        if not table:
            break
        placements = [n for n in sorted(table) if action_of(n) == "place"]
        others = [n for n in sorted(table) if action_of(n) != "place"]
        checked = others + sample_rng.sample(placements, min(PLACEMENT_SAMPLE, len(placements)))
        name = choose(rng, seed, len(state.history), pos, table)
        for each in {*checked, name}:
            expected = model.to_json(model.play(pos, each, table))
            assert successor(state, each) == expected, f"{at}, move {each}"
            stats["moves compared"] += 1
        model.EVENTS.clear()
        after = model.play(pos, name, table)
        stats.update(model.EVENTS)
        stats[action_of(name) + ("" if name[0] != "N" else " neutral triangle")] += 1
        state.play(name)
        # the engine reads the model's position back as its own
        assert game.state_from_json(model.to_json(after)).to_json() == state.to_json()
        pos = after
    outcome = state.outcome()
    assert outcome is not None
    assert pos.result is not None
    assert list(outcome.winners) == pos.result["winners"]
    assert outcome.reason == pos.result["reason"]
    assert outcome.scores == model.scores(pos)
    stats["games"] += 1
    quiet = "turns in a row" in outcome.reason
    stats["ended: " + ("quiet_limit" if quiet else outcome.reason)] += 1
    return stats


def test_the_geometry_agrees() -> None:
    """Every placement of every kind, and for each of its sides the cells it touches."""
    for k, kind in enumerate(KINDS):

        def named(mask: int) -> frozenset[model.Cell]:
            return frozenset((x, y, "nesw"[s]) for x, y, s in BOARD.cells_of(mask))

        engine = {named(p.mask): sorted(sorted(named(s)) for s in p.sides) for p in PLACEMENTS[k]}
        mine = {p.cells: sorted(sorted(s) for s in p.sides) for p in model.PLACEMENTS[kind.code]}
        assert engine == mine, kind.code


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_game_agrees_with_the_model(seed: int) -> None:
    assert cross_check(seed)["games"] == 1


def test_the_random_games_reach_the_rare_rules() -> None:
    total: Counter[str] = Counter()
    for seed in SEEDS:
        total += cross_check(seed)
    print(dict(sorted(total.items())))
    for event in (
        "split",
        "merge",
        "take",
        "swap",
        "pass",
        "place neutral triangle",
        "flip of an opponent piece",
        "flip of a mover piece",
        "flip of a mover piece already down",
        "flips in round 3 or later",
        "flip of a piece away from what changed this turn",
        "swap in the rounds",
        "swap in the rounds after staying earlier in the turn",
        "trapped trapeze stays",
        "trapeze trapped at the start stays, its trapper has one",
        "trapped parallelogram stays",
        "ended: all 64 cells are covered",
        "ended: both players passed",
        "ended: quiet_limit",
        "ended: the same position occurred for the third time",
        "not trapped: a side along an opponent piece also touches a neutral one",
        "placed: a side along an opponent piece also touches a neutral one",
    ):
        assert total[event], event
