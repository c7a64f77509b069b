"""Random playouts, and the benchmark built on them.

Where the game has a native kernel (:mod:`trigames.core.native`), the benchmark runs its
playouts natively, many per call; ``TRIGAMES_PURE=1`` measures the Python engine instead.

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
from typing import Any

from trigames.core.native import kernel_for
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
    #: ``"native"`` when a compiled kernel played, ``"pure"`` when the Python engine did.
    mode: str = "pure"

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
    """Random playouts from the start for ``seconds`` (at least one), through the public API
    or, where the game has one, its native kernel.

    ``progress(elapsed)`` is called after each playout (after each batch, natively).
    """
    kernel = kernel_for(game.new_initial_state())  # none while a swap may come
    if kernel is not None:
        return _native_benchmark(game, kernel, seconds, seed, progress)
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


def _native_benchmark(
    game: AnyGame,
    kernel: Any,
    seconds: float,
    seed: int,
    progress: Callable[[float], None] | None,
) -> BenchResult:
    """Batches of seeded native playouts, each batch about a twentieth of a second once the
    first ones have shown the pace."""
    start_state = game.new_initial_state()
    playouts = plies = 0
    batch = 1
    start = time.perf_counter()
    elapsed = 0.0
    while playouts == 0 or elapsed < seconds:
        before = elapsed
        played, _ = kernel.playouts(start_state, batch, seed + playouts)
        plies += played
        playouts += batch
        elapsed = time.perf_counter() - start
        if progress is not None:
            progress(elapsed)
        took = elapsed - before
        if took < 0.05:
            batch *= 2
    return BenchResult(playouts, plies, elapsed, "native")
