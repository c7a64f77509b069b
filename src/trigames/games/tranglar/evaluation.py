"""TRANGLAR's evaluation for the computer players: what each side holds and what it risks.

A position is judged by a few counts for each side (:data:`FEATURES`), each weighed
(:data:`~trigames.games.tranglar.native.EVALUATION_WEIGHTS`), the opponent's counts taken from
the seat's; the units are cells of score lead. The native kernel (``_kernel.c``,
``tl_evaluate``) computes the same counts with the same weights (``tests/native`` proves them
equal), and the ``strong`` player searches on it there.

Wins and losses are judged by the protocol before this is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trigames.games.tranglar.board import BOARD, COLOURED, KINDS, PARALLELOGRAMS, T, tilings
from trigames.games.tranglar.native import EVALUATION_WEIGHTS

if TYPE_CHECKING:
    from trigames.games.tranglar.rules import TranglarState

#: What is counted for a side, in the order of the weights:
#: ``cells`` under its pieces; ``takeable``, the cells of its pieces the opponent's reserve
#: could take over now; ``threat``, the largest of them, counted only when the opponent is to
#: move (it is then about to go); ``exposed``, the cells of its pieces one touching side from
#: being trapped (parallelograms, which never turn, left out); in its reserve, the
#: ``reserve_small`` triangles (which can take over any piece of two cells, and can never be
#: taken over themselves), the ``reserve_pairs`` (pieces of two cells) and the
#: ``reserve_cells`` of its coloured pieces; its ``small_on_board`` triangles; ``spots``, the
#: empty cells where a small triangle of its own would not be trapped; ``tempo``, 1 when it is
#: to move.
FEATURES = (
    "cells",
    "takeable",
    "threat",
    "exposed",
    "reserve_small",
    "reserve_pairs",
    "reserve_cells",
    "small_on_board",
    "spots",
    "tempo",
)

_SIZES = tuple(kind.size for kind in KINDS)


def exposed_pieces(state: TranglarState, seat: int) -> list[int]:
    """The cells (a mask each) of ``seat``'s pieces that one more touching side would trap
    (parallelograms, which never flip, left out; sides touching a neutral piece never count)."""
    enemy, neutral = state.owned[1 - seat], state.owned[2]
    found = []
    for kind, owner, mask in state.pieces.values():
        if owner != seat or kind in PARALLELOGRAMS:
            continue
        placement = BOARD.placement(mask)
        touching = sum(1 for side in placement.sides if side & enemy and not side & neutral)
        if 2 * (touching + 1) > len(placement.sides):
            found.append(mask)
    return found


def exposed(state: TranglarState, seat: int) -> int:
    """Cells of ``seat``'s exposed pieces (see :func:`exposed_pieces`)."""
    return sum(mask.bit_count() for mask in exposed_pieces(state, seat))


def coverable(mask: int, reserve: list[int]) -> bool:
    """Whether ``reserve`` holds two or more pieces covering exactly the cells of ``mask``."""
    return any(all(reserve[kind] >= count for kind, count in need) for _, need in tilings(mask))


def features(state: TranglarState, seat: int) -> list[float]:
    """The counts of :data:`FEATURES` for ``seat``."""
    enemy, neutral = state.owned[1 - seat], state.owned[2]
    theirs = state.reserve[1 - seat]
    takeable = threat = small = 0
    for kind, owner, mask in state.pieces.values():
        if owner != seat:
            continue
        if kind == T:
            small += 1
        elif coverable(mask, theirs):
            takeable += _SIZES[kind]
            threat = max(threat, _SIZES[kind])
    empty = BOARD.all_cells & ~state.occupied
    spots = sum(
        1
        for cell in range(len(BOARD.cells))
        if empty >> cell & 1 and not _trapped_small(1 << cell, enemy, neutral)
    )
    mine = state.reserve[seat]
    return [
        state.owned[seat].bit_count(),
        takeable,
        threat if state.to_move == 1 - seat else 0,
        exposed(state, seat),
        mine[T],
        sum(mine[kind] for kind in COLOURED if _SIZES[kind] == 2),
        sum(mine[kind] * _SIZES[kind] for kind in COLOURED),
        small,
        spots,
        1 if state.to_move == seat else 0,
    ]


def _trapped_small(mask: int, enemy: int, neutral: int) -> bool:
    placement = BOARD.placement(mask)
    touching = sum(1 for side in placement.sides if side & enemy and not side & neutral)
    return 2 * touching > len(placement.sides)


def judge(
    state: TranglarState, seat: int, weights: tuple[float, ...] = EVALUATION_WEIGHTS
) -> float:
    """``seat``'s features less the opponent's, weighed: the kernel's ``evaluate``."""
    mine, theirs = features(state, seat), features(state, 1 - seat)
    value = 0.0
    for weight, a, b in zip(weights, mine, theirs, strict=True):
        value += weight * (a - b)
    return value


def heuristic(state: TranglarState, seat: int) -> float:
    """The game's heuristic: :func:`judge` with the kernel's weights, so that the computer
    players judge a position the same on the Python engine as in the kernel."""
    return judge(state, seat)
