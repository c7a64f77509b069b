"""Tricolor's native kernel (``_kernel.c``) as :class:`trigames.core.native.Kernel`: the
board's tables handed over once, snapshots of states, and lozenge numbers turned back into
lozenges.

>>> import trigames
>>> from trigames.core.native import kernel_of
>>> game = trigames.load_game("tricolor")
>>> kernel = kernel_of(game)
>>> kernel is None or kernel.perft(game.new_initial_state(), 1) == 44
True
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from trigames.core.bits import bits
from trigames.core.native import KernelCalls
from trigames.games.tricolor.board import CROWN, HEXAGON, STAR, Lozenge

if TYPE_CHECKING:
    from trigames.games.tricolor.rules import TricolorRules, TricolorState

#: The kernel's numbers for the kinds of configuration.
KINDS = {CROWN: 0, STAR: 1, HEXAGON: 2}


#: The weights of Tricolor's evaluation (:mod:`.evaluation`, ``tricolor_evaluate`` in the
#: kernel): the turn, the ready lozenges, the extra moves and the cost, in points. Tuned by
#: self-play of the native search at 20,000 nodes a move (``benchmarks/tune.py``,
#: ``benchmarks/data/tuning/tricolor.json``) from the hand-set (0.3, 0.6, 0, 0), which they beat
#: 61.5 to 34.5 in 96 games on fresh openings.
EVALUATION_WEIGHTS: tuple[float, ...] = (0.3, 0.3, 0.3, 0.0)


class TricolorKernel(KernelCalls):
    """The compiled kernel of one Tricolor spec."""

    evaluation_weights = EVALUATION_WEIGHTS

    def __init__(self, module: ModuleType, game: TricolorRules) -> None:
        self.module = module
        self.game = game
        board = game.board
        self.lozenges = board.lozenges
        self.lozenge_index = board.lozenge_index
        self.triangle_bytes = 8 * ((len(board.triangles) + 63) // 64)
        self.lozenge_bytes = 8 * ((len(board.lozenges) + 63) // 64)
        tri, loz = self.triangle_bytes, self.lozenge_bytes
        configurations = []
        for found in board.configurations_of:
            row: list[int] = []
            for kind, _, lozenges in found:
                members = bits(lozenges)
                row += [KINDS[kind], len(members), *members]
            configurations.append(row)
        self.board = module.board(
            len(board.triangles),
            game.num_players,
            [mask.to_bytes(tri, "little") for mask in board.lozenge_mask],
            [mask.to_bytes(loz, "little") for mask in board.conflicts],
            [mask.to_bytes(loz, "little") for mask in board.colour_mask],
            [mask.to_bytes(tri, "little") for mask in board.triangle_neighbours],
            [list(row) for row in board.lozenge_border],
            configurations,
        )

    def snapshot(self, state: TricolorState) -> object:
        tri, loz = self.triangle_bytes, self.lozenge_bytes
        withdrawn = 0
        for seat in state.withdrawn:
            withdrawn |= 1 << seat
        return (
            state.covered.to_bytes(tri, "little"),
            state.placed.to_bytes(loz, "little"),
            state.available.to_bytes(loz, "little"),
            tuple(state.points),
            state.due,
            -1 if state.to_move is None else state.to_move,
            withdrawn,
        )

    def move(self, index: int) -> Lozenge:
        return self.lozenges[index]

    def index(self, move: Any) -> int:
        return self.lozenge_index[move]
