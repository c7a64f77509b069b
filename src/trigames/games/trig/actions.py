"""Trig's action ids and observation planes, for learning libraries.

Actions come in two blocks. First a plain placement on each playing cell, in the order of
``board.playing``; then every placement with a capture, ``(cell, captured cell)`` for each
capture triangle and each of its three corners, sorted by cell and then captured cell. The
table is built once per board.

>>> import trigames
>>> game = trigames.load_game("trig")
>>> state = game.new_initial_state()
>>> game.num_actions()
1380
>>> [game.action_of(state, move) for move in state.legal_moves()]
[33, 34, 41, 42, 49, 50]
>>> game.observation_planes(state, 0).names
('pegs of +0', 'pegs of +1', 'pillars', 'to move')
"""

from __future__ import annotations

from functools import lru_cache

from trigames.core.actions import (
    ActionTable,
    ObservationPlanes,
    bit_plane,
    one_hot,
    relative,
)
from trigames.core.bits import mask
from trigames.games.trig.board import TrigBoard, TrigMove
from trigames.games.trig.rules import TrigRules, TrigState


@lru_cache(maxsize=8)
def action_table(board: TrigBoard) -> ActionTable[tuple[int, int | None]]:
    """The numbering of ``(cell, captured cell or None)`` on ``board`` (kept for the 8 most
    recently used boards)."""
    captures = sorted(
        {(corner, centre) for *corners, centre in board.capture_triangles for corner in corners}
    )
    return ActionTable([*((cell, None) for cell in board.playing), *captures])


def num_actions(game: TrigRules) -> int:
    """Placements, then placements with a capture."""
    return len(action_table(game.board))


def max_game_length(game: TrigRules) -> int:
    """Every move puts a new peg on an empty playing cell, and pegs never leave."""
    return len(game.board.playing)


def action_id(state: TrigState, move: TrigMove) -> int:
    """The id of the move's cell and captured cell."""
    return action_table(state.board).id_of(state.board.move_parts(move))


def observation_planes(state: TrigState, seat: int) -> ObservationPlanes:
    """Over every cell of the board (in ``board.cells`` order): the pegs of ``seat`` and of the
    opponent, and the Pillars; then the seat to move, counted from ``seat``."""
    board = state.board
    cells = len(board.cells)
    return ObservationPlanes(
        (
            bit_plane("pegs of +0", state.pegs[seat], cells),
            bit_plane("pegs of +1", state.pegs[1 - seat], cells),
            bit_plane("pillars", mask(board.pillar_bits), cells),
            one_hot("to move", relative(seat, state.to_move, 2), 2),
        )
    )
