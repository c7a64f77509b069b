"""Flat-topped hexagonal tiles, their corners (junctions) and edges, on an unbounded lattice.

Tiles use axial coordinates ``(q, r)``; tile ``(q, r)`` has its centre at
``x = 1.5 q``, ``y = sqrt(3) (r + q / 2)`` (unit circumradius, y downwards) and its neighbours
one :data:`~trigames.geometry.trilattice.DIRECTIONS` step away. Corner ``k`` of a tile (0 to 5)
points at ``60 k`` degrees counter-clockwise from the right; it lies between neighbours ``k``
and ``k + 1``. Edge ``k`` faces neighbour ``k`` and runs from corner ``k - 1`` to corner ``k``.

For text drawings and position files, every tile centre and junction also has integer *grid*
coordinates ``(X, Y)``: ``X`` counts half circumradii rightwards and ``Y`` half tile heights
downwards, so tile ``(q, r)`` is centred at ``(3 q, 2 r + q)`` and its corners sit at
``(X +- 2, Y)`` and ``(X +- 1, Y +- 1)`` (see :func:`tile_grid`, :func:`junction_grid`).

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
from functools import cache

from trigames.geometry.hexcells import connected, hexagon
from trigames.geometry.trilattice import DIRECTIONS, Point, add

__all__ = [
    "ORIENTATIONS",
    "TileWindow",
    "area_outlines",
    "band_corners",
    "cap_corners",
    "connected",
    "corner",
    "corner_index",
    "corners",
    "edge_ends",
    "grid_junction",
    "grid_tile",
    "grid_to_plane",
    "in_light_area",
    "is_light",
    "junction_grid",
    "junction_neighbours",
    "junction_to_plane",
    "tile_grid",
    "tile_outline",
    "tile_to_plane",
    "tiles_at",
    "window",
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


def tile_outline(tile: Tile) -> list[tuple[float, float]]:
    """The plane positions of the tile's six corners, corner 0 first."""
    x, y = tile_to_plane(tile)
    return [_towards((x, y), 60 * k, 1.0) for k in range(6)]


def _towards(start: tuple[float, float], degrees: float, length: float) -> tuple[float, float]:
    """The point ``length`` from ``start`` at ``degrees`` counter-clockwise from the right."""
    angle = math.radians(degrees)
    return (start[0] + length * math.cos(angle), start[1] - length * math.sin(angle))


# --- integer grid coordinates ---------------------------------------------------------------


def tile_grid(tile: Tile) -> tuple[int, int]:
    """Grid coordinates ``(X, Y)`` of a tile's centre.

    >>> tile_grid((0, 0)), tile_grid((1, 0)), tile_grid((0, 1))
    ((0, 0), (3, 1), (0, 2))
    """
    q, r = tile
    return (3 * q, 2 * r + q)


def junction_grid(junction: Junction) -> tuple[int, int]:
    """Grid coordinates ``(X, Y)`` of a junction.

    >>> [junction_grid(j) for j in corners((0, 0))]
    [(2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1)]
    """
    a, b = junction
    return (a, (a + 2 * b) // 3)


def grid_to_plane(x: float, y: float) -> tuple[float, float]:
    """Cartesian position of grid point ``(x, y)`` (a tile centre, a junction or in between).

    >>> grid_to_plane(*tile_grid((1, 0))) == tile_to_plane((1, 0))
    True
    """
    return (x / 2, y * math.sqrt(3) / 2)


def grid_tile(x: int, y: int) -> Tile | None:
    """The tile centred at grid point ``(x, y)``, or ``None`` if no tile centre is there."""
    if x % 3 or (y - x // 3) % 2:
        return None
    q = x // 3
    return (q, (y - q) // 2)


def grid_junction(x: int, y: int) -> Junction | None:
    """The junction at grid point ``(x, y)``, or ``None`` if no tile corner is there.

    >>> grid_junction(2, 0) == corner((0, 0), 0), grid_junction(0, 0)
    (True, None)
    """
    if x % 3 == 0 or (3 * y - x) % 2:
        return None
    junction = (x, (3 * y - x) // 2)
    r = junction[1]
    # a junction key is the sum of three neighbouring tiles: check the class matches
    if (is_light(junction) and (r + 1) % 3 == 0) or (not is_light(junction) and (r + 2) % 3 == 0):
        return junction
    return None


# --- two-coloured tiles: light and dark bands --------------------------------------------

#: A two-coloured tile lies in one of three orientations, numbered 0 to 2.
ORIENTATIONS = 3


def cap_corners(orientation: int) -> tuple[int, int]:
    """The light and the dark corner sitting alone in a cap, for a tile in ``orientation``.

    Orientation ``o`` has its light cap at corner ``2 o`` (0: east, 1: north-west,
    2: south-west) and its dark cap at the opposite corner.

    >>> [cap_corners(o) for o in range(ORIENTATIONS)]
    [(0, 3), (2, 5), (4, 1)]
    """
    light = 2 * orientation
    return light, (light + 3) % 6


def band_corners(orientation: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The corners joined by the light band and by the dark band, in ``orientation``.

    >>> band_corners(0)
    ((2, 4), (1, 5))
    """
    light = 2 * orientation
    return ((light + 2) % 6, (light + 4) % 6), ((light + 1) % 6, (light + 5) % 6)


def in_light_area(orientation: int, x: float, y: float) -> bool:
    """True when point ``(x, y)`` of a tile (centre at the origin, circumradius 1, y downwards)
    lies in a light area of the tile in ``orientation``.

    The caps are the points within half an edge of their corner; the straight line through the
    centre, square to the line from cap to cap, parts the two bands. The dark band lies on the
    light cap's side.

    >>> in_light_area(0, 0.9, 0.0), in_light_area(0, 0.5, 0.0), in_light_area(0, -0.5, 0.0)
    (True, False, True)
    """
    light, dark = cap_corners(orientation)
    for k, is_cap_light in ((light, True), (dark, False)):
        angle = math.radians(60 * k)
        cx, cy = math.cos(angle), -math.sin(angle)
        if (x - cx) ** 2 + (y - cy) ** 2 < 0.24:  # a little inside, against rounding
            return is_cap_light
    angle = math.radians(60 * light)
    return x * math.cos(angle) - y * math.sin(angle) < 0


def area_outlines(
    tile: Tile, orientation: int, arc_steps: int = 8
) -> tuple[list[tuple[float, float]], list[tuple[float, float]], list[tuple[float, float]]]:
    """Polygons of a tile's areas in the plane, as :func:`in_light_area` defines them: the half
    holding the dark band (on the light cap's side of the line through the centre), the light
    cap and the dark cap (each a 120 degree sector of radius half an edge, its arc cut into
    ``arc_steps`` straight pieces). Drawn in this order over a light hexagon, they colour it.

    >>> half, light_cap, dark_cap = area_outlines((0, 0), 0)
    >>> len(half), len(light_cap), [round(v, 2) for v in light_cap[0]]
    (5, 10, [1.0, 0.0])
    """
    centre = tile_to_plane(tile)
    light, dark = cap_corners(orientation)
    half_edge = math.sqrt(3) / 2
    half = [
        _towards(centre, 60 * light - 90, half_edge),
        *(_towards(centre, 60 * k, 1.0) for k in (light - 1, light, light + 1)),
        _towards(centre, 60 * light + 90, half_edge),
    ]

    def cap(k: int) -> list[tuple[float, float]]:
        tip = _towards(centre, 60 * k, 1.0)
        # the cap's arc runs inside the tile, from the edge towards corner k - 1 to the edge
        # towards corner k + 1: directions 60 k + 120 to 60 k + 240 as seen from the tip
        arc = [
            _towards(tip, 60 * k + 120 + 120 * step / arc_steps, 0.5)
            for step in range(arc_steps + 1)
        ]
        return [tip, *arc]

    return half, cap(light), cap(dark)


# --- a bounded window of the lattice, with integer ids --------------------------------------


class TileWindow:
    """The tiles within ``radius`` steps of tile ``(0, 0)`` and all their corners, with integer ids.

    Tiles and junctions are numbered in reading order of their grid coordinates (top row
    first, left to right), so sorting by id sorts them as a player reads a drawing. Tables
    are tuples indexed by id; ``-1`` stands for a tile outside the window.

    >>> w = window(1)
    >>> len(w.tiles), len(w.junctions)
    (7, 24)
    >>> w.tiles[w.origin]
    (0, 0)
    """

    def __init__(self, radius: int) -> None:
        self.radius = radius
        cells = sorted(hexagon((0, 0), radius), key=lambda t: tile_grid(t)[::-1])
        self.tiles: tuple[Tile, ...] = tuple(cells)
        self.tile_index = {tile: i for i, tile in enumerate(self.tiles)}
        self.origin = self.tile_index[(0, 0)]
        found = {junction for tile in self.tiles for junction in corners(tile)}
        self.junctions: tuple[Junction, ...] = tuple(
            sorted(found, key=lambda j: junction_grid(j)[::-1])
        )
        self.junction_index = {junction: i for i, junction in enumerate(self.junctions)}
        index = self.junction_index
        #: For each tile, its six corners' junction ids, corner 0 first.
        self.tile_corners: tuple[tuple[int, ...], ...] = tuple(
            tuple(index[j] for j in corners(tile)) for tile in self.tiles
        )
        #: For each tile, its six neighbours' ids (neighbour ``k`` across edge ``k``), or -1.
        self.tile_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.tile_index.get(add(tile, step), -1) for step in DIRECTIONS)
            for tile in self.tiles
        )
        around: list[list[tuple[int, int]]] = [[] for _ in self.junctions]
        near: list[list[int]] = [[] for _ in self.junctions]
        for t, ring in enumerate(self.tile_corners):
            for k, j in enumerate(ring):
                around[j].append((t, k))
                for other in (ring[k - 1], ring[(k + 1) % 6]):
                    if other not in near[j]:
                        near[j].append(other)
        #: For each junction, ``(tile id, corner index)`` of the window's tiles around it.
        self.junction_tiles: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(pairs) for pairs in around
        )
        #: For each junction, the junctions one tile edge away (within the window).
        self.junction_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(n)) for n in near
        )
        self.light: tuple[bool, ...] = tuple(is_light(j) for j in self.junctions)
        self.tile_xy: tuple[tuple[int, int], ...] = tuple(tile_grid(t) for t in self.tiles)
        self.junction_xy: tuple[tuple[int, int], ...] = tuple(
            junction_grid(j) for j in self.junctions
        )
        self.grid_tiles = {xy: t for t, xy in enumerate(self.tile_xy)}
        self.grid_junctions = {xy: j for j, xy in enumerate(self.junction_xy)}


@cache
def window(radius: int) -> TileWindow:
    """The :class:`TileWindow` of ``radius`` (built once, then shared)."""
    return TileWindow(radius)
