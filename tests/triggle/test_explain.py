"""Triggle hints say what a band claims and what it leaves the next player, truly."""

from __future__ import annotations

import trigames
from trigames.games.triggle import Triggle
from trigames.games.triggle.rules import TriggleState


def after(spec: str, bands: list[str]) -> TriggleState:
    game = trigames.load_game(spec)
    assert isinstance(game, Triggle)
    state = game.new_initial_state()
    for band in bands:
        state.play(band)
    return state


def claims_of_each_reply(state: TriggleState) -> list[int]:
    """What every legal band of the player to move would claim, by the rules' scores."""
    seat = state.current_player
    assert seat is not None
    found = []
    for band in state.legal_moves():
        probe = state.clone()
        probe.play(band)
        found.append(probe.scores()[seat] - state.scores()[seat])
    return found


def test_a_first_band_gives_nothing_away() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    assert state.game.explain_move(state, state.parse_move("D1-D4")) == (
        "claims nothing and gives nothing away"
    )


def test_a_claim_that_leaves_nothing_to_close() -> None:
    state = after("triggle(size=3)", ["B4-E2", "C1-C4", "A2-D1"])
    band = state.parse_move("B2-E3")
    assert state.game.explain_move(state, band) == (
        "claims 2 triangles (B2-C2-C3, C3-C4-D3) and leaves none for Blue to close"
    )
    state.play(band)
    assert state.scores() == (0, 2)
    assert max(claims_of_each_reply(state)) == 0


def test_a_claim_that_opens_a_triangle_says_how_many_the_reply_closes() -> None:
    state = after("triggle", ["D1-D4", "A1-D1"])
    band = state.parse_move("C1-F2")
    assert state.game.explain_move(state, band) == (
        "claims C1-D1-D2 but lets Yellow close 1 triangle with one band"
    )
    state.play(band)
    assert max(claims_of_each_reply(state)) == 1


def test_the_last_band_says_who_wins_and_the_score() -> None:
    bands = "A2-D1 A2-D4 B2-E3 A3-D2 D1-D4 C2-C5 B3-E1 B4-E2 C1-C4 A1-D3 B1-B4"
    state = after("triggle(size=3)", bands.split(" "))
    assert state.game.explain_move(state, state.parse_move("B1-E2")) == (
        "claims 4 triangles and wins 8-4"
    )


def test_misere_says_what_the_next_player_is_forced_to_close() -> None:
    state = after("triggle(size=3,misere=true)", ["B4-E2", "C1-C4", "A2-D1", "D1-D4", "B1-E2"])
    band = state.parse_move("C2-C5")
    assert state.game.explain_move(state, band) == (
        "claims nothing and forces Blue to close 1 triangle or more"
    )
    state.play(band)
    assert min(claims_of_each_reply(state)) == 1


def test_four_players_name_the_next_seat() -> None:
    state = after("triggle(players=4)", ["D1-D4"])
    why = state.game.explain_move(state, state.legal_moves()[0])
    assert "Red" in why
