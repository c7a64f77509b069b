"""Text canvases for boards on the triangular lattice (:class:`~.trilattice.HexRegion`).

:class:`LatticeCanvas` draws the hexagon lying on a side: each row of points is one text line,
with one line between rows for the slanted segments and the centres of the triangles; row
letters stand on both sides. :class:`StandingCanvas` draws it standing on a corner, rows of
points as columns. Points hold a label ``width`` characters wide (their number in the row, by
default).

>>> canvas = LatticeCanvas(HexRegion(1))
>>> canvas.segment((0, -1), (1, -1), "───")
>>> canvas.segment((0, -1), (0, 0), "\\\\")
>>> canvas.triangle(((0, -1), (1, -1), (0, 0)), "x")
>>> print(canvas.render())
A    1───2    A
      \\x
B  1   2   3  B
<BLANKLINE>
C    1   2    C
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from trigames.geometry.trilattice import DIRECTIONS, HexRegion, Point, Triangle

RESET = "\x1b[0m"


def paint(text: str, code: str | None) -> str:
    """``text`` wrapped in an ANSI colour code (nothing when ``code`` is ``None``)."""
    return f"{code}{text}{RESET}" if code else text


class TextCanvas(ABC):
    """Characters placed by lattice position: where a point goes is up to each layout."""

    def __init__(self, region: HexRegion, *, numbers: bool = True) -> None:
        self.region = region
        self.width = 1 if 2 * region.radius + 1 <= 9 else 2  # digits of the largest point number
        lines, columns = self._size()
        self.cells = [[" "] * columns for _ in range(lines)]
        if numbers:
            for q, r in region.points:
                self.point((q, r), str(q - region.row_range(r).start + 1))

    @abstractmethod
    def _size(self) -> tuple[int, int]:
        """Lines and columns of the board."""

    @abstractmethod
    def _line(self, point: Point) -> int:
        """The line a point is drawn on."""

    @abstractmethod
    def _column(self, point: Point) -> int:
        """The first column of a point's label."""

    def put(self, line: int, column: int, text: str, code: str | None = None) -> None:
        """Write ``text`` from ``(line, column)``, one character per cell."""
        for k, char in enumerate(text):
            self.cells[line][column + k] = paint(char, code)

    def point(self, point: Point, label: str, code: str | None = None) -> None:
        """Label a point (right-aligned in the point's ``width`` columns)."""
        self.put(self._line(point), self._column(point), label.rjust(self.width), code)


class LatticeCanvas(TextCanvas):
    """The hexagon lying on a side; :meth:`render` joins the lines with row labels."""

    @property
    def half(self) -> int:
        """Columns from a point to its lower neighbours."""
        return self.width + 1

    def _size(self) -> tuple[int, int]:
        radius = self.region.radius
        return 4 * radius + 1, 4 * radius * self.half + self.width

    def _line(self, point: Point) -> int:
        return 2 * (point[1] + self.region.radius)

    def _column(self, point: Point) -> int:
        q, r = point
        return (2 * q + r + 2 * self.region.radius) * self.half

    def segment(self, a: Point, b: Point, text: str, code: str | None = None) -> None:
        """Draw the unit segment from ``a`` to ``b``, its east, south-east or south-west neighbour.

        A horizontal segment takes ``width + 2`` characters, a slanted one a single character.
        """
        step = (b[0] - a[0], b[1] - a[1])
        line, column = self._line(a), self._column(a)
        if step == (1, 0):
            self.put(line, column + self.width, text, code)
        elif step == (0, 1):
            self.put(line + 1, column + self.width, text, code)
        elif step == (-1, 1):
            self.put(line + 1, column - 1, text, code)
        else:
            raise ValueError(f"{a} to {b} is not an east, south-east or south-west unit step")

    def triangle(self, triangle: Triangle, label: str, code: str | None = None) -> None:
        """Write a label (right-aligned in ``width`` columns) at the centre of a unit triangle."""
        top_row = min(corner[1] for corner in triangle)
        top = sorted(corner for corner in triangle if corner[1] == top_row)
        column = self._column(top[0]) + (self.half if len(top) == 2 else 0)
        self.put(self._line(top[0]) + 1, column, label.rjust(self.width), code)

    def render(self) -> str:
        """The canvas as text, each point row labelled with its letter on both sides."""
        letters = dict(self.region.row_letters())
        radius = self.region.radius
        rows = []
        for line, cells in enumerate(self.cells):
            label = letters[line // 2 - radius] if line % 2 == 0 else " "
            rows.append(f"{label}  {''.join(cells)}  {label}".rstrip())
        return "\n".join(rows)


class StandingCanvas(TextCanvas):
    """The hexagon standing on a corner (as
    :func:`~.trilattice.to_standing_plane` draws it): each row of points is a column, lettered
    above and below the board, its points numbered down the column.

    A unit of height is four text lines and neighbouring columns are :attr:`GAP` characters
    apart, so the triangles keep roughly their shape in a terminal. A vertical side takes three
    lines (``│``), a slanted side one character (``╲`` or ``╱``) halfway along it.

    >>> canvas = StandingCanvas(HexRegion(1))
    >>> for a, b in HexRegion(1).segments():
    ...     canvas.segment(a, b)
    >>> canvas.triangle(((0, -1), (1, -1), (0, 0)), "x")
    >>> print(canvas.render())
      A     B     C
    <BLANKLINE>
            1
         ╱  │  ╲
      1     │     1
      │  ╲  │  ╱  │
      │ x   2     │
      │  ╱  │  ╲  │
      2     │     2
         ╲  │  ╱
            3
    <BLANKLINE>
      A     B     C
    """

    #: Characters from one column of points to the next.
    GAP = 6

    def _size(self) -> tuple[int, int]:
        radius = self.region.radius
        return 8 * radius + 1, 2 * radius * self.GAP + self.width

    def _line(self, point: Point) -> int:
        q, r = point
        return 4 * q + 2 * r + 4 * self.region.radius

    def _column(self, point: Point) -> int:
        return (point[1] + self.region.radius) * self.GAP

    def _anchor(self, point: Point) -> int:
        """The column of the point's last digit, where its vertical sides are drawn."""
        return self._column(point) + self.width - 1

    def segment(self, a: Point, b: Point, code: str | None = None, *, blank: bool = False) -> None:
        """Draw the unit side between neighbouring points ``a`` and ``b``; ``blank`` writes
        spaces instead (painted with ``code``: the piece covering both sides of it)."""
        if (b[0] - a[0], b[1] - a[1]) not in DIRECTIONS:
            raise ValueError(f"{a} and {b} are not neighbouring points")
        (line_a, column_a), (line_b, column_b) = sorted(
            ((self._line(a), self._anchor(a)), (self._line(b), self._anchor(b)))
        )
        if column_a == column_b:
            for line in range(line_a + 1, line_b):
                self.put(line, column_a, " " if blank else "│", code)
        else:
            glyph = " " if blank else "╲" if column_b > column_a else "╱"
            self.put(line_a + 1, (column_a + column_b) // 2, glyph, code)

    def triangle(
        self, triangle: Triangle, label: str, code: str | None = None, *, fill: str | None = None
    ) -> None:
        """Write a one-character label at the centre of a unit triangle: on the line of its
        corner alone in its column, a third of the way from its vertical side. ``fill`` (a
        background colour) paints the triangle's other cells."""
        apex = next(c for c in triangle if sum(d[1] == c[1] for d in triangle) == 1)
        side = self._anchor(next(c for c in triangle if c != apex))
        column, line = self._anchor(apex), self._line(apex)
        step = 1 if column > side else -1
        if fill:
            for inside in range(side + step, column - (self.width if step > 0 else 0), step):
                self.put(line, inside, " ", fill)
            for inside in (side + step, side + 2 * step):
                self.put(line - 1, inside, " ", fill)
                self.put(line + 1, inside, " ", fill)
        self.put(line, side + (column - side) // 3, label, code)

    def render(self) -> str:
        """The canvas as text, the column letters above and below it."""
        letters = [" "] * len(self.cells[0])
        for r, letter in self.region.row_letters():
            letters[self._anchor((0, r))] = letter
        lines = [
            "".join(letters),
            "",
            *("".join(cells) for cells in self.cells),
            "",
            "".join(letters),
        ]
        return "\n".join(f"  {line}".rstrip() for line in lines)
