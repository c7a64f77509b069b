"""Trugo drawings read back the way a player or a web page reads them, without the engine.

:class:`TextBoard` reads names off the text drawing's column letters and row numbers;
:func:`svg_places` finds where the SVG drawing puts each named thing, as a grid point of the
position format, from the drawn coordinates alone.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

Point = tuple[int, int]

#: A name in the drawing: letters, then a row number, not part of a longer word.
LABEL = re.compile(r"(?<![a-z0-9])[a-z]{1,2}[0-9]{1,3}(?![0-9])")
_ROW = re.compile(r"^ *([0-9]+)  (.*?)  ([0-9]+)$")

#: Pixels per board unit in the SVG drawing, and the size of a grid step in board units.
SCALE = 40.0
GRID_X, GRID_Y = 0.5, math.sqrt(3) / 2


class TextBoard:
    """The text drawing, split into its column letters (the header) and its numbered lines."""

    def __init__(self, text: str) -> None:
        lines = text.splitlines()
        height = next(i for i, line in enumerate(lines) if _ROW.match(line))
        self.header = lines[:height]
        first = _ROW.match(lines[height])
        assert first is not None
        self.margin = first.start(2)
        #: The drawing between the row numbers, with each even line's row number.
        self.rows: list[tuple[int | None, str]] = []
        for line in lines[height:]:
            found = _ROW.match(line)
            if found:
                assert found.group(1) == found.group(3), line
                self.rows.append((int(found.group(1)), found.group(2)))
            else:
                self.rows.append((None, line[self.margin :]))

    def name_at(self, line: int, column: int) -> str:
        """The name the axes give to the character at ``column`` of drawing line ``line``."""
        number = self.rows[line][0]
        assert number is not None, f"line {line} has no row number"
        at = self.margin + column
        letters = "".join(head[at] if at < len(head) else " " for head in self.header).strip()
        assert letters, f"column {column} has no letters"
        return f"{letters}{number}"

    def where(self, name: str) -> tuple[int, int] | None:
        """The line and column the axes give to ``name``, if the drawing shows them."""
        number = int(name.lstrip("abcdefghijklmnopqrstuvwxyz"))
        lines = [line for line, (row, _) in enumerate(self.rows) if row == number]
        if not lines:
            return None
        width = max(len(head) for head in self.header) - self.margin
        columns = [c for c in range(0, width, 2) if self.name_at(lines[0], c) == name]
        return (lines[0], columns[0]) if columns else None

    def labels(self) -> dict[str, tuple[int, int]]:
        """The names written in the drawing and where their middle character is."""
        found: dict[str, tuple[int, int]] = {}
        for line, (_, body) in enumerate(self.rows):
            for match in LABEL.finditer(body):
                name = match.group()
                assert name not in found, f"{name} is written twice"
                found[name] = (line, match.start() + len(name) // 2)
        return found

    def pieces(self) -> list[tuple[int, int]]:
        """Where the top pieces are (capital letters)."""
        return [
            (line, column)
            for line, (_, body) in enumerate(self.rows)
            for column, char in enumerate(body)
            if char in "WB"
        ]


def svg_places(svg: str) -> dict[str, set[Point]]:
    """Each name the SVG drawing carries (``data-name`` of a tile, cell or junction, ``data-at``
    of a piece) and the grid points where the named things are drawn."""
    found: dict[str, set[Point]] = {}
    for element in ET.fromstring(svg).iter():
        name = element.get("data-name") or element.get("data-at")
        if name is None:
            continue
        shape: ET.Element | None = element
        if element.tag.endswith("}g"):  # a tile (its polygons) or a junction (its hit disc)
            shape = element.find("{*}polygon")
            if shape is None:
                shape = element.find("{*}circle")
        assert shape is not None
        found.setdefault(name, set()).add(_grid(shape))
    return found


def _grid(shape: ET.Element) -> Point:
    """The grid point at the middle of a circle or polygon."""
    if shape.tag.endswith("circle"):
        x, y = float(shape.get("cx", "")), float(shape.get("cy", ""))
    else:
        corners = [tuple(map(float, p.split(","))) for p in shape.get("points", "").split()]
        x = sum(c[0] for c in corners) / len(corners)
        y = sum(c[1] for c in corners) / len(corners)
    gx, gy = x / SCALE / GRID_X, y / SCALE / GRID_Y
    point = (round(gx), round(gy))
    assert abs(gx - point[0]) < 0.05, gx
    assert abs(gy - point[1]) < 0.05, gy
    return point
