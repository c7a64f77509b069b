"""The board a page is sent after a change, as edits of its lines (trigames.web.patches): made
on the old board's lines they give the new board's, exactly, along random games of every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trigames.games import load_game
from trigames.web.patches import apply, changes, patch

SPECS = ["triggle", "triggle(players=3)", "tricolor", "trig", "trugo(tiles=12)", "tranglar"]


@pytest.mark.parametrize("spec", SPECS)
def test_the_edits_of_each_move_make_the_next_board(spec: str) -> None:
    game = load_game(spec)
    for seed in range(2):
        state = game.new_initial_state()
        rng = random.Random(seed)
        before = game.drawing(state)
        while not state.is_over():
            if len(state.history) > 3 and rng.random() < 0.05:
                state.undo()  # a take-back changes the board too
            else:
                state.play(rng.choice(state.legal_moves()))
            after = game.drawing(state)
            edits = changes(before, after)
            assert apply(before.lines(), edits) == after.lines()
            assert "\n".join(apply(before.lines(), edits)) == game.render_svg(state)
            before = after


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from("abcdef"), max_size=30),
    st.lists(st.sampled_from("abcdefg"), max_size=30),
)
def test_any_two_lists_of_lines(old: list[str], new: list[str]) -> None:
    edits = patch(old, new)
    assert apply(old, edits) == new
    indices = [index for index, _, _ in edits]
    assert indices == sorted(indices)
