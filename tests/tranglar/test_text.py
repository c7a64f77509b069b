"""TRANGLAR drawn as text: the 64 triangles, owners, outlines, reserves and descriptions."""

from __future__ import annotations

import trigames
from trigames.games.tranglar import TranglarState


def opening() -> TranglarState:
    state = trigames.load_game("tranglar").new_initial_state()
    assert isinstance(state, TranglarState)
    for move in ("Ga1esb1nwa2n", "Hd3sd4", "Qc1", "xQc1=Lc1ne,Lc1sw"):
        state.play(move)
    return state


def test_the_drawing_shows_owners_outlines_and_reserves() -> None:
    state = opening()
    drawing = state.game.render_text(state)
    lines = drawing.splitlines()
    assert lines[0].split() == ["a", "b", "c", "d"]
    assert [line.split()[0] for line in lines[1:26] if line.split()[0].isdigit()] == list("1234")
    assert "g" in lines[2]  # Green's triangles put down by the last move, in lower case
    assert "#" in drawing  # neutral pieces
    assert "Petrol (P) reserve: 4 T, 4 L, 3 M, 1 Zr, 1 Zl, 1 Pr, 1 R, 1 F, 3 N" in drawing
    assert "Green (G) reserve: 4 T, 2 L, 3 M, 2 Q, 1 Zr, 1 Zl, 1 Pl, 1 R, 1 F, 3 N" in drawing
    # Square c1 holds two Green pieces: the diagonal between them is drawn, the other not.
    c1_top = lines[2][25:34]
    assert c1_top.startswith("╲")
    assert "╱" not in c1_top
    state.play("Ta3n")
    assert "G" in state.game.render_text(state).splitlines()[2]


def test_the_setup_lists_the_pieces_still_to_place() -> None:
    state = trigames.load_game("tranglar").new_initial_state()
    assert "Large neutral pieces to place: G" in state.game.render_text(state)
    assert "Setup" in state.game.status(state)


def test_colours_only_when_asked() -> None:
    state = opening()
    assert "\x1b[" not in state.game.render_text(state)
    assert "\x1b[" in state.game.render_text(state, color=True)


def test_descriptions() -> None:
    state = opening()
    game = state.game
    assert game.describe_last_move(state) == "Green takes over Qc1 with Lc1ne, Lc1sw"
    state.play("Lb2ne")
    assert game.describe_last_move(state) == "Petrol places the large triangle Lb2ne"
    assert game.status(state) == "Cells: Petrol 2, Green 4; 48 free"
    state.play("resign")
    assert game.describe_last(state) == "Green resigns"
