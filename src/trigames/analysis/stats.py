"""The statistics of an analysis report: pure functions of finished games.

Everything here works on :class:`~trigames.ai.match.GameResult` values (or plain numbers) and
returns JSON-ready data, so a report can be recomputed from a saved results file. A *draw* is
a game without a sole winner; a game's *leader* after a ply is the seat with the highest score
when no other seat has it, and the lead *changes* when a different seat leads than the last
one that did (ties in between do not count). Games without a running score, such as Trig, have
no lead changes.

>>> wilson(5, 10)
(0.2366, 0.7634)
>>> lead_changes([(1, 0), (1, 1), (1, 2), (3, 2), (3, 3)])
2
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from statistics import NormalDist
from typing import Any

from trigames.ai.elo import Rating, ratings
from trigames.ai.match import GameResult, player_labels, summarise

CONFIDENCE = 0.95
#: Quantiles given for every distribution (in per cent).
QUANTILES = (10, 25, 50, 75, 90)
HISTOGRAM_BINS = 20


def _round(value: float) -> float:
    return round(value, 4)


def wilson(successes: float, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` without trials); ``successes``
    may count halves, for a score with draws."""
    if trials == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return (_round(max(0.0, centre - half)), _round(min(1.0, centre + half)))


def proportion(successes: int, trials: int) -> dict[str, Any]:
    """A count out of ``trials`` with its rate and 95 % Wilson interval.

    >>> proportion(3, 4)
    {'count': 3, 'of': 4, 'rate': 0.75, 'low': 0.3006, 'high': 0.9544}
    """
    low, high = wilson(successes, trials)
    rate = _round(successes / trials) if trials else 0.0
    return {"count": successes, "of": trials, "rate": rate, "low": low, "high": high}


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of sorted values, interpolating linearly between them.

    >>> quantile([1, 2, 3, 4], 0.5), quantile([1, 2, 3, 4], 0.25)
    (2.5, 1.75)
    """
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def histogram(values: Sequence[float], bins: int = HISTOGRAM_BINS) -> list[dict[str, float]]:
    """Counts in at most ``bins`` bins of whole-number width, each ``low <= value < high``.

    >>> [(b["low"], b["high"], b["count"]) for b in histogram([1, 2, 2, 5], bins=3)]
    [(1, 3, 3), (3, 5, 0), (5, 7, 1)]
    """
    if not values:
        return []
    low, high = math.floor(min(values)), math.floor(max(values))
    width = max(1, math.ceil((high - low + 1) / bins))
    counts = Counter((math.floor(v) - low) // width for v in values)
    return [
        {"low": low + i * width, "high": low + (i + 1) * width, "count": counts.get(i, 0)}
        for i in range((high - low) // width + 1)
    ]


def distribution(values: Iterable[float]) -> dict[str, Any]:
    """Mean, standard deviation, extremes, quantiles and histogram of some numbers.

    >>> d = distribution([4, 1, 3, 2])
    >>> d["mean"], d["median"], d["min"], d["max"], d["quantiles"]["25"]
    (2.5, 2.5, 1, 4, 1.75)
    """
    ordered = sorted(values)
    if not ordered:
        return {"count": 0}
    mean = sum(ordered) / len(ordered)
    spread = math.sqrt(sum((v - mean) ** 2 for v in ordered) / len(ordered))
    return {
        "count": len(ordered),
        "mean": _round(mean),
        "sd": _round(spread),
        "median": _round(quantile(ordered, 0.5)),
        "min": ordered[0],
        "max": ordered[-1],
        "quantiles": {str(q): _round(quantile(ordered, q / 100)) for q in QUANTILES},
        "histogram": histogram(ordered),
    }


def lead_changes(ply_scores: Iterable[Sequence[int]]) -> int:
    """How often the sole leader changed over a game, from the scores after each ply."""
    changes = 0
    leader: int | None = None
    for scores in ply_scores:
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        if len(leaders) != 1:
            continue
        if leader is not None and leaders[0] != leader:
            changes += 1
        leader = leaders[0]
    return changes


def branching_by_ply(results: Sequence[GameResult]) -> list[dict[str, float]]:
    """For each ply (from 1), the games that reached it and the mean, 10 % and 90 % quantiles
    of the number of legal moves there."""
    longest = max((len(r.branching) for r in results), default=0)
    rows = []
    for ply in range(longest):
        ordered = sorted(r.branching[ply] for r in results if len(r.branching) > ply)
        rows.append(
            {
                "ply": ply + 1,
                "games": len(ordered),
                "mean": _round(sum(ordered) / len(ordered)),
                "low": _round(quantile(ordered, 0.1)),
                "high": _round(quantile(ordered, 0.9)),
            }
        )
    return rows


def seat_records(results: Sequence[GameResult], seats: int) -> list[dict[str, Any]]:
    """Each seat's sole wins, shared wins (draws) and losses, with its win rate."""
    rows = []
    for seat in range(seats):
        wins = sum(r.winners == (seat,) for r in results)
        draws = sum(seat in r.winners and len(r.winners) > 1 for r in results)
        rows.append(
            {
                "seat": seat,
                "wins": wins,
                "draws": draws,
                "losses": len(results) - wins - draws,
                "win_rate": proportion(wins, len(results)),
            }
        )
    return rows


def first_player(results: Sequence[GameResult], seats: int) -> dict[str, Any]:
    """Seat 0's win rate, its share of the decisive games (fair: 1 / seats) and its score (a
    draw counting a half), each rate with a 95 % interval."""
    n = len(results)
    wins = sum(r.winners == (0,) for r in results)
    decisive = sum(len(r.winners) == 1 for r in results)
    draws = sum(0 in r.winners and len(r.winners) > 1 for r in results)
    return {
        "win_rate": proportion(wins, n),
        "decisive_share": proportion(wins, decisive),
        "fair_share": _round(1 / seats),
        "score": _round((wins + draws / 2) / n) if n else 0.0,
    }


def _rating_json(rated: dict[str, Rating]) -> dict[str, dict[str, float]]:
    return {
        name: {"elo": _round(r.elo), "low": _round(r.low), "high": _round(r.high)}
        for name, r in rated.items()
    }


def seat_elo(results: Sequence[GameResult], seats: int) -> dict[str, dict[str, float]]:
    """Elo ratings of the seats themselves (``seat 0``...): the value of moving first."""
    names = [f"seat {s}" for s in range(seats)]
    return _rating_json(ratings([(names, [names[s] for s in r.winners]) for r in results]))


def facts(results: Sequence[GameResult]) -> dict[str, Any]:
    """The games' own facts: for each number, its distribution over the games and its rate
    per ply (total over total plies); for each word, how many games had each value."""
    numbers: dict[str, Any] = {}
    words: dict[str, Any] = {}
    keys = sorted({key for r in results for key in r.facts})
    plies = sum(r.length for r in results)
    for key in keys:
        values = [r.facts.get(key) for r in results]
        if any(isinstance(v, str) for v in values):
            counts = Counter(str(v) for v in values if v is not None)
            words[key] = dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
        else:
            per_game = [float(v or 0) for v in values]
            numbers[key] = {
                **distribution(per_game),
                "per_ply": _round(sum(per_game) / plies) if plies else 0.0,
            }
    return {"numbers": numbers, "words": words}


def analyse(results: Iterable[GameResult], players: Sequence[str]) -> dict[str, Any]:
    """Every figure of a report on ``results``, games of ``len(players)`` seats, as JSON."""
    done = sorted(results, key=lambda r: r.index)
    seats = len(players)
    labels = player_labels(players)
    summary = summarise(done, labels)
    reasons = Counter(r.reason for r in done)
    return {
        "games": len(done),
        "first_player": first_player(done, seats),
        "draws": proportion(sum(len(r.winners) != 1 for r in done), len(done)),
        "by_seat": seat_records(done, seats),
        "by_player": [
            {
                "player": record.label,
                "wins": record.wins,
                "draws": record.draws,
                "losses": record.losses,
                "score": _round(record.score),
            }
            for record in summary.by_player
        ],
        "length": distribution(r.length for r in done),
        "branching": {
            "all_plies": distribution(b for r in done for b in r.branching),
            "by_ply": branching_by_ply(done),
        },
        "lead_changes": distribution(lead_changes(r.ply_scores) for r in done),
        "elo": {"seats": seat_elo(done, seats), "players": _rating_json(summary.elo)},
        "reasons": dict(sorted(reasons.items(), key=lambda item: (-item[1], item[0]))),
        "facts": facts(done),
    }
