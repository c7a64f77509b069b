"""Triggle's action ids and observation planes, for learning libraries.

Action ``i`` is the band ``board.bands[i]``: every band position of the board, in the order
of :class:`~trigames.games.triggle.board.TriggleBoard` (48 on the standard board).

>>> import trigames
>>> game = trigames.load_game("triggle")
>>> state = game.new_initial_state()
>>> game.num_actions(), game.action_of(state, state.parse_move("A1-A4"))
(48, 0)
>>> obs = game.observation_planes(state, 0)
>>> obs.names
('covered segments', 'bands', 'triangles of +0', 'triangles of +1', 'markers left', 'to move')
>>> obs.shapes
((90,), (48,), (54,), (54,), (2,), (2,))
"""

from __future__ import annotations

from trigames.core.actions import (
    ObservationPlanes,
    bit_plane,
    one_hot,
    per_seat,
    relative,
    seats_from,
    value_plane,
)
from trigames.core.bits import bits
from trigames.games.triggle.board import Band
from trigames.games.triggle.rules import TriggleRules, TriggleState


def num_actions(game: TriggleRules) -> int:
    """One action per band position."""
    return len(game.board.bands)


def max_game_length(game: TriggleRules) -> int:
    """Every move lays a band on a new position."""
    return len(game.board.bands)


def action_id(state: TriggleState, move: Band) -> int:
    """The band's index on the board."""
    return state.board.band_index[move]


def legal_actions(state: TriggleState) -> list[int]:
    """The legal bands' indices: the bits of the legal mask, smallest first."""
    return [] if state.to_move is None else bits(state.legal)


def legal_action_bits(state: TriggleState) -> int:
    """The legal bands' indices as the bits of the legal mask."""
    return 0 if state.to_move is None else state.legal


def action_move(state: TriggleState, action: int) -> Band | None:
    """The band numbered ``action`` if it is legal."""
    if state.to_move is None or not state.legal >> action & 1:
        return None
    return state.board.bands[action]


def observation_planes(state: TriggleState, seat: int) -> ObservationPlanes:
    """Covered segments, placed bands, each seat's triangles, markers left and the seat to
    move, seats counted from ``seat``."""
    board = state.board
    players = state.game.num_players
    triangles = tuple(
        value_plane(f"triangles of +{k}", state.owner, s)
        for k, s in enumerate(seats_from(seat, players))
    )
    return ObservationPlanes(
        (
            bit_plane("covered segments", state.covered, len(board.segments)),
            bit_plane("bands", state.placed, len(board.bands)),
            *triangles,
            per_seat("markers left", state.markers, seat),
            one_hot("to move", relative(seat, state.to_move, players), players),
        )
    )
