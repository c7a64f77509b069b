"""A text canvas for boards on the triangular lattice (:class:`~.trilattice.HexRegion`).

Each row of points is one text line, with one line between rows for the slanted segments and
the centres of the triangles. Points hold a label ``width`` characters wide (their number in
the row, by default); row letters stand on both sides.

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

from trigames.geometry.trilattice import HexRegion, Point, Triangle

RESET = "\x1b[0m"


def paint(text: str, code: str | None) -> str:
    """``text`` wrapped in an ANSI colour code (nothing when ``code`` is ``None``)."""
    return f"{code}{text}{RESET}" if code else text


class LatticeCanvas:
    """Characters placed by lattice position; :meth:`render` joins them with row labels."""

    def __init__(self, region: HexRegion, *, numbers: bool = True) -> None:
        self.region = region
        radius = region.radius
        self.width = 1 if 2 * radius + 1 <= 9 else 2  # digits of the largest point number
        self.half = self.width + 1  # columns from a point to its lower neighbours
        columns = 4 * radius * self.half + self.width
        self.cells = [[" "] * columns for _ in range(4 * radius + 1)]
        if numbers:
            for q, r in region.points:
                self.point((q, r), str(q - region.row_range(r).start + 1))

    def _line(self, point: Point) -> int:
        return 2 * (point[1] + self.region.radius)

    def _column(self, point: Point) -> int:
        q, r = point
        return (2 * q + r + 2 * self.region.radius) * self.half

    def put(self, line: int, column: int, text: str, code: str | None = None) -> None:
        """Write ``text`` from ``(line, column)``, one character per cell."""
        for k, char in enumerate(text):
            self.cells[line][column + k] = paint(char, code)

    def point(self, point: Point, label: str, code: str | None = None) -> None:
        """Label a point (right-aligned in the point's ``width`` columns)."""
        self.put(self._line(point), self._column(point), label.rjust(self.width), code)

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
