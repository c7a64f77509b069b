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
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import TypeVar, overload

from trigames.geometry.hexcells import connected
from trigames.geometry.trilattice import DIRECTIONS, Point, add

__all__ = [
    "MEMO_LIMIT",
    "ORIENTATIONS",
    "Memo",
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
P = TypeVar("P")


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

K = TypeVar("K")
V = TypeVar("V")

#: The most entries a :class:`Memo` of a :class:`TileWindow` holds. A game touches a few hundred
#: cells and junctions around its first tile, so this is rarely reached; past it the memo starts
#: afresh, which keeps a window small however many games and positions use it.
MEMO_LIMIT = 8192


class Memo(dict[K, V]):
    """A table worked out entry by entry, when an entry is first looked up with ``memo[key]``
    (``get`` and ``in`` see only the entries worked out so far). It holds at most ``limit``
    entries, starting afresh when full: a bounded cache, as fast as a dictionary once an entry
    is known.

    >>> squares = Memo(lambda n: n * n, limit=2)
    >>> squares[3], squares[4], len(squares)
    (9, 16, 2)
    >>> squares[5], len(squares)  # it was full: it started afresh
    (25, 1)
    """

    def __init__(self, work: Callable[[K], V], limit: int = MEMO_LIMIT) -> None:
        super().__init__()
        self.work = work
        self.limit = limit

    def __missing__(self, key: K) -> V:
        value = self.work(key)
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class _Rows:
    """Grid points numbered in reading order, worked out from each row's extent.

    Row ``top + i`` is ``rows[i] = (first, count, step)``: ``count`` points from ``X = first``,
    the gaps between them ``step`` and ``period - step`` in turn. The numbers handed out are
    shared objects (up to :data:`MEMO_LIMIT` of them): the tables made of them stay small and
    close together in memory, which makes the rules' loops over them faster.
    """

    def __init__(self, top: int, rows: list[tuple[int, int, int]], period: int) -> None:
        self.top, self.rows, self.period = top, rows, period
        self.starts = list(accumulate((count for _, count, _ in rows), initial=0))
        self.shared: dict[int, int] = {}

    def __len__(self) -> int:
        return self.starts[-1]

    def point(self, i: int) -> tuple[int, int]:
        """The grid point numbered ``i`` (``IndexError`` outside the window)."""
        if not 0 <= i < self.starts[-1]:
            raise IndexError(f"no point {i} in the window")
        row = bisect_right(self.starts, i) - 1
        first, _, step = self.rows[row]
        k = i - self.starts[row]
        return (first + self.period * (k // 2) + step * (k % 2), self.top + row)

    def number(self, x: int, y: int) -> int:
        """The number of grid point ``(x, y)``, or -1 if it is not one of the points."""
        row = y - self.top
        if not 0 <= row < len(self.rows):
            return -1
        first, count, step = self.rows[row]
        pairs, rest = divmod(x - first, self.period)
        if rest not in (0, step):
            return -1
        k = 2 * pairs + (rest == step)
        if not 0 <= k < count:
            return -1
        n = self.starts[row] + k
        shared = self.shared
        if len(shared) >= MEMO_LIMIT:
            shared.clear()
        return shared.setdefault(n, n)


class _Points(Sequence[P]):
    """The window's tiles, junctions or their grid points as a sequence, by id."""

    def __init__(self, rows: _Rows, made: Callable[[int, int], P]) -> None:
        self.rows, self.made = rows, made

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, i: int) -> P: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[P]: ...
    def __getitem__(self, i: int | slice) -> P | Sequence[P]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return self.made(*self.rows.point(i if i >= 0 else i + len(self)))


class _Ids(Mapping[Point, int]):
    """The ids of the window's tiles or junctions, looked up by a point that ``grid`` turns into
    grid coordinates: worked out, cheap however far the point lies."""

    def __init__(
        self, rows: _Rows, grid: Callable[[Point], tuple[int, int]], points: Sequence[Point]
    ) -> None:
        self.rows, self.grid, self.points = rows, grid, points

    def __getitem__(self, key: Point) -> int:
        if isinstance(key, tuple) and len(key) == 2 and all(isinstance(v, int) for v in key):
            found = self.rows.number(*self.grid(key))
            if found >= 0:
                return found
        raise KeyError(key)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Point]:
        return iter(self.points)


def _same(x: int, y: int) -> tuple[int, int]:
    return (x, y)


def _unchanged(point: Point) -> tuple[int, int]:
    return point


def _grid_junction(x: int, y: int) -> Junction:
    return (x, (3 * y - x) // 2)


def _grid_tile(x: int, y: int) -> Tile:
    return (x // 3, (y - x // 3) // 2)


class TileWindow:
    """The tiles within ``radius`` steps of tile ``(0, 0)`` and all their corners, with integer ids.

    Tiles and junctions are numbered in reading order of their grid coordinates (top row
    first, left to right), so sorting by id sorts them as a player reads a drawing. ``-1`` stands
    for a tile outside the window.

    Nothing is built for the whole window, which has ``3 r (r + 1) + 1`` tiles: ids, points and
    grid coordinates are worked out from each row's extent, and the tables the rules use
    (:attr:`tile_corners`, :attr:`tile_neighbours`, :attr:`junction_neighbours`, :attr:`light`)
    are :class:`Memo` tables, filled as games reach their entries, each bounded by
    :data:`MEMO_LIMIT`. Building a window of any size costs well under a millisecond.

    >>> w = window(1)
    >>> len(w.tiles), len(w.junctions)
    (7, 24)
    >>> w.tiles[w.origin], w.tile_corners[w.origin], w.tile_neighbours[w.origin]
    ((0, 0), (12, 8, 7, 11, 15, 16), (5, 2, 0, 1, 4, 6))
    >>> w.bounds
    ((-5, -3), (5, 3))
    """

    def __init__(self, radius: int) -> None:
        self.radius = radius
        # Tile row Y (tile centres at Y = 2 r + q) holds the tiles q of Y's parity with
        # |q|, |r| and |q + r| at most the radius: X = 3 q from the first, 6 apart.
        spans: dict[int, tuple[int, int]] = {}
        for y in range(-2 * radius, 2 * radius + 1):
            low = max(-radius, y - 2 * radius, -2 * radius - y)
            high = min(radius, y + 2 * radius, 2 * radius - y)
            low += (low - y) % 2
            high -= (high - y) % 2
            spans[y] = (low, high)
        tile_rows = _Rows(
            -2 * radius, [(3 * low, (high - low) // 2 + 1, 6) for low, high in spans.values()], 12
        )
        # Junction row Y holds the corners at (X +- 2, Y) of tile row Y and (X +- 1, Y) of tile
        # rows Y - 1 and Y + 1: from the leftmost of them to the rightmost, every X of the row's
        # two classes mod 6 (2 and 4 on even rows, 1 and 5 on odd ones).
        junction_rows = []
        for y in range(-2 * radius - 1, 2 * radius + 2):
            ends = [
                (3 * spans[row][0] - reach, 3 * spans[row][1] + reach)
                for row, reach in ((y - 1, 1), (y, 2), (y + 1, 1))
                if row in spans
            ]
            first, last = min(low for low, _ in ends), max(high for _, high in ends)
            step = 2 if first % 6 in (2, 5) else 4
            pairs, rest = divmod(last - first, 6)
            junction_rows.append((first, 2 * pairs + (rest > 0) + 1, step))
        rows = _Rows(-2 * radius - 1, junction_rows, 6)
        #: Every tile position of the window, by id.
        self.tiles: Sequence[Tile] = _Points(tile_rows, _grid_tile)
        self.tile_index: Mapping[Tile, int] = _Ids(tile_rows, tile_grid, self.tiles)
        self.origin = self.tile_index[(0, 0)]
        #: Every junction (corner of a window tile), by id.
        self.junctions: Sequence[Junction] = _Points(rows, _grid_junction)
        self.junction_index: Mapping[Junction, int] = _Ids(rows, junction_grid, self.junctions)
        #: Grid coordinates of each tile centre and junction, by id.
        self.tile_xy: Sequence[tuple[int, int]] = _Points(tile_rows, _same)
        self.junction_xy: Sequence[tuple[int, int]] = _Points(rows, _same)
        #: Ids by grid coordinates.
        self.grid_tiles: Mapping[tuple[int, int], int] = _Ids(tile_rows, _unchanged, self.tile_xy)
        self.grid_junctions: Mapping[tuple[int, int], int] = _Ids(
            rows, _unchanged, self.junction_xy
        )
        #: The smallest and the largest grid coordinates of the junctions: ``((X, Y), (X, Y))``.
        self.bounds = (
            (min(first for first, _, _ in junction_rows), rows.top),
            (max(rows.point(start - 1)[0] for start in rows.starts[1:]), -rows.top),
        )
        #: For each tile, its six corners' junction ids, corner 0 first.
        self.tile_corners: Memo[int, tuple[int, ...]] = Memo(self._corners)
        #: For each tile, its six neighbours' ids (neighbour ``k`` across edge ``k``), or -1.
        self.tile_neighbours: Memo[int, tuple[int, ...]] = Memo(self._neighbours)
        #: For each junction, the junctions one tile edge away (within the window), by id.
        self.junction_neighbours: Memo[int, tuple[int, ...]] = Memo(self._near)
        #: For each junction, whether it is light.
        self.light: Memo[int, bool] = Memo(lambda j: is_light(self.junctions[j]))

    def _corners(self, t: int) -> tuple[int, ...]:
        index = self.junction_index
        return tuple(index[j] for j in corners(self.tiles[t]))

    def _neighbours(self, t: int) -> tuple[int, ...]:
        tile, index = self.tiles[t], self.tile_index
        return tuple(index.get(add(tile, step), -1) for step in DIRECTIONS)

    def _near(self, j: int) -> tuple[int, ...]:
        index = self.junction_index
        found = (index.get(n, -1) for n in junction_neighbours(self.junctions[j]))
        return tuple(sorted(n for n in found if n >= 0))


@lru_cache(maxsize=8)
def window(radius: int) -> TileWindow:
    """The :class:`TileWindow` of ``radius``, shared: the 8 most recently used are kept."""
    return TileWindow(radius)
