"""Trugo drawn as text: tiles, junctions, stacks and the names a player types."""

from __future__ import annotations

import trigames
from tests.trugo.drawings import TextBoard
from trigames.games.trugo import TrugoState
from trigames.geometry.hexcells import hexagon
from trigames.geometry.honeycomb import tile_grid


def flower() -> TrugoState:
    game = trigames.load_game("trugo")
    tiles = [[*tile_grid(cell), "e"] for cell in hexagon((0, 0), 1)]
    pieces = [[2, 0, "WB"], [1, -1, "W"], [-1, 1, "BW"], [-2, 0, "B"]]
    state = game.state_from_json({"tiles": tiles, "pieces": pieces})
    assert isinstance(state, TrugoState)
    return state


def test_the_drawing_shows_pieces_stacks_and_junction_kinds() -> None:
    state = flower()
    drawing = state.game.render_text(state)
    # stacks on light junctions: the top piece, then the pinned one to its right
    assert "Bw" in drawing
    assert "Wb" in drawing
    for mark in ("o", ".", ":"):
        assert mark in drawing


def test_every_name_in_the_drawing_is_where_its_column_and_row_say() -> None:
    state = flower()
    board = TextBoard(state.game.render_text(state))
    labels = board.labels()
    assert set(labels) == {state.tile_name(t) for t in state.frontier}
    for name, (line, column) in labels.items():
        assert board.name_at(line, column) == name
    starts = {str(move).split("-")[0] for move in state.legal_moves() if "-" in str(move)[1:]}
    assert starts
    assert starts <= {board.name_at(line, column) for line, column in board.pieces()}


def test_two_letter_columns_are_written_downwards() -> None:
    state = flower()
    lines = state.game.render_text(state).splitlines()
    # the default frame has 221 columns: here they run from cy to do, two header lines
    assert lines[0].split() == ["c", "c", *"d" * 15]
    assert lines[1].split() == ["y", "z", *"abcdefghijklmno"]
    assert lines[2].startswith("69 ")
    assert lines[2].endswith(" 69")
    assert "dg70" in lines[4]


def test_colours_only_when_asked() -> None:
    state = flower()
    assert "\x1b[" not in state.game.render_text(state)
    assert "\x1b[" in state.game.render_text(state, color=True)


def test_descriptions() -> None:
    state = flower()
    assert state.game.describe_last_move(state) == "no move yet"
    state.play(state.legal_moves()[0])
    assert state.game.describe_last_move(state).startswith("White ")
    assert "Waxing" in state.game.status(state)
