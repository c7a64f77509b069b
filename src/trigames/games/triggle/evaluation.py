"""How good a Triggle position is for a seat: the score lead, and what the next move gives away.

A triangle with two sides covered can be closed by the next player's band. Whoever is to move
can take such "open gifts", so they count half a point each for the seat to move and against
every other seat (the computer players' search looks further than that itself). In the misère
game taking triangles is what hurts, so the lead counts reversed and gifts count the other way.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for band in ["D1-D4", "A1-D1"]:
...     state.play(band)
>>> heuristic(state, 0), heuristic(state, 1)  # Blue to move can close C1-D1-D2
(0.5, -0.5)
"""

from __future__ import annotations

from trigames.core.protocol import score_lead
from trigames.games.triggle.rules import TriggleState

#: Worth of one triangle that the player to move can close.
GIFT = 0.5


def heuristic(state: TriggleState, seat: int) -> float:
    """Score lead of ``seat`` (reversed for misère), plus or minus the open gifts."""
    lead = score_lead(state, seat)
    gifts = GIFT * state.closable_triangles()
    if state.current_player != seat:
        gifts = -gifts
    if state.game.misere:
        return -lead - gifts
    return lead + gifts
