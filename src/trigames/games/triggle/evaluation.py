"""How good a Triggle position is for a seat: the score lead, less the triangles handed over.

A triangle with two sides covered can be closed by the next player, so leaving such
"open gifts" costs half a point each (in the misère game, taking triangles is what hurts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trigames.core.protocol import score_lead

if TYPE_CHECKING:
    from trigames.games.triggle.rules import TriggleState


def heuristic(state: TriggleState, seat: int) -> float:
    """Score lead of ``seat`` (reversed for misère), less half a point per open gift."""
    lead = score_lead(state, seat)
    if state.game.misere:
        return -lead
    return lead - 0.5 * state.closable_triangles()
