"""Triggle's native kernel (``_kernel.c``) as :class:`trigames.core.native.Kernel`: the board's
tables handed over once, snapshots of states, and band numbers turned back into bands.

>>> import trigames
>>> from trigames.core.native import kernel_of
>>> game = trigames.load_game("triggle")
>>> kernel = kernel_of(game)
>>> kernel is None or kernel.perft(game.new_initial_state(), 2) == 900
True
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from trigames.core.native import KernelCalls
from trigames.games.triggle.board import Band

if TYPE_CHECKING:
    from trigames.games.triggle.rules import TriggleRules, TriggleState


#: The weights of Triggle's evaluation (:mod:`.evaluation`, ``triggle_evaluate`` in the
#: kernel): gifts, take, parity and forced, in points. Tuned by self-play of the native search
#: at 20,000 nodes a move (``benchmarks/tune.py``, ``benchmarks/data/tuning/triggle.json``):
#: from all 0 (the plain score lead), only a quarter point for the best take of the player to
#: move won (77 of 128 games against all 0 on fresh openings).
EVALUATION_WEIGHTS: tuple[float, ...] = (0.0, 0.25, 0.0, 0.0)


class TriggleKernel(KernelCalls):
    """The compiled kernel of one Triggle spec."""

    evaluation_weights = EVALUATION_WEIGHTS

    def __init__(self, module: ModuleType, game: TriggleRules) -> None:
        self.module = module
        self.game = game
        board = game.board
        self.bands = board.bands
        self.band_index = board.band_index
        self.segment_bytes = 8 * ((len(board.segments) + 63) // 64)
        self.band_bytes = 8 * ((len(board.bands) + 63) // 64)
        seg, band = self.segment_bytes, self.band_bytes
        self.board = module.board(
            len(board.segments),
            game.num_players,
            game.markers,
            game.touch,
            game.misere,
            [mask.to_bytes(seg, "little") for mask in board.band_segments],
            [mask.to_bytes(band, "little") for mask in board.band_touches],
            [list(row) for row in board.band_overlaps],
            [list(row) for row in board.band_triangles],
            [mask.to_bytes(seg, "little") for mask in board.triangle_segments],
        )

    def snapshot(self, state: TriggleState) -> object:
        seg, band = self.segment_bytes, self.band_bytes
        withdrawn = 0
        for seat in state.withdrawn:
            withdrawn |= 1 << seat
        return (
            state.covered.to_bytes(seg, "little"),
            state.open.to_bytes(band, "little"),
            state.touching.to_bytes(band, "little"),
            state.legal.to_bytes(band, "little"),
            tuple(state.markers),
            -1 if state.to_move is None else state.to_move,
            withdrawn,
        )

    def move(self, index: int) -> Band:
        return self.bands[index]

    def index(self, move: Any) -> int:
        return self.band_index[move]
