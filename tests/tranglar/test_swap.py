"""TRANGLAR's swap (the option ``swap=true``): the large neutral pieces are nobody's, so a swap
only hands the turn back: Petrol places the other one, and Green plays the first turn."""

from __future__ import annotations

import pytest

import trigames

GAME = trigames.load_game("tranglar(swap=true)")


def test_a_swap_gives_green_the_first_turn() -> None:
    state = GAME.new_initial_state()
    state.play("Ga1esb1nwa2n")
    state.play("swap")
    found = state.to_json()
    assert (found["neutral"], found["to_place"], found["to_move"]) == (["Ga1esb1nwa2n"], ["H"], 0)
    assert found["swapped"] is True
    assert all(str(move).startswith("H") for move in state.legal_moves())
    state.play("Hd3sd4")
    assert state.current_player == 1
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()
    assert "swap" not in {str(move) for move in state.legal_moves()}


def test_positions_of_the_setup_follow_the_swap() -> None:
    position = {"neutral": ["Ga1esb1nwa2n", "Hd3sd4"], "to_move": 1, "swapped": True}
    assert GAME.state_from_json(position).current_player == 1
    with pytest.raises(trigames.PositionError, match="Green plays the first turn"):
        GAME.state_from_json({**position, "to_move": 0})
    assert GAME.state_from_json({"neutral": ["Hd3sd4"], "swapped": True}).current_player == 0
