"""Trugo's action ids and observation planes, for learning libraries.

The layout grows, so tiles are numbered by absolute place: the cells of the game's
:class:`~trigames.geometry.honeycomb.TileWindow`, every cell within ``tiles`` steps of the first
tile (a layout of at most ``tiles`` tiles cannot reach further), in reading order. Pieces only
ever stand on full junctions, and a layout of ``N`` tiles has at most ``2N`` of them (each has
three tiles around it, each tile six corners), so a piece move names where it starts and where
it ends by their ranks among the layout's full junctions, in id order. With ``T`` cells and
``F = 2 * tiles`` (option ``tiles``):

- ``3 * t + o``: place a tile on cell ``t``, light cap in orientation ``o`` (e, nw, sw);
- ``3T + t``: remove the tile on cell ``t``;
- ``4T + i * F + j``: move the piece on the ``i``-th full junction to the ``j``-th;
- ``4T + F * F``: pass.

The default game has 21,173 ids (numbering junctions by place would take hundreds of
thousands, which a learner's output layer and every action mask would carry).

>>> import trigames
>>> game = trigames.load_game("trugo(tiles=3,pieces=2)")
>>> state = game.new_initial_state()
>>> game.num_actions(), game.legal_actions(state)
(185, [54, 55, 56])
>>> game.observation_planes(state, 0).names
('tiles e', 'tiles nw', 'tiles sw', 'top of +0', 'top of +1', 'bottom of +0', 'bottom of +1', \
'pool', 'pieces in hand', 'quiet turns', 'to move')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from trigames.core.actions import ObservationPlanes, Plane, one_hot, per_seat, relative
from trigames.games.trugo.board import MOVE, ORIENTATION_NAMES, PASS, PLACE, REMOVE, TrugoMove
from trigames.games.trugo.rules import Code, TrugoRules, TrugoState
from trigames.geometry.honeycomb import ORIENTATIONS

#: Layouts whose full junctions are kept (:func:`_layout`), before the cache starts afresh.
LAYOUTS_KEPT = 1024


def most_full_junctions(game: TrugoRules) -> int:
    """``F``: a bound on the full junctions of a layout, two a tile of the pool."""
    return 2 * game.tiles


def num_actions(game: TrugoRules) -> int:
    """Placements, removals, piece moves and the pass."""
    return (ORIENTATIONS + 1) * len(game.window.tiles) + most_full_junctions(game) ** 2 + 1


def max_game_length(game: TrugoRules) -> None:
    """No bound short of the repetition rule: pieces may move back and forth while waxing."""
    return None


class _Layout(NamedTuple):
    """A layout's full junctions: in id order, the rank of each, and the first id of the piece
    moves that start there."""

    junctions: list[int]
    ranks: dict[int, int]
    starts: dict[int, int]


_layouts: dict[tuple[int, int], _Layout] = {}


def _layout(state: TrugoState) -> _Layout:
    """The full junctions of the state's layout (kept for the last layouts seen)."""
    key = (state.game.tiles, state.tile_hash)  # the window is the pool's: ``tiles`` steps
    found = _layouts.get(key)
    if found is None:
        junctions = sorted(state.fulls)
        base = (ORIENTATIONS + 1) * len(state.window.tiles)
        most = most_full_junctions(state.game)
        found = _Layout(
            junctions,
            dict(zip(junctions, range(len(junctions)), strict=True)),
            dict(zip(junctions, range(base, base + most * len(junctions), most), strict=True)),
        )
        if len(_layouts) >= LAYOUTS_KEPT:
            _layouts.clear()
        _layouts[key] = found
    return found


def _ids(state: TrugoState, codes: Iterable[Code]) -> list[int]:
    """The ids of moves in their internal form."""
    removal = ORIENTATIONS * len(state.window.tiles)
    most = most_full_junctions(state.game)
    base = removal + len(state.window.tiles)
    _, ranks, starts = _layout(state)
    place, move, remove, last = PLACE, MOVE, REMOVE, base + most * most
    return [
        ORIENTATIONS * a + b
        if kind == place
        else starts[a] + ranks[b]
        if kind == move
        else removal + a
        if kind == remove
        else last
        for kind, a, b in codes
    ]


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
    tiles = len(state.window.tiles)
    base = (ORIENTATIONS + 1) * tiles
    most = most_full_junctions(state.game)
    if action < ORIENTATIONS * tiles:
        kind, a, b = PLACE, *divmod(action, ORIENTATIONS)
    elif action < base:
        kind, a, b = REMOVE, action - ORIENTATIONS * tiles, -1
    elif action < base + most * most:
        junctions = _layout(state).junctions
        start, end = divmod(action - base, most)
        if end >= len(junctions) or start >= len(junctions):
            return None
        kind, a, b = MOVE, junctions[start], junctions[end]
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
