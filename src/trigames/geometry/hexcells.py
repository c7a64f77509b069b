"""Hexagonal cells in axial coordinates ``(q, r)``, rows ``r`` counting downwards.

Cells are pointy-topped: cell ``(q, r)`` has its centre at ``x = sqrt(3) * (q + r / 2)``,
``y = 1.5 * r`` (unit circumradius), and shares an edge with the six cells one
:data:`~trigames.geometry.trilattice.DIRECTIONS` step away. The centres of the cells form a
triangular lattice, so the lattice's directions and lines serve both.

>>> board = CellRegion.union_of_hexagons([(0, 0)], 6)
>>> len(board.cells), len(board.edge_cells())
(127, 36)
>>> sorted(neighbours((0, 0)))[:2]
[(-1, 0), (-1, 1)]
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from trigames.geometry.trilattice import DIRECTIONS, Point, add

Cell = Point


def neighbours(cell: Cell) -> Iterator[Cell]:
    """The six cells sharing an edge with ``cell``."""
    for step in DIRECTIONS:
        yield add(cell, step)


def distance(a: Cell, b: Cell) -> int:
    """The number of steps from ``a`` to ``b``.

    >>> distance((0, 0), (2, -1))
    2
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def hexagon(centre: Cell, radius: int) -> list[Cell]:
    """The cells within ``radius`` steps of ``centre``, row by row (``3r(r+1)+1`` of them)."""
    cq, cr = centre
    return [
        (cq + dq, cr + dr)
        for dr in range(-radius, radius + 1)
        for dq in range(max(-radius, -radius - dr), min(radius, radius - dr) + 1)
    ]


def to_plane(cell: Cell) -> tuple[float, float]:
    """Cartesian centre of a cell of circumradius 1, y downwards."""
    q, r = cell
    return (math.sqrt(3) * (q + r / 2), 1.5 * r)


@dataclass(frozen=True)
class CellRegion:
    """A finite set of cells: a board. Cells are kept row by row, each row left to right."""

    cells: tuple[Cell, ...]

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> CellRegion:
        """A region of the given cells, in reading order."""
        return cls(tuple(sorted(set(cells), key=lambda c: (c[1], c[0]))))

    @classmethod
    def union_of_hexagons(cls, centres: Iterable[Cell], radius: int) -> CellRegion:
        """The cells within ``radius`` of any of the ``centres``."""
        return cls.of(cell for centre in centres for cell in hexagon(centre, radius))

    @cached_property
    def members(self) -> frozenset[Cell]:
        return frozenset(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self.members

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The neighbours of ``cell`` that are in the region."""
        return [n for n in neighbours(cell) if n in self.members]

    def edge_cells(self) -> list[Cell]:
        """Cells with fewer than six neighbours in the region, in reading order."""
        return [cell for cell in self.cells if len(self.neighbours(cell)) < 6]

    def connected(self, cells: Iterable[Cell]) -> bool:
        """True when ``cells`` (a subset of the region) form one edge-connected group."""
        wanted = set(cells)
        if not wanted:
            return True
        start = next(iter(wanted))
        seen = {start}
        queue = deque([start])
        while queue:
            for n in neighbours(queue.popleft()):
                if n in wanted and n not in seen:
                    seen.add(n)
                    queue.append(n)
        return seen == wanted
