"""The triangular lattice in axial coordinates ``(q, r)``, rows ``r`` counting downwards.

Lattice points are the corners of unit triangles. In the plane, point ``(q, r)`` sits at
``x = q + r / 2``, ``y = r * sqrt(3) / 2``. A hexagonal region of radius ``n`` holds the points
with ``max(|q|, |r|, |q + r|) <= n``: ``n + 1`` points on each side.

>>> region = HexRegion(3)
>>> len(region.points), len(region.segments()), len(region.triangles())
(37, 90, 54)
>>> len(region.lines(4))
48
>>> region.name((0, 0)), region.point("D4")
('D4', (0, 0))
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from trigames.geometry.names import RowNames

Point = tuple[int, int]
Segment = tuple[Point, Point]
Triangle = tuple[Point, Point, Point]

#: The three lattice directions that go rightwards or downwards: east, south-east, south-west.
#: Together with their negatives they are the six unit steps.
LINE_DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (-1, 1))
DIRECTIONS: tuple[Point, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(point: Point, step: Point, times: int = 1) -> Point:
    """``point + times * step``."""
    return (point[0] + times * step[0], point[1] + times * step[1])


def to_plane(point: Point) -> tuple[float, float]:
    """Cartesian coordinates of a lattice point, unit segments of length 1, y downwards."""
    q, r = point
    return (q + r / 2, r * math.sqrt(3) / 2)


def to_standing_plane(point: Point) -> tuple[float, float]:
    """:func:`to_plane` reflected in the line ``y = x``: the hexagon stands on a corner.

    Rows of points become columns, drawn from the left, each counting down; the lattice has
    vertical sides. Every point keeps its name, only the picture changes (Tricolor is drawn so).

    >>> to_plane((1, 0)), to_standing_plane((1, 0))
    ((1.0, 0.0), (0.0, 1.0))
    """
    x, y = to_plane(point)
    return (y, x)


def triangle_centre(triangle: Triangle) -> tuple[float, float]:
    """Cartesian centre of a triangle of lattice points."""
    xs, ys = zip(*(to_plane(corner) for corner in triangle), strict=True)
    return (sum(xs) / 3, sum(ys) / 3)


def points_up(triangle: Triangle) -> bool:
    """True for a unit triangle with one corner on top (its apex row is above its base row)."""
    rows = sorted(corner[1] for corner in triangle)
    return rows[0] != rows[1]


@dataclass(frozen=True)
class HexRegion:
    """The lattice points of a regular hexagon of radius ``radius``, with their names.

    Points are named by row letter (``A`` on top) and their number in the row counted from the
    left, as a player reads the board: ``A1`` is the top-left corner.
    """

    radius: int

    def __post_init__(self) -> None:
        if not 1 <= self.radius <= 12:
            raise ValueError(f"radius must be 1 to 12, not {self.radius}")

    def contains(self, point: Point) -> bool:
        """True when ``point`` lies in the region."""
        q, r = point
        return max(abs(q), abs(r), abs(q + r)) <= self.radius

    def row_range(self, r: int) -> range:
        """The ``q`` values of row ``r``, left to right."""
        n = self.radius
        return range(max(-n, -n - r), min(n, n - r) + 1)

    @cached_property
    def rows(self) -> tuple[int, ...]:
        """The ``r`` values, top to bottom."""
        return tuple(range(-self.radius, self.radius + 1))

    @cached_property
    def points(self) -> tuple[Point, ...]:
        """All points, row by row from the top, each row left to right."""
        return tuple((q, r) for r in self.rows for q in self.row_range(r))

    @cached_property
    def index(self) -> dict[Point, int]:
        """Position of each point in :attr:`points`."""
        return {point: i for i, point in enumerate(self.points)}

    def segments(self) -> list[Segment]:
        """Unit segments between neighbouring points, each ``(a, b)`` with ``a`` before ``b``."""
        return [
            (point, add(point, step))
            for point in self.points
            for step in LINE_DIRECTIONS
            if self.contains(add(point, step))
        ]

    def triangles(self) -> list[Triangle]:
        """Unit triangles, ordered by the row and then the left-to-right position of their centre.

        Corners are listed in :attr:`points` order.
        """
        found: list[Triangle] = []
        for q, r in self.points:
            down = ((q, r), (q + 1, r), (q, r + 1))  # top-left corner at (q, r)
            up = ((q, r), (q - 1, r + 1), (q, r + 1))  # apex at (q, r)
            found.extend(t for t in (down, up) if all(self.contains(c) for c in t))
        found.sort(key=lambda t: (min(c[1] for c in t), triangle_centre(t)[0]))
        return [tuple(sorted(t, key=self.index.__getitem__)) for t in found]  # type: ignore[misc]

    def outline(self) -> list[Point]:
        """The six corner points of the region, clockwise as drawn from the top-left one.

        >>> HexRegion(2).outline()
        [(0, -2), (2, -2), (2, 0), (0, 2), (-2, 2), (-2, 0)]
        """
        n = self.radius
        return [(0, -n), (n, -n), (n, 0), (0, n), (-n, n), (-n, 0)]

    def lines(self, length: int) -> list[tuple[Point, ...]]:
        """Runs of ``length`` consecutive collinear points, ordered by their first point."""
        runs: list[tuple[Point, ...]] = []
        for point in self.points:
            for step in LINE_DIRECTIONS:
                run = tuple(add(point, step, i) for i in range(length))
                if self.contains(run[-1]):
                    runs.append(run)
        return runs

    def sectors(self, point: Point) -> list[Triangle | None]:
        """The six unit triangles around ``point``, counter-clockwise from the one east of it.

        Sector ``k`` has corners ``point``, ``point + DIRECTIONS[k]`` and
        ``point + DIRECTIONS[k + 1]``; it is ``None`` where it leaves the region.
        """
        found: list[Triangle | None] = []
        for k in range(6):
            corners = (point, add(point, DIRECTIONS[k]), add(point, DIRECTIONS[(k + 1) % 6]))
            found.append(corners if all(self.contains(c) for c in corners) else None)
        return found

    def lozenges(self) -> list[tuple[Segment, Triangle, Triangle]]:
        """Pairs of unit triangles sharing a side: ``(shared side, triangle, triangle)``.

        One per inner segment, in :meth:`segments` order; each triangle is a ``points up``
        corner triple as in :meth:`triangles`.
        """
        by_corners = {frozenset(t): t for t in self.triangles()}
        found = []
        for a, b in self.segments():
            k = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
            thirds = (add(a, DIRECTIONS[(k + 1) % 6]), add(a, DIRECTIONS[(k - 1) % 6]))
            pair = [by_corners.get(frozenset((a, b, c))) for c in thirds]
            if pair[0] is not None and pair[1] is not None:
                found.append(((a, b), pair[0], pair[1]))
        return found

    # --- names ----------------------------------------------------------------------------

    @cached_property
    def names(self) -> RowNames:
        """Row-letter-and-number names of the points."""
        return RowNames(self.points)

    def name(self, point: Point) -> str:
        """``A1``-style name of a point: row letter from the top, number from the left."""
        return self.names.name(point)

    def point(self, name: str) -> Point:
        """Inverse of :meth:`name`, any case; a ``ValueError`` names the valid range."""
        return self.names.point(name)

    def point_pair(self, text: str) -> frozenset[Point]:
        """The two points named in ``A1-D4`` (either order, any case).

        >>> sorted(HexRegion(3).point_pair("d4-a1"))
        [(0, -3), (0, 0)]
        """
        return self.names.pair(text)

    def row_letters(self) -> Iterator[tuple[int, str]]:
        """``(r, letter)`` for each row, top to bottom."""
        for r, (letter, _) in zip(self.rows, self.names.rows, strict=True):
            yield r, letter
