"""Hints' explanations (``Game.explain_move``) on every game: random legal moves of random games
never make them fail, change the position or run past the length limit."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.core.explain import LIMIT, sentence

SPECS = [
    "triggle",
    "triggle(size=3,players=3,misere=true)",
    "tricolor",
    "tricolor(size=2,players=3)",
    "trig",
    "trig(board=trigger)",
    "trugo(tiles=9,pieces=5,stacking=false)",
    "tranglar",
]
#: Moves explained per game at most (Trugo's waning phase may go on for a long time).
PLIES = 90


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_explanations_of_random_moves_are_short_and_leave_the_position(
    spec: str, seed: int
) -> None:
    game = trigames.load_game(spec)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_over() and len(state.history) < PLIES:
        move = rng.choice(state.legal_moves())
        before = (state.to_json(), list(state.history))
        why = game.explain_move(state, move)
        assert why
        assert len(why) <= LIMIT, why
        assert (state.to_json(), list(state.history)) == before
        state.play(move)


def test_a_long_sentence_loses_its_last_clauses_first() -> None:
    clauses = ["captures F6", "threatens a link to the edge at G9", "but Black can win at E4"]
    assert sentence(*clauses, limit=50) == "captures F6 and threatens a link to the edge at G9"
    assert sentence(*clauses, limit=20) == "captures F6"
    assert sentence(*clauses, limit=10) == "captures…"
    assert sentence("but leaves a White piece in atari") == "leaves a White piece in atari"
