"""Pieces set out on a board by hand, for tests of what one move completes or how a piece is
drawn: the arrangement need not be one a game can reach (its colours need not follow the
cycle), so it is built directly rather than read with ``state_from_json``, which refuses such
positions."""

from __future__ import annotations

from collections.abc import Mapping

from trigames.games.tricolor import Tricolor, TricolorState
from trigames.games.tricolor.board import COLOURS


def arrangement(game: Tricolor, pieces: Mapping[str, int], due: str, to_move: int) -> TricolorState:
    """A state with ``pieces`` (lozenge to seat) on the board, ``due`` and ``to_move``; no
    points, no last piece."""
    state = game.new_initial_state()
    board = game.board
    for name, seat in pieces.items():
        i = board.lozenge_index[board.parse_lozenge(name)]
        assert not state.covered & board.lozenge_mask[i], f"{name} overlaps another piece"
        state.covered |= board.lozenge_mask[i]
        state.placed |= 1 << i
        state.available &= ~board.conflicts[i]
        state.placed_by[i] = seat
    state.due = COLOURS.index(due)
    state.to_move = to_move
    return state
