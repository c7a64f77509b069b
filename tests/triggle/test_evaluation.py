"""Triggle's evaluation features against what the strong player's move tactics say of each band
(claims and gifts, counted one band at a time): gifts, take, and the safe bands running out."""

from __future__ import annotations

import random

import pytest

import trigames
from trigames.games.triggle.evaluation import features, heuristic
from trigames.games.triggle.evaluation import tactics as triggle_tactics
from trigames.games.triggle.rules import TriggleState


def _positions(spec: str, games: int) -> list[TriggleState]:
    game = trigames.load_game(spec)
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_over():
            found.append(state.clone())
            moves = state.legal_moves()
            # mostly bands that give nothing away, so that quiet positions come up
            calm = [move for move in moves if triggle_tactics(state, move) == (0, 0)]
            state.play(rng.choice(calm if calm and rng.random() < 0.9 else moves))
    assert isinstance(found[0], TriggleState)
    return found


@pytest.mark.parametrize("spec", ["triggle", "triggle(touch=false)"])
def test_features_agree_with_the_tactics_of_each_band(spec: str) -> None:
    seen = {-1: 0, 1: 0}
    for state in _positions(spec, 10):
        found = features(state)
        tactics = [triggle_tactics(state, move) for move in state.legal_moves()]
        assert found.take == max(claims for claims, _ in tactics)
        assert (found.gifts > 0) == (found.take > 0)
        moves = state.legal_moves()
        safe = [move for move, tactic in zip(moves, tactics, strict=True) if tactic == (0, 0)]
        if found.take or len(safe) > 1:
            continue
        if not safe:  # the player to move runs out first and gives the fewest it can
            assert found.parity == -1
            assert found.forced == -min(gives for _, gives in tactics)
        else:  # the only safe band: if it leaves none, the other player runs out first
            state.play(safe[0])
            if state.current_player is not None and all(
                triggle_tactics(state, move) != (0, 0) for move in state.legal_moves()
            ):
                assert found.parity == 1
                cost = min(triggle_tactics(state, move)[1] for move in state.legal_moves())
                assert found.forced == cost
                seen[1] += 1
            state.undo()
        seen[-1] += not safe
    assert seen[-1] > 0
    assert seen[1] > 0


def test_features_leave_the_state_as_it_was() -> None:
    for state in _positions("triggle", 1)[::5]:
        history = list(state.history)
        features(state)
        assert list(state.history) == history


def test_the_seat_to_move_holds_what_the_others_lose() -> None:
    state = _positions("triggle", 1)[10]
    weights = (0.5, 0.25, 0.3, 0.2)
    seat = state.current_player
    assert seat is not None
    assert heuristic(state, seat, weights) == -heuristic(state, 1 - seat, weights)
    misere = trigames.load_game("triggle(misere=true)").new_initial_state()
    assert heuristic(misere, 0, weights) == -heuristic(
        trigames.load_game("triggle").new_initial_state(), 0, weights
    )
