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
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from trigames.geometry.names import RowNames
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


def rotate60(step: Cell) -> Cell:
    """``step`` turned 60 degrees counter-clockwise (as drawn, rows going down).

    >>> rotate60((1, 0)), rotate60(rotate60(rotate60((1, 0))))
    ((1, -1), (-1, 0))
    """
    q, r = step
    return (q + r, -q)


def centred_triangles(cells: Collection[Cell]) -> list[tuple[Cell, Cell, Cell, Cell]]:
    """Equilateral triangles of any size and rotation whose corners and exact centre are cells.

    Each is ``(a, b, c, centre)`` with corners counter-clockwise from the one first in reading
    order, listed once, in reading order of their corners.

    >>> for triangle in centred_triangles(hexagon((0, 0), 1)):
    ...     print(triangle)
    ((0, -1), (-1, 1), (1, 0), (0, 0))
    ((1, -1), (-1, 0), (0, 1), (0, 0))
    """
    members = set(cells)
    found: set[tuple[Cell, Cell, Cell, Cell]] = set()
    for a in members:
        for b in members:
            if a == b:
                continue
            turned = rotate60((b[0] - a[0], b[1] - a[1]))
            c = (a[0] + turned[0], a[1] + turned[1])
            sum_q, sum_r = a[0] + b[0] + c[0], a[1] + b[1] + c[1]
            if c not in members or sum_q % 3 or sum_r % 3:
                continue
            centre = (sum_q // 3, sum_r // 3)
            if centre in members and min((a, b, c), key=_reading) == a:
                found.add((a, b, c, centre))
    return sorted(found, key=lambda t: [_reading(corner) for corner in t[:3]])


def _reading(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


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


def cell_corners(cell: Cell, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a cell drawn with circumradius ``size`` (1: the cells touch),
    clockwise as drawn from the top one.

    >>> [(round(x, 2), round(y, 2)) for x, y in cell_corners((0, 0))][:2]
    [(0.0, -1.0), (0.87, -0.5)]
    """
    cx, cy = to_plane(cell)
    return [
        (cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


@dataclass(frozen=True)
class CellRegion:
    """A finite set of cells: a board. Cells are kept row by row, each row left to right."""

    cells: tuple[Cell, ...]

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> CellRegion:
        """A region of the given cells, in reading order."""
        return cls(tuple(sorted(set(cells), key=_reading)))

    @classmethod
    def union_of_hexagons(cls, centres: Iterable[Cell], radius: int) -> CellRegion:
        """The cells within ``radius`` of any of the ``centres``."""
        return cls.of(cell for centre in centres for cell in hexagon(centre, radius))

    @cached_property
    def members(self) -> frozenset[Cell]:
        return frozenset(self.cells)

    @cached_property
    def names(self) -> RowNames:
        """Row-letter-and-number names of the cells (``A1`` is the leftmost cell of the top row)."""
        return RowNames(self.cells)

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
        return connected(cells)


def connected(cells: Iterable[Cell]) -> bool:
    """True when the cells form one group joined edge to edge (or there are none)."""
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
