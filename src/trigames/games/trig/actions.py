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
from trigames.core.bits import bits, mask
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


@lru_cache(maxsize=8)
def placement_ids(board: TrigBoard) -> dict[int, int]:
    """The id of a plain placement on each playing cell: its rank in ``board.playing``, which
    lists the cells in order."""
    return {cell: i for i, cell in enumerate(board.playing)}


def num_actions(game: TrigRules) -> int:
    """Placements, then placements with a capture."""
    return len(action_table(game.board))


def max_game_length(game: TrigRules) -> int:
    """Every move puts a new peg on an empty playing cell, and pegs never leave."""
    return len(game.board.playing)


def action_id(state: TrigState, move: TrigMove) -> int:
    """The id of the move's cell and captured cell."""
    return action_table(state.board).id_of(state.board.move_parts(move))


def legal_actions(state: TrigState) -> list[int]:
    """The placements on the open cells (their ids rise with the cells), then the placements
    with a capture, sorted (there are few)."""
    player = state.to_move
    if player is None:
        return []
    board = state.board
    cells = bits(state.open_cells())
    placed = placement_ids(board)
    ids = [placed[cell] for cell in cells]
    armed = state.armed[player]
    numbered = action_table(board).ids
    captures = [
        numbered[cell, centre]
        for cell in cells
        if armed[cell]
        for centre in state.captures_at(cell, player)
    ]
    return ids + sorted(captures) if captures else ids


def action_move(state: TrigState, action: int) -> TrigMove | None:
    """The placement numbered ``action`` if it is legal: on an open cell, and capturing a peg
    that it does capture."""
    player = state.to_move
    cell, centre = action_table(state.board).key_of(action)
    if player is None or not state.open_cells() >> cell & 1:
        return None
    if centre is None:
        return state.board.placements[cell]
    if centre not in state.captures_at(cell, player):
        return None
    return state.board.capture_move(cell, centre)


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
