"""How good a Triggle position is for a seat: the score lead, and the threats on the board.

A band covers at most one side of any triangle (its three segments run in one direction, a
triangle's sides in three), and closing a triangle gives no extra move. So what matters
besides the score is who can take what next, and who will run out of harmless moves first.
The evaluation counts, besides the score lead:

- **gifts**: unclaimed triangles with one side left uncovered, under a legal band: the
  player to move can close them;
- **take**: the most triangles one legal band closes now;
- **parity**: the legal bands that are *safe* (they close nothing and leave no triangle with
  one side uncovered), +1 when there is an odd number of them, -1 when even: with an odd
  number the player to move can, roughly, play the last safe band and make the other give
  triangles away (safe bands spoil one another, so this is a guess the weights temper);
- **half**: triangles with two sides uncovered, which a careless band turns into gifts.

Each counts, times its weight (:data:`~trigames.games.triggle.native.EVALUATION_WEIGHTS`,
tuned by self-play with ``benchmarks/tune.py``, data in ``benchmarks/data/tuning/``), for the
seat to move and against every other seat. In the misère game taking triangles is what hurts,
so everything counts reversed. The native kernel's ``triggle_evaluate`` states the same
evaluation (``strong(eval=game)`` searches with it natively), and ``tests/native`` proves the
two equal.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for band in ["D1-D4", "A1-D1"]:
...     state.play(band)
>>> features(state)  # Blue to move can close C1-D1-D2
Features(gifts=1, take=1, safe=6, half=7)
>>> heuristic(state, 0, (0.5, 0.25, 0.1, 0.0)), heuristic(state, 1, (0.5, 0.25, 0.1, 0.0))
(0.65, -0.65)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from trigames.core.bits import bits
from trigames.core.protocol import score_lead
from trigames.games.triggle.native import EVALUATION_WEIGHTS
from trigames.games.triggle.rules import TriggleState


class Features(NamedTuple):
    """What the evaluation counts on a position, besides the score (see the module)."""

    gifts: int
    take: int
    safe: int
    half: int


def features(state: TriggleState) -> Features:
    """The threats on ``state``'s board (see the module)."""
    board = state.board
    covered = state.covered
    band_segments, band_triangles = board.band_segments, board.band_triangles
    triangle_segments = board.triangle_segments
    reach = take = safe = 0
    for i in bits(state.legal):
        segments = band_segments[i]
        reach |= segments
        closes = gives = 0
        for t in band_triangles[i]:
            missing = triangle_segments[t] & ~covered
            if missing & segments:
                left = (missing & ~segments).bit_count()
                closes += left == 0
                gives += left == 1
        take = max(take, closes)
        safe += closes == 0 and gives == 0
    gifts = half = 0
    for sides in triangle_segments:
        missing = sides & ~covered
        left = missing.bit_count()
        gifts += left == 1 and missing & reach != 0
        half += left == 2
    return Features(gifts, take, safe, half)


def heuristic(
    state: TriggleState, seat: int, weights: Sequence[float] = EVALUATION_WEIGHTS
) -> float:
    """Score lead of ``seat``, plus (for the seat to move) or minus (for the others) the
    weighted gifts, take, parity of safe bands and half-open triangles; all reversed in
    misère."""
    found = features(state)
    parity = 1 if found.safe % 2 else -1
    hold = (
        weights[0] * found.gifts
        + weights[1] * found.take
        + weights[2] * parity
        + weights[3] * found.half
    )
    value = score_lead(state, seat) + (hold if state.current_player == seat else -hold)
    return -value if state.game.misere else value
