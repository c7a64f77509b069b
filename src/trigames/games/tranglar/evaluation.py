"""A first TRANGLAR heuristic: area, less the pieces one side away from being trapped.

Wins and losses are judged by the protocol before this is asked.
"""

from __future__ import annotations

from trigames.games.tranglar.board import BOARD, PARALLELOGRAMS
from trigames.games.tranglar.rules import TranglarState


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


def heuristic(state: TranglarState, seat: int) -> float:
    """``seat``'s cells minus the opponent's, and half the cells each side has exposed."""
    s0, s1 = state.scores()
    lead = (s0 - s1) if seat == 0 else (s1 - s0)
    return lead - (exposed(state, seat) - exposed(state, 1 - seat)) / 2
