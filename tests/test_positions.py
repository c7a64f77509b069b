"""Loading positions from JSON: whatever the object holds, the result is a position that can
arise in a game (and plays on to its end) or one ``PositionError`` naming what is wrong."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trigames
from tests.test_protocol import SPECS, random_state

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 100)
    | st.sampled_from([10**30, -1, 0.5, float("inf")])
    | st.text(max_size=12)
    | st.sampled_from(["D1-D4", "G6", "Lb3ne", "T", "Q", "pass", "resign 0", "white"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value: keys of objects, indexes of lists."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return copy


#: Damaged positions tried per spec; raise it to search harder (``TRIGAMES_FUZZ_EXAMPLES=5000``).
EXAMPLES = int(os.environ.get("TRIGAMES_FUZZ_EXAMPLES", "40"))


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    plies=st.integers(0, 50),
    pick=st.integers(0, 10**6),
    new=JSON,
)
def test_a_damaged_position_is_refused_or_sound(
    spec: str, seed: int, plies: int, pick: int, new: Any
) -> None:
    state = random_state(spec, seed, plies)
    obj = state.to_json()
    where = places(obj)
    damaged = replaced(obj, where[pick % len(where)], new)
    try:
        loaded = state.game.state_from_json(damaged)
    except trigames.PositionError:
        return
    again = state.game.state_from_json(json.loads(json.dumps(loaded.to_json())))
    assert again.to_json() == loaded.to_json()
    rng = random.Random(seed)
    while not loaded.is_over():
        moves = loaded.legal_moves()
        assert moves, "a game that is not over has a legal move"
        loaded.play(rng.choice(moves))
    assert loaded.outcome() is not None
