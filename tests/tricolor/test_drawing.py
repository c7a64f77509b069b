"""Tricolor is drawn as the seed describes it: the hexagon stands on a corner, so an orange
lozenge's long diagonal is horizontal, a green one's rises from left to right and a yellow one's
falls. Checked on the SVG from the drawn coordinates and on the text board from where the
letters stand, across the board and its sizes; and the names stay easy to read off both."""

from __future__ import annotations

import json
import math
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

import trigames
from tests.tricolor.arrange import arrangement
from trigames.games.tricolor import Tricolor, TricolorState
from trigames.games.tricolor.board import COLOURS

DATA = json.loads((Path(__file__).parent.parent / "data" / "tricolor" / "drawing.json").read_text())
DEGREES: dict[str, float] = DATA["long_diagonal_degrees"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")

XY = tuple[float, float]


def load(spec: str) -> Tricolor:
    game = trigames.load_game(spec)
    assert isinstance(game, Tricolor)
    return game


def states() -> Iterator[tuple[str, TricolorState]]:
    """For each position of the data: the middle and the end of each seeded random game."""
    for position in DATA["positions"]:
        for seed in position["seeds"]:
            state = load(position["spec"]).new_initial_state()
            for move in position["moves"]:
                state.play(move)
            rng = random.Random(seed)
            while not state.is_over():
                state.play(rng.choice(state.legal_moves()))
            middle = state.clone()
            for _ in range(len(state.history) // 2):
                middle.undo()
            name = f"{position['spec']}-{seed}"
            yield f"{name}-middle", middle
            yield f"{name}-end", state


STATES = list(states())
IDS = [name for name, _ in STATES]


def angle(a: XY, b: XY) -> float:
    """The direction of the line through ``a`` and ``b`` in degrees, -90 (excluded) to 90, with
    y pointing up (``a`` and ``b`` are given with y pointing down, as drawn)."""
    degrees = math.degrees(math.atan2(a[1] - b[1], b[0] - a[0]))
    return (degrees + 90) % 180 - 90


def diagonals(corners: list[XY]) -> tuple[tuple[XY, XY], tuple[XY, XY]]:
    """The long and the short diagonal of a lozenge given by its four corners in turn."""
    first, second = (corners[0], corners[2]), (corners[1], corners[3])
    if math.dist(*first) < math.dist(*second):
        first, second = second, first
    return first, second


def polygon(element: ET.Element) -> list[XY]:
    return [
        (float(x), float(y)) for x, y in (p.split(",") for p in element.get("points", "").split())
    ]


def svg(state: TricolorState) -> ET.Element:
    return ET.fromstring(state.game.render_svg(state))


def points(root: ET.Element) -> dict[str, XY]:
    """Where each named point is drawn."""
    return {
        name: (float(e.get("cx", "")), float(e.get("cy", "")))
        for e in root.iter()
        if (name := e.get("data-name")) and e.get("data-spot") == "point"
    }


@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_svg_long_diagonals_follow_the_colours(state: TricolorState) -> None:
    root = svg(state)
    seen = set()
    for element in root.iter():
        if element.get("data-piece") != "lozenge":
            continue
        colour = element.get("data-colour", "")
        (long, short) = diagonals(polygon(element))
        assert angle(*long) == pytest.approx(DEGREES[colour], abs=0.5), element.get("data-at")
        assert math.dist(*long) == pytest.approx(math.sqrt(3) * math.dist(*short), rel=0.01)
        seen.add(colour)
    assert seen == set(COLOURS)
    swatches = [e for e in root.iter() if e.get("data-due")]
    if state.is_over():
        assert not swatches
    else:  # the colour due is shown by a lozenge lying as that colour lies on the board
        (swatch,) = swatches
        assert swatch.get("data-due") == state.due_colour
        assert angle(*diagonals(polygon(swatch))[0]) == pytest.approx(
            DEGREES[state.due_colour], abs=0.5
        )


@pytest.mark.parametrize("state", [s for _, s in STATES[::3]], ids=IDS[::3])
def test_each_piece_lies_across_the_side_its_name_gives(state: TricolorState) -> None:
    root = svg(state)
    where = points(root)
    board = state.board
    for element in root.iter():
        if element.get("data-piece") != "lozenge":
            continue
        name = element.get("data-at", "")
        assert (
            element.get("data-colour")
            == COLOURS[board.colour[board.lozenge_index[state.parse_move(name)]]]
        )
        ends = [where[end] for end in name.split("-")]
        (_, short) = diagonals(polygon(element))
        flat = [[c for point in sorted(pair) for c in point] for pair in (short, ends)]
        assert flat[0] == pytest.approx(flat[1], abs=0.01)  # clicking its ends plays it


@pytest.mark.parametrize("size", [2, 4, 8])
def test_svg_columns_are_lettered_and_numbered_down(size: int) -> None:
    state = load(f"tricolor(size={size})").new_initial_state()
    root = svg(state)
    where = points(root)
    labels: dict[str, list[XY]] = {}
    for e in root.iter():
        if e.get("font-weight") == "bold":
            labels.setdefault(e.text or "", []).append(
                (float(e.get("x", "")), float(e.get("y", "")))
            )
    columns = state.board.region.names.rows
    assert sorted(labels) == [letter for letter, _ in columns]
    for letter, column in columns:
        drawn = [where[f"{letter}{number}"] for number in range(1, len(column) + 1)]
        assert len({x for x, _ in drawn}) == 1  # a column is vertical
        ys = [y for _, y in drawn]
        assert ys == sorted(ys)  # numbered down
        (above, below) = sorted(labels[letter], key=lambda xy: xy[1])
        assert above[0] == below[0] == drawn[0][0]
        assert above[1] < ys[0]
        assert below[1] > ys[-1]


# --- the text board -----------------------------------------------------------------------------


def board_lines(text: str) -> list[str]:
    """The text board without its heading, trailing spaces kept apart."""
    return text.splitlines()[1:]


def text_scale(lines: list[str]) -> tuple[float, float]:
    """Board units per character across and per line down, measured on the drawing: the
    column letters are sqrt(3)/2 apart, points 1 and 2 of column A are 1 apart."""
    letters = [k for k, char in enumerate(lines[0]) if char.isupper()]
    a = letters[0]
    one, two = (next(n for n, line in enumerate(lines) if line[a : a + 1] == d) for d in "12")
    return (math.sqrt(3) / 2 / (letters[1] - letters[0]), 1 / (two - one))


@pytest.mark.parametrize("size", [2, 4, 8])
def test_text_long_diagonals_follow_the_colours(size: int) -> None:
    """Each lozenge alone on the board: its two letters stand on its long diagonal."""
    game = load(f"tricolor(size={size})")
    board = game.board
    across = down = 0.0
    for i, lozenge in enumerate(board.lozenges):
        if size == 8 and i % 5:
            continue  # a fifth of the big board is enough
        state = arrangement(game, {lozenge.name: 0}, "orange", 1)
        lines = board_lines(game.render_text(state))
        if not across:
            across, down = text_scale(lines)
        colour = COLOURS[board.colour[i]]
        cells = [
            (k, n)
            for n, line in enumerate(lines)
            for k, char in enumerate(line)
            if char == colour[0]
        ]
        assert len(cells) == 2, lozenge
        (k1, n1), (k2, n2) = cells
        direction = angle((k1 * across, n1 * down), (k2 * across, n2 * down))
        assert direction == pytest.approx(DEGREES[colour], abs=0.5), lozenge
        assert math.dist((k1 * across, n1 * down), (k2 * across, n2 * down)) == pytest.approx(
            1 / math.sqrt(3), rel=0.01
        )  # the centres of its two triangles


@pytest.mark.parametrize("size", [2, 4, 8])
def test_text_columns_are_lettered_and_numbered_down(size: int) -> None:
    game = load(f"tricolor(size={size})")
    lines = board_lines(game.render_text(game.new_initial_state()))
    assert lines[0] == lines[-1]  # the letters above and below
    for letter, column in game.board.region.names.rows:
        at = lines[0].index(letter)
        numbers = [
            (n, int(match.group()))
            for n, line in enumerate(lines[1:-1])
            for match in re.finditer(r"\d+", line)
            if match.end() - 1 == at
        ]
        assert [number for _, number in numbers] == list(range(1, len(column) + 1))


@pytest.mark.parametrize("state", [s for _, s in STATES[::2]], ids=IDS[::2])
def test_colour_text_only_adds_colours(state: TricolorState) -> None:
    plain = state.game.render_text(state)
    coloured = state.game.render_text(state, color=True)
    assert ANSI.sub("", coloured) == plain
    heading, board = coloured.split("\n", 1)
    assert state.is_over() or state.due_colour in heading
    fills: dict[str, set[str]] = {}
    last: list[tuple[str, str]] = []
    for codes, letter in re.findall(r"((?:\x1b\[[0-9;]*m)+)([ogyOGY])", board):
        if letter.islower():
            fills.setdefault(letter, set()).add(codes)
        else:
            last.append((codes, letter.lower()))
    assert sorted(fills) == ["g", "o", "y"]
    assert all(len(codes) == 1 for codes in fills.values())  # each colour painted one way
    assert len({min(codes) for codes in fills.values()}) == 3  # and no two alike
    for codes, letter in last:  # the last piece: its colour, and more
        (fill,) = fills[letter]
        assert codes.startswith(fill)
        assert codes != fill


def test_the_rules_page_shows_the_text_board_as_it_is_drawn() -> None:
    state = load("tricolor(size=2)").new_initial_state()
    for move in ("B2-B3", "B3-C4", "B2-C2", "D2-D3"):  # as the rules page says
        state.play(move)
    assert f"```\n{state.game.render_text(state)}\n```" in Tricolor.rules()


@pytest.mark.parametrize("state", [s for _, s in STATES], ids=IDS)
def test_each_free_lozenge_of_the_colour_due_is_a_place_to_tap(state: TricolorState) -> None:
    """The tap targets are the legal moves, each the lozenge's own four corners, in the
    colour due (so they never overlap)."""
    root = svg(state)
    at = points(root)
    targets = {e.get("data-name", ""): e for e in root.iter() if e.get("data-spot") == "lozenge"}
    assert sorted(targets) == sorted(str(move) for move in state.legal_moves())
    for name, element in targets.items():
        corners = polygon(element)
        ends = [at[end] for end in name.split("-")]
        assert all(any(math.dist(end, c) < 1e-6 for c in corners) for end in ends)
