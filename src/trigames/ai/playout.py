"""Random playouts, and the benchmark built on them.

>>> import trigames
>>> game = trigames.load_game("triggle")
>>> random_playout(game.new_initial_state(), random.Random(7)) > 10
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from trigames.core.protocol import AnyGame, AnyState


def random_playout(state: AnyState, rng: random.Random) -> int:
    """Play uniformly random moves until the game ends; return how many were played."""
    plies = 0
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
        plies += 1
    return plies


@dataclass(frozen=True)
class BenchResult:
    """What :func:`benchmark` measured."""

    playouts: int
    plies: int
    seconds: float

    @property
    def playouts_per_second(self) -> float:
        return self.playouts / self.seconds

    @property
    def plies_per_second(self) -> float:
        return self.plies / self.seconds

    @property
    def average_length(self) -> float:
        return self.plies / self.playouts


def benchmark(
    game: AnyGame,
    seconds: float,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
) -> BenchResult:
    """Random playouts from the start for ``seconds`` (at least one), through the public API.

    ``progress(elapsed)`` is called after each playout.
    """
    rng = random.Random(seed)
    playouts = plies = 0
    start = time.perf_counter()
    elapsed = 0.0
    while playouts == 0 or elapsed < seconds:
        plies += random_playout(game.new_initial_state(), rng)
        playouts += 1
        elapsed = time.perf_counter() - start
        if progress is not None:
            progress(elapsed)
    return BenchResult(playouts, plies, elapsed)
