"""Trugo hints say what a turn captures, brings in, pins and threatens, truly."""

from __future__ import annotations

import trigames
from trigames.games.trugo import Trugo
from trigames.games.trugo.evaluation import groups
from trigames.games.trugo.rules import TrugoState

SMALL = "trugo(tiles=12,pieces=8)"


def after(moves: list[str], spec: str = SMALL) -> TrugoState:
    game = trigames.load_game(spec)
    assert isinstance(game, Trugo)
    state = game.new_initial_state()
    for move in moves:
        state.play(move)
    return state


def explained(state: TrugoState, move: str) -> str:
    return state.game.explain_move(state, state.parse_move(move))


def test_a_tile_that_puts_a_piece_in_atari() -> None:
    state = after(["am26e", "aj27e", "aj25e", "am28sw"])
    assert explained(state, "ag26e") == "brings in 1 White piece and puts a Blue piece in atari"
    state.play("ag26e")
    assert [free for group, free in groups(state, 1) if len(group) == 1].count(1) == 1


def test_a_capture_that_saves_a_group() -> None:
    state = after(["am26sw", "am24nw", "ap25nw", "as26e", "am22e", "ap23nw", "ap27sw"])
    assert [free for _, free in groups(state, 1)].count(1) == 1  # Blue in atari
    assert explained(state, "am28nw") == (
        "captures 1 White piece, brings in 1 Blue piece and saves 1 Blue piece from atari"
    )
    white = state.scores()[0]
    state.play("am28nw")
    assert state.scores()[0] == white - 1
    assert [free for _, free in groups(state, 1)].count(1) == 0


def test_a_move_that_pins_and_the_count_of_pieces() -> None:
    state = after(["am26sw", "ap27nw", "as26e", "ap25sw", "aj25e", "am24sw", "ap29nw"])
    assert explained(state, "an25-al25") == (
        "pins a White piece and leaves Blue 2 pieces to White 2 on the board"
    )


def test_a_removal_names_the_pieces_that_go_with_the_tile() -> None:
    moves = "am26e am24sw ap23sw am22e am28nw ap27nw as28e av29sw as26e ay30sw aj23nw as22e"
    state = after(moves.split())
    assert explained(state, "-as26") == (
        "removes a tile with 1 White piece on it and leaves White 1 piece to Blue 2 on the board"
    )
