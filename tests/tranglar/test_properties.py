"""TRANGLAR property tests: random games keep the rules' invariants and undo retraces them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.games.tranglar import Tranglar, TranglarState
from trigames.games.tranglar.board import (
    BOARD,
    KINDS,
    PARALLELOGRAMS,
    PLACE,
    START_RESERVE,
    TOTALS,
    code_of,
)
from trigames.games.tranglar.rules import NEUTRAL, trapped


def load(spec: str = "tranglar") -> Tranglar:
    game = trigames.load_game(spec)
    assert isinstance(game, Tranglar)
    return game


def check(state: TranglarState) -> None:
    """The invariants of a position."""
    seen = 0
    owned = [0, 0, 0]
    for a, (kind, owner, mask) in state.pieces.items():
        assert a == (mask & -mask).bit_length() - 1
        assert not seen & mask, "pieces never overlap"
        assert KINDS[kind].neutral == (owner == NEUTRAL)
        if kind in PARALLELOGRAMS:
            assert kind == PARALLELOGRAMS[owner], "a seat's parallelograms have its hand"
        seen |= mask
        owned[owner] |= mask
        assert all(state.anchor[c] == a for c in range(64) if mask >> c & 1)
    assert owned == state.owned
    assert all(state.anchor[c] == -1 for c in range(64) if not seen >> c & 1)
    for group, total in TOTALS.items():
        count = sum(1 for k, _, _ in state.pieces.values() if k in group)
        count += sum(state.reserve[s][k] for s in (0, 1) for k in group)
        count += sum(1 for k in state.to_place if k in group)
        assert count == total, "no piece is made or lost"
    assert all(n >= 0 for reserve in state.reserve for n in reserve)
    assert sum(state.scores()) <= 64
    if state.is_over():
        assert state.legal_moves() == []
        return
    player = state.current_player
    assert player is not None
    assert 1 <= state.seen[state.repetition_key()] <= 2, "a third occurrence ends the game"
    free = 64 - state.occupied.bit_count()
    assert all(anchors.count(-1) == free for anchors, *_ in state.seen), "cells never come free"
    for move in state.legal_moves():
        assert state.parse_move(str(move)) == move
        assert state.parse_move(str(move).upper()) == move
        action, kind, mask, _ = code_of(move)
        if action == PLACE and not KINDS[kind].neutral:
            assert not mask & state.occupied
            assert not trapped(BOARD.placement(mask), state.owned[1 - player], state.owned[NEUTRAL])


def snapshot(state: TranglarState) -> tuple[object, ...]:
    """What undo must restore: the position, its legal moves and the repetition counts."""
    return state.to_json(), state.legal_moves(), dict(state.seen), state.position_key()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), limit=st.sampled_from([50, 8, 0]))
def test_random_games_keep_the_invariants_and_undo_retraces_them(seed: int, limit: int) -> None:
    game = load(f"tranglar(quiet_limit={limit})")
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen = [snapshot(state)]
    while not state.is_over():
        check(state)
        state.play(rng.choice(state.legal_moves()))
        seen.append(snapshot(state))
    check(state)
    while state.history:
        seen.pop()
        state.undo()
        assert snapshot(state) == seen[-1]
    assert state.to_json() == game.new_initial_state().to_json()
    assert state.reserve == [list(START_RESERVE[0]), list(START_RESERVE[1])]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_positions_read_back_with_the_same_moves(seed: int, plies: int) -> None:
    game = load()
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_over() and len(state.history) < plies:
        state.play(rng.choice(state.legal_moves()))
    again = game.state_from_json(state.to_json())
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
    for move in state.legal_moves()[:20]:
        assert state.illegal_reason(move) is None
    drawing = game.render_text(state)
    for seat in (0, 1):
        assert f"{game.player_name(seat)} (" in drawing
