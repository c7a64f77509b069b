"""Computer players: each picks a legal move for the player to move.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> move = RandomPlayer(seed=1).choose(state)
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from trigames.core.protocol import AnyState

KINDS = ("random", "greedy")


class Player(Protocol):
    """Anything that chooses a move."""

    kind: str

    def choose(self, state: AnyState) -> Any:
        """A legal move for ``state.current_player``."""
        ...


class RandomPlayer:
    """Plays a uniformly random legal move; reproducible from ``seed``."""

    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: AnyState) -> Any:
        return self.rng.choice(state.legal_moves())


class GreedyPlayer:
    """Plays the move after which the game's evaluation is best for the mover (ties at random)."""

    kind = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

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
        return [move for _, _, move in scored]


def make_player(kind: str, seed: int | None = None) -> Player:
    """A computer player of the given kind (``random`` or ``greedy``)."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    raise ValueError(f"unknown player kind {kind!r}; choose from: human, {', '.join(KINDS)}")
