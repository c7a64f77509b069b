"""Trugo positions read from JSON: every position a game reaches loads, and anything else is
refused with one ``PositionError`` whose message names the field at fault.

``tests/data/trugo/bad_positions.json`` lists broken positions, each with the words its error
must contain; ``good_positions.json`` lists positions from real games (with the moves that
reach them) that sit close to the limits the checks draw.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from tests.test_protocol import random_ending
from trigames.games.trugo.rules import most_full_junctions
from trigames.geometry.honeycomb import corners
from trigames.geometry.trilattice import DIRECTIONS, add

DATA = Path(__file__).parent.parent / "data" / "trugo"
BAD: list[dict[str, Any]] = json.loads((DATA / "bad_positions.json").read_text())
GOOD: list[dict[str, Any]] = json.loads((DATA / "good_positions.json").read_text())


@pytest.mark.parametrize("entry", BAD, ids=[entry["why"] for entry in BAD])
def test_a_broken_position_is_refused_naming_what_is_wrong(entry: dict[str, Any]) -> None:
    game = trigames.load_game(entry["spec"])
    with pytest.raises(trigames.PositionError) as error:
        game.state_from_json(entry["position"])
    assert entry["error"] in str(error.value)


@pytest.mark.parametrize("entry", GOOD, ids=[entry["what"] for entry in GOOD])
def test_a_position_reached_in_a_game_loads(entry: dict[str, Any]) -> None:
    game = trigames.load_game(entry["spec"])
    state = game.new_initial_state()
    for move in entry["moves"].split():
        state.play(move)
    assert state.to_json() == entry["position"]
    assert game.state_from_json(entry["position"]).to_json() == entry["position"]


SPECS = [
    "trugo(tiles=3,pieces=1)",
    "trugo(tiles=4,pieces=2,waning_limit=4)",
    "trugo(tiles=7,pieces=3)",
    "trugo(tiles=9,pieces=9,stacking=false,waning_limit=6)",
    "trugo(tiles=12,pieces=4)",
    "trugo(waning_limit=8)",
]


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_every_position_of_a_random_game_loads(spec: str, seed: int) -> None:
    """Players who mostly move pieces and lay tiles where most tiles touch, so that layouts
    fill in, stacks form, groups get captured and positions repeat; now and then an ending."""
    rng = random.Random(seed)
    game = trigames.load_game(spec)
    state = game.new_initial_state()
    while True:
        obj = json.loads(json.dumps(state.to_json()))
        assert game.state_from_json(obj).to_json() == obj
        if state.is_over():
            break
        moves = state.legal_moves()
        pieces = [m for m in moves if "-" in str(m)[1:]]
        if rng.random() < 0.005:
            state.play(random_ending(state, rng))
        elif pieces and rng.random() < 0.8:
            state.play(rng.choice(pieces))
        elif state.pool:
            cells = {m: state.around[state.code_of(m)[1]] for m in moves if m not in pieces}
            most = max(cells.values())
            state.play(rng.choice([m for m, n in cells.items() if n == most]))
        else:
            state.play(rng.choice(moves))


def test_the_most_full_junctions_of_small_layouts() -> None:
    """Every layout of up to seven tiles, against the formula the supply check uses."""

    def full(cells: frozenset[tuple[int, int]]) -> int:
        around = Counter(j for cell in cells for j in corners(cell))
        return sum(1 for n in around.values() if n == 3)

    def placed(cells: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        left, top = min(q for q, _ in cells), min(r for _, r in cells)
        return frozenset((q - left, r - top) for q, r in cells)

    layouts = {frozenset({(0, 0)})}
    for tiles in range(1, 8):
        assert max(full(cells) for cells in layouts) == most_full_junctions(tiles)
        layouts = {
            placed({*cells, add(cell, step)})
            for cells in layouts
            for cell in cells
            for step in DIRECTIONS
            if add(cell, step) not in cells
        }
