"""Precomputed tables of the Summer-House Floor boards: Trig, Trigger and Triggest.

Cells are hexagons; sets of cells are ``int`` bit masks over :attr:`TrigBoard.cells`.

>>> board = TrigBoard.named("trig")
>>> len(board.cells), len(board.playing), len(board.separators), len(board.edge_cells)
(127, 84, 42, 36)
>>> len(board.capture_triangles), board.names.name(board.pillars[0])
(432, 'G7')
"""

from __future__ import annotations

import re
from functools import lru_cache

from trigames.core.bits import mask
from trigames.core.errors import MoveParseError
from trigames.core.limits import check_length, quote
from trigames.core.phrases import Phrase
from trigames.core.protocol import NamedMove
from trigames.geometry.hexcells import Cell, CellRegion, centred_triangles, neighbours

#: The Pillars of each board (axial cells); each board is the cells within 6 steps of them.
PILLARS: dict[str, tuple[Cell, ...]] = {
    "trig": ((0, 0),),
    "trigger": ((0, 0), (6, 0)),
    "triggest": ((0, 0), (6, 0), (0, 6)),
}
RADIUS = 6

#: The most characters a move may have, checked before it is read: the longest on every board
#: has 7 (``F12xE10``).
MAX_MOVE_LENGTH = 32

# Used with ``fullmatch``: each repetition is possessive and followed by a character it cannot
# match (a letter, a digit, a capture sign or the end), so nothing is ever given back and the
# match is one left-to-right scan, the optional capture tried once.
_CELL = r"([A-Za-z]\s*+[0-9]{1,2}+)"
_MOVE = re.compile(rf"\s*+{_CELL}\s*+(?:[xX:*]\s*+{_CELL}\s*+)?+")


class TrigMove(NamedMove):
    """A placement, written by its cell (``E5``), with a capture after an ``x`` (``E5xF6``)."""

    __slots__ = ()


class TrigBoard:
    """A Summer-House Floor board: its cells, their roles, neighbours and capture triangles."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.region = region = CellRegion.union_of_hexagons(PILLARS[name], RADIUS)
        self.names = region.names
        self.cells: tuple[Cell, ...] = region.cells
        self.index = {cell: i for i, cell in enumerate(self.cells)}
        self.pillars: tuple[Cell, ...] = PILLARS[name]
        pillar_class = (self.pillars[0][0] - self.pillars[0][1]) % 3
        self.pillar_bits = tuple(self.index[p] for p in self.pillars)
        self.playing = tuple(
            i for i, (q, r) in enumerate(self.cells) if (q - r) % 3 != pillar_class
        )
        self.separators = tuple(
            i
            for i, (q, r) in enumerate(self.cells)
            if (q - r) % 3 == pillar_class and (q, r) not in self.pillars
        )
        self.playing_mask = mask(self.playing)
        self.all_cells = (1 << len(self.cells)) - 1
        #: Neighbours of each cell on the board, in turning order around it (None: off the board).
        self.around: tuple[tuple[int | None, ...], ...] = tuple(
            tuple(self.index.get(n) for n in neighbours(cell)) for cell in self.cells
        )
        self.neighbours: tuple[int, ...] = tuple(
            mask(n for n in ring if n is not None) for ring in self.around
        )
        self.edge_cells = tuple(i for i, ring in enumerate(self.around) if None in ring)
        self.edge_mask = mask(self.edge_cells)
        #: For each Pillar, the cells adjacent to it (all playing cells).
        self.pillar_touch: tuple[int, ...] = tuple(self.neighbours[p] for p in self.pillar_bits)
        #: Cells adjacent to some Pillar: where a placement is allowed on an empty board.
        self.near_pillars = 0
        for touch in self.pillar_touch:
            self.near_pillars |= touch
        self.capture_triangles: tuple[tuple[int, int, int, int], ...] = tuple(
            (self.index[a], self.index[b], self.index[c], self.index[m])
            for a, b, c, m in centred_triangles([self.cells[i] for i in self.playing])
        )
        corner_of: list[list[tuple[int, int, int]]] = [[] for _ in self.cells]
        for a, b, c, m in self.capture_triangles:
            corner_of[a].append((b, c, m))
            corner_of[b].append((a, c, m))
            corner_of[c].append((a, b, m))
        #: For each cell, the capture triangles it is a corner of: ``(other, other, centre)``.
        self.corner_of: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple(found) for found in corner_of
        )
        #: The same as masks: ``(centre bit, other two corners' bits, centre)``.
        self.corner_masks: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple((1 << m, (1 << a) | (1 << b), m) for a, b, m in found) for found in corner_of
        )
        self.placements: tuple[TrigMove, ...] = tuple(
            TrigMove(self.names.name(cell)) for cell in self.cells
        )
        self._captures: dict[tuple[int, int], TrigMove] = {}
        self._parts: dict[TrigMove, tuple[int, int | None]] = {
            move: (cell, None) for cell, move in enumerate(self.placements)
        }

    @staticmethod
    @lru_cache(maxsize=8)
    def named(name: str) -> TrigBoard:
        """The board called ``trig``, ``trigger`` or ``triggest``, shared: the 8 most recently
        used are kept (all three)."""
        return TrigBoard(name)

    def capture_move(self, cell: int, centre: int) -> TrigMove:
        """The move placing on ``cell`` and capturing the peg on ``centre``."""
        move = self._captures.get((cell, centre))
        if move is None:
            move = TrigMove(f"{self.placements[cell].name}x{self.placements[centre].name}")
            self._captures[(cell, centre)] = move
            self._parts[move] = (cell, centre)
        return move

    def parse_move(self, text: str) -> tuple[int, int | None]:
        """``(cell, captured cell or None)`` of a move written ``E5`` or ``E5xF6``, of at most
        :data:`MAX_MOVE_LENGTH` characters."""
        if isinstance(text, str):
            check_length(text, MAX_MOVE_LENGTH, "a Trig move", MoveParseError)
        match = _MOVE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise MoveParseError(
                Phrase(
                    "{move} is not a Trig move: write a cell like E5, or a cell and the peg it "
                    "captures like E5xF6",
                    move=quote(text),
                )
            )
        try:
            cell = self.index[self.names.point(match.group(1))]
            centre = self.index[self.names.point(match.group(2))] if match.group(2) else None
        except ValueError as error:
            raise MoveParseError(
                Phrase("bad move {move}: {error}", move=quote(text), error=str(error))
            ) from None
        return cell, centre

    def move_parts(self, move: TrigMove) -> tuple[int, int | None]:
        """``(cell, captured cell or None)`` of a move object."""
        parts = self._parts.get(move)
        return parts if parts is not None else self.parse_move(move.name)
