"""Computer players: each picks a legal move for the player to move.

Every player has a ``kind``, a ``choose(state)`` method and a ``last_info`` dictionary saying
what its last choice was based on (simulations, depth, a proven result...). The players know
only the engine protocol: game knowledge comes from :meth:`Game.evaluate
<trigames.core.protocol.Game.evaluate>` and :meth:`Game.heuristic
<trigames.core.protocol.Game.heuristic>`. Never assume turns alternate: a game may let the same
player move again, so players always ask ``state.current_player``.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> move = RandomPlayer(seed=1).choose(state)
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from trigames.core.protocol import AnyState


def accepts_draw(state: AnyState, seat: int) -> bool:
    """Whether a computer in ``seat`` agrees to end the game as a draw: when the game's
    evaluation does not see it ahead (every player kind answers alike).

    >>> import trigames
    >>> state = trigames.load_game("triggle").new_initial_state()
    >>> accepts_draw(state, 1)
    True
    """
    return state.game.evaluate(state, seat) <= 0


class Player(Protocol):
    """Anything that chooses a move."""

    kind: str
    last_info: dict[str, Any]

    def choose(self, state: AnyState) -> Any:
        """A legal move for ``state.current_player``."""
        ...


@dataclass(frozen=True)
class Budget:
    """How much a search may spend on one move: work units, seconds, or both (first reached).

    For MCTS the work units are simulations, for alpha-beta nodes visited. An iteration budget
    makes a seeded player reproducible; a time budget makes it answer in time.

    >>> Budget(iterations=100).describe(), Budget(seconds=0.5).describe()
    ('100 iterations', '0.5 s')
    """

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a budget needs at least 1 iteration")
        if self.seconds is not None and not 0 < self.seconds < math.inf:
            raise ValueError("a time budget must be a finite number of seconds, more than 0")

    def clock(self) -> Clock:
        """A clock that starts now."""
        return Clock(self)

    def describe(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts)


#: What a time budget is measured in: ``time.perf_counter`` (seconds on the wall clock, as a
#: player waits for them) unless :func:`use_processor_time` is in force.
_now: Callable[[], float] = time.perf_counter


def use_processor_time(on: bool = True) -> None:
    """Measure time budgets in processor time instead of wall-clock seconds (``on=False`` goes
    back): the processor time of the thread that thinks, so that each of a search's two workers
    counts its own, as on the wall clock of an idle machine. Strength benchmarks on a shared
    machine use it, so that a busy machine does not make the players who think by the clock
    weaker than the fixed-depth ones; on an idle machine both are the same.

    >>> use_processor_time(); use_processor_time(False)
    """
    global _now
    _now = time.thread_time if on else time.perf_counter


def on_processor_time() -> bool:
    """Whether time budgets count processor time (see :func:`use_processor_time`)."""
    return _now is time.thread_time


class Clock:
    """Tells a search when its :class:`Budget` is spent."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.now = _now
        self.started = self.now()
        self.deadline = None if budget.seconds is None else self.started + budget.seconds

    def spent(self, done: int) -> bool:
        """True once ``done`` work units or the time allowed are used up."""
        limit = self.budget.iterations
        if limit is not None and done >= limit:
            return True
        return self.deadline is not None and self.now() >= self.deadline

    def elapsed(self) -> float:
        return self.now() - self.started


class RandomPlayer:
    """Plays a uniformly random legal move; reproducible from ``seed``."""

    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.last_info: dict[str, Any] = {}

    def choose(self, state: AnyState) -> Any:
        return self.rng.choice(state.legal_moves())


class GreedyPlayer:
    """Plays the move after which the game's evaluation is best for the mover (ties at random).

    This is "the best immediate gain": one move deep, judged by :meth:`Game.evaluate`.
    """

    kind = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.last_info: dict[str, Any] = {}

    def choose(self, state: AnyState) -> Any:
        return self.ranked(state)[0]

    def ranked(self, state: AnyState) -> list[Any]:
        """Legal moves, best first."""
        seat = state.current_player
        if seat is None:
            return []
        scratch = state.clone()
        scored: list[tuple[float, float, Any]] = []
        for move in state.legal_moves():
            scratch.play(move)
            scored.append((-state.game.evaluate(scratch, seat), self.rng.random(), move))
            scratch.undo()
        scored.sort(key=lambda item: item[:2])
        self.last_info = {"value": -scored[0][0]} if scored else {}
        return [move for _, _, move in scored]


def rewards(state: AnyState) -> tuple[float, ...]:
    """Each seat's share of a finished game: winners split 1 equally, losers get 0."""
    outcome = state.outcome()
    assert outcome is not None
    share = 1.0 / len(outcome.winners)
    return tuple(
        share if seat in outcome.winners else 0.0 for seat in range(state.game.num_players)
    )
