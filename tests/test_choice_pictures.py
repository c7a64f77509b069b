"""Game.choice_pictures: each game's ghosts of moves, seen before they are made."""

from __future__ import annotations

import re

from trigames.games import load_game
from trigames.games.tranglar.board import KINDS, parse


def test_games_without_pictures_have_none() -> None:
    for name in ("triggle", "tricolor"):
        game = load_game(name)
        state = game.new_initial_state()
        assert game.choice_pictures(state, state.legal_moves()[:5]) == {}


def test_trugo_tile_shown_three_ways_on_its_cell() -> None:
    game = load_game("trugo")
    state = game.new_initial_state()
    moves = state.legal_moves()
    pictures = game.choice_pictures(state, moves)
    assert [str(m) for m in pictures] == ["dg74e", "dg74nw", "dg74sw"]
    assert len({p.ghost for p in pictures.values()}) == 3
    assert len({p.box for p in pictures.values()}) == 1  # all on the same cell
    state.play("dg74e")
    pieces = [m for m in state.legal_moves() if "-" in str(m) or not str(m)[-1].isalpha()]
    assert game.choice_pictures(state, pieces) == {}  # only placements have ghost tiles


def test_trig_capture_drawn_as_the_triangle_it_takes() -> None:
    game = load_game("trig")
    state = game.state_from_json({"white": ["F7", "H7"], "black": ["G8", "H6"], "to_move": 0})
    capture, bare = state.parse_move("G9xG8"), state.parse_move("G9")
    pictures = game.choice_pictures(state, [capture, bare])
    triangle = pictures[capture].ghost
    assert triangle.count("<polygon") == 1
    corners = re.search(r'<polygon points="([^"]+)"', triangle)
    assert corners is not None
    assert len(corners.group(1).split()) == 3
    assert pictures[bare].ghost.count("<polygon") == 0  # the peg alone
    assert pictures[bare].ghost.count("<circle") == 1


def test_tranglar_every_kind_placed_has_a_ghost_and_its_turns() -> None:
    game = load_game("tranglar")
    state = game.new_initial_state()
    seen: set[str] = set()
    while len(state.history) < 40 and not state.is_over():
        moves = state.legal_moves()
        pictures = game.choice_pictures(state, moves)
        for move in moves:
            action, kind, mask, _ = parse(str(move))
            if action != 0:  # not a placement
                continue
            picture = pictures[move]
            seen.add(KINDS[kind].code)
            assert picture.ghost.count("<polygon") == mask.bit_count()
            assert picture.shape
            assert picture.turned
            assert picture.flipped
        state.play(moves[len(state.history) * 7 % len(moves)])
    assert {"G", "H", "T", "L", "M", "Q", "F", "N"} <= seen


def test_tranglar_turn_and_flip_name_shapes_the_kind_takes() -> None:
    game = load_game("tranglar")
    state = game.new_initial_state()
    pictures = game.choice_pictures(state, state.legal_moves())
    shapes = {p.shape for p in pictures.values()}
    for picture in pictures.values():
        assert picture.turned in shapes  # G and H lie every way while the board is empty
        assert picture.flipped in shapes
    h = [p for m, p in pictures.items() if str(m).startswith("H")]
    assert len({p.shape for p in h}) == 4  # H is symmetric: four turns, flips among them


def test_tranglar_reserves_are_pictures_and_the_movers_pick_the_piece() -> None:
    game = load_game("tranglar")
    state = game.new_initial_state()
    picture = game.render_svg(state)
    assert picture.count('data-reserve="0"') == picture.count('data-reserve="1"') == 10
    assert picture.count('data-reserve="neutral"') == 2  # G and H, still to place
    picked = re.findall(r'data-name="([^"]+)" data-spot="reserve"', picture)
    assert sorted(picked) == ["G: large neutral trapeze", "H: large neutral five-sided piece"]
    state.play(state.legal_moves()[0])
    state.play(state.legal_moves()[0])  # both large neutral pieces down: Petrol's turn
    picture = game.render_svg(state)
    picked = re.findall(
        r'data-reserve="(\d)" data-kind="(\w+)" data-count="\d+" data-name', picture
    )
    assert {seat for seat, _ in picked} == {"0"}
    assert "T" in {kind for _, kind in picked}


def test_tranglar_ways_of_a_take_over_have_pictures_of_their_own() -> None:
    """Each way to cover a piece taken over is drawn with the outlines of its own pieces, so
    that the buttons of the six ways to take over Petrol's parallelogram look different."""
    game = load_game("tranglar")
    state = game.new_initial_state()
    for move in ["Ha1sa2", "Gc1ed1swd2ne", "Prc4ned4sw", "Tc3e", "Lb3nw"]:
        state.play(move)
    ways = [move for move in state.legal_moves() if str(move).startswith("xPrc4ned4sw=")]
    pictures = game.choice_pictures(state, ways)
    assert len(ways) == 6
    assert len({picture.ghost for picture in pictures.values()}) == 6
