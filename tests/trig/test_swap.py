"""Trig's swap (the option ``swap=true``): White's first peg turns black, and positions count
the turns from Black afterwards."""

from __future__ import annotations

import pytest

import trigames

GAME = trigames.load_game("trig(swap=true)")


def test_the_first_peg_turns_black() -> None:
    state = GAME.new_initial_state()
    state.play("G6")
    state.play("swap")
    assert state.to_json() == {
        "game": "trig(swap=true)",
        "white": [],
        "black": ["G6"],
        "to_move": 0,
        "swapped": True,
    }
    assert GAME.status(state) == "Pegs: White 0, Black 1"
    state.play("F7")
    assert state.current_player == 1
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()


def test_positions_count_the_turns_from_black_after_a_swap() -> None:
    position = {"white": ["F7"], "black": ["G6"], "to_move": 1, "swapped": True}
    assert GAME.state_from_json(position).current_player == 1
    with pytest.raises(
        trigames.PositionError,
        match=r"'to_move' must be 1 \(Black\): 2 pegs are on the board, one placed each turn, "
        r"Black first \(White's first peg was swapped\)",
    ):
        GAME.state_from_json({**position, "to_move": 0})


@pytest.mark.parametrize("board", ["trigger", "triggest"])
def test_every_board_swaps(board: str) -> None:
    game = trigames.load_game(f"{board}(swap=true)")
    state = game.new_initial_state()
    first = state.legal_moves()[0]
    state.play(first)
    state.play("swap")
    assert state.to_json()["black"] == [str(first)]
    assert state.current_player == 0
