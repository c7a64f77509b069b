"""The shared triangular lattice."""

from __future__ import annotations

import math
import random

import pytest

from trigames.geometry import honeycomb
from trigames.geometry.hexcells import CellRegion, distance, hexagon, neighbours
from trigames.geometry.trilattice import HexRegion, points_up, to_plane


@pytest.mark.parametrize("radius", range(1, 9))
def test_hexagon_counts(radius: int) -> None:
    region = HexRegion(radius)
    assert len(region.points) == 3 * radius * (radius + 1) + 1
    assert len(region.segments()) == 3 * radius * (3 * radius + 1)
    assert len(region.triangles()) == 6 * radius**2
    triangles = region.triangles()
    assert sum(points_up(t) for t in triangles) == len(triangles) // 2


@pytest.mark.parametrize("radius", range(1, 9))
def test_triangles_are_unit_equilateral(radius: int) -> None:
    for triangle in HexRegion(radius).triangles():
        corners = [to_plane(c) for c in triangle]
        for i in range(3):
            (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 3]
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 == pytest.approx(1.0)


def test_lines_of_four_on_the_default_board() -> None:
    region = HexRegion(3)
    lines = region.lines(4)
    assert len(lines) == 48
    assert len(set(lines)) == 48


def test_names_round_trip_and_read_like_the_board() -> None:
    region = HexRegion(3)
    assert region.name((0, -3)) == "A1"  # top-left corner
    assert region.name((-3, 0)) == "D1"  # left corner of the middle row
    assert region.name((3, 0)) == "D7"
    for point in region.points:
        assert region.point(region.name(point)) == point
        assert region.point(region.name(point).lower()) == point


@pytest.mark.parametrize(
    ("name", "message"),
    [("H1", "rows run from A to G"), ("A5", "row A has points 1 to 4"), ("11", "not a point")],
)
def test_bad_names(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HexRegion(3).point(name)


@pytest.mark.parametrize(
    ("centres", "cells", "playing"),
    [
        ([(0, 0)], 127, 84),
        ([(0, 0), (6, 0)], 205, 136),
        ([(0, 0), (6, 0), (0, 6)], 262, 174),
    ],
)
def test_hex_cell_boards_of_the_summer_house_floor(
    centres: list[tuple[int, int]], cells: int, playing: int
) -> None:
    region = CellRegion.union_of_hexagons(centres, 6)
    assert len(region.cells) == cells
    assert sum((q - r) % 3 != 0 for q, r in region.cells) == playing


def test_hex_cells_neighbours_distance_and_connection() -> None:
    region = CellRegion.of(hexagon((0, 0), 2))
    assert len(region.cells) == 19
    assert len(region.edge_cells()) == 12
    assert all(distance((0, 0), n) == 1 for n in neighbours((0, 0)))
    assert distance((-2, 0), (2, 0)) == 4
    assert region.connected([(0, 0), (1, 0), (1, -1)])
    assert not region.connected([(0, 0), (2, 0)])
    assert region.connected([])


def test_honeycomb_corners_sit_where_the_docs_say() -> None:
    for tile in [(q, r) for q in range(-3, 4) for r in range(-3, 4)]:
        x, y = honeycomb.tile_to_plane(tile)
        for k in range(6):
            junction = honeycomb.corner(tile, k)
            assert tile in honeycomb.tiles_at(junction)
            assert honeycomb.is_light(junction) == (k % 2 == 0)
            jx, jy = honeycomb.junction_to_plane(junction)
            assert math.hypot(jx - x, jy - y) == pytest.approx(1.0)
            angle = math.degrees(math.atan2(y - jy, jx - x)) % 360
            assert min(abs(angle - 60 * k), 360 - abs(angle - 60 * k)) == pytest.approx(0, abs=1e-6)
            for other in honeycomb.junction_neighbours(junction):
                ox, oy = honeycomb.junction_to_plane(other)
                assert math.hypot(ox - jx, oy - jy) == pytest.approx(1.0)
                assert honeycomb.is_light(other) != honeycomb.is_light(junction)


def test_honeycomb_edges_and_connection() -> None:
    a, b = honeycomb.edge_ends((0, 0), 0)
    assert {a, b} == {honeycomb.corner((0, 0), 5), honeycomb.corner((0, 0), 0)}
    assert {a, b} == set(honeycomb.edge_ends((1, 0), 3))  # the neighbour shares the edge
    assert honeycomb.connected([(0, 0), (1, 0), (2, -1)])
    assert not honeycomb.connected([(0, 0), (2, 0)])


def test_honeycomb_grid_points_match_the_plane() -> None:
    for tile in [(q, r) for q in range(-3, 4) for r in range(-3, 4)]:
        x, y = honeycomb.tile_to_plane(tile)
        gx, gy = honeycomb.tile_grid(tile)
        assert (gx / 2, gy * math.sqrt(3) / 2) == pytest.approx((x, y))
        assert honeycomb.grid_tile(gx, gy) == tile
        assert honeycomb.grid_junction(gx, gy) is None
        for junction in honeycomb.corners(tile):
            jx, jy = honeycomb.junction_grid(junction)
            assert (jx / 2, jy * math.sqrt(3) / 2) == pytest.approx(
                honeycomb.junction_to_plane(junction)
            )
            assert honeycomb.grid_junction(jx, jy) == junction
            assert honeycomb.grid_tile(jx, jy) is None


def test_honeycomb_bands_and_caps_split_the_corners() -> None:
    for o in range(honeycomb.ORIENTATIONS):
        light_cap, dark_cap = honeycomb.cap_corners(o)
        (a, b), (c, d) = honeycomb.band_corners(o)
        assert sorted([light_cap, dark_cap, a, b, c, d]) == list(range(6))
        assert light_cap % 2 == a % 2 == b % 2 == 0
        assert dark_cap % 2 == c % 2 == d % 2 == 1
        assert (dark_cap - light_cap) % 6 == 3
        # the drawing's areas agree: each corner's neighbourhood has its corner's colour
        for k in range(6):
            angle = math.radians(60 * k)
            x, y = 0.8 * math.cos(angle), -0.8 * math.sin(angle)
            assert honeycomb.in_light_area(o, x, y) == (k % 2 == 0)


def _reading(point: tuple[int, int]) -> tuple[int, int]:
    return point[1], point[0]


@pytest.mark.parametrize("radius", [0, 1, 2, 5, 12])
def test_tile_windows_agree_with_the_coordinate_functions(radius: int) -> None:
    """The window's numbering is worked out row by row: it must be the reading order of the
    tiles within ``radius`` and of all their corners, every table agreeing."""
    w = honeycomb.window(radius)
    tiles = sorted(hexagon((0, 0), radius), key=lambda t: _reading(honeycomb.tile_grid(t)))
    junctions = sorted(
        {j for t in tiles for j in honeycomb.corners(t)},
        key=lambda j: _reading(honeycomb.junction_grid(j)),
    )
    assert len(w.tiles) == len(tiles) == 3 * radius * (radius + 1) + 1
    assert list(w.tiles) == tiles
    assert list(w.junctions) == junctions
    assert list(w.tile_xy) == [honeycomb.tile_grid(t) for t in tiles]
    assert list(w.junction_xy) == [honeycomb.junction_grid(j) for j in junctions]
    assert w.tiles[w.origin] == (0, 0)
    for t, tile in enumerate(w.tiles):
        assert w.tile_index[tile] == w.grid_tiles[w.tile_xy[t]] == t
        assert [w.junctions[j] for j in w.tile_corners[t]] == honeycomb.corners(tile)
        assert [w.tiles[n] if n >= 0 else None for n in w.tile_neighbours[t]] == [
            n if n in tiles else None for n in neighbours(tile)
        ]
    for j, junction in enumerate(w.junctions):
        assert w.junction_index[junction] == w.grid_junctions[w.junction_xy[j]] == j
        inside = [n for n in honeycomb.junction_neighbours(junction) if n in w.junction_index]
        assert sorted(w.junctions[n] for n in w.junction_neighbours[j]) == sorted(inside)
        assert list(w.junction_neighbours[j]) == sorted(w.junction_neighbours[j])
        assert w.light[j] == honeycomb.is_light(junction)
    xs, ys = zip(*w.junction_xy, strict=True)
    assert w.bounds == ((min(xs), min(ys)), (max(xs), max(ys)))
    # every other grid point, and anything that is not one, has no id
    (left, top), (right, bottom) = w.bounds
    tile_points, junction_points = set(w.tile_xy), set(w.junction_xy)
    for x in range(left - 4, right + 5):
        for y in range(top - 3, bottom + 4):
            assert ((x, y) in w.grid_tiles) == ((x, y) in tile_points)
            assert ((x, y) in w.grid_junctions) == ((x, y) in junction_points)
    for key in [(0.0, 0), (0, 0, 0), "a1", None, (10**30, -(10**30))]:
        assert key not in w.grid_tiles
        assert key not in w.tile_index
    with pytest.raises(IndexError):
        w.tile_xy[len(w.tiles)]


def test_a_large_window_is_built_without_its_tables() -> None:
    """A window of radius 90 (the largest Trugo game's) works out what it is asked for and
    keeps only that: 24,571 cells, none of them looked at until asked for."""
    w = honeycomb.TileWindow(90)
    assert (len(w.tiles), len(w.junctions)) == (24_571, 49_686)
    tables = (w.tile_corners, w.tile_neighbours, w.junction_neighbours, w.light)
    assert all(len(table) == 0 for table in tables)
    rng = random.Random(16)
    for t in rng.sample(range(len(w.tiles)), 200):
        tile = w.tiles[t]
        assert w.tile_index[tile] == t
        assert distance(tile, (0, 0)) <= 90
        assert [w.junctions[j] for j in w.tile_corners[t]] == honeycomb.corners(tile)
    assert len(w.tile_corners) == 200
    assert len(w.tile_neighbours) == 0
    assert distance(w.tiles[0], (0, 0)) == distance(w.tiles[-1], (0, 0)) == 90


def test_a_memo_stays_within_its_limit() -> None:
    calls: list[int] = []

    def work(n: int) -> int:
        calls.append(n)
        if n < 0:
            raise IndexError(n)
        return n * n

    memo = honeycomb.Memo(work, limit=10)
    assert [memo[n % 25] for n in range(100)] == [(n % 25) ** 2 for n in range(100)]
    assert len(memo) <= 10
    assert memo[99] == memo[99] == 99 * 99
    assert calls.count(99) == 1
    with pytest.raises(IndexError):
        memo[-1]
    assert -1 not in memo
