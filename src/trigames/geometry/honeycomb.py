"""Flat-topped hexagonal tiles, their corners (junctions) and edges, on an unbounded lattice.

Tiles use axial coordinates ``(q, r)``; tile ``(q, r)`` has its centre at
``x = 1.5 q``, ``y = sqrt(3) (r + q / 2)`` (unit circumradius, y downwards) and its neighbours
one :data:`~trigames.geometry.trilattice.DIRECTIONS` step away. Corner ``k`` of a tile (0 to 5)
points at ``60 k`` degrees counter-clockwise from the right; it lies between neighbours ``k``
and ``k + 1``. Edge ``k`` faces neighbour ``k`` and runs from corner ``k - 1`` to corner ``k``.

Tiles sit on the same axial lattice as :mod:`~trigames.geometry.hexcells` cells, so
:func:`connected` is shared. A junction (a point where three tiles may meet) is keyed by the
sum of those three tiles' coordinates, so every tile around it names it alike. Corners
alternate between two classes: even corners are *light*, odd ones *dark*, the same for every
tile.

>>> corner((0, 0), 0) == corner((1, -1), 4) == corner((1, 0), 2)
True
>>> is_light(corner((0, 0), 0)), is_light(corner((0, 0), 1))
(True, False)
>>> sorted(tiles_at(corner((0, 0), 0)))
[(0, 0), (1, -1), (1, 0)]
"""

from __future__ import annotations

import math

from trigames.geometry.hexcells import connected
from trigames.geometry.trilattice import DIRECTIONS, Point, add

__all__ = [
    "connected",
    "corner",
    "corner_index",
    "corners",
    "edge_ends",
    "is_light",
    "junction_neighbours",
    "junction_to_plane",
    "tile_to_plane",
    "tiles_at",
]

Tile = Point
Junction = Point


def corner(tile: Tile, k: int) -> Junction:
    """The junction at corner ``k`` of ``tile``."""
    (dq1, dr1), (dq2, dr2) = DIRECTIONS[k % 6], DIRECTIONS[(k + 1) % 6]
    return (3 * tile[0] + dq1 + dq2, 3 * tile[1] + dr1 + dr2)


def corners(tile: Tile) -> list[Junction]:
    """The six corners of ``tile``, corner 0 first."""
    return [corner(tile, k) for k in range(6)]


def is_light(junction: Junction) -> bool:
    """True for a light junction (an even corner of its tiles)."""
    return junction[0] % 3 == 2


def tiles_at(junction: Junction) -> tuple[Tile, Tile, Tile]:
    """The three tile positions that meet at ``junction``."""
    q, r = junction
    if is_light(junction):  # corner 0 of the tile ((q - 2) / 3, (r + 1) / 3)
        base = ((q - 2) // 3, (r + 1) // 3)
        return (base, add(base, DIRECTIONS[0]), add(base, DIRECTIONS[1]))
    base = ((q - 1) // 3, (r + 2) // 3)  # corner 1 of the tile base
    return (base, add(base, DIRECTIONS[1]), add(base, DIRECTIONS[2]))


def corner_index(tile: Tile, junction: Junction) -> int:
    """Which corner of ``tile`` ``junction`` is (``ValueError`` if it is none of them)."""
    return corners(tile).index(junction)


def edge_ends(tile: Tile, k: int) -> tuple[Junction, Junction]:
    """The two corners of edge ``k`` of ``tile`` (the edge facing neighbour ``k``)."""
    return corner(tile, k - 1), corner(tile, k)


def junction_neighbours(junction: Junction) -> list[Junction]:
    """The three junctions one tile edge away (each of the other class)."""
    found: list[Junction] = []
    for tile in tiles_at(junction):
        k = corner_index(tile, junction)
        for other in (corner(tile, k - 1), corner(tile, k + 1)):
            if other not in found:
                found.append(other)
    return found


def tile_to_plane(tile: Tile) -> tuple[float, float]:
    """Cartesian centre of a tile of circumradius 1, y downwards."""
    q, r = tile
    return (1.5 * q, math.sqrt(3) * (r + q / 2))


def junction_to_plane(junction: Junction) -> tuple[float, float]:
    """Cartesian position of a junction (the mean of its three tiles' centres)."""
    xs, ys = zip(*(tile_to_plane(tile) for tile in tiles_at(junction)), strict=True)
    return (sum(xs) / 3, sum(ys) / 3)
