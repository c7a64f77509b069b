"""Parsers of text a stranger can send: a length limit checked before anything is read, errors
from the project's family that never echo an enormous input, and the shapes that made the old
regular expressions backtrack for seconds (long runs of spaces, letters, digits, separators,
nested parentheses) read correctly at the limit. Nothing here is timed: see
``benchmarks/parsers.py``."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.core import endings
from trigames.core.spec import MAX_SPEC_LENGTH, GameSpec
from trigames.games.tranglar import board as tranglar_board
from trigames.games.tranglar.actions import action_table
from trigames.games.tricolor import board as tricolor_board
from trigames.games.trig import board as trig_board
from trigames.games.triggle import board as triggle_board
from trigames.games.triggle.board import TriggleBoard
from trigames.games.trugo import board as trugo_board

#: Each game at its largest options (the longest names), its move limit and the limit's noun.
GAMES = {
    "triggle": ("triggle(size=8)", triggle_board.MAX_MOVE_LENGTH, "a band"),
    "tricolor": ("tricolor(size=8)", tricolor_board.MAX_MOVE_LENGTH, "a lozenge"),
    "trig": ("triggest", trig_board.MAX_MOVE_LENGTH, "a Trig move"),
    "trugo": ("trugo(tiles=90)", trugo_board.MAX_MOVE_LENGTH, "a Trugo move"),
    "tranglar": ("tranglar", tranglar_board.MAX_MOVE_LENGTH, "a TRANGLAR move"),
}

HUGE = 100_000


def spaced(parts: list[str], length: int) -> str:
    """``parts`` with runs of spaces before, between and after them, ``length`` characters in
    all: the shape that made ``\\s*`` next to ``\\s*`` backtrack."""
    gaps = len(parts) + 1
    spaces = length - sum(map(len, parts))
    assert spaces >= gaps
    runs = [spaces // gaps + (1 if i < spaces % gaps else 0) for i in range(gaps)]
    text = " " * runs[0] + "".join(
        part + " " * run for part, run in zip(parts, runs[1:], strict=True)
    )
    assert len(text) == length
    return text


def parser(game: str) -> Callable[[str], Any]:
    """What ``State.play`` reads a text with, in ``game`` at its largest options."""
    state: trigames.State[Any] = trigames.load_game(GAMES[game][0]).new_initial_state()
    return state.parse


def assert_short(error: pytest.ExceptionInfo[BaseException], text: str) -> None:
    """The message quotes at most 40 characters of a longer ``text`` (or of a part of it)."""
    message = str(error.value)
    assert len(message) < 1000
    if len(text) > 40:
        assert "…" in message
        assert not any(text[i : i + 41] in message for i in range(len(text) - 40))


# --- limits, checked first -------------------------------------------------------------------


def test_a_spec_string_is_read_up_to_its_limit_and_refused_beyond_it() -> None:
    assert str(trigames.parse_spec(spaced(["triggle(size=5)"], MAX_SPEC_LENGTH))) == (
        "triggle(size=5)"
    )
    too_long = spaced(["triggle(size=5)"], MAX_SPEC_LENGTH + 1)
    with pytest.raises(trigames.SpecSyntaxError, match="at most 200 characters, not 201"):
        trigames.parse_spec(too_long)
    with pytest.raises(trigames.SpecSyntaxError, match="at most 200 characters, not 201"):
        GameSpec.split(too_long)  # player specs are read by it too


@pytest.mark.parametrize(
    "text",
    ["triggle(" + "size=5," * (HUGE // 7) + ")", "a" + " " * HUGE + "x", "(" * HUGE],
    ids=["options", "spaces", "parentheses"],
)
def test_an_enormous_spec_string_gets_the_limit_error_quoted_short(text: str) -> None:
    with pytest.raises(trigames.SpecSyntaxError, match=f"at most 200 characters, not {len(text)}"):
        trigames.parse_spec(text)
    with pytest.raises(trigames.SpecSyntaxError) as error:
        GameSpec.split(text)
    assert_short(error, text)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_is_read_up_to_its_limit_and_refused_beyond_it(game: str) -> None:
    _, limit, noun = GAMES[game]
    play = parser(game)
    move = {"triggle": "A1-A4", "tricolor": "C2-C3", "trig": "E5", "trugo": "c2e"}.get(
        game, "Lb3ne"
    )
    assert str(play(spaced([move], limit))) == move
    with pytest.raises(trigames.MoveParseError, match=f"{noun} has at most {limit} characters"):
        play(spaced([move], limit + 1))
    text = move + " " * HUGE + "x"
    with pytest.raises(trigames.MoveParseError, match=f"at most {limit} characters, not") as error:
        play(text)
    assert_short(error, text)


def test_endings_are_read_up_to_their_limit_then_left_to_the_game() -> None:
    play = parser("tranglar")  # its moves are longer than an ending's limit
    assert play(spaced(["resign", "1"], endings.MAX_LENGTH)) == endings.Resignation(1)
    with pytest.raises(trigames.MoveParseError, match="is not a TRANGLAR move"):
        play(spaced(["resign", "1"], endings.MAX_LENGTH + 1))


def test_pieces_and_triangles_of_positions_have_the_move_limit() -> None:
    with pytest.raises(trigames.MoveParseError, match="piece has at most 128 characters"):
        tranglar_board.parse_piece("Lb3ne" + " " * HUGE)
    board = TriggleBoard.of_size(8)
    with pytest.raises(trigames.MoveParseError, match="name has at most 32 characters"):
        board.parse_triangle("A1-B1-B2" + "-" * HUGE)
    assert board.triangle_name(board.parse_triangle(spaced(["A1-B1-B2"], 32))) == "A1-B1-B2"


def test_the_limits_leave_room_for_every_legal_move() -> None:
    """The longest move of each game at its largest options, written with spaces around each
    part, is well within the limit."""
    tranglar_names = [tranglar_board.format_code(code) for code in action_table().keys]
    names = trugo_board.frame(90)  # the longest names are at the frame's far corners
    far_corners = [(x, y) for x in (names.left, names.left + names.columns - 1)
                   for y in (names.top, names.top + names.rows - 1)]  # fmt: skip
    trig = trig_board.TrigBoard.named("triggest")
    longest = {
        "triggle": max(len(band.name) for band in TriggleBoard.of_size(8).bands),
        "tricolor": max(
            len(lozenge.name) for lozenge in tricolor_board.TricolorBoard.of_size(8).lozenges
        ),
        "trig": max(
            len(trig.capture_move(corner, centre).name)
            for *corners, centre in trig.capture_triangles
            for corner in corners
        ),
        "trugo": 2 * max(len(trugo_board.frame(90).name(xy)) for xy in far_corners) + 1,
        "tranglar": max(map(len, tranglar_names)),
    }
    assert longest == {"triggle": 7, "tricolor": 7, "trig": 7, "trugo": 11, "tranglar": 32}
    for game, (_, limit, _) in GAMES.items():
        assert 2 * longest[game] <= limit
    widest = max(tranglar_names, key=len)
    spread = " ".join(widest.replace(",", " , ").replace("=", " = "))
    assert len(spread) <= tranglar_board.MAX_MOVE_LENGTH
    assert str(parser("tranglar")(spread)) == widest


# --- random text: only the project's errors ---------------------------------------------------

NOTATION = "aAbBcCdDeEfFgGhHlLmMnNpPqQrRsStTwWxXzZ0123456789 \t\n-=,/:*.+()_"


def texts(limit: int) -> st.SearchStrategy[str]:
    """Text up to ``limit`` characters, mostly the notation's characters."""
    characters = st.one_of(st.sampled_from(NOTATION), st.characters())
    return st.one_of(
        st.text(characters, max_size=limit),
        st.text(st.sampled_from(NOTATION), min_size=limit - 8, max_size=limit),
    )


@settings(max_examples=300, deadline=None)
@given(text=texts(MAX_SPEC_LENGTH))
def test_random_spec_strings_raise_only_spec_errors(text: str) -> None:
    with contextlib.suppress(trigames.SpecError):
        trigames.parse_spec(text)


@pytest.mark.parametrize("game", GAMES)
def test_random_moves_raise_only_move_errors(game: str) -> None:
    play = parser(game)

    @settings(max_examples=200, deadline=None)
    @given(text=texts(GAMES[game][1]))
    def check(text: str) -> None:
        with contextlib.suppress(trigames.MoveParseError):
            play(text)

    check()


# --- the old patterns' worst shapes, at the limit ---------------------------------------------

SPECS_READ = [
    (spaced(["triggle"], 200), "triggle"),
    (spaced(["triggle", "(", "size", "=", "5", ",", "misere", "=", "true", ")"], 200),
        "triggle(size=5,misere=true)"),
    ("triggle(size=" + "0" * 185 + "5)", "triggle(size=5)"),
]  # fmt: skip

SPECS_REFUSED = [
    ("a" + " " * 198 + "x", "bad spec string 'a"),
    ("triggle" + " " * 192 + "x", "bad spec string"),
    ("triggle(" + "(" * 191 + ")", r"bad option '\(\(\("),
    ("triggle(" + ")" * 192, r"bad option '\)\)\)"),
    ("triggle(" + "," * 191 + ")", "bad option ''"),
    ("triggle(size" + " " * 187 + ")", "bad option 'size'"),
    ("triggle(size=5" + " " * 184 + "x)", "bad option 'size=5"),
    ("t" * 200, "unknown game 'tttt"),
    ("triggle(" + "s" * 191 + ")", "bad option 'ssss"),
    ("triggle(" + "s" * 189 + "=1)", "has no option 'ssss"),
]


@pytest.mark.parametrize(("text", "canonical"), SPECS_READ)
def test_worst_spec_shapes_at_the_limit_are_read(text: str, canonical: str) -> None:
    assert len(text) == MAX_SPEC_LENGTH
    assert str(trigames.parse_spec(text)) == canonical


@pytest.mark.parametrize(("text", "message"), SPECS_REFUSED)
def test_worst_spec_shapes_at_the_limit_are_refused(text: str, message: str) -> None:
    assert len(text) == MAX_SPEC_LENGTH
    with pytest.raises(trigames.SpecError, match=message) as error:
        trigames.parse_spec(text)
    assert_short(error, text)


def test_a_player_spec_with_spaces_everywhere_splits() -> None:
    text = spaced(["mcts", "(", "seconds", "=", "0.5", ",", "iterations", "=", "9", ")"], 200)
    assert GameSpec.split(text) == ("mcts", [("seconds", "0.5"), ("iterations", "9")])


MOVES_READ = [
    ("triggle", spaced(["A1", "-", "A4"], 32), "A1-A4"),
    ("tricolor", spaced(["C2", "-", "C3"], 32), "C2-C3"),
    ("trig", spaced(["e", "5", "x", "F", "6"], 32), "E5xF6"),
    ("trig", "E" + " " * 30 + "5", "E5"),
    ("trugo", spaced(["C2", "/", "E"], 32), "c2e"),
    ("trugo", spaced(["-", "d", "4"], 32), "-d4"),
    ("trugo", spaced(["c", "5", "-", "e", "7"], 32), "c5-e7"),
    ("tranglar", spaced(["x", "Q", "b3", "=", "L", "b3ne", ",", "L", "b3sw"], 128),
        "xQb3=Lb3ne,Lb3sw"),
    ("tranglar", spaced(["L", "b3", "n", "e", ",", "L", "b3sw", "=", "Q", "b3"], 128),
        "Lb3ne,Lb3sw=Qb3"),
]  # fmt: skip

MOVES_REFUSED = [
    ("triggle", "A1" + " " * 29 + "!", "is not a band"),
    ("triggle", "-" * 32, "write two points joined by '-'"),
    ("triggle", "A" * 32, "write two points"),
    ("tricolor", "C2" + " " * 15 + "-" + "3" * 14, "is not a lozenge"),
    ("trig", spaced(["E5"], 31) + "!", "is not a Trig move"),
    ("trig", "E5" + "x" * 30, "is not a Trig move"),
    ("trig", "5" * 32, "is not a Trig move"),
    ("trugo", "c2" + " " * 29 + "!", "is not a Trugo move"),
    ("trugo", "c" * 32, "is not a Trugo move"),
    ("trugo", "-" * 32, "is not a Trugo move"),
    ("trugo", "c" + "2" * 31, "is not a Trugo move"),
    ("tranglar", "Lb3" + "n" * 125, "a cell is named twice"),
    ("tranglar", "La" + "1" * 126, "bad cells 'a111"),
    ("tranglar", "Qb3=" + "," * 124, "bad piece ''"),
    ("tranglar", "=" * 128, "bad piece ''"),
    ("tranglar", "x" * 128, "bad piece 'xxx"),
    ("tranglar", "L" + "b3." * 42 + "+", "a cell is named twice"),
]


@pytest.mark.parametrize(("game", "text", "canonical"), MOVES_READ)
def test_worst_move_shapes_at_the_limit_are_read(game: str, text: str, canonical: str) -> None:
    assert len(text) == GAMES[game][1]
    assert str(parser(game)(text)) == canonical


@pytest.mark.parametrize(("game", "text", "message"), MOVES_REFUSED)
def test_worst_move_shapes_at_the_limit_are_refused(game: str, text: str, message: str) -> None:
    assert len(text) == GAMES[game][1]
    with pytest.raises(trigames.MoveParseError, match=message) as error:
        parser(game)(text)
    assert_short(error, text)
