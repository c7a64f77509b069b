"""Triggle's kernel against the Python rules, the reference: perft, seeded random games move by
move with their results, legal moves in the same order, and positions with seats gone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trigames
from trigames.ai.players import rewards
from trigames.core.native import SplitMix64, kernel_of
from trigames.core.perft import perft
from trigames.games.triggle import Triggle, TriggleState
from trigames.games.triggle.native import TriggleKernel

DATA = Path(__file__).parent.parent / "data"
PERFT: dict[str, dict[str, int]] = json.loads((DATA / "perft" / "triggle.json").read_text())

#: Variants the random games cover, with how many games each: every option, and the board
#: sizes from the smallest to the largest.
VARIANTS = {
    "triggle": 600,
    "triggle(touch=false)": 300,
    "triggle(players=3)": 300,
    "triggle(players=4,markers=6)": 300,
    "triggle(markers=1)": 300,
    "triggle(markers=4)": 300,
    "triggle(misere=true)": 300,
    "triggle(size=3)": 600,
    "triggle(size=5,players=3,misere=true)": 100,
    "triggle(size=8)": 20,
}


def load(spec: str) -> tuple[Triggle, TriggleKernel]:
    game = trigames.load_game(spec)
    assert isinstance(game, Triggle)
    kernel = kernel_of(game)
    assert isinstance(kernel, TriggleKernel)
    return game, kernel


@pytest.mark.parametrize("spec", sorted(PERFT))
def test_perft_matches_the_data(spec: str) -> None:
    game, kernel = load(spec)
    state = game.new_initial_state()
    for depth, count in PERFT[spec].items():
        assert kernel.perft(state, int(depth)) == count


def pure_random_game(state: TriggleState, seed: int) -> list[str]:
    """The random game the kernel plays from ``seed``, played by the Python rules."""
    rng = SplitMix64(seed)
    moves = []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        state.play(move)
        moves.append(str(move))
    return moves


@pytest.mark.parametrize("spec", sorted(VARIANTS))
def test_seeded_random_games_are_the_same_game(spec: str) -> None:
    game, kernel = load(spec)
    for seed in range(VARIANTS[spec]):
        start = game.new_initial_state()
        native_moves = [str(move) for move in kernel.random_game(start, seed)]
        plies, shares = kernel.playouts(start, 1, seed)
        state = game.new_initial_state()
        assert pure_random_game(state, seed) == native_moves, seed
        assert plies == len(native_moves)
        assert shares == rewards(state), seed
        assert state.outcome() is not None


@pytest.mark.parametrize("spec", ["triggle", "triggle(players=3,markers=5)", "triggle(size=3)"])
def test_legal_moves_and_perft_agree_along_random_games(spec: str) -> None:
    game, kernel = load(spec)
    for seed in range(40):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        while not state.is_over():
            assert kernel.legal_moves(state) == state.legal_moves()
            if len(state.history) % 7 == 3:
                assert kernel.perft(state, 2) == perft(state, 2)
            state.play(rng.choice(state.legal_moves()))
        assert kernel.legal_moves(state) == []
        assert kernel.perft(state, 1) == 0


def test_positions_read_from_json_with_a_seat_gone() -> None:
    game, kernel = load("triggle(players=3,markers=8)")
    for seed in range(200):
        state = game.new_initial_state()
        rng = SplitMix64(seed + 1000)
        for _ in range(seed % 9):
            state.play(rng.choice(state.legal_moves()))
        state.play(f"resign {seed % 3}")
        loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
        native_moves = [str(move) for move in kernel.random_game(loaded, seed)]
        plies, shares = kernel.playouts(loaded, 1, seed)
        assert plies == len(native_moves)
        assert pure_random_game(loaded, seed) == native_moves
        assert shares == rewards(loaded)


def test_many_playouts_per_call_add_up() -> None:
    game, kernel = load("triggle(size=3)")
    start = game.new_initial_state()
    plies, shares = kernel.playouts(start, 500, 12345)
    assert sum(shares) == pytest.approx(500)
    rng = SplitMix64(12345)
    expected_plies = 0
    for _ in range(500):
        state = game.new_initial_state()
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
            expected_plies += 1
    assert plies == expected_plies
