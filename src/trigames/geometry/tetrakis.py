"""The tetrakis square grid: unit squares cut by both diagonals into four right-isosceles cells.

Square ``(x, y)`` has its top-left corner at ``(x, y)`` (``y`` grows downwards). Its four cells
are named by the side of the square they stand on: :data:`N` (top), :data:`E`, :data:`S` and
:data:`W`; all four meet at the square's centre. A cell is ``(x, y, k)`` with ``k`` one of those.

Points use *doubled* coordinates, so that every corner of a cell is a whole number: square
corners are ``(2x, 2y)``, square centres ``(2x + 1, 2y + 1)``. An *edge* is one side of one cell:
a square side (between two square corners) or a half-diagonal (a corner and a centre). Two
cells touch along a stretch of positive length exactly when they share an edge.

A *polyform* is a set of cells; its *sides* are the straight sides of its outline, each made of
one or more collinear edges.

>>> large_triangle = frozenset({(0, 0, N), (0, 0, E)})
>>> [len(side) for side in outline_sides(large_triangle)]  # the hypotenuse has two edges
[2, 1, 1]
>>> len(orientations(large_triangle, reflections=False))
4
>>> board = TetrakisBoard(4, 4)
>>> len(board.cells), len(board.placements(large_triangle, reflections=False))
(64, 64)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "SIDE_NAMES",
    "Cell",
    "E",
    "Edge",
    "N",
    "Placement",
    "S",
    "TetrakisBoard",
    "W",
    "cell_corners",
    "cell_edges",
    "cell_outline",
    "is_mirror_symmetric",
    "mirror",
    "normalize",
    "orientations",
    "outline_sides",
    "to_plane",
]

N, E, S, W = 0, 1, 2, 3
#: Letters of the four cells of a square, in the order of their numbers.
SIDE_NAMES = "nesw"

Cell = tuple[int, int, int]
Point = tuple[int, int]
Edge = tuple[Point, Point]  # its two ends, the smaller first

# Each cell's centroid, times 6, relative to its square's top-left corner times 6.
_CENTROIDS = ((3, 1), (5, 3), (3, 5), (1, 3))
_FROM_CENTROID = {offset: k for k, offset in enumerate(_CENTROIDS)}


def cell_corners(cell: Cell) -> tuple[Point, Point, Point]:
    """The cell's two square corners (clockwise) and the square's centre, doubled coordinates.

    >>> cell_corners((1, 0, E))
    ((4, 0), (4, 2), (3, 1))
    """
    x, y, k = cell
    corners = ((2 * x, 2 * y), (2 * x + 2, 2 * y), (2 * x + 2, 2 * y + 2), (2 * x, 2 * y + 2))
    return corners[k], corners[(k + 1) % 4], (2 * x + 1, 2 * y + 1)


def to_plane(point: Point) -> tuple[float, float]:
    """Cartesian position of a point in doubled coordinates, squares of side 1, y downwards."""
    return (point[0] / 2, point[1] / 2)


def cell_outline(cell: Cell) -> list[tuple[float, float]]:
    """The plane positions of the cell's three corners (as :func:`cell_corners`).

    >>> cell_outline((1, 0, E))
    [(2.0, 0.0), (2.0, 1.0), (1.5, 0.5)]
    """
    return [to_plane(corner) for corner in cell_corners(cell)]


def _edge(a: Point, b: Point) -> Edge:
    return (a, b) if a <= b else (b, a)


def cell_edges(cell: Cell) -> tuple[Edge, Edge, Edge]:
    """The cell's square side, then its two half-diagonals."""
    a, b, centre = cell_corners(cell)
    return _edge(a, b), _edge(b, centre), _edge(centre, a)


def _transform(cell: Cell, turns: int, reflect: bool) -> tuple[int, int]:
    """The cell's centroid (times 6) after a reflection (``x -> -x``) and quarter turns."""
    x, y, k = cell
    cx, cy = _CENTROIDS[k]
    px, py = 6 * x + cx, 6 * y + cy
    if reflect:
        px = -px
    for _ in range(turns):
        px, py = -py, px
    return px, py


def normalize(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The same shape moved so that its leftmost square column and top row are 0."""
    cells = list(cells)
    left = min(x for x, _, _ in cells)
    top = min(y for _, y, _ in cells)
    return frozenset((x - left, y - top, k) for x, y, k in cells)


def _moved(cells: Iterable[Cell], turns: int, reflect: bool) -> frozenset[Cell]:
    moved = []
    for cell in cells:
        px, py = _transform(cell, turns, reflect)
        moved.append((px // 6, py // 6, _FROM_CENTROID[(px % 6, py % 6)]))
    return normalize(moved)


def mirror(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The mirror image (left and right swapped), normalized.

    >>> sorted(mirror({(0, 0, N), (0, 0, E), (1, 0, W)}))
    [(0, 0, 1), (1, 0, 0), (1, 0, 3)]
    """
    return _moved(cells, 0, True)


def _sort_key(cells: frozenset[Cell]) -> list[tuple[int, int, int]]:
    return sorted((y, x, k) for x, y, k in cells)


@lru_cache(maxsize=64)
def orientations(cells: frozenset[Cell], reflections: bool) -> tuple[frozenset[Cell], ...]:
    """The distinct turns of a shape by quarter turns (and its mirror images if
    ``reflections``), normalized, in a fixed order (kept for the 64 most recently used
    shapes)."""
    found = {_moved(cells, turns, reflect) for turns in range(4) for reflect in (False, True)
             if reflections or not reflect}  # fmt: skip
    return tuple(sorted(found, key=_sort_key))


def is_mirror_symmetric(cells: frozenset[Cell]) -> bool:
    """True when the shape's mirror image is one of its turns."""
    return mirror(cells) in orientations(normalize(cells), False)


def outline_sides(cells: Iterable[Cell]) -> list[tuple[Edge, ...]]:
    """The straight sides of the outline: maximal runs of collinear boundary edges, each a
    sorted tuple of edges; the sides are sorted too.

    Two boundary edges join into one side where they meet end to end in a straight line at a
    point no other boundary edge reaches.
    """
    counts: dict[Edge, int] = {}
    for cell in cells:
        for edge in cell_edges(cell):
            counts[edge] = counts.get(edge, 0) + 1
    boundary = sorted(edge for edge, n in counts.items() if n == 1)
    at: dict[Point, list[Edge]] = {}
    for edge in boundary:
        for end in edge:
            at.setdefault(end, []).append(edge)

    def direction(edge: Edge) -> Point:
        (ax, ay), (bx, by) = edge
        dx, dy = bx - ax, by - ay
        scale = max(abs(dx), abs(dy))
        return dx // scale, dy // scale

    def follow(edge: Edge, end: Point) -> Edge | None:
        """The edge continuing ``edge`` straight on beyond ``end``, if it joins it."""
        if len(at[end]) != 2:
            return None
        other = at[end][0] if at[end][1] == edge else at[end][1]
        return other if direction(other) == direction(edge) else None

    seen: set[Edge] = set()
    sides: list[tuple[Edge, ...]] = []
    for edge in boundary:
        if edge in seen:
            continue
        seen.add(edge)
        run = [edge]
        for end in edge:
            current, point = edge, end
            while (nxt := follow(current, point)) is not None and nxt not in seen:
                seen.add(nxt)
                run.append(nxt)
                point = nxt[0] if nxt[1] == point else nxt[1]
                current = nxt
        sides.append(tuple(sorted(run)))
    return sorted(sides)


@dataclass(frozen=True, slots=True)
class Placement:
    """A polyform in one position on a board: its cells as a mask, and for each of its sides
    the mask of the board cells just outside that side (empty along the board's edge)."""

    mask: int
    sides: tuple[int, ...]
    #: The cells just outside the outline, all sides together.
    around: int


class TetrakisBoard:
    """A ``width`` x ``height`` block of squares; cell ``(x, y, k)`` has id ``4 (y width + x)
    + k``, so the cells of a square are consecutive and squares go row by row."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells: tuple[Cell, ...] = tuple(
            (x, y, k) for y in range(height) for x in range(width) for k in range(4)
        )
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        self.all_cells = (1 << len(self.cells)) - 1
        on_edge: dict[Edge, list[int]] = {}
        for i, cell in enumerate(self.cells):
            for edge in cell_edges(cell):
                on_edge.setdefault(edge, []).append(i)
        #: The one or two board cells having each edge.
        self.edge_cells: dict[Edge, tuple[int, ...]] = {e: tuple(c) for e, c in on_edge.items()}
        #: For each cell, the mask of the (two or three) cells sharing an edge with it.
        self.neighbours: tuple[int, ...] = tuple(
            sum(1 << j for edge in cell_edges(cell) for j in self.edge_cells[edge] if j != i)
            for i, cell in enumerate(self.cells)
        )
        self._placed: dict[int, Placement] = {}

    def cell_id(self, x: int, y: int, k: int) -> int:
        """The id of cell ``(x, y, k)``."""
        return 4 * (y * self.width + x) + k

    def mask(self, cells: Iterable[Cell]) -> int:
        """The mask of board cells (raises ``KeyError`` for a cell off the board)."""
        total = 0
        for cell in cells:
            total |= 1 << self.index[cell]
        return total

    def cells_of(self, mask: int) -> list[Cell]:
        """The cells of a mask, in id order."""
        return [cell for i, cell in enumerate(self.cells) if mask >> i & 1]

    def placement(self, mask: int) -> Placement:
        """The placement covering exactly the cells of ``mask`` (made once, then shared)."""
        found = self._placed.get(mask)
        if found is None:
            sides = []
            for side in outline_sides(self.cells_of(mask)):
                outside = 0
                for edge in side:
                    for j in self.edge_cells[edge]:
                        if not mask >> j & 1:
                            outside |= 1 << j
                sides.append(outside)
            around = 0
            for outside in sides:
                around |= outside
            found = self._placed[mask] = Placement(mask, tuple(sides), around)
        return found

    def placements(self, cells: frozenset[Cell], reflections: bool) -> list[Placement]:
        """Every placement of the shape on the board, turned by quarter turns (and reflected
        if ``reflections``), ordered by orientation, then row, then column."""
        found = []
        for shape in orientations(normalize(cells), reflections):
            span_x = max(x for x, _, _ in shape) + 1
            span_y = max(y for _, y, _ in shape) + 1
            for dy in range(self.height - span_y + 1):
                for dx in range(self.width - span_x + 1):
                    found.append(
                        self.placement(self.mask((x + dx, y + dy, k) for x, y, k in shape))
                    )
        return found
