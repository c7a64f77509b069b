"""Trugo's swap (the option ``swap=true``): the first tile gives nobody a piece, so a swap only
hands the turn back; the position it makes counts for the repetition rule."""

from __future__ import annotations

import pytest

import trigames

GAME = trigames.load_game("trugo(swap=true)")


def test_a_swap_hands_the_turn_back() -> None:
    state = GAME.new_initial_state()
    state.play("dg74e")
    key = state.position_key()
    state.play("swap")
    assert state.to_json() == {
        "game": "trugo(swap=true)",
        "tiles": [[0, 0, "e"]],
        "pieces": [],
        "supply": [25, 25],
        "pool": 35,
        "quiet": 0,
        "to_move": 0,
        "result": None,
        "swapped": True,
    }
    assert state.position_key() != key
    assert len(state.legal_moves()) == 18
    state.undo()
    assert state.position_key() == key


def test_positions_count_the_tiles_from_blue_after_a_swap() -> None:
    position = {"tiles": [[0, -2, "e"], [0, 0, "e"]], "pool": 34, "to_move": 1, "swapped": True}
    assert GAME.state_from_json(position).current_player == 1
    with pytest.raises(trigames.PositionError, match="counts as Blue's, swapped"):
        GAME.state_from_json({**position, "to_move": 0})
