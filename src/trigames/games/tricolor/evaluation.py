"""How good a Tricolor position is for a seat: the score lead, and who moves next.

Keeping the turn (an extra move) is worth half a point; handing the turn over costs as much.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trigames.core.protocol import score_lead

if TYPE_CHECKING:
    from trigames.games.tricolor.rules import TricolorState


def heuristic(state: TricolorState, seat: int) -> float:
    """Score lead of ``seat``, plus half a point if ``seat`` is to move."""
    return score_lead(state, seat) + (0.5 if state.current_player == seat else -0.5)
