"""How good a Tricolor position is for a seat: the score lead, the turn, and what it gives away.

Besides the score lead, the player to move holds what the legal lozenges (those of the colour
due) do at once:

- **turn**: the turn itself (the last move of the game scores);
- **ready**: the lozenges that complete a star or a hexagon (a point each), at most two
  counted;
- **extra**: the lozenges that earn another move (they complete a crown or a star and neither
  a hexagon nor an empty triangle), at most two counted;
- **cost**: the fewest empty triangles one of them leaves (a point lost each): when every
  lozenge due leaves one, the player to move must lose a point.

Each counts, times its weight (:data:`~trigames.games.tricolor.native.EVALUATION_WEIGHTS`,
tuned by self-play with ``benchmarks/tune.py`` from the hand-set 0.3 for the turn and 0.6 a
ready lozenge: now 0.3 for the turn, a ready lozenge and an extra move, 0 for the cost), for
the seat to move and against every other seat. The native kernel's ``tricolor_evaluate``
states the same evaluation (``strong(eval=game)`` searches with it natively), and
``tests/native`` proves the two equal.

>>> import trigames
>>> state = trigames.load_game("tricolor").new_initial_state()
>>> look(state)
Look(ready=0, extra=0, cost=0)
>>> heuristic(state, 0), heuristic(state, 1)
(0.3, -0.3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from trigames.core.bits import bits
from trigames.core.protocol import score_lead
from trigames.games.tricolor.board import CROWN, HEXAGON, STAR
from trigames.games.tricolor.native import EVALUATION_WEIGHTS
from trigames.games.tricolor.rules import TricolorState


class Look(NamedTuple):
    """What the legal lozenges of a position do at once (see the module)."""

    ready: int
    extra: int
    cost: int


def look(state: TricolorState) -> Look:
    """The ready lozenges, the extra moves and the cost of ``state`` (uncapped)."""
    board = state.board
    placed, covered = state.placed, state.covered
    neighbours = board.triangle_neighbours
    ready = extra = 0
    cost: int | None = None
    for i in bits(state.legal_mask()):
        kinds = {
            kind
            for kind, _, lozenges in board.configurations_of[i]
            if (placed | 1 << i) & lozenges == lozenges
        }
        after = covered | board.lozenge_mask[i]
        empties = sum(
            1
            for t in board.lozenge_border[i]
            if not after >> t & 1 and after & neighbours[t] == neighbours[t]
        )
        ready += STAR in kinds or HEXAGON in kinds
        extra += bool(kinds & {CROWN, STAR}) and HEXAGON not in kinds and not empties
        cost = empties if cost is None else min(cost, empties)
    return Look(ready, extra, cost or 0)


def heuristic(
    state: TricolorState, seat: int, weights: Sequence[float] = EVALUATION_WEIGHTS
) -> float:
    """Score lead of ``seat``, plus (for the seat to move) or minus (for the others) the
    weighted turn, ready lozenges, extra moves and cost (see the module)."""
    found = look(state)
    hold = (
        weights[0]
        + weights[1] * min(found.ready, 2)
        + weights[2] * min(found.extra, 2)
        + weights[3] * found.cost
    )
    return score_lead(state, seat) + (hold if state.current_player == seat else -hold)
