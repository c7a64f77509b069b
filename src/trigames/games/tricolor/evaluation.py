"""How good a Tricolor position is for a seat: the score lead, and who moves next.

Keeping the turn (an extra move) is worth half a point; handing the next player a free
crown or star is the same half point the other way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trigames.games.tricolor.rules import TricolorState


def evaluate(state: TricolorState, seat: int) -> float:
    """Score lead of ``seat``, plus half a point if ``seat`` is to move."""
    outcome = state.outcome()
    if outcome is not None:
        if seat not in outcome.winners:
            return -1000.0
        return 1000.0 if len(outcome.winners) == 1 else 0.0
    scores = state.scores()
    lead = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
    return lead + (0.5 if state.current_player == seat else -0.5)
