"""An independent count of TRANGLAR placements, for the first regular turn.

Pieces are polygons (doubled coordinates: square corners are even points); a placement turns
the polygon by quarter turns (coloured pieces are never mirrored), shifts it by whole squares
and covers the cells whose centroids lie inside it. Nothing here uses the engine's geometry.
"""

from __future__ import annotations

import re
from fractions import Fraction

Point = tuple[int, int]
Cell = tuple[int, int, str]  # square column, square row, side letter

POLYGONS: dict[str, list[Point]] = {
    "T": [(0, 0), (2, 0), (1, 1)],
    "L": [(0, 0), (2, 0), (2, 2)],
    "M": [(0, 2), (1, 1), (2, 2), (1, 3)],
    "Q": [(0, 0), (2, 0), (2, 2), (0, 2)],
    "Zr": [(0, 0), (2, 0), (3, 1), (2, 2)],
    "Zl": [(0, 0), (-2, 0), (-3, 1), (-2, 2)],
    "Pr": [(0, 0), (2, 0), (4, 2), (2, 2)],
    "Pl": [(0, 0), (-2, 0), (-4, 2), (-2, 2)],
    "R": [(0, 2), (2, 0), (3, 1), (1, 3)],
    "F": [(0, 0), (1, 1), (2, 0), (2, 2), (0, 2)],
}
#: Where each cell's centroid sits in its square, in thirds of a doubled unit.
CENTROIDS = {"n": (3, 1), "e": (5, 3), "s": (3, 5), "w": (1, 3)}


def centroid(cell: Cell) -> tuple[Fraction, Fraction]:
    x, y, side = cell
    cx, cy = CENTROIDS[side]
    return Fraction(6 * x + cx, 3), Fraction(6 * y + cy, 3)


def inside(point: tuple[Fraction, Fraction], polygon: list[Point]) -> bool:
    """Ray casting; a centroid is never on an edge."""
    px, py = point
    hit = False
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[i - 1]
        if (ay > py) != (by > py):
            cross = ax + Fraction(py - ay) * (bx - ax) / (by - ay)
            if px < cross:
                hit = not hit
    return hit


ALL_CELLS = [(x, y, s) for y in range(4) for x in range(4) for s in "nesw"]


def placements(code: str) -> set[frozenset[Cell]]:
    found = set()
    polygon = POLYGONS[code]
    for turns in range(4):
        turned = polygon
        for _ in range(turns):
            turned = [(-y, x) for x, y in turned]
        for dx in range(-8, 9, 2):
            for dy in range(-8, 9, 2):
                moved = [(x + dx, y + dy) for x, y in turned]
                if min(min(p) for p in moved) < 0 or max(max(p) for p in moved) > 8:
                    continue
                cells = frozenset(c for c in ALL_CELLS if inside(centroid(c), moved))
                found.add(cells)
    return found


def cells_of(text: str) -> set[Cell]:
    """Cells written like ``a1esb1nwa2n`` (a bare square: all four)."""
    cells = set()
    for column, row, sides in re.findall(r"([a-d])([1-4])([nesw]*)", text):
        for side in sides or "nesw":
            cells.add(("abcd".index(column), int(row) - 1, side))
    return cells


def first_turn_count(neutral: list[str], reserve: dict[str, int]) -> int:
    """Moves at the first regular turn: every placement of a coloured reserve piece on free
    cells (no opponent piece is down, so nothing is trapped, replaced or taken)."""
    taken: set[Cell] = set()
    for piece in neutral:
        taken |= cells_of(piece[1:])
    return sum(
        1
        for code, count in reserve.items()
        if count and code in POLYGONS
        for cells in placements(code)
        if not cells & taken
    )
