"""The native alpha-beta of the strong player: the same values as the Python search where both
see every line to the end, legal moves within the budget, two workers sharing the root."""

from __future__ import annotations

import pytest

import trigames
from tests.native.test_mcts import late_positions
from trigames.ai.players import Budget
from trigames.ai.strong import PROVEN, StrongPlayer, _combined
from trigames.core.native import AlphaBetaResult, KernelCalls, kernel_of
from trigames.core.protocol import AnyState

SPECS = [
    "triggle(size=3)",
    "triggle(size=3,misere=true)",
    "triggle(size=3,players=3,markers=6)",
    "tricolor(size=2)",
    "tricolor(size=2,players=3)",
    "trig",
]


def _ends_within(state: AnyState, plies: int, budget: list[int]) -> bool:
    """Whether every line from ``state`` ends within ``plies`` (False as well once more than
    ``budget[0]`` positions were looked at)."""
    budget[0] -= 1
    if state.is_over():
        return True
    if plies == 0 or budget[0] < 0:
        return False
    for move in state.legal_moves():
        state.play(move)
        ends = _ends_within(state, plies - 1, budget)
        state.undo()
        if not ends:
            return False
    return True


@pytest.mark.parametrize("spec", SPECS)
def test_native_and_pure_values_agree_to_the_end(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where every line ends within 8 plies (and they are few), a 10-ply search sees them all:
    both searches give the exact value."""
    checked = 0
    for state in late_positions(spec, 10 if spec != "trig" else 40, 5 if spec != "trig" else 2):
        kernel = kernel_of(state.game)
        assert isinstance(kernel, KernelCalls)
        seat = state.current_player
        if seat is None or not _ends_within(state.clone(), 8, [20_000]):
            continue
        checked += 1
        native = StrongPlayer(seed=1, budget=Budget(iterations=10**7), max_depth=10)
        move = native.choose(state)
        assert native.last_info["native"]
        assert move in state.legal_moves()
        with monkeypatch.context() as pure:
            pure.setenv("TRIGAMES_PURE", "1")
            python = StrongPlayer(seed=1, budget=Budget(iterations=10**7), max_depth=10)
            python.choose(state)
        assert "native" not in python.last_info
        assert native.last_info["value"] == pytest.approx(python.last_info["value"])
        assert (native.last_info["proven"] is None) == (python.last_info["proven"] is None)
    assert checked >= 4


@pytest.mark.parametrize("spec", ["triggle", "tricolor", "trig"])
def test_two_workers_share_the_root(spec: str) -> None:
    state = trigames.load_game(spec).new_initial_state()
    for workers in (1, 2):
        player = StrongPlayer(seed=3, budget=Budget(iterations=20_000), workers=workers)
        assert player.choose(state) in state.legal_moves()
        assert player.last_info["native"]
        assert player.last_info["depth"] >= 1


def test_combined_answers() -> None:
    one = AlphaBetaResult([(1, 10, 0.0), (2, 11, 1.0), (3, 12, 0.5)], 100)
    two = AlphaBetaResult([(1, 20, 2.0), (2, 21, 0.0)], 100)
    assert _combined([one, two]) == (2, 11, 1.0)  # depth 2, the better of 1.0 and 0.0
    won = AlphaBetaResult([(1, 20, 2.0), (2, 21, 0.0), (3, 22, PROVEN + 5)], 100)
    assert _combined([one, won]) == (3, 22, PROVEN + 5)
    assert _combined([one, AlphaBetaResult([], 5)])[0] == 0


def test_out_of_range_settings_are_refused() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    kernel = kernel_of(state.game)
    assert isinstance(kernel, KernelCalls)
    with pytest.raises(ValueError, match="out of range"):
        kernel.alphabeta(state, 5, [0])
    with pytest.raises(ValueError, match="out of range"):
        kernel.alphabeta(state, 0, [])
