"""The native alpha-beta of the strong player: the same values as the Python search where both
see every line to the end, legal moves within the budget, two workers sharing the root."""

from __future__ import annotations

import random

import pytest

import trigames
from tests.native.test_mcts import late_positions
from trigames.ai.players import Budget
from trigames.ai.strong import StrongPlayer, _answer
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
@pytest.mark.parametrize("deep", [False, True])
def test_two_workers_share_a_table(spec: str, deep: bool) -> None:
    state = trigames.load_game(spec).new_initial_state()
    for workers in (1, 2):
        player = StrongPlayer(seed=3, budget=Budget(iterations=20_000), workers=workers, deep=deep)
        assert player.choose(state) in state.legal_moves()
        assert player.last_info["native"]
        assert player.last_info["depth"] >= 1


def test_answer_of_searches() -> None:
    one = AlphaBetaResult([(1, 10, 0.0), (2, 11, 1.0), (3, 12, 0.5)], 100)
    two = AlphaBetaResult([(1, 20, 2.0), (2, 21, 0.0)], 100, (3, 22, 3.0))
    assert _answer([one, two], False) == (3, 12, 0.5)  # the deepest finished
    assert _answer([two, one], True) == (3, 12, 0.5)  # an unfinished depth 3 is not deeper
    assert _answer([two, AlphaBetaResult([], 5)], True) == (2, 22, 3.0)
    assert _answer([AlphaBetaResult([], 5, (1, 7, 1.0))], True) == (0, 7, 1.0)
    assert _answer([AlphaBetaResult([], 5, (1, 7, 1.0))], False) == (0, -1, 0.0)


@pytest.mark.parametrize("spec", ["triggle", "tricolor", "tranglar"])
def test_deep_search_agrees_on_values_it_finishes(spec: str) -> None:
    """Null windows alone (there are no reductions below depth 3) leave the value of a depth-2
    search as it is."""
    game = trigames.load_game(spec)
    state = game.new_initial_state()
    kernel = kernel_of(game)
    assert isinstance(kernel, KernelCalls)
    rng = random.Random(4)
    for _ in range(12):
        if state.is_over():
            break
        seat = state.current_player
        assert seat is not None
        numbers = [kernel.index(move) for move in state.legal_moves()]
        plain = kernel.alphabeta(state, seat, numbers, max_depth=2)
        deep = kernel.alphabeta(state, seat, numbers, max_depth=2, narrow=True)
        assert deep.iterations[-1][2] == pytest.approx(plain.iterations[-1][2], abs=1e-3)
        state.play(rng.choice(state.legal_moves()))


def test_a_shared_table_serves_two_searches() -> None:
    """A search on a table another search filled finds its entries: the same depth in far
    fewer nodes; a helper stops once the main search on its table has returned."""
    state = trigames.load_game("triggle").new_initial_state()
    kernel = kernel_of(state.game)
    assert isinstance(kernel, KernelCalls)
    numbers = [kernel.index(move) for move in state.legal_moves()]
    table = kernel.alphabeta_table()
    first = kernel.alphabeta(state, 0, numbers, max_depth=5, table=table)
    again = kernel.alphabeta(state, 0, numbers, max_depth=5, table=table)
    assert again.iterations[-1][2] == first.iterations[-1][2]
    assert again.nodes * 5 < first.nodes
    late = kernel.alphabeta(state, 0, numbers, max_depth=48, table=table, helper=True)
    assert late.nodes < 2048  # it looks at the flag every 1024 nodes
    with pytest.raises(ValueError, match="helper shares a table"):
        kernel.alphabeta(state, 0, numbers, helper=True)


def test_out_of_range_settings_are_refused() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    kernel = kernel_of(state.game)
    assert isinstance(kernel, KernelCalls)
    with pytest.raises(ValueError, match="out of range"):
        kernel.alphabeta(state, 5, [0])
    with pytest.raises(ValueError, match="out of range"):
        kernel.alphabeta(state, 0, [])


def test_a_deep_search_goes_deeper_on_the_same_nodes_and_tells_its_unfinished_depth() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    kernel = kernel_of(state.game)
    assert isinstance(kernel, KernelCalls)
    numbers = [kernel.index(move) for move in state.legal_moves()]
    plain = kernel.alphabeta(state, 0, numbers, nodes=200_000)
    deep = kernel.alphabeta(state, 0, numbers, nodes=200_000, narrow=True)
    assert deep.iterations[-1][0] >= plain.iterations[-1][0] + 2
    for result in (plain, deep):
        assert result.partial is not None  # cut short after the first root move of a depth
        depth, move, _ = result.partial
        assert depth == result.iterations[-1][0] + 1
        assert move in numbers
