"""TRANGLAR's action ids and observation planes, for learning libraries.

The board never changes size, so every move that can ever be legal is listed once, in this
order: placements (each kind, then each way it may lie, in the order of ``PLACEMENTS``), swaps
of a trapeze, replacements of one piece by several (for each coloured piece other than a small
triangle and each way to cover its cells with two or more coloured pieces), replacements of
several by one (the same list), take-overs (the same list again), and the pass. The table
is built on first use.

>>> import trigames
>>> game = trigames.load_game("tranglar")
>>> state = game.new_initial_state()
>>> game.num_actions()
4689
>>> game.action_of(state, state.parse_move("Ga1esb1nwa2n"))
485
>>> obs = game.observation_planes(state, 0)
>>> obs.names[:4], len(obs.names), obs.size
(('cells of +0', 'cells of +1', 'neutral cells', 'piece anchors'), 23, 1120)
"""

from __future__ import annotations

from functools import cache

from trigames.core.actions import (
    ActionTable,
    ObservationPlanes,
    Plane,
    bit_plane,
    one_hot,
    relative,
)
from trigames.core.bits import mask
from trigames.games.tranglar.board import (
    BIG_NEUTRAL,
    CELLS,
    KINDS,
    Code,
    TranglarMove,
    code_of,
    every_code,
    move_of,
)
from trigames.games.tranglar.rules import TranglarRules, TranglarState


@cache
def action_table() -> ActionTable[Code]:
    """The numbering of every move's internal form (``every_code`` in :mod:`.board`, which
    the native kernel numbers its moves by too)."""
    return ActionTable(every_code())


def num_actions(game: TranglarRules) -> int:
    """Every move in the table."""
    return len(action_table())


def max_game_length(game: TranglarRules) -> int | None:
    """Cells never come free, so at most 64 turns cover a new cell, with fewer than
    ``quiet_limit`` turns between them. Without a quiet limit (``quiet_limit=0``) only the
    repetition rule ends a run of turns that cover nothing; the bound that gives (every
    position at most twice between two turns that cover a cell) is far too large to use, so
    ``None``."""
    return (CELLS + 1) * game.quiet_limit or None


def action_id(state: TranglarState, move: TranglarMove) -> int:
    """The id of the move's internal form."""
    return action_table().id_of(code_of(move))


def legal_actions(state: TranglarState) -> list[int]:
    """The ids of the legal moves' internal forms (which the rules keep with the moves),
    sorted: the rules list the moves in another order."""
    ids = action_table().ids
    return sorted(ids[code] for code in state._legal_table().values())


def action_move(state: TranglarState, action: int) -> TranglarMove | None:
    """The move of the internal form numbered ``action`` if it is legal."""
    move = move_of(action_table().key_of(action))
    return move if move in state._legal_table() else None


def observation_planes(state: TranglarState, seat: int) -> ObservationPlanes:
    """Over the 64 cells (in ``BOARD.cells`` order): the cells of ``seat``, of the opponent and
    of the neutral pieces, the lowest cell of each piece (which outlines the pieces) and a
    plane per kind of piece; then each seat's reserve by kind (``seat`` first), the large
    neutral pieces still to place (G, H), the passes in a row, the quiet turns and the seat to
    move."""
    pieces = state.pieces.values()
    other = 1 - seat
    return ObservationPlanes(
        (
            bit_plane("cells of +0", state.owned[seat], CELLS),
            bit_plane("cells of +1", state.owned[other], CELLS),
            bit_plane("neutral cells", state.owned[2], CELLS),
            bit_plane("piece anchors", mask(state.pieces), CELLS),
            *(
                bit_plane(
                    f"kind {kind.code}",
                    sum(cells for k, _, cells in pieces if k == index),
                    CELLS,
                )
                for index, kind in enumerate(KINDS)
            ),
            Plane("reserve of +0", tuple(float(n) for n in state.reserve[seat])),
            Plane("reserve of +1", tuple(float(n) for n in state.reserve[other])),
            Plane("to place", tuple(float(kind in state.to_place) for kind in BIG_NEUTRAL)),
            Plane("passes", (float(state.passes),)),
            Plane("quiet turns", (float(state.quiet),)),
            one_hot("to move", relative(seat, state.to_move, 2), 2),
        )
    )
