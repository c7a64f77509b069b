"""TRANGLAR's kernel beyond what every kernel's tests cover (test_kernels.py): the positions
the repetition rule counts carried in a snapshot, the quiet limits it does not serve, and its
search proving what the Python search proves."""

from __future__ import annotations

import json

import pytest

import trigames
from tests.native.test_kernels import load, pure_random_game
from tests.native.test_mcts import late_positions, same_proofs
from trigames.ai.players import Budget
from trigames.ai.strong import StrongPlayer
from trigames.cli.main import main
from trigames.core.native import SplitMix64, kernel_of
from trigames.games.tranglar.evaluation import FEATURES, judge
from trigames.games.tranglar.native import EVALUATION_WEIGHTS, MOST_QUIET_LIMIT


def test_games_go_on_from_positions_already_repeated() -> None:
    """Seeded random games from the middle of a run of quiet turns (some positions seen
    twice already) are the same game."""
    game, kernel = load("tranglar(quiet_limit=10)")
    checked = twice = 0
    for seed in range(30):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        while not state.is_over():
            if len(state.seen) >= 2:
                native_moves = [str(move) for move in kernel.random_game(state, seed)]
                twice += max(state.seen.values()) == 2
                assert pure_random_game(state.clone(), seed) == native_moves, seed
                checked += 1
            state.play(rng.choice(state.legal_moves()))
    assert checked > 300
    assert twice > 20


@pytest.mark.parametrize("limit", [0, MOST_QUIET_LIMIT + 1, 10_000])
def test_quiet_limits_without_a_bound_run_on_the_pure_engine(
    limit: int, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = f"tranglar(quiet_limit={limit})"
    assert kernel_of(trigames.load_game(spec)) is None
    assert main(["info", spec, "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["mode"] == "pure"
    assert f"does not serve {spec}" in facts["engine"]


def test_native_and_pure_searches_prove_the_same_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As test_mcts.py checks for the other games, on fewer positions (the Python search of
    TRANGLAR is slow)."""
    positions = late_positions("tranglar(quiet_limit=4)", 24, 3)
    assert same_proofs(positions, 300, monkeypatch) >= 6


def test_the_kernel_evaluates_as_evaluation_py() -> None:
    """The kernel's evaluation (``tl_evaluate``) is ``evaluation.judge`` with the same weights
    for both seats, along seeded random games and games of the strong search (positions with
    take-overs to hand), and feature by feature (each weight alone) every fifth position."""
    game, kernel = load("tranglar")
    unit = [tuple(float(i == k) for i in range(len(FEATURES))) for k in range(len(FEATURES))]
    checked = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        strong = StrongPlayer(seed, Budget(iterations=300), evaluation="game")
        while not state.is_over():
            for seat in (0, 1):
                for weights in (
                    (EVALUATION_WEIGHTS, *unit) if checked % 10 < 2 else (EVALUATION_WEIGHTS,)
                ):
                    assert kernel.evaluate(state, seat, weights) == pytest.approx(
                        judge(state, seat, weights), abs=1e-9
                    ), (seed, seat, weights)
                checked += 1
            move = strong.choose(state) if seed % 2 else rng.choice(state.legal_moves())
            state.play(move)
    assert checked > 300
