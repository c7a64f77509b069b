"""Yardstick players: plain fixed-depth alpha-beta with the simplest score evaluation.

These stand for the simple programs a student writes in an afternoon, and the levels are
measured against them (see ``benchmarks/strength.py``). The search has no iterative deepening,
no transposition table, no move ordering and no time limit: it looks exactly ``depth`` plies
ahead, every time. A position is worth the seat's score lead (triangles, points...; reversed in
a misère game), and a finished game :data:`WIN` more or less than that for a win or a loss.
Moves are tried in an order shuffled from the seed, and the first of the best is played, so
ties are broken at random but reproducibly. Only a ``seconds`` cap (a web server sets one) can
cut a search short: the best root move found by then is played.

>>> import trigames
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> player = SimpleAlphaBetaPlayer(seed=1, depth=1)
>>> player.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import random
import time
from typing import Any

from trigames.core.protocol import AnyState, score_lead

#: Worth of a won game beyond any score lead.
WIN = 10_000.0
INFINITY = 1e9


def simple_value(state: AnyState, seat: int) -> float:
    """The simplest evaluation: ``seat``'s lead in score, plus or minus :data:`WIN` for a
    finished game won or lost (a shared win counts as neither)."""
    lead = float(score_lead(state, seat))
    if getattr(state.game, "misere", False) is True:
        lead = -lead
    outcome = state.outcome()
    if outcome is None:
        return lead
    if seat not in outcome.winners:
        return lead - WIN
    return lead + WIN if len(outcome.winners) == 1 else lead


class _OutOfTimeError(Exception):
    """Raised inside the search when the time cap has passed."""


class SimpleAlphaBetaPlayer:
    """Fixed-depth alpha-beta (paranoid with more than two players) on :func:`simple_value`."""

    kind = "alphabeta"

    def __init__(
        self, seed: int | None = None, depth: int = 2, *, seconds: float | None = None
    ) -> None:
        if depth < 1:
            raise ValueError("a fixed-depth search looks at least 1 ply ahead")
        self.rng = random.Random(seed)
        self.depth = depth
        self.seconds = seconds
        self._deadline: float | None = None
        self.last_info: dict[str, Any] = {}
        self._seat = 0
        self._nodes = 0

    def choose(self, state: AnyState) -> Any:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        self._seat, self._nodes = seat, 0
        started = time.perf_counter()
        self._deadline = None if self.seconds is None else started + self.seconds
        scratch = state.clone()
        best, best_value = moves[0], -INFINITY
        alpha = -INFINITY
        for move in moves:
            scratch.play(move)
            try:
                value = self._search(scratch, self.depth - 1, alpha, INFINITY)
            except _OutOfTimeError:
                break
            scratch.undo()
            if value > best_value:
                best, best_value = move, value
                alpha = max(alpha, value)
        self.last_info = {
            "depth": self.depth,
            "nodes": self._nodes,
            "value": best_value,
            "seconds": time.perf_counter() - started,
        }
        return best

    def _search(self, state: AnyState, depth: int, alpha: float, beta: float) -> float:
        self._nodes += 1
        deadline = self._deadline
        if deadline is not None and self._nodes % 256 == 0 and time.perf_counter() >= deadline:
            raise _OutOfTimeError
        mover = state.current_player
        if depth <= 0 or mover is None:
            return simple_value(state, self._seat)
        maximising = mover == self._seat
        best = -INFINITY if maximising else INFINITY
        for move in state.legal_moves():
            state.play(move)
            value = self._search(state, depth - 1, alpha, beta)
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
