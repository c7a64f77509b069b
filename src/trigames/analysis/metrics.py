"""Ludii's game metrics of a variant, computed from its games' results alone.

A report lists every game as :class:`GameResultJson` (who won, the scores after each ply, the
length, the legal moves before each ply and the board's places the moves named) and the board's
places; :func:`metrics_from` turns them into the metrics, so anyone can recompute them from the
report. The definitions follow the Ludii system's metrics (``Evaluation/src/metrics`` in
https://github.com/Ludeme/Ludii) and Browne's thesis, *Automatic Generation and Evaluation of
Recombination Games* (2008); where they leave a choice, docs/designers-lab.md says which one is
taken. A seat's *lead* after a ply is its score minus the best other seat's; a game's *credit* to
a seat is 1 for a sole win, ``1/k`` when it shares the win with ``k - 1`` others (half each in a
two-seat draw) and 0 for a loss. Proportions have 95 % Wilson intervals; means over games have
normal intervals (mean ± 1.96 standard errors), cut to the metric's range.

>>> games = [
...     {"winners": [0], "ply_scores": [[1, 0], [1, 2], [3, 2]], "length": 3,
...      "branching": [4, 3, 2], "places": ["A1", "B1"]},
...     {"winners": [0, 1], "ply_scores": [[0, 0], [0, 0]], "length": 2,
...      "branching": [4, 3], "places": ["A1"]},
... ]
>>> m = metrics_from(games, seats=2, board_places=["A1", "B1", "C1", "D1"])
>>> m["balance"]["value"], m["drawishness"]["value"], m["lead_change"]["value"]
(0.5, 0.5, 0.5)
>>> m["coverage"]
{'value': 0.5, 'used': 2, 'places': 4}
>>> m["state_space"]["value"]  # log10 of the mean of 1+4+12+24 and 1+4+12
1.46
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from statistics import NormalDist
from typing import TypedDict

from trigames.ai.match import GameResult
from trigames.analysis.stats import CONFIDENCE, lead_changes, wilson

#: A step of the skill chain counts when the stronger level wins at least this share of its
#: games in each seat (3/5, compared exactly).
SKILL_SHARE = (3, 5)
#: The chain of levels ``--skill-depth`` plays, weakest first.
SKILL_LEVELS = ("random", "greedy", "easy", "medium", "hard", "expert")
#: The most levels a skill chain may have, and the most games of a step.
MAX_SKILL_LEVELS = 8
MAX_SKILL_GAMES = 1000

_Z = NormalDist().inv_cdf((1 + CONFIDENCE) / 2)

STATE_SPACE_METHOD = (
    "log10 of the number of move sequences from the start (nodes of the game tree), estimated "
    "as Knuth (1975) estimates a tree's size: for each game, the sum over its plies of the "
    "product of the legal-move counts before them, averaged over the games; an upper bound "
    "of the positions, since a position reached in several orders counts once per order "
    "(unbiased for random players; a guide for others, which walk their own lines)"
)


class GameResultJson(TypedDict):
    """One game of a report, as much as the metrics need."""

    winners: list[int]
    ply_scores: list[list[int]]
    length: int
    branching: list[int]
    places: list[str]


class Estimate(TypedDict):
    """A metric's value with its 95 % interval (``None`` where it has none)."""

    value: float | None
    low: float | None
    high: float | None


class Coverage(TypedDict):
    value: float | None
    used: int
    places: int


class StateSpace(TypedDict):
    value: float | None
    method: str


class SkillGame(TypedDict):
    """A game of a skill step: the stronger level's seat and the winners."""

    stronger_seat: int
    winners: list[int]


class SkillStep(TypedDict):
    """One step of the skill chain: the stronger level's games and sole wins in each seat."""

    weaker: str
    stronger: str
    games: list[int]
    wins: list[int]
    counted: bool
    results: list[SkillGame]


class SkillDepth(TypedDict):
    """How many steps of the chain counted (``None``: the chain was not played)."""

    value: int | None
    threshold: float
    steps: list[SkillStep]


class Metrics(TypedDict):
    games: int
    balance: Estimate
    advantage: Estimate
    drawishness: Estimate
    completion: Estimate
    decisiveness: Estimate
    lead_change: Estimate
    stability: Estimate
    coverage: Coverage
    branching_factor: Estimate
    length: Estimate
    state_space: StateSpace
    skill_depth: SkillDepth


#: The metrics in the order tables show them, with a short reading for people.
METRIC_NAMES = {
    "balance": "balance: 1 - (best - worst seat's share)",
    "advantage": "advantage: seat 0's share",
    "drawishness": "drawishness: share drawn",
    "completion": "completion: share with a sole winner",
    "decisiveness": "decisiveness: share of plies before the winner is clear",
    "lead_change": "lead change: leader changes per ply",
    "stability": "stability: variance of the leads",
    "coverage": "coverage: share of places used",
    "branching_factor": "branching factor: legal moves",
    "length": "length: plies",
    "state_space": "state space: log10 (upper bound)",
    "skill_depth": "skill depth: steps of the chain",
}


def game_results(results: Sequence[GameResult]) -> list[GameResultJson]:
    """The games as the metrics read them, in the order they were scheduled."""
    return [
        {
            "winners": list(r.winners),
            "ply_scores": [list(scores) for scores in r.ply_scores],
            "length": r.length,
            "branching": list(r.branching),
            "places": list(r.places),
        }
        for r in sorted(results, key=lambda r: r.index)
    ]


def offered_places(results: Sequence[GameResult]) -> list[str]:
    """The board's places some legal move named in some game, sorted: the board, for coverage
    (a board that grows, as Trugo's, is the part of it the games reached)."""
    return sorted({place for r in results for place in r.offered})


def _round(value: float) -> float:
    return round(value, 4)


def _clip(value: float, low: float, high: float) -> float:
    return min(high, max(low, value))


def proportion_estimate(successes: float, trials: int) -> Estimate:
    """A share with its Wilson interval.

    >>> proportion_estimate(3, 4)
    {'value': 0.75, 'low': 0.3006, 'high': 0.9544}
    """
    if trials == 0:
        return {"value": None, "low": None, "high": None}
    low, high = wilson(successes, trials)
    return {"value": _round(successes / trials), "low": low, "high": high}


def mean_estimate(values: Sequence[float], low: float = 0.0, high: float = math.inf) -> Estimate:
    """The mean with its normal interval cut to ``[low, high]`` (no interval for one value).

    >>> mean_estimate([1, 2, 3])
    {'value': 2.0, 'low': 0.8684, 'high': 3.1316}
    """
    n = len(values)
    if n == 0:
        return {"value": None, "low": None, "high": None}
    mean = sum(values) / n
    if n == 1:
        return {"value": _round(mean), "low": None, "high": None}
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = _Z * spread / math.sqrt(n)
    return {
        "value": _round(mean),
        "low": _round(_clip(mean - half, low, high)),
        "high": _round(_clip(mean + half, low, high)),
    }


def credits(winners: Sequence[int], seats: int) -> list[float]:
    """What a game gives each seat: 1 for a sole win, 1/k to each of k seats sharing it.

    >>> credits([1], 2), credits([0, 1], 2), credits([0, 2], 3)
    ([0.0, 1.0], [0.5, 0.5], [0.5, 0.0, 0.5])
    """
    sharing = list(winners) or list(range(seats))
    return [1 / len(sharing) if seat in sharing else 0.0 for seat in range(seats)]


def balance(games: Sequence[GameResultJson], seats: int) -> Estimate:
    """1 - (the highest seat's share - the lowest's), shares from :func:`credits`; the
    interval from the two seats' Wilson intervals (for two seats, the exact image of seat 0's).
    """
    n = len(games)
    if n == 0:
        return {"value": None, "low": None, "high": None}
    shares = [sum(credits(g["winners"], seats)[seat] for g in games) for seat in range(seats)]
    best = max(range(seats), key=lambda seat: shares[seat])
    worst = min(range(seats), key=lambda seat: shares[seat])
    best_low, best_high = wilson(shares[best], n)
    worst_low, worst_high = wilson(shares[worst], n)
    return {
        "value": _round(1 - (shares[best] - shares[worst]) / n),
        "low": _round(1 - _clip(best_high - worst_low, 0, 1)),
        "high": _round(1 - _clip(best_low - worst_high, 0, 1)),
    }


def leads(ply_scores: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each seat's lead (its score minus the best other score) after each ply.

    >>> leads([[1, 0], [1, 3]])
    [[1, -1], [-2, 2]]
    """
    rows = []
    for scores in ply_scores:
        rows.append(
            [s - max(o for j, o in enumerate(scores) if j != seat) for seat, s in enumerate(scores)]
        )
    return rows


def decided_share(game: GameResultJson) -> float:
    """The share of a decisive game's plies played before its winner's lead first passed the
    highest lead any other seat had in the game (1 when it never did): Ludii's decisiveness,
    with the lead as the evaluation.

    >>> decided_share({"winners": [0], "ply_scores": [[0, 1], [2, 1], [3, 1], [4, 1]],
    ...                "length": 4, "branching": [], "places": []})
    0.75
    """
    (winner,) = game["winners"]
    rows = leads(game["ply_scores"])
    threshold = max(
        (row[seat] for row in rows for seat in range(len(row)) if seat != winner), default=0
    )
    for ply, row in enumerate(rows, start=1):
        if row[winner] > threshold:
            return ply / len(rows)
    return 1.0


def lead_change_rate(game: GameResultJson) -> float:
    """Changes of the points leader (ties skipped) per ply after the first: ``changes /
    (plies - 1)``, 0 for a game of one ply."""
    plies = len(game["ply_scores"])
    return lead_changes(game["ply_scores"]) / (plies - 1) if plies > 1 else 0.0


def lead_variance(game: GameResultJson) -> float:
    """The sum over the seats of the variance of their lead over the game's plies, the leads
    divided by the largest lead (either way) of the game so that they lie from -1 to 1 as
    Ludii's evaluations do; 0 for a game no seat ever led.

    >>> lead_variance({"winners": [0], "ply_scores": [[2, 0], [0, 2]], "length": 2,
    ...                "branching": [], "places": []})
    2.0
    """
    rows = leads(game["ply_scores"])
    largest = max((abs(lead) for row in rows for lead in row), default=0)
    if largest == 0:
        return 0.0
    total = 0.0
    for seat in range(len(rows[0])):
        values = [row[seat] / largest for row in rows]
        mean = sum(values) / len(values)
        total += sum((v - mean) ** 2 for v in values) / len(values)
    return total


def tree_size(branching: Sequence[int]) -> int:
    """Knuth's estimate of the number of nodes of a game tree from one line: 1 for the root
    plus, for each ply, the product of the legal-move counts up to it.

    >>> tree_size([4, 3, 2])
    41
    """
    total, product = 1, 1
    for count in branching:
        product *= count
        total += product
    return total


def state_space(games: Sequence[GameResultJson]) -> StateSpace:
    """log10 of the mean :func:`tree_size` over the games (exact integers until the log)."""
    if not games:
        return {"value": None, "method": STATE_SPACE_METHOD}
    total = sum(tree_size(g["branching"]) for g in games)
    return {
        "value": round(math.log10(total) - math.log10(len(games)), 2),
        "method": STATE_SPACE_METHOD,
    }


def coverage(games: Sequence[GameResultJson], board_places: Collection[str]) -> Coverage:
    """The share of the board's places some game's moves named."""
    board = set(board_places)
    used = {place for g in games for place in g["places"]} & board
    value = _round(len(used) / len(board)) if board else None
    return {"value": value, "used": len(used), "places": len(board)}


def skill_step(weaker: str, stronger: str, results: Sequence[SkillGame]) -> SkillStep:
    """A step of the skill chain from its games: counted when the stronger level won at least
    :data:`SKILL_SHARE` of its games in each seat.

    >>> step = skill_step("random", "greedy", [
    ...     {"stronger_seat": 0, "winners": [0]}, {"stronger_seat": 1, "winners": [1]},
    ...     {"stronger_seat": 0, "winners": [0]}, {"stronger_seat": 1, "winners": [0, 1]}])
    >>> step["games"], step["wins"], step["counted"]
    ([2, 2], [2, 1], False)
    """
    games = [0, 0]
    wins = [0, 0]
    for game in results:
        seat = game["stronger_seat"]
        games[seat] += 1
        wins[seat] += game["winners"] == [seat]
    part, whole = SKILL_SHARE
    counted = all(g > 0 and whole * w >= part * g for g, w in zip(games, wins, strict=True))
    return {
        "weaker": weaker,
        "stronger": stronger,
        "games": games,
        "wins": wins,
        "counted": counted,
        "results": list(results),
    }


def skill_depth(steps: Sequence[SkillStep] | None) -> SkillDepth:
    """The steps of the chain that counted (``None`` when it was not played), each step
    recomputed from its games."""
    part, whole = SKILL_SHARE
    if steps is None:
        return {"value": None, "threshold": part / whole, "steps": []}
    again = [skill_step(s["weaker"], s["stronger"], s["results"]) for s in steps]
    return {
        "value": sum(s["counted"] for s in again),
        "threshold": part / whole,
        "steps": again,
    }


def metrics_from(
    games: Sequence[GameResultJson],
    seats: int,
    board_places: Collection[str],
    skill: Sequence[SkillStep] | None = None,
) -> Metrics:
    """Every metric of a variant from its games, the board's places and the skill chain's
    steps (if it was played)."""
    n = len(games)
    decisive = [g for g in games if len(g["winners"]) == 1 and g["ply_scores"]]
    sole = sum(len(g["winners"]) == 1 for g in games)
    return {
        "games": n,
        "balance": balance(games, seats),
        "advantage": proportion_estimate(sum(credits(g["winners"], seats)[0] for g in games), n),
        "drawishness": proportion_estimate(n - sole, n),
        "completion": proportion_estimate(sole, n),
        "decisiveness": mean_estimate([decided_share(g) for g in decisive], 0, 1),
        "lead_change": mean_estimate([lead_change_rate(g) for g in games], 0, 1),
        "stability": mean_estimate([lead_variance(g) for g in games if g["ply_scores"]]),
        "coverage": coverage(games, board_places),
        "branching_factor": mean_estimate(
            [sum(g["branching"]) / len(g["branching"]) for g in games if g["branching"]], 1
        ),
        "length": mean_estimate([g["length"] for g in games]),
        "state_space": state_space(games),
        "skill_depth": skill_depth(skill),
    }


class Measured(TypedDict):
    """What a report adds to a variant: the metrics and everything they are computed from."""

    metrics: Metrics
    board_places: list[str]
    game_results: list[GameResultJson]


def measure(
    results: Sequence[GameResult], seats: int, skill: Sequence[SkillStep] | None = None
) -> Measured:
    """The metrics of finished games, with the games and the board's places they came from."""
    games = game_results(results)
    board = offered_places(results)
    return {
        "metrics": metrics_from(games, seats, board, skill),
        "board_places": board,
        "game_results": games,
    }
