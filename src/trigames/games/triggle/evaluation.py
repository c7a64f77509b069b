"""How good a Triggle position is for a seat: the score lead, and the threats on the board.

A band covers at most one side of any triangle (its three segments run in one direction, a
triangle's sides in three), and closing a triangle gives no extra move. A band is *safe* when
it closes nothing and leaves no triangle with one side uncovered (every side it covers belongs
to triangles with all three sides still uncovered). So besides the score, what matters is who
can take what next, and who runs out of safe bands first and must give triangles away. The
evaluation counts, besides the score lead:

- **gifts**: triangles with one side uncovered, under a legal band: the player to move can
  close them;
- **take**: the most triangles one legal band closes now;
- **parity**: in a quiet position (no band closes anything), the safe bands are laid out one
  a turn, the mildest first (the one leaving the fewest triangles with two sides uncovered),
  until none is left; if that happens within :data:`RUN_LIMIT` bands, parity is +1 when the
  player to move lays the last one (an odd run) and -1 when they are the first to have none
  (an even run, none at all included), else 0 (too far to tell);
- **forced**: parity times the *cost* then, the fewest triangles a band must leave with one
  side uncovered once no safe band is left: what the player who runs out first gives away.

Each counts, times its weight (:data:`~trigames.games.triggle.native.EVALUATION_WEIGHTS`;
``benchmarks/tune.py`` tunes them by self-play, its data in ``benchmarks/data/tuning/``), for
the seat to move and against every other seat. In the misère game taking triangles is what
hurts, so everything counts reversed. The native kernel's ``triggle_evaluate`` states the same
evaluation (``strong(eval=game)`` searches with it natively), and ``tests/native`` proves the
two equal on random positions.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for band in ["D1-D4", "A1-D1"]:
...     state.play(band)
>>> features(state)  # Blue to move can close C1-D1-D2; not quiet, so no parity
Features(gifts=1, take=1, parity=0, forced=0)
>>> heuristic(state, 0, (0.5, 0.25, 0.0, 0.0)), heuristic(state, 1, (0.5, 0.25, 0.0, 0.0))
(0.75, -0.75)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from trigames.core.bits import bits
from trigames.core.protocol import score_lead
from trigames.core.swap import Swap
from trigames.games.triggle.board import Band
from trigames.games.triggle.native import EVALUATION_WEIGHTS
from trigames.games.triggle.rules import TriggleState

#: The longest run of safe bands the evaluation plays out (``TRIGGLE_RUN_LIMIT`` in the kernel).
RUN_LIMIT = 8


class Look(NamedTuple):
    """One look at the legal bands of a position (see :func:`look`)."""

    gifts: int
    take: int
    safe: int
    cost: int
    mild: int  # the safe band leaving the fewest triangles with two sides uncovered; -1: none


def look(state: TriggleState) -> Look:
    """The threats on ``state``'s board (see the module). A band covers at most one side of a
    triangle, so a band covering an uncovered side of a triangle with ``left`` sides uncovered
    leaves it ``left - 1``."""
    board = state.board
    covered = state.covered
    band_segments, band_triangles = board.band_segments, board.band_triangles
    triangle_segments = board.triangle_segments
    left = [(sides & ~covered).bit_count() for sides in triangle_segments]
    reach = take = safe = cost = 0
    mild, mildest = -1, 0
    for i in bits(state.legal):
        uncovered = band_segments[i] & ~covered
        reach |= band_segments[i]
        closes = gives = halves = 0
        for t in band_triangles[i]:
            if triangle_segments[t] & uncovered:
                closes += left[t] == 1
                gives += left[t] == 2
                halves += left[t] == 3
        take = max(take, closes)
        if closes == 0 and gives == 0:
            safe += 1
            if mild < 0 or halves < mildest:
                mild, mildest = i, halves
        elif closes == 0 and (cost == 0 or gives < cost):
            cost = gives
    gifts = sum(
        1
        for sides, n in zip(triangle_segments, left, strict=True)
        if n == 1 and sides & ~covered & reach
    )
    return Look(gifts, take, safe, cost, mild)


class Features(NamedTuple):
    """What the evaluation counts besides the lead, for the player to move (see the module)."""

    gifts: int
    take: int
    parity: int
    forced: int


def features(state: TriggleState) -> Features:
    """Gifts and take of ``state``, and, for a quiet position whose safe bands run out within
    :data:`RUN_LIMIT` of them (laid one a turn, the mildest first), the parity of that run and
    the cost then forced on whoever moves (0 otherwise)."""
    found = look(state)
    parity = forced = 0
    if found.take == 0 and found.safe <= 3 * RUN_LIMIT:
        now, laid = found, 0
        while laid <= RUN_LIMIT:
            if state.current_player is None or now.safe == 0:
                parity = 1 if laid % 2 else -1
                forced = 0 if state.current_player is None else parity * now.cost
                break
            if laid == RUN_LIMIT:
                break
            state.play(state.board.bands[now.mild])
            laid += 1
            if state.current_player is not None:
                now = look(state)
        for _ in range(laid):
            state.undo()
    return Features(found.gifts, found.take, parity, forced)


def heuristic(
    state: TriggleState, seat: int, weights: Sequence[float] = EVALUATION_WEIGHTS
) -> float:
    """Score lead of ``seat``, plus (for the seat to move) or minus (for the others) the weighted
    gifts, take, parity and forced (see the module); all reversed in misère."""
    found = features(state)
    hold = (
        weights[0] * found.gifts
        + weights[1] * found.take
        + weights[2] * found.parity
        + weights[3] * found.forced
    )
    value = score_lead(state, seat) + (hold if state.current_player == seat else -hold)
    return -value if state.game.misere else value


def tactics(state: TriggleState, move: Band | Swap) -> tuple[int, int]:
    """What the band does at once: the triangles it closes (claims), and the triangles it
    leaves with one side open, which the opponent can close next (gives). A swap does
    neither: the first band closes nothing.

    >>> import trigames
    >>> state = trigames.load_game("triggle").new_initial_state()
    >>> tactics(state, state.parse_move("A1-D1"))
    (0, 0)
    """
    if isinstance(move, Swap):
        return 0, 0
    board = state.board
    i = board.band_index[move]
    covered = state.covered
    after = covered | board.band_segments[i]
    owner = state.owner
    sides_of = board.triangle_segments
    claims = gives = 0
    for t in board.band_triangles[i]:
        if owner[t] >= 0:
            continue
        sides = sides_of[t]
        left = (sides & ~after).bit_count()
        if left == 0:
            if covered & sides != sides:
                claims += 1
        elif left == 1 and (sides & ~covered).bit_count() == 2:
            gives += 1
    return claims, gives
