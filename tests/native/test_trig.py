"""Trig's kernel against the Python rules, the reference: perft, seeded random games move by
move with their results (captures, the three ways to win, draws), legal moves in the same
order, and positions read from JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trigames
from trigames.ai.players import rewards
from trigames.core.native import SplitMix64, kernel_of
from trigames.core.perft import perft
from trigames.core.protocol import AnyState
from trigames.games.trig import Trig
from trigames.games.trig.native import TrigKernel

DATA = Path(__file__).parent.parent / "data"
PERFT: dict[str, dict[str, int]] = json.loads((DATA / "perft" / "trig.json").read_text())

#: Variants the random games cover, with how many games each: the three boards.
VARIANTS = {
    "trig": 600,
    "trig(board=trigger)": 300,
    "trig(board=triggest)": 200,
}


def load(spec: str) -> tuple[Trig, TrigKernel]:
    game = trigames.load_game(spec)
    assert isinstance(game, Trig)
    kernel = kernel_of(game)
    assert isinstance(kernel, TrigKernel)
    return game, kernel


@pytest.mark.parametrize("spec", sorted(PERFT))
def test_perft_matches_the_data(spec: str) -> None:
    game, kernel = load(spec)
    state = game.new_initial_state()
    for depth, count in PERFT[spec].items():
        assert kernel.perft(state, int(depth)) == count


def pure_random_game(state: AnyState, seed: int) -> list[str]:
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


@pytest.mark.parametrize("spec", ["trig", "trig(board=triggest)"])
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


def test_positions_read_from_json() -> None:
    game, kernel = load("trig(board=trigger)")
    for seed in range(200):
        state = game.new_initial_state()
        rng = SplitMix64(seed + 1000)
        for _ in range(seed % 30):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
        native_moves = [str(move) for move in kernel.random_game(loaded, seed)]
        _, shares = kernel.playouts(loaded, 1, seed)
        assert pure_random_game(loaded, seed) == native_moves
        assert shares == rewards(loaded)
