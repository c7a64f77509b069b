"""Review a game: for every ply, each side's chances after it, the move the engine preferred,
its continuation, and a mark on the moves that threw chances away.

Every position of the record is searched once by the strong alpha-beta
(:class:`~trigames.ai.strong.StrongPlayer`, with the evaluation of the game's ``hard`` level)
within a node budget, so a review is the same for the same seed. The search's value for the
player to move (a score lead, or the game's own evaluation) becomes their chance to win through
a logistic ``1 / (1 + exp(-k * value))`` with ``k`` fitted per game (:data:`STEEPNESS`); a
proven win or loss is 1 or 0, and a finished game is worth its result (a winner among ``w``
winners gets ``1 / w``). With more than two seats a search knows only the chance of the player
to move; the other seats share the rest equally (with two seats this is exact).

A ply's ``mark`` compares the mover's chance after the move played with their chance after the
engine's best move (the value of the position before): a drop of 0.10, 0.20 or 0.30 or more is
an inaccuracy ``?!``, a mistake ``?`` or a blunder ``??``, as lichess marks them. The best move
itself, and an ending (a resignation, a timeout, a draw agreed), is never marked.

>>> import trigames
>>> from trigames.records import GameRecord, Seat
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> for move in ("A2-D1", "A2-D4"):
...     state.play(move)
>>> record = GameRecord.from_state(state, [Seat("Ann"), Seat("Bob")])
>>> plies = review_game(record, budget=LEVELS["easy"], seed=1)
>>> [(p.ply, p.move, p.mover) for p in plies]
[(1, 'A2-D1', 0), (2, 'A2-D4', 1)]
>>> all(0 <= p.eval <= 1 for p in plies)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal, TypedDict

from trigames.ai.players import Budget
from trigames.ai.registry import parse_player_spec, resolve
from trigames.ai.strong import PROVEN, StrongPlayer
from trigames.core.endings import parse_ending
from trigames.core.protocol import AnyGame, AnyState
from trigames.records import GameRecord

Mark = Literal["?!", "?", "??"]
#: The least drop in the mover's chance for each mark, worst first (lichess's thresholds).
MARKS: tuple[tuple[float, Mark], ...] = ((0.30, "??"), (0.20, "?"), (0.10, "?!"))
#: The most moves of a ply's ``line`` (the best move included).
LINE_LENGTH = 4
#: Each further move of a line is searched with this share of the position's budget.
LINE_SHARE = 4
#: The budget of each position by level: nodes (which make a review reproducible) and a time
#: cap, reached first only where the search is slow (Trugo's Python engine, a slow machine).
LEVELS: Mapping[str, Budget] = {
    "easy": Budget(iterations=5_000, seconds=0.1),
    "medium": Budget(iterations=50_000, seconds=0.4),
    "hard": Budget(iterations=200_000, seconds=1.0),
    "expert": Budget(iterations=1_000_000, seconds=4.0),
}
DEFAULT_LEVEL = "hard"
#: ``k`` of the logistic from a search value (the mover's score lead, or the game's own
#: evaluation) to the mover's chance to win, per game. Fitted by maximum likelihood on
#: (value, result) pairs of seeded games between levels by ``benchmarks/calibrate_review.py``
#: at the review's default level (2026-11-29, ``--level hard``: 12 games each of Triggle,
#: Tricolor and Trig, 6 of Trugo and TRANGLAR; 114 to 236 pairs a game; at ``medium`` the fits
#: were within 15% of these). Trig's evaluation tells little of who wins (the first player
#: wins most games), so its ``k`` is small. Other games: 1.
STEEPNESS: Mapping[str, float] = {
    "triggle": 1.70,
    "tricolor": 0.64,
    "trig": 0.080,
    "trugo": 0.81,
    "tranglar": 0.18,
}


class PlyJson(TypedDict):
    """A ply reviewed, as JSON (:meth:`PlyReview.to_json`)."""

    ply: int
    move: str
    mover: int
    eval: float
    best: str
    line: list[str]
    mark: Mark | None


@dataclass(frozen=True)
class PlyReview:
    """One ply reviewed: ``eval`` is seat 0's chance to win after it; ``best`` the engine's
    move in the position before it and ``line`` its continuation (``best`` first)."""

    ply: int
    move: str
    mover: int
    eval: float
    best: str
    line: tuple[str, ...]
    mark: Mark | None

    def to_json(self) -> PlyJson:
        """A JSON-ready dictionary (``eval`` rounded to 4 decimals)."""
        return {
            "ply": self.ply,
            "move": self.move,
            "mover": self.mover,
            "eval": round(self.eval, 4),
            "best": self.best,
            "line": list(self.line),
            "mark": self.mark,
        }


@dataclass(frozen=True)
class Assessed:
    """A position searched: the best move (``None`` when the game is over), its line and
    every seat's chance to win."""

    best: str | None
    line: tuple[str, ...]
    chances: tuple[float, ...]


def budget_for(level: str | None = None, seconds: float | None = None) -> Budget:
    """The budget of each position: a level's (:data:`LEVELS`, by default
    :data:`DEFAULT_LEVEL`), or ``seconds`` of search (which no longer makes it reproducible).

    >>> budget_for(seconds=0.5).describe(), budget_for("easy").iterations
    ('0.5 s', 5000)
    """
    if seconds is not None:
        return Budget(seconds=seconds)
    name = level or DEFAULT_LEVEL
    if name not in LEVELS:
        raise ValueError(f"a review level is one of {', '.join(LEVELS)}, not {name!r}")
    return LEVELS[name]


def chance(game: AnyGame, value: float) -> float:
    """The mover's chance to win from a search's ``value`` for them.

    >>> import trigames
    >>> triggle = trigames.load_game("triggle")
    >>> chance(triggle, 0.0), chance(triggle, PROVEN), chance(triggle, -PROVEN)
    (0.5, 1.0, 0.0)
    """
    if value >= PROVEN:
        return 1.0
    if value <= -PROVEN:
        return 0.0
    return 1 / (1 + math.exp(-STEEPNESS.get(game.name, 1.0) * value))


def result_chances(state: AnyState) -> tuple[float, ...]:
    """Every seat's share of a finished game: ``1 / w`` for each of ``w`` winners, else 0."""
    outcome = state.outcome()
    assert outcome is not None
    share = 1 / len(outcome.winners)
    return tuple(share if seat in outcome.winners else 0.0 for seat in range(len(outcome.scores)))


def _spread(seats: int, mover: int, mine: float) -> tuple[float, ...]:
    """``mover`` has ``mine``; the other seats share the rest equally."""
    rest = (1 - mine) / (seats - 1)
    return tuple(mine if seat == mover else rest for seat in range(seats))


def evaluation_of(game: AnyGame) -> str:
    """The evaluation of the game's ``hard`` level, ``simple`` or ``game``."""
    _, settings = parse_player_spec(resolve("hard", game))
    return settings.get("eval", "simple")


class _Searcher:
    """Searches positions for a review: one seed, one budget, one game."""

    def __init__(self, game: AnyGame, budget: Budget, seed: int) -> None:
        self.game = game
        self.budget = budget
        self.seed = seed
        self.evaluation = evaluation_of(game)

    def assess(self, state: AnyState, index: int, budget: Budget | None = None) -> Assessed:
        """The best move and every seat's chances in ``state`` (left as it was)."""
        mover = state.current_player
        if mover is None:
            return Assessed(None, (), result_chances(state))
        moves = state.legal_moves()
        if len(moves) == 1:  # a forced move: the search would not look past it
            after = state.clone()
            after.play(moves[0])
            return Assessed(str(moves[0]), (), self.assess(after, index, budget).chances)
        player = StrongPlayer(
            seed=self.seed * 1_000_003 + index,
            budget=budget or self.budget,
            evaluation=self.evaluation,
        )
        best = player.choose(state)
        mine = chance(self.game, float(player.last_info["value"]))
        return Assessed(str(best), (), _spread(self.game.num_players, mover, mine))

    def assess_with_line(self, state: AnyState, index: int) -> Assessed:
        """:meth:`assess` with the best move's line, each further move searched with a
        :data:`LINE_SHARE` th of the budget."""
        found = self.assess(state, index)
        if found.best is None:
            return found
        line = [found.best]
        follow = state.clone()
        small = _share(self.budget, LINE_SHARE)
        while len(line) < LINE_LENGTH:
            follow.play(line[-1])
            step = self.assess(follow, index, small).best
            if step is None:
                break
            line.append(step)
        return Assessed(found.best, tuple(line), found.chances)


def _share(budget: Budget, parts: int) -> Budget:
    """A ``parts`` th of ``budget``."""
    return Budget(
        iterations=None if budget.iterations is None else max(1, budget.iterations // parts),
        seconds=None if budget.seconds is None else budget.seconds / parts,
    )


def assess_position(
    state: AnyState, *, budget: Budget, seed: int = 0, index: int = 0, line: bool = True
) -> Assessed:
    """Search one position of a review (``index``: its ply, which seeds its search) as
    :func:`review_game` does, with the best move's line unless ``line`` is false; ``state``
    is left as it was. A server reviews a game a position at a time with this.

    >>> import trigames
    >>> state = trigames.load_game("triggle(size=3)").new_initial_state()
    >>> found = assess_position(state, budget=LEVELS["easy"], seed=1)
    >>> found.best in {str(move) for move in state.legal_moves()}, found.line[0] == found.best
    (True, True)
    """
    searcher = _Searcher(state.game, budget, seed)
    return searcher.assess_with_line(state, index) if line else searcher.assess(state, index)


def review_game(
    record: GameRecord,
    *,
    budget: Budget | None = None,
    seed: int = 0,
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
) -> list[PlyReview]:
    """Review every ply of ``record`` (see the module); ``RecordError`` if it does not replay.

    ``workers`` positions are searched at once (the native kernels search without the
    interpreter lock); ``progress(done, total)`` is called as positions are searched.
    """
    record.replay()  # every move and the result checked, with the reason when they fail
    states = [state.clone() for state in record.positions()]
    searcher = _Searcher(states[0].game, budget or budget_for(), seed)
    total = len(states)
    found: list[Assessed] = []
    with ThreadPoolExecutor(max(1, workers)) as pool:
        jobs = [
            pool.submit(searcher.assess_with_line if i < total - 1 else searcher.assess, s, i)
            for i, s in enumerate(states)
        ]
        for job in jobs:
            found.append(job.result())
            if progress is not None:
                progress(len(found), total)
    return plies_from(states, record.moves, found)


def plies_from(
    states: Sequence[AnyState], moves: Sequence[str], found: Sequence[Assessed]
) -> list[PlyReview]:
    """The reviews of the plies of ``moves`` from their positions (``states``: the start,
    then after each move) and the positions' assessments."""
    plies = []
    for number, move in enumerate(moves, start=1):
        before, after = found[number - 1], found[number]
        mover = states[number - 1].current_player
        assert mover is not None
        assert before.best is not None
        mark: Mark | None = None
        if move != before.best and parse_ending(move) is None:
            drop = before.chances[mover] - after.chances[mover]
            mark = next((m for least, m in MARKS if drop >= least - 1e-9), None)
        plies.append(
            PlyReview(number, move, mover, after.chances[0], before.best, before.line, mark)
        )
    return plies
