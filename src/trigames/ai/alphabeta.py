"""Alpha-beta search with iterative deepening, a transposition table and the game's evaluation.

The search is *paranoid*: the player to move at the root maximises the game's
:meth:`Game.evaluate <trigames.core.protocol.Game.evaluate>` for their own seat and every other
seat is assumed to minimise it. With two players this is ordinary minimax; with three or four
it plays safe, as if the others played together against it. Whose turn it is comes from
``state.current_player`` at every node, so extra moves (the same player again) are searched as
they happen.

Depth 1, 2, 3... are searched in turn until the :class:`~trigames.ai.players.Budget` is spent
(nodes or seconds); the move of the deepest finished depth is played. Depth 1 always finishes.
Wins are worth more the sooner they come, losses less the later, so a proven win is played by
the shortest way and the search stops deepening once it has one.

>>> import trigames
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> player = AlphaBetaPlayer(seed=1, budget=Budget(iterations=300))
>>> player.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from trigames.ai.players import Budget, Clock
from trigames.core.protocol import AnyState

WIN = 1000.0
#: Values beyond this are proven wins or losses.
PROVEN = WIN / 2
EXACT, LOWER, UPPER = 0, 1, 2
_CHECK_EVERY = 256


class _OutOfBudgetError(Exception):
    """Raised inside the search when the budget is spent."""


class AlphaBetaPlayer:
    """Iterative-deepening alpha-beta within a :class:`Budget`; ``max_depth`` caps the depth."""

    kind = "alphabeta"

    def __init__(
        self, seed: int | None = None, budget: Budget | None = None, *, max_depth: int = 64
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(seconds=1.0)
        self.max_depth = max_depth
        self.last_info: dict[str, Any] = {}
        self._table: dict[Hashable, tuple[int, float, int, Any]] = {}
        self._history: dict[Any, int] = {}
        self._seat = 0
        self._nodes = 0
        self._clock: Clock | None = None
        self._may_stop = False

    def choose(self, state: AnyState) -> Any:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        self._seat = seat
        self._table = {}
        self._history = {}
        self._nodes = 0
        self._clock = clock = self.budget.clock()
        self._may_stop = False
        scratch = state.clone()
        best, value, depth = moves[0], 0.0, 0
        if len(moves) > 1:
            for target in range(1, self.max_depth + 1):
                try:
                    found, value_found = self._root(scratch, moves, target)
                except _OutOfBudgetError:
                    scratch = state.clone()  # the search stopped part way down
                    break
                best, value, depth = found, value_found, target
                moves.remove(found)
                moves.insert(0, found)
                self._may_stop = True
                if abs(value) >= PROVEN or clock.spent(self._nodes):
                    break
        seconds = clock.elapsed()
        self.last_info = {
            "depth": depth,
            "nodes": self._nodes,
            "seconds": seconds,
            "value": value,
            "proven": "win" if value >= PROVEN else "loss" if value <= -PROVEN else None,
        }
        return best

    def _root(self, state: AnyState, moves: list[Any], depth: int) -> tuple[float | Any, float]:
        """The best root move at ``depth`` and its value (``moves`` best-guess first)."""
        alpha, beta = -2 * WIN, 2 * WIN
        best, best_value = moves[0], -2 * WIN
        for move in moves:
            state.play(move)
            value = self._search(state, depth - 1, alpha, beta, 1)
            state.undo()
            if value > best_value:
                best, best_value = move, value
                alpha = max(alpha, value)
        return best, best_value

    def _search(self, state: AnyState, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._nodes += 1
        if self._may_stop and self._nodes % _CHECK_EVERY == 0:
            clock = self._clock
            assert clock is not None
            if clock.spent(self._nodes):
                raise _OutOfBudgetError
        game = state.game
        mover = state.current_player
        if mover is None:
            value = game.evaluate(state, self._seat)
            if value >= PROVEN:
                return value - ply
            if value <= -PROVEN:
                return value + ply
            return value
        if depth <= 0:
            return game.evaluate(state, self._seat)
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
        maximising = mover == self._seat
        moves = state.legal_moves()
        history = self._history
        moves.sort(key=lambda m: -history.get(m, 0))
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        start_alpha, start_beta = alpha, beta
        best_move = moves[0]
        if maximising:
            best = -2 * WIN
            for move in moves:
                state.play(move)
                value = self._search(state, depth - 1, alpha, beta, ply + 1)
                state.undo()
                if value > best:
                    best, best_move = value, move
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            history[move] = history.get(move, 0) + depth * depth
                            break
        else:
            best = 2 * WIN
            for move in moves:
                state.play(move)
                value = self._search(state, depth - 1, alpha, beta, ply + 1)
                state.undo()
                if value < best:
                    best, best_move = value, move
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            history[move] = history.get(move, 0) + depth * depth
                            break
        if best <= start_alpha:
            flag = UPPER
        elif best >= start_beta:
            flag = LOWER
        else:
            flag = EXACT
        self._table[key] = (depth, best, flag, best_move)
        return best
