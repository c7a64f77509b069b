"""Names of points as a player reads a board: rows lettered from the top, numbered from the left.

>>> names = RowNames([(0, 0), (1, 0), (-1, 1), (0, 1)])
>>> names.name((1, 0)), names.point("b1"), sorted(names.pair("A1-B2"))
('A2', (-1, 1), [(0, 0), (0, 1)])
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

from trigames.core.limits import quote

Point = tuple[int, int]

# Used with ``fullmatch``: each repetition is possessive and followed by a character it cannot
# match, so nothing is ever given back and the match is one left-to-right scan.
_NAME = re.compile(r"\s*+([A-Za-z])\s*+([0-9]{1,2}+)\s*+")


class RowNames:
    """Row-letter-and-number names for a finite set of ``(q, r)`` points (``r`` = row)."""

    def __init__(self, points: Iterable[Point]) -> None:
        by_row: dict[int, list[int]] = {}
        for q, r in points:
            by_row.setdefault(r, []).append(q)
        if len(by_row) > len(string.ascii_uppercase):
            raise ValueError(f"{len(by_row)} rows: at most 26 can be lettered")
        #: ``(letter, points of the row from left to right)``, top row first.
        self.rows: list[tuple[str, list[Point]]] = [
            (string.ascii_uppercase[i], [(q, r) for q in sorted(by_row[r])])
            for i, r in enumerate(sorted(by_row))
        ]
        self._names = {
            point: f"{letter}{number}"
            for letter, row in self.rows
            for number, point in enumerate(row, start=1)
        }
        self._points = {name: point for point, name in self._names.items()}

    def name(self, point: Point) -> str:
        """``A1``-style name of a point."""
        try:
            return self._names[point]
        except KeyError:
            raise ValueError(f"{point} is not on the board") from None

    def point(self, name: str) -> Point:
        """Inverse of :meth:`name`, any case; a ``ValueError`` names the valid range."""
        found = self._points.get(name) if isinstance(name, str) else None
        if found is not None:  # written as the engine writes it
            return found
        match = _NAME.fullmatch(name) if isinstance(name, str) else None
        if match is None:
            raise ValueError(f"{quote(name)} is not a point name like A1")
        letter, number = match.group(1).upper(), int(match.group(2))
        found = self._points.get(f"{letter}{number}")
        if found is not None:
            return found
        rows = dict(self.rows)
        if letter not in rows:
            raise ValueError(f"{quote(name)}: rows run from A to {self.rows[-1][0]}")
        raise ValueError(f"{quote(name)}: row {letter} has points 1 to {len(rows[letter])}")

    def pair(self, text: str) -> frozenset[Point]:
        """The two points named in ``A1-D4`` (either order, any case)."""
        parts = text.replace(" ", "").split("-") if isinstance(text, str) else []
        if len(parts) != 2:
            raise ValueError("write two points joined by '-'")
        pair = frozenset(self.point(part) for part in parts)
        if len(pair) != 2:
            raise ValueError("its two points are the same")
        return pair
