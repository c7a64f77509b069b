"""TRANGLAR's kernel beyond what every kernel's tests cover (test_kernels.py): the positions
the repetition rule counts carried in a snapshot, the quiet limits it does not serve, and its
search proving what the Python search proves."""

from __future__ import annotations

import json

import pytest

import trigames
from tests.native.test_kernels import load, pure_random_game
from tests.native.test_mcts import late_positions
from trigames.ai.mcts import MctsPlayer
from trigames.ai.players import Budget
from trigames.cli.main import main
from trigames.core.native import SplitMix64, kernel_of
from trigames.games.tranglar.native import MOST_QUIET_LIMIT


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
    proofs = 0
    for state in late_positions("tranglar(quiet_limit=4)", 24, 3):
        native = MctsPlayer(seed=3, budget=Budget(iterations=300))
        move = native.choose(state)
        assert move in state.legal_moves()
        assert native.last_info["mode"] == "native"
        with monkeypatch.context() as patch:
            patch.setenv("TRIGAMES_PURE", "1")
            pure = MctsPlayer(seed=3, budget=Budget(iterations=300))
            pure.choose(state)
            assert pure.last_info["mode"] == "pure"
        if native.last_info["proven"] and pure.last_info["proven"]:
            assert native.last_info["proven"] == pure.last_info["proven"]
            proofs += 1
    assert proofs >= 6
