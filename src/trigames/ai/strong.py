"""A stronger alpha-beta: iterative deepening, transposition table, tactical move ordering and a
quiescence search on scoring moves, for the levels of games won on points (Triggle first).

Compared with :mod:`~trigames.ai.alphabeta` (kept as the kind ``alphabeta`` for comparison):

- **quiescence**: at the end of the main search the side to move may still take what scores at
  once (a Triggle band closing triangles), or stand pat; so a search never stops just after a
  move that hands the opponent triangles, and never counts on points the opponent takes next;
- **move ordering**: the table's best move, then moves that score, then quiet moves that give
  nothing away, then moves that give something away (each game says what scores and what gives
  away through :func:`tactics`; games without such knowledge get the score change of each
  move);
- **evaluation**: the score lead (reversed in a misère game) and, when the game is over, a win
  worth more than any lead, sooner wins worth more.

Where the game's native kernel runs (:mod:`trigames.core.native`) and the evaluation is the
score lead (or the game's own, where its kernel has one: ``evaluation_weights``), the same
search runs in C (the kernels' ``alphabeta``), about a hundred times faster, so it looks several
moves deeper in the same time. There two settings make it stronger for the ``expert`` level:

- ``workers=2``: two searches on the machine's two cores (the kernels search without the
  interpreter lock) share one transposition table, each taking the root moves in its own order
  and finding what the other stored ("lazy SMP"); the first one's answer is played, or the
  other's if it finished a deeper iteration;
- ``deep=True``: principal variation search and late-move reductions (moves after the first
  searched with null windows, late moves that score nothing at once a ply or two shallower
  first), about two plies deeper in the same time on Triggle and Tricolor; and a search cut
  short plays the best move of its unfinished iteration once it has searched that iteration's
  first move (the best of the one before) in full.

Elsewhere it runs in Python, and those settings have no effect.

It plays within a :class:`~trigames.ai.players.Budget` of seconds or nodes: a search cut short
plays the move of the deepest finished iteration (or, if even depth 1 did not finish, the first
move of the ordering: the one scoring most and giving least away).

>>> import trigames
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> player = StrongPlayer(seed=1, budget=Budget(iterations=400))
>>> player.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from trigames.ai.players import Budget, Clock, on_processor_time
from trigames.core.native import AlphaBetaResult, KernelCalls, kernel_for
from trigames.core.protocol import AnyState, score_lead

WIN = 10_000.0
PROVEN = WIN / 2
INFINITY = 1e9
EXACT, LOWER, UPPER = 0, 1, 2
_CHECK_EVERY = 16
#: Deepest quiescence extension, and the most scoring moves it tries in a position (those
#: scoring most first).
MAX_QUIESCENCE = 6
QUIESCENCE_WIDTH = 3

#: ``tactics(state, move)`` -> (points the move scores at once, points it gives away): the
#: game's ``Game.tactics``.
Tactics = Callable[[AnyState, Any], tuple[int, int]]


class _OutOfBudgetError(Exception):
    """Raised inside the search when the budget is spent."""


def no_tactics(state: AnyState, move: Any) -> tuple[int, int]:
    """What a searcher's tactics are before it is asked for a move: nothing known."""
    return 0, 0


def value_of(state: AnyState, seat: int, ply: int = 0, *, judged: bool = False) -> float:
    """Score lead of ``seat`` (reversed for misère); a finished game won or lost is worth
    :data:`WIN` more or less, the sooner the more. With ``judged``, an unfinished position is
    worth what the game's own :meth:`~trigames.core.protocol.Game.heuristic` says."""
    outcome = state.outcome()
    if outcome is None and judged:
        return float(state.game.heuristic(state, seat))
    lead = float(score_lead(state, seat))
    if getattr(state.game, "misere", False) is True:
        lead = -lead
    if outcome is None:
        return lead
    if seat not in outcome.winners:
        return lead - WIN + ply
    return lead + WIN - ply if len(outcome.winners) == 1 else lead


class StrongPlayer:
    """Iterative-deepening alpha-beta with quiescence on scoring moves (see the module).

    ``evaluation`` is ``"simple"`` (the score lead) or ``"game"`` (the game's own heuristic,
    which also sees threats: Tricolor's points ready to take, Trig's chains...). ``weights``
    replace the kernel's evaluation weights in a native search with ``"game"`` (for tuning)."""

    kind = "strong"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        *,
        max_depth: int = 64,
        evaluation: str = "simple",
        workers: int = 1,
        deep: bool = False,
        weights: tuple[float, ...] | None = None,
    ) -> None:
        if evaluation not in ("simple", "game"):
            raise ValueError(f"evaluation is 'simple' or 'game', not {evaluation!r}")
        if workers not in (1, 2):
            raise ValueError("a strong search uses 1 or 2 workers")
        self.workers = workers
        self.deep = deep
        self.rng = random.Random(seed)
        self.budget = budget or Budget(seconds=1.0)
        self.max_depth = max_depth
        self.judged = evaluation == "game"
        self.weights = weights
        self.last_info: dict[str, Any] = {}
        self._table: dict[Hashable, tuple[int, float, int, Any]] = {}
        self._seat = 0
        self._nodes = 0
        self._clock: Clock | None = None
        self._may_stop = False
        self._tactics: Tactics = no_tactics
        self._misere = False

    def choose(self, state: AnyState) -> Any:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        self._tactics = state.game.tactics
        self._misere = getattr(state.game, "misere", False) is True
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        kernel = kernel_for(state)
        if isinstance(kernel, KernelCalls) and len(moves) > 1 and self._native_for(kernel):
            try:
                return self._choose_native(kernel, state, seat, moves)
            except (NotImplementedError, OverflowError):  # no scores, or beyond the kernel
                pass
        self._seat = seat
        self._table = {}
        self._nodes = 0
        self._clock = clock = self.budget.clock()
        self._may_stop = True
        scratch = state.clone()
        moves = self._ordered(scratch, moves, None)
        best, value, depth = moves[0], 0.0, 0
        if len(moves) > 1:
            for target in range(1, self.max_depth + 1):
                try:
                    found, value_found = self._root(scratch, moves, target)
                except _OutOfBudgetError:
                    scratch = state.clone()
                    break
                best, value, depth = found, value_found, target
                moves.remove(found)
                moves.insert(0, found)
                self._may_stop = True
                if abs(value) >= PROVEN or clock.spent(self._nodes):
                    break
        self.last_info = _info(depth, self._nodes, clock.elapsed(), value)
        return best

    def _native_for(self, kernel: KernelCalls) -> bool:
        """Whether the kernel searches with this player's evaluation."""
        return not self.judged or (kernel.evaluation_weights is not None and not self._misere)

    def _choose_native(
        self, kernel: KernelCalls, state: AnyState, seat: int, moves: list[Any]
    ) -> Any:
        """The same search in the kernel, with two workers on one table (see the module)."""
        clock = self.budget.clock()
        search = partial(
            kernel.alphabeta,
            state,
            seat,
            sign=-1 if self._misere else 1,
            max_depth=self.max_depth,
            seconds=self.budget.seconds or 0.0,
            nodes=self.budget.iterations or 0,
            processor_time=on_processor_time(),
            weights=(self.weights or kernel.evaluation_weights) if self.judged else None,
            narrow=self.deep,
        )
        numbers = [kernel.index(move) for move in moves]
        if self.workers == 1:
            results = [search(numbers)]
            seconds = clock.elapsed()
        else:
            table = kernel.alphabeta_table()
            half = len(numbers) // 2

            def timed(order: list[int], helper: bool) -> tuple[AlphaBetaResult, float]:
                """A worker's search and its time (on a processor clock, the worker's own)."""
                started = self.budget.clock()
                found = search(order, table=table, helper=helper)
                return found, started.elapsed()

            with ThreadPoolExecutor(2) as pool:
                first = pool.submit(timed, numbers, False)
                other = pool.submit(timed, numbers[half:] + numbers[:half], True)
                (main, seconds), (helper, _) = first.result(), other.result()
            results = [main, helper]
        depth, best, value = _answer(results, self.deep)
        if best == -1:  # not even depth 1 was searched: the move that scores most at once
            best = kernel.index(self._ordered(state.clone(), moves, None)[0])
        move = kernel.move(best)
        nodes = sum(result.nodes for result in results)
        self.last_info = {**_info(depth, nodes, seconds, value), "native": True}
        return move

    def _ordered(self, state: AnyState, moves: list[Any], first: Any) -> list[Any]:
        """Best guess first: ``first``, then by points scored, then by points given away."""
        tactics = self._tactics
        sign = -1 if self._misere else 1
        keyed = []
        for move in moves:
            claims, gives = tactics(state, move)
            keyed.append((sign * (gives - claims), move))
        keyed.sort(key=lambda item: item[0])
        ordered = [move for _, move in keyed]
        if first is not None and first in ordered:
            ordered.remove(first)
            ordered.insert(0, first)
        return ordered

    def _root(self, state: AnyState, moves: list[Any], depth: int) -> tuple[Any, float]:
        alpha, beta = -INFINITY, INFINITY
        best, best_value = moves[0], -INFINITY
        for move in moves:
            state.play(move)
            value = self._search(state, depth - 1, alpha, beta, 1)
            state.undo()
            if value > best_value:
                best, best_value = move, value
                alpha = max(alpha, value)
        return best, best_value

    def _tick(self) -> None:
        self._nodes += 1
        if self._may_stop and self._nodes % _CHECK_EVERY == 0:
            clock = self._clock
            assert clock is not None
            if clock.spent(self._nodes):
                raise _OutOfBudgetError

    def _search(self, state: AnyState, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._tick()
        mover = state.current_player
        if mover is None:
            return value_of(state, self._seat, ply, judged=self.judged)
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply, MAX_QUIESCENCE)
        key = state.position_key()
        entry = self._table.get(key)
        first: Any = None
        if entry is not None:
            stored_depth, stored, flag, first = entry
            if stored_depth >= depth:
                if flag == EXACT:
                    return stored
                if flag == LOWER and stored >= beta:
                    return stored
                if flag == UPPER and stored <= alpha:
                    return stored
        moves = self._ordered(state, state.legal_moves(), first)
        maximising = mover == self._seat
        start_alpha, start_beta = alpha, beta
        best_move = moves[0]
        best = -INFINITY if maximising else INFINITY
        for move in moves:
            state.play(move)
            value = self._search(state, depth - 1, alpha, beta, ply + 1)
            state.undo()
            if maximising:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = UPPER if best <= start_alpha else LOWER if best >= start_beta else EXACT
        self._table[key] = (depth, best, flag, best_move)
        return best

    def _quiesce(self, state: AnyState, alpha: float, beta: float, ply: int, left: int) -> float:
        """Stand pat or play a scoring move, until nothing scores at once."""
        stand = value_of(state, self._seat, ply, judged=self.judged)
        mover = state.current_player
        if mover is None or left <= 0:
            return stand
        maximising = mover == self._seat
        if maximising:
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
        else:
            if stand <= alpha:
                return stand
            beta = min(beta, stand)
        best = stand
        tactics = self._tactics
        scoring = []
        for move in state.legal_moves():
            claims = tactics(state, move)[0]
            if claims > 0:
                scoring.append((-claims, move))
        scoring.sort(key=lambda item: item[0])
        for _, move in scoring[:QUIESCENCE_WIDTH]:
            self._tick()
            state.play(move)
            value = self._quiesce(state, alpha, beta, ply + 1, left - 1)
            state.undo()
            if maximising:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best


def _info(depth: int, nodes: int, seconds: float, value: float) -> dict[str, Any]:
    """``last_info`` of a search: the depth finished, nodes, time, value and what it proved."""
    proven = "win" if value >= PROVEN else "loss" if value <= -PROVEN else None
    return {"depth": depth, "nodes": nodes, "seconds": seconds, "value": value, "proven": proven}


def _answer(results: list[AlphaBetaResult], partial: bool) -> tuple[int, int, float]:
    """(depth, move, value) of searches of all the root moves (on one table): the deepest
    iteration one finished, the first search's on a tie; with ``partial``, the move and value
    of a deeper unfinished one if it searched its first move. Depth 0 (and move -1, unless
    from an unfinished depth 1) when none finished an iteration.

    >>> one = AlphaBetaResult([(1, 10, 0.0), (2, 11, 1.0)], 100, (3, 12, 2.0))
    >>> two = AlphaBetaResult([(1, 20, 0.5)], 100)
    >>> _answer([one, two], False), _answer([one, two], True), _answer([two, one], False)
    ((2, 11, 1.0), (2, 12, 2.0), (2, 11, 1.0))
    """
    depth, move, value = 0, -1, 0.0
    for result in results:
        if result.iterations and result.iterations[-1][0] > depth:
            depth, move, value = result.iterations[-1]
    unfinished = [r.partial for r in results if partial and r.partial and r.partial[0] > depth]
    if unfinished:
        _, move, value = max(unfinished, key=lambda found: found[0])
    return depth, move, value
