"""Elo ratings from game results: a Bradley-Terry fit with confidence intervals.

Each game is turned into pairwise results between its players: a winner beats every loser,
and two winners (a shared win) or two losers draw, a draw counting half a win to each. The
Bradley-Terry model says player ``i`` beats ``j`` with chance ``g_i / (g_i + g_j)``; its
maximum-likelihood strengths are found with Hunter's MM iteration. One virtual draw between
every pair of players keeps the fit finite when someone won every game. Ratings are
``400 log10 g`` (a 75 % score is 191 points), shifted to average 0. Confidence intervals come
from the curvature of the likelihood at the fit (the Fisher information, virtual draws
included), so even a clean sweep gets an interval of honest width.

>>> games = [(("a", "b"), ("a",))] * 3 + [(("a", "b"), ("b",))]
>>> ratings = fit(games)
>>> round(ratings["a"] - ratings["b"])  # 3.5 : 1.5 with the virtual draw
147
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

#: A game for rating: the players who took part, and the winners among them.
RatedGame = tuple[Sequence[str], Sequence[str]]

PRIOR_DRAWS = 1.0
#: Elo points per natural-log unit of Bradley-Terry strength.
ELO_PER_NATURAL_UNIT = 400 / math.log(10)


def pairwise(games: Sequence[RatedGame]) -> dict[tuple[str, str], tuple[float, float]]:
    """``(i, j) -> (points of i against j, games between them)`` for ``i < j``."""
    table: dict[tuple[str, str], tuple[float, float]] = {}
    for players, winners in games:
        names = sorted(set(players))
        for a_index, a in enumerate(names):
            for b in names[a_index + 1 :]:
                a_won, b_won = a in winners, b in winners
                points = 1.0 if a_won and not b_won else 0.0 if b_won and not a_won else 0.5
                old_points, old_games = table.get((a, b), (0.0, 0.0))
                table[(a, b)] = (old_points + points, old_games + 1)
    return table


def _tables(games: Sequence[RatedGame]) -> tuple[list[str], list[float], list[list[float]]]:
    """The players, each one's points, and the games between each pair (virtual draws included)."""
    players = sorted({name for names, _ in games for name in names})
    index = {name: i for i, name in enumerate(players)}
    n = len(players)
    wins = [0.0] * n
    meetings = [[0.0] * n for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            meetings[a][b] = meetings[b][a] = PRIOR_DRAWS
            wins[a] += PRIOR_DRAWS / 2
            wins[b] += PRIOR_DRAWS / 2
    for (a_name, b_name), (points, played) in pairwise(games).items():
        a, b = index[a_name], index[b_name]
        meetings[a][b] += played
        meetings[b][a] += played
        wins[a] += points
        wins[b] += played - points
    return players, wins, meetings


def _strengths(wins: list[float], meetings: list[list[float]], iterations: int) -> list[float]:
    """Bradley-Terry strengths (geometric mean 1) by Hunter's MM iteration."""
    n = len(wins)
    strength = [1.0] * n
    for _ in range(iterations if n else 0):
        updated = []
        for i in range(n):
            denominator = sum(
                meetings[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i
            )
            updated.append(wins[i] / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(s) for s in updated) / n)
        change = max(abs(u / scale - s) / s for u, s in zip(updated, strength, strict=True))
        strength = [u / scale for u in updated]
        if change < 1e-10:
            break
    return strength


def fit(games: Sequence[RatedGame], iterations: int = 500) -> dict[str, float]:
    """Elo ratings (mean 0) of every player in ``games``."""
    players, wins, meetings = _tables(games)
    strength = _strengths(wins, meetings, iterations)
    return {
        name: ELO_PER_NATURAL_UNIT * math.log(g) for name, g in zip(players, strength, strict=True)
    }


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix (Gauss-Jordan with partial pivoting)."""
    n = len(matrix)
    rows = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [value / head for value in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * p for v, p in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


@dataclass(frozen=True)
class Rating:
    """An Elo rating with the bounds of its confidence interval."""

    elo: float
    low: float
    high: float


def ratings(games: Sequence[RatedGame], *, confidence: float = 0.95) -> dict[str, Rating]:
    """Ratings with ``confidence`` intervals from the Fisher information of the fit.

    The ratings are pinned to average 0, so the covariance is the pseudo-inverse of the
    information matrix: ``(I + 1/n)^-1 - 1/n`` for a connected set of players.

    >>> rated = ratings([(("a", "b"), ("a",))] * 4)
    >>> [round(x) for x in (rated["a"].elo, rated["a"].low, rated["a"].high)]
    [191, -63, 445]
    """
    players, wins, meetings = _tables(games)
    n = len(players)
    strength = _strengths(wins, meetings, 500)
    centre = [ELO_PER_NATURAL_UNIT * math.log(g) for g in strength]
    if n < 2:
        return {name: Rating(elo, elo, elo) for name, elo in zip(players, centre, strict=True)}
    information = [[1 / n] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                p = strength[i] / (strength[i] + strength[j])
                weight = meetings[i][j] * p * (1 - p)
                information[i][j] -= weight
                information[i][i] += weight
    covariance = _inverse(information)
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    result = {}
    for i, name in enumerate(players):
        spread = z * ELO_PER_NATURAL_UNIT * math.sqrt(max(covariance[i][i] - 1 / n, 0.0))
        result[name] = Rating(centre[i], centre[i] - spread, centre[i] + spread)
    return result
