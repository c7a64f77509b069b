"""Trig hints say what a placement captures, threatens and stops, truly."""

from __future__ import annotations

import trigames
from trigames.games.trig import Trig
from trigames.games.trig.rules import TrigState


def after(moves: str, spec: str = "trig") -> TrigState:
    game = trigames.load_game(spec)
    assert isinstance(game, Trig)
    state = game.new_initial_state()
    for move in moves.split():
        state.play(move)
    return state


def wins_at(state: TrigState, cell: str, seat: int) -> bool:
    """True if ``seat`` placing a peg on ``cell`` now (their turn or not, with a capture or
    without) wins."""
    probe = state.clone()
    probe.to_move = seat
    for move in probe.legal_moves():
        if str(move).split("x")[0] == cell:
            probe.play(move)
            if probe.winner == seat:
                return True
            probe.undo()
    return False


def test_a_placement_that_blocks_the_opponents_link() -> None:
    moves = "H7 I7 G6 H6 F6 I5 F7 G8xH7 J5 I8 H9 J8 E5 E7 D5 J9"
    state = after(moves)
    assert wins_at(state, "K9", 1)
    assert state.game.explain_move(state, state.parse_move("K9")) == (
        "blocks Black's link to the edge at K9"
    )


def test_a_placement_that_threatens_a_link() -> None:
    state = after("H6 F7 I5 F6 J5 H7 K4 L4")
    assert not wins_at(state, "M3", 0)
    state.play("L5")
    assert state.game.explain_last_move(state) == "threatens a link to the edge at M3"
    assert wins_at(state, "M3", 0)


def test_a_placement_that_stops_an_enclosure() -> None:
    state = after("G6 F6 H7 H6 G8 I7 I5xH6 I8 E5")
    assert wins_at(state, "F7", 0)
    assert state.game.explain_move(state, state.parse_move("F7")) == (
        "stops White enclosing a Pillar at F7"
    )


def test_a_quiet_placement_counts_the_pegs_each_side_needs() -> None:
    state = after("G8")
    assert state.game.explain_move(state, state.parse_move("G9")) == (
        "leaves Black 6 pegs from a link (White 6, up from 5)"
    )


def test_a_placement_that_leaves_the_opponent_a_win_says_so() -> None:
    state = after("H7 I7 G6 H6 F6 I5 F7 G8xH7 J5 I8 H9 J8 E5 E7 D5 J9")
    why = state.game.explain_move(state, state.parse_move("C4"))
    assert why.endswith("Black can win at K9")
