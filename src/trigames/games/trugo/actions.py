"""Trugo's action ids and observation planes, for learning libraries.

The layout grows and drifts, so a move names its cells and junctions by their ranks, in id
order, among those of the layout that can take part in it, each kind with a bound of its own
(with ``N`` tiles in the pool, option ``tiles``):

- ``P = 2N + 2`` frontier cells: while the pool lasts at most ``N - 1`` tiles lie, and ``n``
  connected cells have at most ``2n + 4`` empty neighbours (a straight row has that many);
- ``N`` tiles of the layout;
- ``F`` full junctions, where pieces stand: ``n`` tiles make at most ``2n + 1 - ceil(sqrt(12n -
  3))`` of them (:func:`~trigames.games.trugo.rules.most_full_junctions`; 52 for 36 tiles).

With those:

- ``3 * k + o``: place a tile on the ``k``-th frontier cell, light cap in orientation ``o``
  (e, nw, sw);
- ``3P + k``: remove the ``k``-th tile of the layout;
- ``3P + N + i * F + j``: move the piece on the ``i``-th full junction to the ``j``-th;
- ``3P + N + F * F``: pass.

Cells and junctions keep their absolute places in the observation planes (the cells within
``N`` steps of the first tile, and their corners, in reading order), from which the ranks
follow. The default game has 2,963 ids. Numbering the moves by absolute place would take
hundreds of thousands, most of them on cells and junctions far from any layout, and every
action mask and a learner's output layer would carry them.

>>> import trigames
>>> game = trigames.load_game("trugo(tiles=3,pieces=2)")
>>> state = game.new_initial_state()
>>> game.num_actions(), game.legal_actions(state)
(29, [0, 1, 2])
>>> game.observation_planes(state, 0).names
('tiles e', 'tiles nw', 'tiles sw', 'top of +0', 'top of +1', 'bottom of +0', 'bottom of +1', \
'pool', 'pieces in hand', 'quiet turns', 'to move')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import islice
from typing import NamedTuple

from trigames.core.actions import (
    ObservationPlanes,
    Plane,
    one_hot,
    per_seat,
    relative,
    value_plane,
)
from trigames.games.trugo.board import MOVE, ORIENTATION_NAMES, PASS, PLACE, REMOVE, TrugoMove
from trigames.games.trugo.rules import Code, TrugoRules, TrugoState, most_full_junctions
from trigames.geometry.honeycomb import ORIENTATIONS

#: Layouts whose ranks are kept (:func:`_ranks`), before the caches start afresh.
LAYOUTS_KEPT = 1024


class _Firsts(NamedTuple):
    """The first id of each kind of move and of the pass, and ``F`` (piece moves from one
    junction)."""

    removal: int
    move: int
    passing: int
    most: int


@cache
def _firsts(tiles: int) -> _Firsts:
    """The numbering of a game with ``tiles`` tiles (kept: it is read for every id)."""
    removal = ORIENTATIONS * (2 * tiles + 2)  # ``3P``
    move = removal + tiles
    most = most_full_junctions(tiles)
    return _Firsts(removal, move, move + most * most, most)


def num_actions(game: TrugoRules) -> int:
    """Placements, removals, piece moves and the pass.

    >>> import trigames
    >>> num_actions(trigames.load_game("trugo"))
    2963
    """
    return _firsts(game.tiles).passing + 1


def max_game_length(game: TrugoRules) -> None:
    """No bound short of the repetition rule: pieces may move back and forth while waxing."""
    return None


class _Ranks(NamedTuple):
    """Cells or junctions in id order, and the rank of each."""

    order: list[int]
    ranks: dict[int, int]


_junction_ranks: dict[tuple[int, int], _Ranks] = {}
_tile_ranks: dict[tuple[int, int], _Ranks] = {}


def _ranks(cache: dict[tuple[int, int], _Ranks], state: TrugoState, items: set[int]) -> _Ranks:
    """The ranks of ``items``, a set that the layout determines (the full junctions or the
    tiles), kept in ``cache`` for the last layouts seen."""
    key = (state.game.tiles, state.tile_hash)  # the window is the pool's: ``tiles`` steps
    found = cache.get(key)
    if found is None:
        order = sorted(items)
        found = _Ranks(order, dict(zip(order, range(len(order)), strict=True)))
        if len(cache) >= LAYOUTS_KEPT:
            cache.clear()
        cache[key] = found
    return found


def _ids(state: TrugoState, codes: Iterable[Code]) -> list[int]:
    """The ids of removals, piece moves and the pass, given in their internal form."""
    removal, moves, passing, most = _firsts(state.game.tiles)
    junctions = _ranks(_junction_ranks, state, state.fulls).ranks
    if state.pool > 0:  # while the pool lasts a tile can be placed: no removal, no pass
        return [moves + most * junctions[a] + junctions[b] for _, a, b in codes]
    tiles = _ranks(_tile_ranks, state, state.present).ranks
    move, remove = MOVE, REMOVE
    return [
        moves + most * junctions[a] + junctions[b]
        if kind == move
        else removal + tiles[a]
        if kind == remove
        else passing
        for kind, a, b in codes
    ]


def _placements(state: TrugoState) -> int:
    """How many placements are legal: the rules list them first, every orientation on every
    frontier cell in id order, so their ids are ``0`` up to this."""
    return ORIENTATIONS * len(state.frontier) if state.pool > 0 and state.to_move is not None else 0


def action_id(state: TrugoState, move: TrugoMove) -> int:
    """The id of the move's internal form (see the module's description)."""
    kind, a, b = state.code_of(move)
    if kind == PLACE:
        return ORIENTATIONS * sum(1 for t in state.frontier if t < a) + b
    return _ids(state, [(kind, a, b)])[0]


def _legal_ids(state: TrugoState) -> tuple[int, list[int]]:
    """The legal moves' ids: how many placements (ids ``0`` up to that, see
    :func:`_placements`), and the ids of the moves the rules list after them."""
    placements = _placements(state)
    codes = list(islice(state._legal_table().values(), placements, None))
    return placements, _ids(state, codes) if codes else []


def legal_actions(state: TrugoState) -> list[int]:
    """The ids of the legal moves, in the order the rules list them, which is the ids' order:
    tiles by cell (then orientation), then pieces by junction (then destination), or the pass.
    """
    placements, others = _legal_ids(state)
    return [*range(placements), *others]


def legal_action_mask(state: TrugoState) -> bytearray:
    """The legal ids as a mask (see ``Game.legal_action_mask``): the placements in one stroke,
    the other moves one by one.

    >>> import trigames
    >>> state = trigames.load_game("trugo(tiles=3,pieces=2)").new_initial_state()
    >>> [i for i, on in enumerate(legal_action_mask(state)) if on]
    [0, 1, 2]
    """
    mask = bytearray(num_actions(state.game))
    placements, others = _legal_ids(state)
    mask[:placements] = b"\x01" * placements
    for action in others:
        mask[action] = 1
    return mask


def action_move(state: TrugoState, action: int) -> TrugoMove | None:
    """The move numbered ``action`` if it is legal: the id read back as an internal form."""
    if state.to_move is None:
        return None
    table = state._legal_table()
    removal, moves, passing, most = _firsts(state.game.tiles)
    if action < removal:  # the rules list the placements first, in the ids' order
        return next(islice(table, action, None)) if action < _placements(state) else None
    if action < moves:
        tiles = _ranks(_tile_ranks, state, state.present).order
        k = action - removal
        if state.pool > 0 or k >= len(tiles):
            return None
        kind, a, b = REMOVE, tiles[k], -1
    elif action < passing:
        junctions = _ranks(_junction_ranks, state, state.fulls).order
        start, end = divmod(action - moves, most)
        if end >= len(junctions) or start >= len(junctions):
            return None
        kind, a, b = MOVE, junctions[start], junctions[end]
    else:
        return PASS if PASS in table else None
    move = state._name(state.names.moves, kind, a, b)
    return move if move in table else None


def observation_planes(state: TrugoState, seat: int) -> ObservationPlanes:
    """Over the window's cells: a plane per orientation marking the tiles lying that way; over
    its junctions: the top pieces of ``seat`` and of the opponent, then the pinned pieces under
    them; then the pool, the pieces in hand (``seat`` first), the waning turns without a capture
    or removal, and the seat to move."""
    other = 1 - seat
    return ObservationPlanes(
        (
            *(
                value_plane(f"tiles {name}", state.orient, k)
                for k, name in enumerate(ORIENTATION_NAMES)
            ),
            *(
                value_plane(f"{layer} of +{k}", pieces, s)
                for layer, pieces in (("top", state.top), ("bottom", state.bottom))
                for k, s in enumerate((seat, other))
            ),
            Plane("pool", (float(state.pool),)),
            per_seat("pieces in hand", state.supply, seat),
            Plane("quiet turns", (float(state.quiet),)),
            one_hot("to move", relative(seat, state.to_move, 2), 2),
        )
    )
