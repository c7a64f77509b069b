"""Triggle's swap (the option ``swap=true``): the first band claims nothing, so a swap only
hands the turn back, and positions count the turns from Yellow afterwards."""

from __future__ import annotations

import pytest

import trigames

GAME = trigames.load_game("triggle(swap=true)")


def test_a_swap_hands_the_turn_back() -> None:
    state = GAME.new_initial_state()
    state.play("D1-D4")
    state.play("swap")
    assert state.to_json() == {
        "game": "triggle(swap=true)",
        "bands": ["D1-D4"],
        "claims": {},
        "markers": [22, 22],
        "to_move": 0,
        "swapped": True,
    }
    state.play("A1-D1")
    assert state.current_player == 1
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()


def test_positions_count_the_turns_from_yellow_after_a_swap() -> None:
    position = {"bands": ["A1-D1", "D1-D4"], "to_move": 1, "swapped": True}
    assert GAME.state_from_json(position).current_player == 1
    with pytest.raises(trigames.PositionError, match="laid one a turn from seat 1"):
        GAME.state_from_json({**position, "to_move": 0})
    with pytest.raises(trigames.PositionError, match="laid one a turn from seat 0"):
        GAME.state_from_json({"bands": ["A1-D1", "D1-D4"], "to_move": 1})
