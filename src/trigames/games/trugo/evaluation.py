"""A first Trugo heuristic: the piece balance.

Wins and losses are judged by the protocol before this is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trigames.games.trugo.rules import TrugoState


def heuristic(state: TrugoState, seat: int) -> float:
    """``seat``'s pieces on the board minus the opponent's (pieces in hand count half)."""
    mine = state.count[seat] + state.supply[seat] / 2
    theirs = state.count[1 - seat] + state.supply[1 - seat] / 2
    return mine - theirs
