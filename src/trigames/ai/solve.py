"""Exact values of small two-player variants: who wins under best play, by how much, and how.

:func:`solve` searches a position to the end of every line (no evaluation, no depth limit) and
proves its **value** for the player to move. The value is ordered first by the result (a win,
a draw or shared win, a loss), then by the final **score lead** (own score minus the
opponent's, reversed in a misère game): the winner wins by as much as it can force, the loser
loses by as little, a drawn game ends with the best lead either can force. With
``margin=False`` only the result is proven, which is often much faster.

The search is alpha-beta with memory over null windows (each pass asks "is the value at least
``beta``?" and answers with a bound), driven first to the result and then by bisection to the
exact lead; the table of bounds, keyed by :meth:`~trigames.core.protocol.State.position_key`,
holds from pass to pass. Moves are ordered by the table's best move, then by what they score at
once (Triggle: triangles claimed, gifts last), then by the history of cut-offs. When the game's
native kernel runs, the same passes run in C (``solver_*`` in ``core/kernels/tg_engine.h``)
over a hash table of the kernel's states; the driver here is the same for both.

Limits: two players only; the Python table holds at most ``entries`` positions (the oldest
half is dropped when it is full, which costs time, never correctness), the native table has a
fixed size in bytes. A solve stops at ``seconds`` (or on Ctrl-C) and reports what it had proven
by then: the result may be known and the lead only bounded.

>>> import trigames
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> solution = solve(state, engine="pure")
>>> solution.result, solution.lead, len(solution.best_moves), len(solution.pv)
('loss', -2, 12, 12)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from trigames.ai.strong import Tactics, no_tactics
from trigames.core.errors import TrigamesError
from trigames.core.native import NativeSolver, kernel_for
from trigames.core.protocol import AnyState, score_lead

#: The weight of the result in a value: a win is worth more than any score lead.
RESULT = 1 << 20
#: Beyond every value.
INFINITE = 1 << 30
#: The most positions the Python table holds by default (roughly 300 to 600 MB, depending on
#: the game's position keys).
TABLE_ENTRIES = 1_000_000
#: The native table's size by default, in bytes.
TABLE_BYTES = 256 << 20
#: Seconds the steps after a proof (a best move, the line of play) may take past the limit.
GRACE = 2.0
#: Nodes between two looks at the clock (and a progress report, once a second).
CHECK_EVERY = 4096

RESULTS = {1: "win", 0: "draw", -1: "loss"}


class SolveError(TrigamesError):
    """A position the solver cannot take (more than two players, a finished game)."""


class Stopped(Exception):  # noqa: N818 - not an error: the solve ran out of time or was told to stop
    """Raised inside a search when its time is up."""


#: ``progress(facts)``: nodes, elapsed seconds, the pass, the deepest ply and the bounds so far.
Progress = Callable[[dict[str, Any]], None]


def final_value(state: AnyState, seat: int, margin: bool = True) -> int:
    """The value of a finished game for ``seat``: the result times :data:`RESULT` (1 a sole
    win, -1 the other's, 0 else), plus the score lead (reversed in a misère game) when
    ``margin``."""
    outcome = state.outcome()
    assert outcome is not None
    result = 0  # a draw, a shared win or no winner
    if len(outcome.winners) == 1:
        result = 1 if outcome.winners[0] == seat else -1
    if not margin:
        return result * RESULT
    lead = score_lead(state, seat)
    return result * RESULT + (-lead if _misere(state) else lead)


def split_value(value: int) -> tuple[int, int]:
    """A value as (result: 1, 0 or -1; score lead)."""
    result = (value + RESULT // 2) // RESULT
    return result, value - result * RESULT


class Searcher(Protocol):
    """One engine of the solver: null-window tests with a table that lasts between them."""

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        ...

    @property
    def deepest(self) -> int:
        """The deepest ply reached so far."""
        ...

    def test(self, state: AnyState, beta: int) -> int:
        """Fail-soft test of ``state``'s value for its player to move: a number ``g`` with
        value >= g >= beta, or value <= g < beta. Raises :class:`Stopped` when time is up."""
        ...

    def stored(self) -> int:
        """Positions in the table."""
        ...


class Watch:
    """The time limit and the progress reports of a solve."""

    def __init__(self, seconds: float | None, progress: Progress | None) -> None:
        self.started = time.monotonic()
        self.deadline = None if seconds is None else self.started + seconds
        self.progress = progress
        self.next_report = self.started + 1.0
        self.facts: dict[str, Any] = {}

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def grace(self, seconds: float) -> None:
        """Give ``seconds`` more from now if the time is up (for the quick last steps)."""
        now = time.monotonic()
        if self.deadline is not None and self.deadline < now + seconds:
            self.deadline = now + seconds

    def check(self, nodes: int, deepest: int) -> bool:
        """True when the time is up; reports progress once a second."""
        now = time.monotonic()
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + 1.0
            self.progress({**self.facts, "nodes": nodes, "deepest": deepest,
                           "seconds": round(now - self.started, 1)})  # fmt: skip
        return self.deadline is not None and now >= self.deadline


class PythonSearcher:
    """Alpha-beta with memory on the Python engine, any game."""

    def __init__(self, watch: Watch, margin: bool, entries: int = TABLE_ENTRIES) -> None:
        self.watch = watch
        self.margin = margin
        self.entries = max(entries, 16)
        self.nodes = 0
        self.deepest = 0
        #: position key -> (lower bound, upper bound, best move)
        self.table: dict[Hashable, tuple[int, int, Any]] = {}
        self.history: dict[Any, int] = {}
        self.gains: Tactics = no_tactics
        self.misere = False

    def stored(self) -> int:
        return len(self.table)

    def test(self, state: AnyState, beta: int) -> int:
        self.gains = state.game.tactics
        self.misere = _misere(state)
        return self._search(state, beta - 1, beta, 0)

    def _ordered(self, state: AnyState, first: Any) -> list[Any]:
        """The table's move, then the most scored at once, then by the history of cut-offs
        (as the native solver orders them)."""
        history = self.history
        sign = -1 if self.misere else 1
        gains = self.gains
        keyed = [(-sign * gains(state, move)[0], -history.get(move, 0), move)
                 for move in state.legal_moves()]  # fmt: skip
        keyed.sort(key=lambda item: item[:2])
        moves = [move for *_, move in keyed]
        if first is not None:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def _store(self, key: Hashable, entry: tuple[int, int, Any]) -> None:
        table = self.table
        if key not in table and len(table) >= self.entries:
            for old in list(table)[: len(table) // 2]:  # the oldest half
                del table[old]
        table[key] = entry

    def _search(self, state: AnyState, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if ply > self.deepest:
            self.deepest = ply
        if self.nodes % CHECK_EVERY == 0 and self.watch.check(self.nodes, self.deepest):
            raise Stopped
        key = state.position_key()
        lower, upper, first = self.table.get(key, (-INFINITE, INFINITE, None))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        mover = state.to_move
        assert mover is not None
        best, best_move, floor = -INFINITE, None, alpha
        for move in self._ordered(state, first):
            state.play(move)
            after = state.to_move
            if after is None:
                value = final_value(state, mover, self.margin)
            elif after == mover:  # another move for the same player
                value = self._search(state, floor, beta, ply + 1)
            else:
                value = -self._search(state, -beta, -floor, ply + 1)
            state.undo()
            if value > best:
                best, best_move = value, move
                if value > floor:
                    floor = value
                    if value >= beta:
                        self.history[move] = self.history.get(move, 0) + 1
                        break
        if best <= alpha:
            upper = best
        elif best >= beta:
            lower = best
        else:
            lower = upper = best
        self._store(key, (lower, upper, best_move))
        return best


class NativeSearcher:
    """The passes run by the game's native kernel (:class:`~trigames.core.native.NativeSolver`)."""

    def __init__(self, kernel: Any, state: AnyState, watch: Watch, margin: bool,
                 memory: int) -> None:  # fmt: skip
        self.watch = watch
        self.margin = margin
        self.solver = NativeSolver(kernel, state, margin, _misere(state), memory)

    @property
    def nodes(self) -> int:
        return self.solver.stats()[0]

    @property
    def deepest(self) -> int:
        return self.solver.stats()[1]

    def stored(self) -> int:
        return self.solver.stats()[2]

    def test(self, state: AnyState, beta: int) -> int:
        found = self.solver.test(state, beta, self.watch.check, CHECK_EVERY * 16)
        if found is None:
            raise Stopped
        return found


def _misere(state: AnyState) -> bool:
    """Whether the game is won by the lower score."""
    return getattr(state.game, "misere", False) is True


@dataclass
class Solution:
    """What a solve proved about a position, for the player to move there."""

    spec: str
    moves: list[str]
    seat: int
    engine: str
    proves: str
    solved: bool = False
    #: The result under best play for :attr:`seat`: ``win``, ``draw`` or ``loss`` (``None``
    #: while unknown).
    result: str | None = None
    #: The final score lead under best play (``None`` while unknown), and bounds on it.
    lead: int | None = None
    lead_bounds: tuple[int | None, int | None] = (None, None)
    #: The worst and best result not yet ruled out (equal once the result is proven).
    result_bounds: tuple[str, str] = ("loss", "win")
    best_moves: list[str] = field(default_factory=list)
    #: True when every move reaching the value was looked at (else best_moves may miss some).
    all_best: bool = False
    #: A line of best play from the position: to the end of the game when
    #: :attr:`pv_complete`, else as far as the time allowed.
    pv: list[str] = field(default_factory=list)
    pv_complete: bool = False
    nodes: int = 0
    seconds: float = 0.0
    stored: int = 0
    stopped: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "moves": self.moves,
            "to_move": self.seat,
            "engine": self.engine,
            "proves": self.proves,
            "solved": self.solved,
            "result": self.result,
            "lead": self.lead,
            "lead_bounds": list(self.lead_bounds),
            "result_bounds": list(self.result_bounds),
            "best_moves": self.best_moves,
            "all_best_moves": self.all_best,
            "pv": self.pv,
            "pv_complete": self.pv_complete,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "table_entries": self.stored,
            "stopped": self.stopped,
        }


def solve(
    state: AnyState,
    *,
    seconds: float | None = None,
    margin: bool = True,
    engine: str = "auto",
    memory: int | None = None,
    progress: Progress | None = None,
    best_moves: bool = True,
) -> Solution:
    """Prove the value of ``state`` for its player to move (see the module).

    ``engine`` is ``auto`` (the game's native kernel when it runs), ``native`` or ``pure``;
    ``memory`` the table's size in bytes (the Python table counts 500 bytes a position);
    ``best_moves`` also tests every first move to list all that reach the value. ``state`` is
    left unchanged. Ctrl-C stops the solve like the time limit does.
    """
    game = state.game
    if game.num_players != 2:
        raise SolveError(
            f"solve handles two-player games only; {game.spec} has {game.num_players} players"
        )
    seat = state.to_move
    if seat is None:
        raise SolveError("the game is over: there is nothing to solve")
    watch = Watch(seconds, progress)
    searcher = make_searcher(state, engine, watch, margin, memory)
    solution = Solution(
        spec=str(game.spec),
        moves=[str(move) for move in state.history],
        seat=seat,
        engine="pure" if isinstance(searcher, PythonSearcher) else "native",
        proves="result and score lead" if margin else "result",
    )
    driver = _Driver(searcher, state.clone(), watch, margin)
    try:
        driver.narrow()
        solution.solved = True
        watch.grace(GRACE)  # for a best move and the line of play, if the time is up
        value = driver.low
        if best_moves:
            solution.best_moves, solution.all_best = driver.best_moves(value)
        else:
            solution.best_moves = [str(driver.best_move(driver.state, value))]
        solution.pv = driver.principal_variation(value)
        solution.pv_complete = True
    except Stopped:
        solution.stopped = "time"
    except KeyboardInterrupt:
        solution.stopped = "interrupted"
    solution.pv = solution.pv or driver.line
    _describe_bounds(solution, driver.low, driver.high, margin)
    solution.nodes = searcher.nodes
    solution.seconds = watch.elapsed()
    solution.stored = searcher.stored()
    return solution


def make_searcher(
    state: AnyState, engine: str, watch: Watch, margin: bool, memory: int | None
) -> Searcher:
    """The native searcher when ``engine`` allows it and the kernel runs, else Python's."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    kernel = None if engine == "pure" else kernel_for(state)
    if NativeSolver.available(kernel):
        return NativeSearcher(kernel, state, watch, margin, memory or TABLE_BYTES)
    if engine == "native" and state.swap_ahead():
        raise SolveError("the native solver knows no swap rule: solve from the second move on")
    if engine == "native":
        raise SolveError(f"{state.game.name} has no native solver running here")
    entries = TABLE_ENTRIES if memory is None else memory // 500
    return PythonSearcher(watch, margin, entries)


#: The engines a solve may ask for.
ENGINES = ("auto", "native", "pure")


class _Driver:
    """The passes of a solve over one searcher: the value, the best moves, the line of play."""

    def __init__(self, searcher: Searcher, state: AnyState, watch: Watch, margin: bool) -> None:
        self.searcher = searcher
        self.state = state
        self.watch = watch
        self.margin = margin
        # what is proven: low <= value <= high (a result alone has only three values)
        self.low, self.high = (-INFINITE, INFINITE) if margin else (-RESULT, RESULT)
        self.passes = 0
        self.line: list[str] = []

    def test(self, beta: int) -> None:
        """One null-window pass at ``beta``, narrowing the bounds."""
        self.passes += 1
        self.watch.facts = {"pass": self.passes, "bounds": _bounds_text(self.low, self.high)}
        found = self.searcher.test(self.state, beta)
        if found >= beta:
            self.low = max(self.low, found)
        else:
            self.high = min(self.high, found)

    def narrow(self) -> None:
        """Narrow the bounds to the exact value: the result first (a win? else a loss?), then
        the lead by bisection between the bounds the passes return."""
        self.test(RESULT // 2)
        if self.low < RESULT // 2:
            self.test(-RESULT // 2 + 1)
        while self.low < self.high:
            if self.high >= INFINITE:
                self.test(self.low + 1)
            elif self.low <= -INFINITE:
                self.test(self.high)
            else:
                self.test((self.low + self.high + 1) // 2)

    def keeps(self, state: AnyState, mover: int, beta: int) -> bool:
        """Whether the position after a move (played on ``state``) is worth at least ``beta``
        to ``mover``, who made it."""
        after = state.to_move
        if after is None:
            return final_value(state, mover, self.margin) >= beta
        if after == mover:
            return self.searcher.test(state, beta) >= beta
        return -self.searcher.test(state, -beta + 1) >= beta

    def best_move(self, state: AnyState, value: int) -> Any:
        """The first legal move on ``state`` that keeps its mover's ``value``."""
        mover = state.to_move
        assert mover is not None
        for move in state.legal_moves():
            state.play(move)
            try:
                good = self.keeps(state, mover, value)
            finally:
                state.undo()
            if good:
                return move
        raise AssertionError("no move keeps the proven value")

    def best_moves(self, value: int) -> tuple[list[str], bool]:
        """Every first move that keeps ``value``, and True; or, when time runs out, those
        found so far (at least one) and False."""
        state = self.state
        mover = state.to_move
        assert mover is not None
        found: list[str] = []
        try:
            for number, move in enumerate(state.legal_moves(), start=1):
                self.watch.facts = {"pass": f"best moves, {number} tested"}
                state.play(move)
                try:
                    if self.keeps(state, mover, value):
                        found.append(str(move))
                finally:
                    state.undo()
        except (Stopped, KeyboardInterrupt):
            if not found:
                self.watch.grace(GRACE)
                found = [str(self.best_move(state, value))]  # the table knows it: quick
            return found, False
        return found, True

    def principal_variation(self, value: int) -> list[str]:
        """Best play from the position to the end of the game: each move keeps the value (the
        moves found so far stay in :attr:`line` if the time runs out)."""
        self.watch.grace(GRACE)
        state = self.state
        root = state.to_move
        line = self.line
        try:
            while state.to_move is not None:
                move = self.best_move(state, value if state.to_move == root else -value)
                line.append(str(move))
                state.play(move)
        finally:
            for _ in line:
                state.undo()
        return line


def _bounds_text(low: int, high: int) -> str:
    """Bounds on a value for people: ``[win +2 .. win +5]``."""

    def text(value: int) -> str:
        if abs(value) >= INFINITE:
            return "?"
        result, lead = split_value(value)
        return f"{RESULTS[result]} {lead:+d}"

    return f"[{text(low)} .. {text(high)}]"


def _describe_bounds(solution: Solution, low: int, high: int, margin: bool) -> None:
    """The result and lead of ``solution`` as far as the bounds on the value prove them."""
    low_result = split_value(low)[0] if low > -INFINITE else -1
    high_result = split_value(high)[0] if high < INFINITE else 1
    solution.result_bounds = (RESULTS[low_result], RESULTS[high_result])
    if low_result != high_result:
        return
    solution.result = RESULTS[low_result]
    if margin:
        low_lead = split_value(low)[1] if low > -INFINITE else None
        high_lead = split_value(high)[1] if high < INFINITE else None
        solution.lead_bounds = (low_lead, high_lead)
        if low == high:
            solution.lead = low_lead
