"""Glicko-2 ratings, as in Mark Glickman's "Example of the Glicko-2 system", the way lichess
uses them.

A rating is three numbers: the rating itself (1500 for a newcomer), its deviation (how unsure
it is: the rating is right give or take twice the deviation) and its volatility (how erratic
the player's results are). Each rated game is its own rating period: both players are rated
against each other's rating and deviation, the deviations shrink, and the ratings move by
how much the result surprised. Between games a deviation grows with the time that passed
(fractional rating periods, :data:`RATING_PERIOD_DAYS` each), so an absent player's rating
becomes unsure again. A rating is provisional, shown with "?", while its deviation is at
least :data:`PROVISIONAL_DEVIATION`.

>>> ann, bob = PlayerRating.new(), PlayerRating.new()
>>> ann, bob = rate_game(ann, bob, 1.0, now=1_700_000_000.0)
>>> shown(ann), shown(bob), round(ann.deviation, 1)
('1741?', '1259?', 396.7)

:func:`glicko2` is the paper's update of one rating period; it reproduces the paper's example:

>>> new = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
>>> print(f"{new.rating:.2f} {new.deviation:.2f} {new.volatility:.5f}")
1464.05 151.52 0.06000

(The paper prints 1464.06 and 0.05999: it rounds its intermediate values, e.g. mu' = -0.2069,
before converting them; carried at full precision the same steps give these figures.)

The module is pure: no I/O, no clock (the time is always passed in, in Unix seconds).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

#: A newcomer's rating.
START_RATING = 1500.0
#: A newcomer's deviation: lichess starts everyone at the largest one.
START_DEVIATION = 500.0
#: A newcomer's volatility (lichess's ``defaultVolatility``).
START_VOLATILITY = 0.09
#: The system constant tau, which limits how fast the volatility changes (lichess's).
TAU = 0.75
#: The largest deviation: an unknown player's, which inactivity never exceeds.
MAX_DEVIATION = 500.0
#: The smallest deviation: lichess floors it so that ratings keep moving.
MIN_DEVIATION = 45.0
#: The largest volatility a rated game leaves (lichess's ``maxVolatility``: "past this, it might
#: not stabilize ever again").
MAX_VOLATILITY = 0.1
#: A rating is provisional (shown with "?") while its deviation is at least this.
PROVISIONAL_DEVIATION = 110.0
#: The length of one rating period, in days, for the growth of the deviation with inactivity:
#: lichess's ``ratingPeriodsPerDay = 0.21436`` (one period every 4.67 days), chosen so that a
#: typical deviation of 60 grows to 110 in a year without games.
RATING_PERIOD_DAYS = 1 / 0.21436

#: The range of the numbers :func:`glicko2` accepts: far beyond any real rating, and inside
#: what double precision computes (the update is unbounded: a win over an opponent rated
#: 20 000 points higher would give a volatility near 1e50).
RATING_LIMIT = 10_000.0
DEVIATION_LIMIT = 10_000.0
VOLATILITY_LIMIT = 10.0
TAU_LIMIT = 10.0

#: Glicko-2's scale: 173.7178 (400 / ln 10) Glicko points per unit, centred on 1500.
_SCALE = 173.7178
#: The volatility iteration (the paper's step 5) stops when its bracket is this narrow...
_TOLERANCE = 1e-6
#: ... or after this many steps (ordinary ratings take fewer than 20; see _new_volatility).
_MAX_ITERATIONS = 100
_SECONDS_PER_DAY = 86_400.0


class Glicko(NamedTuple):
    """A rating on the Glicko scale: rating, deviation and volatility."""

    rating: float
    deviation: float
    volatility: float


def glicko2(
    rating: float,
    deviation: float,
    volatility: float,
    results: Sequence[tuple[float, float, float]],
    tau: float = TAU,
) -> Glicko:
    """The rating after one rating period of ``results``, each ``(opponent_rating,
    opponent_deviation, score)`` with score 1 for a win, 0.5 for a draw and 0 for a loss.

    With no results only the deviation grows, by one period of volatility.

    >>> glicko2(1500, 350, 0.06, [(1500, 350, 1)])  # doctest: +ELLIPSIS
    Glicko(rating=1662.3..., deviation=290.3..., volatility=0.05999...)
    >>> glicko2(1500, 50, 0.06, [])  # doctest: +ELLIPSIS
    Glicko(rating=1500.0, deviation=51.07..., volatility=0.06)

    Raises ``ValueError`` for a number that is not finite or out of range (deviation,
    volatility and tau must be positive, a score between 0 and 1; see :data:`RATING_LIMIT`).
    """
    _check_rating("rating", rating)
    _check_positive("deviation", deviation, DEVIATION_LIMIT)
    _check_positive("volatility", volatility, VOLATILITY_LIMIT)
    _check_positive("tau", tau, TAU_LIMIT)
    for index, result in enumerate(results):
        if not isinstance(result, Sequence) or len(result) != 3:
            raise ValueError(
                f"result {index} must be (opponent_rating, opponent_deviation, score), "
                f"not {result!r}"
            )
        opponent_rating, opponent_deviation, score = result
        _check_rating(f"result {index}: opponent rating", opponent_rating)
        _check_positive(f"result {index}: opponent deviation", opponent_deviation, DEVIATION_LIMIT)
        _check_score(f"result {index}: score", score)
    return _update(rating, deviation, volatility, results, tau, periods=1.0)


def _update(
    rating: float,
    deviation: float,
    volatility: float,
    results: Sequence[tuple[float, float, float]],
    tau: float,
    periods: float,
) -> Glicko:
    """The paper's steps 2 to 8 on checked numbers, the deviation growing by ``periods``
    rating periods in step 6 (1 in the paper; 0 when the caller has grown it already).

    The sums are kept as the information ``1/v`` and the gain ``delta/v``, which stay finite
    where ``v`` and ``delta`` would not, and the rating moves by its change on the Glicko
    scale (so a win never lowers it by a rounding error).
    """
    phi = deviation / _SCALE
    if not results:  # step 6 alone: only the deviation grows
        return Glicko(float(rating), _grown(deviation, volatility, periods), float(volatility))
    information = 0.0  # 1/v, step 3
    gain = 0.0  # delta/v, step 4
    for opponent_rating, opponent_deviation, score in results:
        g = 1.0 / math.hypot(1.0, math.sqrt(3.0) * opponent_deviation / _SCALE / math.pi)
        x = g * (rating - opponent_rating) / _SCALE
        expected, unexpected = _logistic(x), _logistic(-x)  # E and 1 - E, both precise
        information += g * g * expected * unexpected
        gain += g * (score * unexpected - (1.0 - score) * expected)
    sigma = _new_volatility(phi, volatility, information, gain, tau)  # step 5
    phi_star = math.hypot(phi, sigma * math.sqrt(periods))  # step 6
    new_phi = phi_star / math.sqrt(1.0 + phi_star * phi_star * information)  # step 7
    return Glicko(rating + _SCALE * new_phi * new_phi * gain, _SCALE * new_phi, sigma)  # step 8


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


def _new_volatility(phi: float, sigma: float, information: float, gain: float, tau: float) -> float:
    """The paper's step 5: the Illinois algorithm on ``f``, multiplied here by ``tau**2`` and
    written with ``1/v`` and ``delta/v`` (the same roots and the same iterates, finite for any
    tau). Bounded: it keeps the root bracketed, and should rounding stall it (only on extreme
    inputs), bisection narrows the bracket to the tolerance.
    """
    a = 2.0 * math.log(sigma)
    base = 1.0 + information * phi * phi  # (phi^2 + v) / v
    excess = gain * gain - information * base  # (delta^2 - phi^2 - v) / v^2

    def f(x: float) -> float:
        y = math.exp(x)
        spread = base + information * y
        return tau * tau * y * (excess - information * information * y) / (
            2.0 * spread * spread
        ) - (x - a)

    if excess > 0.0:
        big_a, big_b = a, math.log(excess) - 2.0 * math.log(information)
    else:
        # f(a - k tau) > 0 once k >= tau / 2 (f's first term exceeds -tau^2 / 2), so k stops there
        k, last = 1, max(1, math.ceil(tau / 2.0))
        while k < last and f(a - k * tau) < 0.0:
            k += 1
        big_a, big_b = a, a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(_MAX_ITERATIONS):
        if abs(big_b - big_a) <= _TOLERANCE or f_b == f_a:
            break
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if _apart(f_c, f_b):
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    else:
        # Only on extreme inputs (a tau or volatility near 0) does rounding stall the secant at
        # one end of the bracket: bisection, halving it every step, finishes in under 40.
        for _ in range(_MAX_ITERATIONS):
            if abs(big_b - big_a) <= _TOLERANCE:
                break
            middle = (big_a + big_b) / 2.0
            f_middle = f(middle)
            if _apart(f_middle, f_b):
                big_a = middle
            else:
                big_b, f_b = middle, f_middle
    # A volatility below the smallest float would be zero: keep it positive.
    return max(math.exp(big_a / 2.0), math.ulp(0.0))


def _apart(p: float, q: float) -> bool:
    """Whether a root lies between points where f is ``p`` and ``q`` (the paper's pq <= 0,
    which an underflowing product would get wrong)."""
    return p == 0.0 or q == 0.0 or (p < 0.0) != (q < 0.0)


def _grown(deviation: float, volatility: float, periods: float) -> float:
    """``deviation`` after ``periods`` rating periods: sqrt(phi^2 + periods * sigma^2) on the
    Glicko-2 scale, computed so that it never falls as ``periods`` grows (nor for 0)."""
    if periods <= 0.0:
        return deviation
    ratio = volatility * _SCALE / deviation
    growth = periods * ratio * ratio
    if math.isfinite(growth):
        return deviation * math.sqrt(1.0 + growth)
    return math.sqrt(periods) * volatility * _SCALE  # beside which the deviation is nothing


def _check_finite(name: str, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a number, not {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, not {value!r}")


def _check_rating(name: str, value: float) -> None:
    _check_finite(name, value)
    if abs(value) > RATING_LIMIT:
        raise ValueError(
            f"{name} must be between {-RATING_LIMIT:g} and {RATING_LIMIT:g}, not {value!r}"
        )


def _check_positive(name: str, value: float, limit: float) -> None:
    _check_finite(name, value)
    if not 0.0 < value <= limit:
        raise ValueError(f"{name} must be greater than 0 and at most {limit:g}, not {value!r}")


def _check_score(name: str, value: float) -> None:
    _check_finite(name, value)
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be between 0 and 1 (1 a win, 0.5 a draw), not {value!r}")


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating in one game: Glicko-2's three numbers, the number of rated games and
    when the last one was rated (Unix seconds; None before the first).

    ``ValueError`` for numbers :func:`glicko2` would refuse, or a negative count of games.

    >>> PlayerRating.new()
    PlayerRating(rating=1500.0, deviation=500.0, volatility=0.09, games=0, last_rated=None)
    """

    rating: float
    deviation: float
    volatility: float
    games: int
    last_rated: float | None

    def __post_init__(self) -> None:
        _check_rating("rating", self.rating)
        _check_positive("deviation", self.deviation, DEVIATION_LIMIT)
        _check_positive("volatility", self.volatility, VOLATILITY_LIMIT)
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 0:
            raise ValueError(f"games must be a whole number at least 0, not {self.games!r}")
        if self.last_rated is not None:
            _check_finite("last_rated", self.last_rated)
            object.__setattr__(self, "last_rated", float(self.last_rated))
        for name in ("rating", "deviation", "volatility"):
            object.__setattr__(self, name, float(getattr(self, name)))

    @classmethod
    def new(cls) -> PlayerRating:
        """A newcomer's rating: 1500, deviation 500, no games."""
        return cls(START_RATING, START_DEVIATION, START_VOLATILITY, 0, None)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (its deviation at least 110).

        >>> PlayerRating.new().provisional, PlayerRating(1500, 60, 0.06, 80, None).provisional
        (True, False)
        """
        return self.deviation >= PROVISIONAL_DEVIATION

    def deviation_at(self, now: float) -> float:
        """The deviation at ``now`` (Unix seconds): grown by one rating period's volatility for
        every :data:`RATING_PERIOD_DAYS` since the last rated game, at most 500.

        >>> year = 365 * 86_400.0
        >>> round(PlayerRating(1500, 60, 0.06, 80, 0.0).deviation_at(year))
        110
        """
        _check_finite("now", now)
        periods = 0.0
        if self.last_rated is not None:
            days = max(0.0, now - self.last_rated) / _SECONDS_PER_DAY
            periods = days / RATING_PERIOD_DAYS
        return min(_grown(self.deviation, self.volatility, periods), MAX_DEVIATION)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dictionary, which :meth:`from_json` reads back exactly.

        >>> PlayerRating.from_json(PlayerRating.new().to_json()) == PlayerRating.new()
        True
        """
        return {
            "rating": self.rating,
            "deviation": self.deviation,
            "volatility": self.volatility,
            "games": self.games,
            "last_rated": self.last_rated,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> PlayerRating:
        """Read :meth:`to_json`'s dictionary; ``ValueError`` if it is not one."""
        if not isinstance(obj, Mapping):
            raise ValueError(f"a rating must be a dictionary, not {type(obj).__name__}")
        expected = {"rating", "deviation", "volatility", "games", "last_rated"}
        if set(obj) != expected:
            raise ValueError(
                f"a rating has exactly the keys {sorted(expected)}, not {sorted(map(str, obj))}"
            )
        return cls(
            obj["rating"], obj["deviation"], obj["volatility"], obj["games"], obj["last_rated"]
        )


def rate_game(
    first: PlayerRating, second: PlayerRating, first_score: float, now: float
) -> tuple[PlayerRating, PlayerRating]:
    """Both players' ratings after a rated game between them that ended at ``now`` (Unix
    seconds), ``first_score`` being 1 if the first won, 0.5 for a draw and 0 if they lost.

    As lichess does, each deviation is first grown by the inactivity since the player's last
    game; each player is then rated against the other's rating and grown deviation, the game
    being its own rating period. Deviations stay within [45, 500] (before the game too) and
    volatilities at most 0.1; ratings stay within +-:data:`RATING_LIMIT`, so that they can
    always be rated again.

    >>> ann, bob = rate_game(PlayerRating.new(), PlayerRating.new(), 0.5, now=0.0)
    >>> ann == bob, ann.rating, round(ann.deviation, 1), ann.games, ann.last_rated
    (True, 1500.0, 396.7, 1, 0.0)
    """
    _check_score("first_score", first_score)
    _check_finite("now", now)
    one_deviation, one_volatility = _before_game(first, now)
    two_deviation, two_volatility = _before_game(second, now)
    # periods=0: the inactivity growth above replaces the paper's one period in step 6
    new_one = _update(
        first.rating,
        one_deviation,
        one_volatility,
        [(second.rating, two_deviation, first_score)],
        TAU,
        periods=0.0,
    )
    new_two = _update(
        second.rating,
        two_deviation,
        two_volatility,
        [(first.rating, one_deviation, 1.0 - first_score)],
        TAU,
        periods=0.0,
    )
    return _rated(first, new_one, now), _rated(second, new_two, now)


def _before_game(player: PlayerRating, now: float) -> tuple[float, float]:
    """The deviation and volatility a player is rated with at ``now``, capped as lichess does."""
    deviation = min(max(player.deviation_at(now), MIN_DEVIATION), MAX_DEVIATION)
    return deviation, min(player.volatility, MAX_VOLATILITY)


def _rated(player: PlayerRating, new: Glicko, now: float) -> PlayerRating:
    return replace(
        player,
        rating=min(max(new.rating, -RATING_LIMIT), RATING_LIMIT),  # a rateable rating
        deviation=min(max(new.deviation, MIN_DEVIATION), MAX_DEVIATION),
        volatility=min(new.volatility, MAX_VOLATILITY),
        games=player.games + 1,
        last_rated=now,
    )


def shown(rating: PlayerRating) -> str:
    """The rating as players see it: rounded, with "?" while provisional.

    >>> shown(PlayerRating(1519.6, 200, 0.09, 3, None))
    '1520?'
    >>> shown(PlayerRating(1634.4, 60, 0.06, 80, None))
    '1634'
    """
    points = math.floor(rating.rating + 0.5)
    return f"{points}?" if rating.provisional else str(points)
