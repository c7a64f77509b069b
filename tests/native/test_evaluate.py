"""The kernels' own evaluations (``evaluate`` in C, which ``strong(eval=game)`` searches with)
say what the game's Python ``heuristic`` says, on every position of seeded random games.

A game whose kernel has ``evaluation_weights`` states its evaluation twice: ``evaluate`` in its
``_kernel.c`` and ``heuristic(state, seat, weights=...)`` in its ``evaluation.py``; add its specs
to :data:`SPECS`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import trigames
from trigames.ai.players import Budget
from trigames.ai.strong import StrongPlayer
from trigames.core.native import PURE_VARIABLE, KernelCalls, SplitMix64, kernel_of

SPECS = [
    "triggle",
    "triggle(touch=false)",
    "triggle(misere=true)",
    "triggle(size=3)",
    "triggle(size=5,players=3,markers=9)",
    "triggle(players=4,touch=false)",
    "tricolor",
    "tricolor(size=2)",
    "tricolor(size=5,players=3)",
    "trig",
    "trig(board=trigger)",
    "trig(board=triggest)",
]


def _kernel(spec: str) -> KernelCalls:
    kernel = kernel_of(trigames.load_game(spec))
    assert isinstance(kernel, KernelCalls)
    return kernel


@pytest.mark.parametrize("spec", SPECS)
def test_kernel_evaluation_is_the_python_heuristic(spec: str) -> None:
    game = trigames.load_game(spec)
    kernel = _kernel(spec)
    weights = kernel.evaluation_weights
    assert weights is not None
    heuristic: Any = game.heuristic
    draw = random.Random(spec)
    checked = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        while not state.is_over():
            seat = draw.randrange(game.num_players)
            other = tuple(draw.uniform(-2, 2) for _ in weights)
            assert kernel.evaluate(state, seat) == heuristic(state, seat)
            assert kernel.evaluate(state, seat, other) == heuristic(state, seat, other)
            checked += 1
            state.play(rng.choice(state.legal_moves()))
    assert checked >= 30


def test_evaluate_refuses_wrong_weights() -> None:
    kernel = _kernel("triggle")
    state = trigames.load_game("triggle").new_initial_state()
    assert kernel.evaluation_weights is not None
    with pytest.raises(ValueError, match="weights"):
        kernel.evaluate(state, 0, (1.0,) * (len(kernel.evaluation_weights) + 1))


@pytest.mark.parametrize("spec", ["triggle", "triggle(touch=false)"])
def test_strong_searches_natively_with_the_evaluation(spec: str) -> None:
    state = trigames.load_game(spec).new_initial_state()
    for move in ["D1-D4", "A1-D1"]:
        state.play(move)
    player = StrongPlayer(seed=1, budget=Budget(iterations=5_000), evaluation="game")
    move = player.choose(state)
    assert player.last_info["native"]
    state.play(move)
    assert state.scores() == (1, 0)  # it closes C1-D1-D2


def strong_agrees_in_both_modes(spec: str, games: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """In one position of each of ``games`` seeded random games (``2 + 3 * seed`` plies in),
    ``strong(eval=game)`` at depth 2 finds the same move and value with the kernel and on the
    pure engine; returns how many positions it checked (a game over by then is skipped)."""
    game = trigames.load_game(spec)
    checked = 0
    for seed in range(games):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        for _ in range(2 + 3 * seed):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        if state.is_over():
            continue
        found = []
        for pure in (False, True):
            with monkeypatch.context() as patch:
                if pure:
                    patch.setenv(PURE_VARIABLE, "1")
                player = StrongPlayer(
                    seed=1, budget=Budget(iterations=10**7), max_depth=2, evaluation="game"
                )
                move = player.choose(state)
                assert bool(player.last_info.get("native")) is not pure
                found.append((move, player.last_info["value"]))
        assert found[0][0] == found[1][0]
        assert found[0][1] == pytest.approx(found[1][1], rel=1e-6)
        checked += 1
    return checked


@pytest.mark.parametrize("spec", ["trig", "trig(board=trigger)"])
def test_native_and_pure_strong_searches_agree_on_trig(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel's ``trig_evaluate`` leads the search where the heuristic does."""
    assert strong_agrees_in_both_modes(spec, 8, monkeypatch) >= 6
