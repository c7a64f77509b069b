"""Trugo's action ids and observation planes, for learning libraries.

The layout grows, so ids use absolute places: the tiles and junctions of the game's
:class:`~trigames.geometry.honeycomb.TileWindow`, every cell within ``tiles`` steps of the first
tile (a layout of at most ``tiles`` tiles cannot reach further), numbered in reading order.
With ``T`` cells, ``J`` junctions and ``P`` pieces per player (option ``pieces``):

- ``3 * t + o``: place a tile on cell ``t``, light cap in orientation ``o`` (e, nw, sw);
- ``3T + t``: remove the tile on cell ``t``;
- ``4T + k * J + d``: move the mover's ``k``-th piece, counting the junctions whose top piece
  is theirs in id order (there are never more than ``P``), to junction ``d``;
- ``4T + P * J``: pass.

>>> import trigames
>>> game = trigames.load_game("trugo(tiles=3,pieces=2)")
>>> state = game.new_initial_state()
>>> game.num_actions(), game.legal_actions(state)
(341, [54, 55, 56])
>>> game.observation_planes(state, 0).names
('tiles e', 'tiles nw', 'tiles sw', 'top of +0', 'top of +1', 'bottom of +0', 'bottom of +1', \
'pool', 'pieces in hand', 'quiet turns', 'to move')
"""

from __future__ import annotations

from collections.abc import Iterable

from trigames.core.actions import ObservationPlanes, Plane, one_hot, per_seat, relative
from trigames.games.trugo.board import MOVE, ORIENTATION_NAMES, PASS, PLACE, REMOVE, TrugoMove
from trigames.games.trugo.rules import Code, TrugoRules, TrugoState
from trigames.geometry.honeycomb import ORIENTATIONS


def num_actions(game: TrugoRules) -> int:
    """Placements, removals, piece moves and the pass."""
    w = game.window
    return (ORIENTATIONS + 1) * len(w.tiles) + game.pieces * len(w.junctions) + 1


def max_game_length(game: TrugoRules) -> None:
    """No bound short of the repetition rule: pieces may move back and forth while waxing."""
    return None


def _ids(state: TrugoState, codes: Iterable[Code]) -> list[int]:
    """The ids of moves in their internal form."""
    tiles, junctions = len(state.window.tiles), len(state.window.junctions)
    base = (ORIENTATIONS + 1) * tiles
    ranks: dict[int, int] | None = None
    found = []
    for kind, a, b in codes:
        if kind == PLACE:
            found.append(ORIENTATIONS * a + b)
        elif kind == REMOVE:
            found.append(ORIENTATIONS * tiles + a)
        elif kind == MOVE:
            if ranks is None:
                assert state.to_move is not None
                ranks = {s: k for k, s in enumerate(sorted(state.tops[state.to_move]))}
            found.append(base + ranks[a] * junctions + b)
        else:
            found.append(base + state.game.pieces * junctions)
    return found


def action_id(state: TrugoState, move: TrugoMove) -> int:
    """The id of the move's internal form (see the module's description)."""
    return _ids(state, [state.code_of(move)])[0]


def legal_actions(state: TrugoState) -> list[int]:
    """The ids of the legal moves, in the order the rules list them, which is the ids' order:
    tiles by cell (then orientation), then pieces by junction (then destination), or the pass.
    """
    return _ids(state, state._legal_table().values())


def action_move(state: TrugoState, action: int) -> TrugoMove | None:
    """The move numbered ``action`` if it is legal: the id read back as an internal form."""
    player = state.to_move
    if player is None:
        return None
    tiles, junctions = len(state.window.tiles), len(state.window.junctions)
    base = (ORIENTATIONS + 1) * tiles
    if action < ORIENTATIONS * tiles:
        kind, a, b = PLACE, *divmod(action, ORIENTATIONS)
    elif action < base:
        kind, a, b = REMOVE, action - ORIENTATIONS * tiles, -1
    elif action < base + state.game.pieces * junctions:
        rank, b = divmod(action - base, junctions)
        tops = sorted(state.tops[player])
        if rank >= len(tops):
            return None
        kind, a = MOVE, tops[rank]
    else:
        return PASS if PASS in state._legal_table() else None
    move = state._name(state.names.moves, kind, a, b)
    return move if move in state._legal_table() else None


def observation_planes(state: TrugoState, seat: int) -> ObservationPlanes:
    """Over the window's cells: a plane per orientation marking the tiles lying that way; over
    its junctions: the top pieces of ``seat`` and of the opponent, then the pinned pieces under
    them; then the pool, the pieces in hand (``seat`` first), the waning turns without a capture
    or removal, and the seat to move."""
    other = 1 - seat
    return ObservationPlanes(
        (
            *(
                Plane(f"tiles {name}", tuple(float(o == k) for o in state.orient))
                for k, name in enumerate(ORIENTATION_NAMES)
            ),
            *(
                Plane(f"{layer} of +{k}", tuple(float(p == s) for p in pieces))
                for layer, pieces in (("top", state.top), ("bottom", state.bottom))
                for k, s in enumerate((seat, other))
            ),
            Plane("pool", (float(state.pool),)),
            per_seat("pieces in hand", state.supply, seat),
            Plane("quiet turns", (float(state.quiet),)),
            one_hot("to move", relative(seat, state.to_move, 2), 2),
        )
    )
