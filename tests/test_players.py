"""The computer players used by terminal play and hints."""

from __future__ import annotations

import random

import pytest

import trigames
from trigames.ai import GreedyPlayer, Player, RandomPlayer, make_player
from trigames.ai.playout import benchmark, random_playout


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_players_only_play_legal_moves_and_are_reproducible(kind: str) -> None:
    game = trigames.load_game("triggle(players=3)")
    games = []
    for _ in range(2):
        state = game.new_initial_state()
        players = [make_player(kind, seed=seat) for seat in range(3)]
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            move = players[seat].choose(state)
            assert move in state.legal_moves()
            state.play(move)
        games.append([str(m) for m in state.history])
    assert games[0] == games[1]


def test_greedy_takes_a_free_triangle() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    for band in ["D1-D4", "A1-D1"]:
        state.play(band)
    move = GreedyPlayer(seed=0).choose(state)
    state.play(move)
    assert state.scores() == (1, 0)


def test_greedy_avoids_triangles_in_misere() -> None:
    state = trigames.load_game("triggle(misere=true)").new_initial_state()
    for band in ["D1-D4", "A1-D1"]:
        state.play(band)
    move = GreedyPlayer(seed=0).choose(state)
    state.play(move)
    assert state.scores() == (0, 0)


def test_greedy_beats_random_nearly_always() -> None:
    game = trigames.load_game("triggle")
    wins = 0
    for seed in range(20):
        state = game.new_initial_state()
        greedy_seat = seed % 2
        players: dict[int, Player] = {
            greedy_seat: GreedyPlayer(seed),
            1 - greedy_seat: RandomPlayer(seed),
        }
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            state.play(players[seat].choose(state))
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == (greedy_seat,)
    assert wins >= 18


def test_unknown_kind() -> None:
    with pytest.raises(ValueError, match="unknown player kind 'wizard'"):
        make_player("wizard")


def test_benchmark_counts_whole_playouts() -> None:
    result = benchmark(trigames.load_game("triggle(size=3)"), seconds=0.05, seed=1)
    assert result.playouts >= 1
    assert result.average_length == result.plies / result.playouts
    state = trigames.load_game("triggle(size=3)").new_initial_state()
    assert random_playout(state, random.Random(1)) == len(state.history)
    assert state.is_over()
