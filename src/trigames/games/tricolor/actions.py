"""Tricolor's action ids and observation planes, for learning libraries.

Action ``i`` is the lozenge ``board.lozenges[i]``: every lozenge position of the board, in the
order of :class:`~trigames.games.tricolor.board.TricolorBoard` (132 on the standard board).

>>> import trigames
>>> game = trigames.load_game("tricolor")
>>> state = game.new_initial_state()
>>> game.num_actions(), game.action_of(state, state.parse_move("D4-D5"))
(132, 49)
>>> obs = game.observation_planes(state, 1)
>>> obs.names
('pieces of +0', 'pieces of +1', 'due colour', 'scores', 'to move')
>>> obs.shapes, obs.planes[-1].values
(((132,), (132,), (3,), (2,), (2,)), (0.0, 1.0))
"""

from __future__ import annotations

from trigames.core.actions import (
    ObservationPlanes,
    one_hot,
    per_seat,
    relative,
    seats_from,
    value_plane,
)
from trigames.core.bits import bits
from trigames.games.tricolor.board import Lozenge
from trigames.games.tricolor.rules import TricolorRules, TricolorState


def num_actions(game: TricolorRules) -> int:
    """One action per lozenge position."""
    return len(game.board.lozenges)


def max_game_length(game: TricolorRules) -> int:
    """Every move covers two of the board's triangles."""
    return len(game.board.triangles) // 2


def action_id(state: TricolorState, move: Lozenge) -> int:
    """The lozenge's index on the board."""
    return state.board.lozenge_index[move]


def legal_actions(state: TricolorState) -> list[int]:
    """The legal lozenges' indices: the bits of the legal mask, smallest first."""
    return bits(state.legal_mask())


def legal_action_bits(state: TricolorState) -> int:
    """The legal lozenges' indices as the bits of the legal mask."""
    return state.legal_mask()


def action_move(state: TricolorState, action: int) -> Lozenge | None:
    """The lozenge numbered ``action`` if it is legal."""
    return state.board.lozenges[action] if state.legal_mask() >> action & 1 else None


def observation_planes(state: TricolorState, seat: int) -> ObservationPlanes:
    """The pieces each seat placed (one plane per seat, counted from ``seat``), the colour due
    (orange, green, yellow), the scores and the seat to move."""
    players = state.game.num_players
    pieces = tuple(
        value_plane(f"pieces of +{k}", state.placed_by, s)
        for k, s in enumerate(seats_from(seat, players))
    )
    return ObservationPlanes(
        (
            *pieces,
            one_hot("due colour", state.due, 3),
            per_seat("scores", state.points, seat),
            one_hot("to move", relative(seat, state.to_move, players), players),
        )
    )
