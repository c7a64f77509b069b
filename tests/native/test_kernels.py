"""Each game's kernel against its Python rules, the reference: perft against the data files,
seeded random games move by move with their results, legal moves in the same order along
games, and positions read from JSON (with a seat gone where the game has more players).

A game with a kernel adds a :class:`Case` to :data:`CASES`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import trigames
from trigames.ai.players import rewards
from trigames.core.native import SplitMix64, kernel_of, random_game
from trigames.core.perft import perft
from trigames.core.protocol import AnyState

PERFT_DATA = Path(__file__).parent.parent / "data" / "perft"


@dataclass(frozen=True)
class Case:
    """What a game's differential tests cover."""

    #: The variants the seeded random games cover, with how many games each.
    variants: dict[str, int]
    #: The variants whose legal moves (and perft 2) are compared all along random games.
    along: tuple[str, ...]
    #: A variant to read positions from JSON in, and whether a seat resigns first.
    loaded: str
    resigns: bool
    #: How many games the legal moves are compared along (perft 2 on every seventh ply).
    along_games: int = 40


CASES = {
    "triggle": Case(
        # every option, and the board sizes from the smallest to the largest
        variants={
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
        },
        along=("triggle", "triggle(players=3,markers=5)", "triggle(size=3)"),
        loaded="triggle(players=3,markers=8)",
        resigns=True,
    ),
    "tricolor": Case(
        # the board sizes from the smallest to the largest, and every number of players
        variants={
            "tricolor": 600,
            "tricolor(size=2)": 600,
            "tricolor(size=3,players=3)": 400,
            "tricolor(players=4)": 300,
            "tricolor(size=6)": 60,
            "tricolor(size=8,players=3)": 20,
        },
        along=("tricolor", "tricolor(size=3,players=3)"),
        loaded="tricolor(size=3,players=3)",
        resigns=True,
    ),
    "trig": Case(
        variants={"trig": 600, "trig(board=trigger)": 300, "trig(board=triggest)": 200},
        along=("trig", "trig(board=triggest)"),
        loaded="trig(board=trigger)",
        resigns=False,
    ),
    "tranglar": Case(
        # the quiet limit from the smallest to the largest the kernel serves
        variants={
            "tranglar": 120,
            "tranglar(quiet_limit=4)": 400,
            "tranglar(quiet_limit=1)": 500,
            "tranglar(quiet_limit=12)": 120,
            "tranglar(quiet_limit=255)": 40,
        },
        along=("tranglar", "tranglar(quiet_limit=4)"),
        loaded="tranglar(quiet_limit=9)",
        resigns=False,
        along_games=12,  # perft 2 early in a game takes the Python rules a while
    ),
    "trugo": Case(
        # every option, the pool from the smallest to the largest, a waning limit of one turn
        variants={
            "trugo": 100,
            "trugo(stacking=false)": 100,
            "trugo(tiles=3,pieces=1)": 400,
            "trugo(tiles=4,pieces=1)": 800,
            "trugo(tiles=7,pieces=2,waning_limit=1)": 400,
            "trugo(tiles=12,pieces=6,waning_limit=10)": 800,
            "trugo(tiles=20,pieces=40,stacking=false,waning_limit=30)": 100,
            "trugo(tiles=60,pieces=8)": 5,
            "trugo(tiles=90,pieces=99)": 2,
        },
        along=(
            "trugo(tiles=12,pieces=6,waning_limit=10)",
            "trugo(tiles=20,pieces=12,stacking=false)",
        ),
        loaded="trugo(tiles=12,pieces=6,waning_limit=10)",
        resigns=False,
    ),
}


def load(spec: str) -> tuple[Any, Any]:
    """The game of ``spec`` and its kernel."""
    game = trigames.load_game(spec)
    kernel = kernel_of(game)
    assert kernel is not None, f"{spec} has no kernel"
    return game, kernel


def pure_random_game(state: AnyState, seed: int) -> list[str]:
    """The random game the kernel plays from ``seed``, played by the Python rules."""
    return [str(move) for move in random_game(state, seed)]


PERFT = [
    (spec, counts.get("setup", []), int(depth), count)
    for name in CASES
    for spec, counts in json.loads((PERFT_DATA / f"{name}.json").read_text()).items()
    for depth, count in counts.items()
    if depth != "setup"
]


@pytest.mark.parametrize(("spec", "setup", "depth", "count"), PERFT)
def test_perft_matches_the_data(spec: str, setup: list[str], depth: int, count: int) -> None:
    """The counts from the start, or after the moves of ``setup``."""
    game, kernel = load(spec)
    state = game.new_initial_state()
    for move in setup:
        state.play(move)
    assert kernel.perft(state, depth) == count


@pytest.mark.parametrize(
    ("spec", "games"), [item for case in CASES.values() for item in case.variants.items()]
)
def test_seeded_random_games_are_the_same_game(spec: str, games: int) -> None:
    game, kernel = load(spec)
    for seed in range(games):
        start = game.new_initial_state()
        native_moves = [str(move) for move in kernel.random_game(start, seed)]
        plies, shares = kernel.playouts(start, 1, seed)
        state = game.new_initial_state()
        assert pure_random_game(state, seed) == native_moves, seed
        assert plies == len(native_moves)
        assert shares == rewards(state), seed
        assert state.outcome() is not None


@pytest.mark.parametrize(
    ("spec", "games"), [(spec, case.along_games) for case in CASES.values() for spec in case.along]
)
def test_legal_moves_and_perft_agree_along_random_games(spec: str, games: int) -> None:
    game, kernel = load(spec)
    for seed in range(games):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        while not state.is_over():
            assert kernel.legal_moves(state) == state.legal_moves()
            if len(state.history) % 7 == 3:
                assert kernel.perft(state, 2) == perft(state, 2)
            state.play(rng.choice(state.legal_moves()))
        assert kernel.legal_moves(state) == []
        assert kernel.perft(state, 1) == 0


@pytest.mark.parametrize("name", sorted(CASES))
def test_positions_read_from_json(name: str) -> None:
    case = CASES[name]
    game, kernel = load(case.loaded)
    for seed in range(200):
        state = game.new_initial_state()
        rng = SplitMix64(seed + 1000)
        for _ in range(seed % (9 if case.resigns else 30)):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        if state.is_over():
            continue
        if case.resigns:
            state.play(f"resign {seed % game.num_players}")
        loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
        native_moves = [str(move) for move in kernel.random_game(loaded, seed)]
        plies, shares = kernel.playouts(loaded, 1, seed)
        assert plies == len(native_moves)
        assert pure_random_game(loaded, seed) == native_moves
        assert shares == rewards(loaded)


def test_many_playouts_per_call_add_up() -> None:
    game, kernel = load("triggle(size=3)")
    plies, shares = kernel.playouts(game.new_initial_state(), 500, 12345)
    assert sum(shares) == pytest.approx(500)
    rng = SplitMix64(12345)
    expected_plies = 0
    for _ in range(500):
        state = game.new_initial_state()
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
            expected_plies += 1
    assert plies == expected_plies
