"""The casual player of the ``easy`` level: sensible moves, a beginner's mistakes."""

from __future__ import annotations

import random

import pytest

import trigames
from trigames.ai.casual import CasualPlayer
from trigames.ai.registry import make_player, resolve
from trigames.core.errors import PlayerSpecError

SPECS = ["triggle(size=3)", "tricolor(size=2)", "trig", "trugo(tiles=12,pieces=6)", "tranglar"]


@pytest.mark.parametrize("spec", SPECS)
def test_plays_legal_moves_to_the_end(spec: str) -> None:
    game = trigames.load_game(spec)
    state = game.new_initial_state()
    players = [CasualPlayer(seed=1), CasualPlayer(seed=2, overlook=1.0)]
    for _ in range(40 if spec.startswith("tranglar") else 400):
        seat = state.current_player
        if seat is None:
            break
        move = players[seat % 2].choose(state)
        assert move in state.legal_moves()
        state.play(move)


def test_easy_is_casual_everywhere() -> None:
    """The casual player, choosing more narrowly where the scores are counted in whole points
    (Triggle's triangles, Tricolor's points)."""
    for spec in SPECS:
        game = trigames.load_game(spec)
        narrow = game.name in ("triggle", "tricolor")
        assert resolve("easy", game) == ("casual(margin=0.25)" if narrow else "casual")


def test_takes_what_is_offered() -> None:
    """A Triggle move that closes a triangle is always among what it plays when one exists."""
    game = trigames.load_game("triggle(size=3)")
    rng = random.Random(5)
    checked = 0
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_over() and rng.random() < 0.9:
            state.play(rng.choice(state.legal_moves()))
        seat = state.current_player
        if seat is None:
            continue
        gains = []
        for move in state.legal_moves():
            state.play(move)
            gains.append(state.scores()[seat])
            state.undo()
        before = state.scores()[seat]
        if max(gains) - before >= 2 and sorted(gains)[-2] - before <= 0:
            # one move takes two triangles or more, nothing else takes any
            move = CasualPlayer(seed=checked, overlook=1.0, margin=1.0).choose(state)
            state.play(move)
            assert state.scores()[seat] - before >= 2
            checked += 1
    assert checked >= 5


def test_it_makes_different_choices_from_different_seeds() -> None:
    state = trigames.load_game("trugo").new_initial_state()
    moves = {str(CasualPlayer(seed=seed).choose(state)) for seed in range(12)}
    assert len(moves) > 1


def test_settings_are_checked() -> None:
    game = trigames.load_game("triggle")
    player = make_player("casual(overlook=0,width=2,margin=0.5)", seed=1, game=game)
    assert isinstance(player, CasualPlayer)
    assert (player.overlook, player.width, player.margin) == (0.0, 2, 0.5)
    with pytest.raises(PlayerSpecError, match="overlook"):
        make_player("casual(overlook=2)", game=game)
