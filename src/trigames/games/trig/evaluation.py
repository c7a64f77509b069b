"""A first Trig heuristic: the peg balance, so that captures count.

Wins and losses are judged by the protocol before this is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trigames.games.trig.rules import TrigState


def heuristic(state: TrigState, seat: int) -> float:
    """``seat``'s pegs minus the opponent's."""
    return state.pegs[seat].bit_count() - state.pegs[1 - seat].bit_count()
