"""How good a Tricolor position is for a seat: the score lead, the turn, and what it gives away.

Besides the score lead, the player to move holds two things: the turn (worth a third of a
point: the last move of the game scores) and the stars and hexagons that one more lozenge of
the due colour completes (0.6 each, at most two counted), which the next move can take. They
count for the seat to move and against every other seat.

>>> import trigames
>>> state = trigames.load_game("tricolor").new_initial_state()
>>> heuristic(state, 0), heuristic(state, 1)
(0.3, -0.3)
"""

from __future__ import annotations

from functools import lru_cache

from trigames.core.protocol import score_lead
from trigames.games.tricolor.board import HEXAGON, STAR, TricolorBoard
from trigames.games.tricolor.rules import TricolorState

TURN = 0.3
READY = 0.6


@lru_cache(maxsize=8)
def scoring_shapes(board: TricolorBoard) -> tuple[int, ...]:
    """The lozenge masks of every star and hexagon position on ``board`` (kept for the 8 most
    recently used boards)."""
    return tuple(lozenges for kind, _, lozenges in board.configurations if kind in (STAR, HEXAGON))


def ready_points(state: TricolorState) -> int:
    """Distinct lozenges of the due colour that would complete a star or a hexagon now."""
    board = state.board
    placed = state.placed
    due = state.legal_mask()
    ready = 0
    for lozenges in scoring_shapes(board):
        missing = lozenges & ~placed
        if missing and missing & (missing - 1) == 0 and missing & due:
            ready |= missing
    return ready.bit_count()


def heuristic(state: TricolorState, seat: int) -> float:
    """Score lead of ``seat``, plus (or minus) the turn and the points ready to be taken."""
    hold = TURN + READY * min(ready_points(state), 2)
    return score_lead(state, seat) + (hold if state.current_player == seat else -hold)
