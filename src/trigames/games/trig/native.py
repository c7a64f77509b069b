"""Trig's native kernel (``_kernel.c``) as :class:`trigames.core.native.Kernel`: the board's
tables handed over once, snapshots of states, and move numbers turned back into moves (a cell,
or a cell and the peg it captures).

>>> import trigames
>>> from trigames.core.native import kernel_of
>>> game = trigames.load_game("trig")
>>> kernel = kernel_of(game)
>>> kernel is None or kernel.perft(game.new_initial_state(), 2) == 36
True
"""

from __future__ import annotations

from array import array
from types import ModuleType
from typing import TYPE_CHECKING, Any

from trigames.core.native import KernelCalls
from trigames.games.trig.actions import action_table
from trigames.games.trig.board import TrigMove

if TYPE_CHECKING:
    from trigames.games.trig.rules import TrigRules, TrigState


#: The weights of Trig's evaluation (:mod:`.evaluation`, ``trig_evaluate`` in the kernel):
#: the distance lead, pegs ahead and the turn, in distance steps.
EVALUATION_WEIGHTS: tuple[float, ...] = (1.0, 0.25, 1 / 3)


class TrigKernel(KernelCalls):
    """The compiled kernel of one Trig board."""

    evaluation_weights = EVALUATION_WEIGHTS

    def __init__(self, module: ModuleType, game: TrigRules) -> None:
        self.module = module
        self.game = game
        self.board_tables = board = game.board
        self.cells = cells = len(board.cells)
        self.cell_bytes = size = 8 * ((cells + 63) // 64)
        self.board = module.board(
            [mask.to_bytes(size, "little") for mask in board.neighbours],
            [[cells if n is None else n for n in ring] for ring in board.around],
            [[part for triple in found for part in triple] for found in board.corner_of],
            board.edge_mask.to_bytes(size, "little"),
            board.near_pillars.to_bytes(size, "little"),
            board.playing_mask.to_bytes(size, "little"),
            [mask.to_bytes(size, "little") for mask in board.pillar_touch],
            list(board.pillar_bits),
        )

    def snapshot(self, state: TrigState) -> object:
        size = self.cell_bytes
        return (
            state.pegs[0].to_bytes(size, "little"),
            state.pegs[1].to_bytes(size, "little"),
            state.beside.to_bytes(size, "little"),
            -1 if state.to_move is None else state.to_move,
            -1 if state.winner is None else state.winner,
        )

    def move(self, index: int) -> TrigMove:
        cell, centre = index % self.cells, index // self.cells - 1
        if centre < 0:
            return self.board_tables.placements[cell]
        return self.board_tables.capture_move(cell, centre)

    def index(self, move: Any) -> int:
        cell, centre = self.board_tables.move_parts(move)
        return cell if centre is None else cell + self.cells * (centre + 1)

    def action_table(self) -> bytes:
        """The action ids number placements and captures in another order (see
        :func:`.actions.action_table`)."""
        cells = self.cells
        to_action = [-1] * (cells * (cells + 1))
        for action, (cell, centre) in enumerate(action_table(self.board_tables).keys):
            to_action[cell + cells * (0 if centre is None else centre + 1)] = action
        return array("i", to_action).tobytes()
