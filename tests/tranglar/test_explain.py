"""TRANGLAR hints say what a turn covers, traps and leaves the opponent to take, truly."""

from __future__ import annotations

import trigames
from trigames.games.tranglar import Tranglar
from trigames.games.tranglar.rules import TranglarState


def after(moves: list[str]) -> TranglarState:
    game = trigames.load_game("tranglar")
    assert isinstance(game, Tranglar)
    state = game.new_initial_state()
    for move in moves:
        state.play(move)
    return state


def most_taken_by_a_reply(state: TranglarState) -> int:
    """The most cells of the player who just moved that one legal reply takes from them."""
    seat = state.last_mover()
    assert seat is not None
    most = 0
    for move in state.legal_moves():
        probe = state.clone()
        probe.play(move)
        most = max(most, state.scores()[seat] - probe.scores()[seat])
    return most


def test_the_rules_pages_trap_traps_a_piece() -> None:
    state = after(["Ga1esb1nwa2n", "Hd3sd4", "Qd1", "Fc1nes"])
    move = state.parse_move("Mb1ec1w")
    assert state.game.explain_move(state, move) == (
        "covers 2 cells, traps 1 Green piece (3 cells) but lets Green take 4 cells by taking "
        "over Qd1"
    )
    state.play(move)
    assert state.scores() == (9, 0)
    assert most_taken_by_a_reply(state) == 4


def test_a_piece_left_one_side_from_a_trap() -> None:
    state = after(["Gd2esc3ed3nw", "Ha2eb2", "Zrc2ned2w", "Tb4s"])
    assert state.game.explain_move(state, state.parse_move("Tb4w")) == (
        "covers 1 cell, leaves 1 Green piece one side from a trap but lets Green take 3 cells "
        "by taking over Zrc2ned2w"
    )


def test_a_take_over() -> None:
    state = after(["Hb1c1w", "Gc2esd2nwc3n", "Mb3sb4n", "Rb2sa3eb3nw"])
    move = state.parse_move("xRb2sa3eb3nw=Mb2sb3n,Ta3e,Tb3w")
    assert state.game.explain_move(state, move).startswith("takes over Rb2sa3eb3nw (4 cells)")
    state.play(move)
    assert state.scores() == (6, 0)


def test_the_setup_lays_neutral_pieces() -> None:
    state = trigames.load_game("tranglar").new_initial_state()
    assert state.game.explain_move(state, state.parse_move("Ga1esb1nwa2n")) == (
        "lays a large neutral trapeze"
    )
