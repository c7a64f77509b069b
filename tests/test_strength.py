"""The yardstick players (plain fixed-depth alpha-beta on the score) and the strong search."""

from __future__ import annotations

import pytest

import trigames
from trigames.ai import make_player
from trigames.ai.players import Budget
from trigames.ai.registry import LEVEL_NAMES
from trigames.ai.strong import StrongPlayer
from trigames.ai.yardstick import WIN, SimpleAlphaBetaPlayer, simple_value
from trigames.core.errors import PlayerSpecError
from trigames.core.protocol import AnyState


def _triggle(*bands: str) -> AnyState:
    state: AnyState = trigames.load_game("triggle").new_initial_state()
    for band in bands:
        state.play(band)
    return state


def test_yardstick_spec_makes_a_fixed_depth_player() -> None:
    player = make_player("alphabeta(depth=4,eval=simple)", seed=3)
    assert isinstance(player, SimpleAlphaBetaPlayer)
    assert player.depth == 4
    assert player.seconds is None
    assert make_player("alphabeta(eval=simple)").depth == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("alphabeta(depth=7,eval=simple)", "at most depth 6"),
        ("alphabeta(eval=clever)", "must be one of game, simple"),
    ],
)
def test_yardstick_settings_are_bounded(spec: str, words: str) -> None:
    with pytest.raises(PlayerSpecError, match=words):
        make_player(spec)


def test_yardstick_takes_a_free_triangle_at_depth_one() -> None:
    state = _triggle("D1-D4", "A1-D1")  # Blue to move can close C1-D1-D2
    move = SimpleAlphaBetaPlayer(seed=5, depth=1).choose(state)
    state.play(move)
    assert state.scores() == (1, 0)


def test_yardstick_at_depth_two_gives_nothing_away() -> None:
    state = _triggle("D1-D4")
    for seed in range(5):
        move = SimpleAlphaBetaPlayer(seed=seed, depth=2).choose(state)
        assert state.game.tactics(state, move) == (0, 0)


def test_yardstick_is_reproducible_from_its_seed() -> None:
    state = _triggle("D1-D4")
    first = [SimpleAlphaBetaPlayer(seed=9, depth=2).choose(state) for _ in range(2)]
    assert first[0] == first[1]


def test_simple_value_counts_the_lead_and_a_large_term_for_the_end() -> None:
    state = _triggle("D1-D4", "A1-D1", "C1-F2")
    assert simple_value(state, 0) == 1.0
    assert simple_value(state, 1) == -1.0
    state = trigames.load_game("triggle(markers=1)").new_initial_state()
    for band in ["D1-D4", "A1-D1", "C1-F2"]:
        state.play(band)
    assert state.is_over()
    assert simple_value(state, 0) == WIN + 1
    assert simple_value(state, 1) == -WIN - 1


def test_triggle_tactics_count_claims_and_gifts() -> None:
    state = _triggle("D1-D4", "A1-D1")
    assert state.game.tactics(state, state.parse_move("C1-F2"))[0] == 1
    state = _triggle("D1-D4")
    assert state.game.tactics(state, state.parse_move("A1-D1"))[1] >= 1


def test_strong_player_takes_a_free_triangle_and_avoids_gifts() -> None:
    state = _triggle("D1-D4", "A1-D1")
    player = StrongPlayer(seed=1, budget=Budget(iterations=3000))
    move = player.choose(state)
    assert state.game.tactics(state, move)[0] == 1
    state = _triggle("D1-D4")
    move = player.choose(state)
    assert state.game.tactics(state, move) == (0, 0)


def test_strong_player_plays_legal_moves_in_other_games() -> None:
    for name in ["trig", "tricolor", "trugo", "tranglar"]:
        state = trigames.load_game(name).new_initial_state()
        move = StrongPlayer(seed=2, budget=Budget(iterations=200)).choose(state)
        assert move in state.legal_moves()


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_levels_stay_reachable_from_the_library(level: str) -> None:
    for name in ["triggle", "trig", "tricolor", "trugo", "tranglar"]:
        player = make_player(level, seed=1, game=trigames.load_game(name))
        assert callable(player.choose)
