"""Hints' explanations (``Game.explain_move``) on every game: random legal moves of random games
never make them fail, change the position or run past the length limit."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.core.explain import LIMIT, but, sentence
from trigames.core.phrases import Phrase, said

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
#: The templates that join clauses into a sentence (:func:`trigames.core.explain.sentence`).
JOINING = {"{first}, {second}", "{first}; {second}", "{first} and {last}", "{first} {but}"}
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
        assert isinstance(why, Phrase), why  # said in the page's language
        # clauses past the limit are left out (one clause alone is kept whole)
        assert len(why) <= LIMIT or why.template not in JOINING, why
        assert (state.to_json(), list(state.history)) == before
        state.play(move)


def test_a_long_sentence_loses_its_last_clauses_first() -> None:
    clauses = [
        Phrase("captures {cell}", cell="F6"),
        Phrase("threatens a link to the edge at {cell}", cell="G9"),
        but(Phrase("{seat} can win at {cell}", seat=Phrase("Black"), cell="E4")),
    ]
    assert sentence(*clauses) == (
        "captures F6, threatens a link to the edge at G9 but Black can win at E4"
    )
    assert sentence(*clauses, limit=50) == "captures F6 and threatens a link to the edge at G9"
    assert sentence(*clauses, limit=10) == "captures F6"  # one clause is never cut
    alone = sentence(but(Phrase("leaves a {seat} piece in atari", seat=Phrase("White"))))
    assert alone == "leaves a White piece in atari"
    assert said(alone) == ["leaves a {seat} piece in atari", {"seat": ["White"]}]
