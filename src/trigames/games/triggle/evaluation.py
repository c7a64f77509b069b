"""How good a Triggle position is for a seat: the score lead, less the triangles handed over.

A triangle with two sides covered can be closed by the next player, so leaving such
"open gifts" costs half a point each (in the misère game, taking triangles is what hurts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trigames.games.triggle.rules import TriggleState


def evaluate(state: TriggleState, seat: int) -> float:
    """Score lead of ``seat`` (reversed for misère), less half a point per open gift."""
    outcome = state.outcome()
    misere = state.game.misere
    if outcome is not None:
        if seat not in outcome.winners:
            return -1000.0
        return 1000.0 if len(outcome.winners) == 1 else 0.0
    scores = state.scores()
    lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    if misere:
        return -lead
    return lead - 0.5 * state.closable_triangles()
