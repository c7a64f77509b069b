"""Exact full-width search to a fixed depth on the score lead: what puzzles are measured by.

A position searched ``depth`` plies deep is worth, to its player to move, the best they can force
in exactly that many plies (fewer where the game ends first): at the horizon, the **score lead**
(own score minus the opponent's, reversed in a misère game); where the game ends, its result
first (:data:`RESULT` for a win, as :func:`trigames.ai.solve.final_value` counts it) and then the
lead. Every move is searched (no pruning beyond alpha-beta's, no quiescence, no evaluation), so
the values are exact, and two values that differ differ by at least one point.

The search is alpha-beta with a table keyed by the position and the depth left (a value at one
depth says nothing of another), moves ordered by the table's best move, then by what they score
at once. Extra moves (the same player again) are plies like any other. Two players only.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for band in ["A1-D1", "A1-A4", "A2-D2"]:
...     state.play(band)
>>> search = DepthSearch()
>>> best = search.best(state, 1)
>>> str(best.move), best.value, best.ties
('A1-D4', 1, 1)
>>> search.best(state, 3).value, search.nodes > 48
(1, True)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from trigames.ai.solve import RESULT, final_value
from trigames.core.errors import TrigamesError
from trigames.core.protocol import AnyState, score_lead

#: Beyond every value.
INFINITE = 1 << 30
#: The deepest search a puzzle asks for.
MAX_DEPTH = 9

__all__ = ["INFINITE", "MAX_DEPTH", "RESULT", "Best", "DepthSearch", "SearchLimitError"]


class SearchLimitError(TrigamesError):
    """A search met its node limit before it finished."""


@dataclass(frozen=True)
class Best:
    """What a root search found: the first best ``move`` (in the order searched), its
    ``value`` for the player to move and how many moves reach that value (``ties``)."""

    move: Any
    value: int
    ties: int


def horizon_value(state: AnyState, seat: int) -> int:
    """What a position is worth to ``seat`` where the search stops: the game's result and lead
    when it is over (:func:`~trigames.ai.solve.final_value`), else the score lead (reversed in a
    misère game)."""
    if state.to_move is None:
        return final_value(state, seat)
    lead = score_lead(state, seat)
    return -lead if getattr(state.game, "misere", False) is True else lead


class DepthSearch:
    """Exact values of positions searched to a fixed depth (see the module).

    The table lasts as long as the object, so the searches of one position's line share it.
    ``node_limit`` (positions looked at, counted over the object's life) stops a search with
    :class:`SearchLimitError`: a count, so a limited search stops at the same place every run.
    """

    def __init__(self, node_limit: int | None = None) -> None:
        self.node_limit = node_limit
        self.nodes = 0
        #: (position key, depth) -> (lower bound, upper bound, best move)
        self.table: dict[tuple[Hashable, int], tuple[int, int, Any]] = {}

    def value(self, state: AnyState, depth: int) -> int:
        """The exact value of ``state`` (not finished) for its player to move at ``depth``."""
        _check(state, depth)
        return self._search(state, depth, -INFINITE, INFINITE)

    def move_value(self, state: AnyState, move: Any, depth: int) -> int:
        """The exact value, for the player to move, of playing ``move`` and then ``depth - 1``
        plies of best play (``state`` is left as it was)."""
        _check(state, depth)
        mover = state.to_move
        assert mover is not None
        return self._child(state, move, mover, depth, -INFINITE, INFINITE)

    def best(self, state: AnyState, depth: int) -> Best:
        """The best move of ``state`` at ``depth``, its value and how many moves tie with it.

        Each move is searched with the window just below the best so far, so a move as good as
        the best is found exactly and counted."""
        _check(state, depth)
        mover = state.to_move
        assert mover is not None
        best_move: Any = None
        best, ties = -INFINITE, 0
        for move in self._ordered(state, mover, depth, None):
            value = self._child(state, move, mover, depth, best - 1, INFINITE)
            if value > best:
                best_move, best, ties = move, value, 1
            elif value == best:
                ties += 1
        return Best(best_move, best, ties)

    def best_moves(self, state: AnyState, depth: int) -> list[Any]:
        """Every legal move that reaches the value of ``state`` at ``depth``, in the engine's
        order."""
        target = self.value(state, depth)
        mover = state.to_move
        assert mover is not None
        return [
            move
            for move in state.legal_moves()
            if self._child(state, move, mover, depth, target - 1, target) >= target
        ]

    # --- the search -----------------------------------------------------------------------

    def _child(
        self, state: AnyState, move: Any, mover: int, depth: int, alpha: int, beta: int
    ) -> int:
        """The value for ``mover`` of ``move`` on ``state`` with ``depth - 1`` plies after it,
        fail-soft in (alpha, beta)."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimitError(f"the search met its limit of {self.node_limit:,} positions")
        _play_legal(state, move, mover)
        try:
            after = state.to_move
            if after is None or depth <= 1:
                return horizon_value(state, mover)
            if after == mover:  # another move for the same player
                return self._search(state, depth - 1, alpha, beta)
            return -self._search(state, depth - 1, -beta, -alpha)
        finally:
            state.undo()

    def _ordered(self, state: AnyState, mover: int, depth: int, first: Any) -> list[Any]:
        """The legal moves, ``first`` (the table's) in front, then (above the last ply) those
        worth most at once."""
        moves = state.legal_moves()
        if depth > 1:
            worth = {}
            for move in moves:
                _play_legal(state, move, mover)
                worth[move] = horizon_value(state, mover)
                state.undo()
            moves.sort(key=lambda move: -worth[move])
        if first is not None:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def _search(self, state: AnyState, depth: int, alpha: int, beta: int) -> int:
        """The value of ``state`` (not finished) for its player to move, fail-soft in
        (alpha, beta)."""
        key = (state.position_key(), depth)
        lower, upper, first = self.table.get(key, (-INFINITE, INFINITE, None))
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        mover = state.to_move
        assert mover is not None
        best, best_move, floor = -INFINITE, None, alpha
        for move in self._ordered(state, mover, depth, first):
            value = self._child(state, move, mover, depth, floor, beta)
            if value > best:
                best, best_move = value, move
                if value > floor:
                    floor = value
                    if value >= beta:
                        break
        if best <= alpha:
            upper = best
        elif best >= beta:
            lower = best
        else:
            lower = upper = best
        self.table[key] = (lower, upper, best_move)
        return best


def _play_legal(state: AnyState, move: Any, mover: int) -> None:
    """Play ``move``, one of ``state.legal_moves()``, as :meth:`State.play
    <trigames.core.protocol.State.play>` does but without asking the rules again whether it is
    legal: in Trugo and TRANGLAR that question lists the moves again after every move taken
    back, two thirds of a search's time. ``state.undo()`` takes it back as usual."""
    state._apply(move)
    state.history.append(move)
    state.movers.append(mover)


def _check(state: AnyState, depth: int) -> None:
    if not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"a puzzle search is 1 to {MAX_DEPTH} plies deep, not {depth}")
    if state.to_move is None:
        raise ValueError("the game is over: there is nothing to search")
    if state.game.num_players != 2:
        raise ValueError(f"puzzles are for two players; {state.game.spec} has more")
