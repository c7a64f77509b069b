"""Trugo names never move: every name once shown stays on one grid point for the whole game.

Names are read back from the drawings as a player or the web page reads them (see
``tests/trugo/drawings.py``): from the SVG's coordinates and from the text board's column
letters and row numbers, and checked against the frame formula of the naive model.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

import trigames
from tests.trugo import naive
from tests.trugo.drawings import TextBoard, svg_places
from trigames.games.trugo import Trugo, TrugoState
from trigames.games.trugo.board import column_name, frame, parse, spot_name


def load(spec: str) -> Trugo:
    game = trigames.load_game(spec)
    assert isinstance(game, Trugo)
    return game


# --- the frame ------------------------------------------------------------------------------


@pytest.mark.parametrize("tiles", [3, 12, 36, 90])
def test_every_name_of_the_frame_reads_back(tiles: int) -> None:
    names = frame(tiles)
    for column in range(names.columns):
        for row in range(names.rows):
            name = spot_name(column, row)
            assert parse(f"-{name.upper()}") == ("remove", (column, row), -1)
            point = names.point((column, row), name)
            assert names.name(point) == name == naive.point_name(tiles, point)
    assert len(column_name(names.columns - 1)) <= 2
    assert len(str(names.rows)) <= 3


@pytest.mark.parametrize("tiles", [3, 12, 36, 90])
def test_the_frame_holds_every_place_a_game_can_reach(tiles: int) -> None:
    """Every cell within ``tiles`` steps of the first tile, and every corner of them: more than
    any layout of the game and the cells next to it can reach."""
    game = load(f"trugo(tiles={tiles})")
    state = game.new_initial_state()
    w, names = state.window, state.names
    assert w.radius == tiles
    cells = [names.name(xy) for xy in w.tile_xy]
    junctions = [names.name(xy) for xy in w.junction_xy]
    assert len(set(cells + junctions)) == len(cells) + len(junctions)
    assert [state.tile_name(t) for t in range(len(w.tiles))] == cells
    assert [state.junction_name(j) for j in range(len(w.junctions))] == junctions
    with pytest.raises(ValueError, match="outside"):
        names.name((names.left - 1, 0))


def test_the_first_tile_of_each_pool_size() -> None:
    """The names the rules page gives."""
    for tiles, first, last_column, rows in (
        (3, "l8", "w", 15),
        (12, "am26", "by", 51),
        (36, "dg74", "hm", 147),
        (90, "jm182", "ty", 363),
    ):
        state = load(f"trugo(tiles={tiles})").new_initial_state()
        assert {str(m) for m in state.legal_moves()} == {f"{first}{o}" for o in ("e", "nw", "sw")}
        names = state.names
        assert (column_name(names.columns - 1), names.rows) == (last_column, rows)


def test_a_name_outside_the_frame_is_explained() -> None:
    state = load("trugo").new_initial_state()
    with pytest.raises(trigames.IllegalMoveError, match="columns run from a to hm, rows from 1"):
        state.play("hn74e")
    with pytest.raises(trigames.IllegalMoveError, match="dh73 is a junction"):
        state.play("dh73e")


# --- seeded games ---------------------------------------------------------------------------


class Case(NamedTuple):
    spec: str
    seed: int
    up_left: float  # chance of placing a tile on the cell furthest up and to the left
    plies: int


#: Games that grow up and to the left, then move pieces and remove tiles (seeds chosen so).
CASES = [
    Case("trugo(tiles=12,pieces=6,waning_limit=20)", 6, 0.9, 200),
    Case("trugo(tiles=12,pieces=6,waning_limit=20)", 2, 0.6, 200),
    Case("trugo(tiles=7,pieces=3,stacking=false)", 33, 0.5, 200),
    Case("trugo(tiles=20,pieces=8,waning_limit=15)", 4, 0.3, 200),
    Case("trugo", 5, 0.3, 80),
]


def choose(state: TrugoState, rng: random.Random, up_left: float) -> str:
    """A random move, leaning towards tiles at the top left, then next to many tiles."""
    moves = [str(m) for m in state.legal_moves()]
    places = [(state.code_of(state.parse_move(m))[1], m) for m in moves if m[-1] in "ew"]
    if places and rng.random() < up_left:
        xy = state.window.tile_xy

        def height(t: int) -> int:
            return xy[t][0] + 2 * xy[t][1]

        top = min(height(t) for t, _ in places)
        return rng.choice([m for t, m in places if height(t) == top])
    if places and rng.random() < 0.7:
        most = max(state.around[t] for t, _ in places)
        return rng.choice([m for t, m in places if state.around[t] == most])
    return rng.choice(moves)


class Shown:
    """Every name the drawings showed so far, and the grid point it named."""

    def __init__(self, tiles: int) -> None:
        self.tiles = tiles
        self.points: dict[str, tuple[int, int]] = {}
        self.names: dict[tuple[int, int], str] = {}

    def check(self, state: TrugoState) -> dict[str, tuple[int, int]]:
        """Read both drawings of ``state``; return the SVG's names and their points."""
        game = state.game
        svg = game.render_svg(state)
        places: dict[str, tuple[int, int]] = {}
        for name, points in svg_places(svg).items():
            assert len(points) == 1, f"{name} is drawn at {points}"
            (point,) = points
            assert self.points.setdefault(name, point) == point, f"{name} moved"
            assert self.names.setdefault(point, name) == name, f"{point} was renamed"
            assert naive.point_name(self.tiles, point) == name
            places[name] = point
        board = TextBoard(game.render_text(state))
        labels = board.labels()
        kind = "cell" if state.pool > 0 else "tile"
        expected = {n for n in places if f'data-name="{n}" data-spot="{kind}"' in svg}
        last = str(state.last_move or "pass")
        if state.pool > 0 and last[-1] in "ew":  # the tile just placed shows its name too
            expected.add(last.rstrip("nsew"))
        assert set(labels) == expected
        for name, at in labels.items():
            assert board.name_at(*at) == name
        pieces = {board.name_at(*at) for at in board.pieces()}
        assert pieces == {n for n in places if f'data-at="{n}"' in svg}
        return places


@pytest.mark.parametrize("case", CASES, ids=[f"{c.spec}-{c.seed}" for c in CASES])
def test_a_name_once_shown_never_moves(case: Case) -> None:
    game = load(case.spec)
    state = game.new_initial_state()
    rng = random.Random(case.seed)
    shown = Shown(game.tiles)
    positions: list[dict[str, Any]] = [state.to_json()]
    places = shown.check(state)
    while not state.is_over() and len(state.history) < case.plies:
        for move in state.legal_moves():  # what the web page clicks is in the drawing
            for step in game.input_steps(state, move):
                assert step[0] in places or step[0] == "pass" or "light cap" in step[0]
        name = choose(state, rng, case.up_left)
        spots = [part.rstrip("nsew") for part in name.lstrip("-").split("-")]
        before = {spot: places[spot] for spot in spots if spot != "pass"}
        state.play(name)
        assert game.describe_last_move(state).split(" ")[1].rstrip(":,") == name
        places = shown.check(state)
        positions.append(state.to_json())
        for spot, point in before.items():  # the move's names still name the same places
            assert places.get(spot, point) == point
    assert state.is_over() or case.plies <= len(state.history)
    names = [str(m) for m in state.history]
    again = game.new_initial_state()
    for name, position in zip(names, positions[1:], strict=True):
        again.play(again.parse_move(name))
        assert again.to_json() == position
    assert len(set(shown.points)) > 40
