"""Tricolor hints say what a piece completes and what the next piece can make of it, truly."""

from __future__ import annotations

import trigames
from trigames.games.tricolor import Tricolor
from trigames.games.tricolor.rules import TricolorState


def after(spec: str, pieces: list[str]) -> TricolorState:
    game = trigames.load_game(spec)
    assert isinstance(game, Tricolor)
    state = game.new_initial_state()
    for piece in pieces:
        state.play(piece)
    return state


def points_of_each_reply(state: TricolorState) -> list[int]:
    """What every legal piece of the player to move would score, by the rules' scores."""
    seat = state.current_player
    assert seat is not None
    found = []
    for piece in state.legal_moves():
        probe = state.clone()
        probe.play(piece)
        found.append(probe.scores()[seat] - state.scores()[seat])
    return found


def test_a_crown_earns_a_move_and_says_what_the_next_piece_scores() -> None:
    state = after("tricolor(size=2)", ["C2-C3", "A2-B3"])
    piece = state.parse_move("B3-C3")
    assert state.game.explain_move(state, piece) == (
        "completes a crown at B2, moves again and can score 1 more with orange B3-B4"
    )
    state.play(piece)
    assert state.current_player == 0  # White laid it and moves again
    assert max(points_of_each_reply(state)) == 1
    state.play("B3-B4")
    assert state.scores() == (1, 0)


def test_a_hexagon_scores_and_leaves_the_next_colour_nothing() -> None:
    state = after("tricolor(size=2)", ["C1-C2", "C3-D3", "B3-C3", "B3-B4"])
    piece = state.parse_move("A2-B3")
    assert state.game.explain_move(state, piece) == (
        "completes a hexagon at B3 (+1) and leaves White nothing to complete in yellow"
    )
    state.play(piece)
    assert set(points_of_each_reply(state)) == {0}


def test_a_quiet_piece_that_forces_the_next_player_to_lose_a_point() -> None:
    state = after("tricolor(size=2)", ["D3-D4", "C3-D3", "A2-B2"])
    piece = state.parse_move("C2-C3")
    assert state.game.explain_move(state, piece) == (
        "completes nothing and forces White to lose 1 point"
    )
    state.play(piece)
    assert max(points_of_each_reply(state)) == -1


def test_the_last_piece_says_the_result() -> None:
    state = after("tricolor(size=2)", ["D3-D4", "B3-C4", "D2-E1", "C1-C2", "C3-D3", "A2-B2"])
    why = state.game.explain_move(state, state.parse_move("C2-C3"))
    assert why == (
        "completes 2 empty triangles B2-B3-C3, C2-D1-D2 (-2); ends the game (+1 for the last "
        "move) and loses -1 to 0"
    )
