"""Action ids and observation planes, checked the same way for every game (no library needed)."""

from __future__ import annotations

import importlib
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from tests.test_protocol import SPECS, random_state
from trigames.core.actions import Plane


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_every_legal_move_round_trips_through_its_action_id(
    spec: str, seed: int, plies: int
) -> None:
    state = random_state(spec, seed, plies)
    game = state.game
    if state.is_over():
        assert game.legal_actions(state) == []
        return
    ids = [game.action_of(state, move) for move in state.legal_moves()]
    assert len(set(ids)) == len(ids)
    assert all(0 <= action < game.num_actions() for action in ids)
    assert game.legal_actions(state) == sorted(ids)
    for move, action in zip(state.legal_moves(), ids, strict=True):
        assert game.move_of_action(state, action) == move
    unused = [a for a in range(game.num_actions()) if a not in set(ids)]
    if unused:  # on an empty board every band or lozenge may be legal
        with pytest.raises(trigames.IllegalActionError, match=f"action {unused[0]} names no"):
            game.move_of_action(state, unused[0])


@pytest.mark.parametrize("spec", SPECS)
def test_observation_planes_keep_their_names_and_lengths(spec: str) -> None:
    game = trigames.load_game(spec)
    start = game.observation_planes(game.new_initial_state(), 0)
    state = random_state(spec, seed=7)
    for seat in range(game.num_players):
        planes = game.observation_planes(state, seat)
        assert (planes.names, planes.shapes) == (start.names, start.shapes)
        assert len(set(planes.names)) == len(planes.names)
        assert all(isinstance(value, float) for value in planes.flat())
    assert game.observation_planes(state, 0) != start


def test_planes_are_seen_from_the_observer() -> None:
    game = trigames.load_game("trig")
    state = game.new_initial_state()
    state.play("G6")
    white, black = (game.observation_planes(state, seat).planes for seat in (0, 1))
    assert white[0] == Plane("pegs of +0", black[1].values)
    assert sum(white[0].values) == 1
    assert sum(black[0].values) == 0
    assert (white[-1].values, black[-1].values) == ((0.0, 1.0), (1.0, 0.0))


def test_action_of_refuses_illegal_moves_and_finished_games() -> None:
    game = trigames.load_game("triggle")
    state = game.new_initial_state()
    state.play("D1-D4")
    with pytest.raises(trigames.IllegalMoveError, match="D1-D4 has no action id here"):
        game.action_of(state, state.parse_move("D1-D4"))
    with pytest.raises(trigames.IllegalActionError, match="out of range"):
        game.move_of_action(state, game.num_actions())
    finished = random_state("triggle(size=3)", seed=3)
    with pytest.raises(trigames.GameOverError):
        game.action_of(finished, finished.history[-1])


@pytest.mark.parametrize("spec", [s for s in SPECS if trigames.load_game(s).max_game_length()])
def test_games_end_within_their_maximum_length(spec: str) -> None:
    game = trigames.load_game(spec)
    bound = game.max_game_length()
    assert bound is not None
    for seed in range(3):
        assert len(random_state(spec, seed).history) <= bound


@pytest.mark.parametrize(("module", "library", "extra"), [
    ("trigames.openspiel", "pyspiel", "openspiel"),
    ("trigames.pettingzoo", "pettingzoo", "pettingzoo"),
])  # fmt: skip
def test_a_missing_library_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, module: str, library: str, extra: str
) -> None:
    for name in [module, f"trigames.interop.{extra}", library]:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, library, None)  # makes importing it fail
    with pytest.raises(ImportError, match=re.escape(f"pip install 'trigames[{extra}]'")):
        importlib.import_module(module)
