"""One undo's rule (trigames.core.takeback), shared by the terminal and the web server."""

from __future__ import annotations

import pytest

import trigames
from trigames.core.errors import UndoError
from trigames.core.protocol import AnyState
from trigames.core.takeback import take_back, why_not


def triggle(moves: list[str], spec: str = "triggle") -> AnyState:
    state: AnyState = trigames.load_game(spec).new_initial_state()
    for move in moves:
        state.play(move)
    return state


@pytest.mark.parametrize(
    ("ending", "words"),
    [("resign 1", "a resignation"), ("timeout 1", "a loss on time"), ("draw agreed", "a draw")],
)
def test_an_ending_is_never_taken_back(ending: str, words: str) -> None:
    state = triggle(["D1-D4", ending])
    with pytest.raises(UndoError, match=f"{words} (agreed )?cannot be taken back"):
        take_back(state, {0, 1})
    assert [str(move) for move in state.history] == ["D1-D4", ending]  # unchanged


def test_moves_after_a_seat_left_go_back_to_the_ending_and_no_further() -> None:
    state = triggle(["D1-D4", "resign 2", "A1-D1"], "triggle(players=3)")
    assert [str(move) for move in take_back(state, {1})] == ["A1-D1"]
    assert why_not(state, {0}) == "a resignation cannot be taken back"
    assert state.withdrawn == (2,)


def test_a_seat_that_has_not_moved_has_nothing_to_take_back() -> None:
    state = triggle(["D1-D4"])
    assert why_not(state, {1}) == "you have not moved yet: there is no move of yours to take back"
    assert why_not(triggle([]), {0}) == "there is no move to take back"


def test_a_player_holding_every_seat_takes_back_one_move() -> None:
    state = triggle(["D1-D4", "A1-D1"])
    assert [str(move) for move in take_back(state, {0, 1})] == ["A1-D1"]
    assert state.current_player == 1
