"""Trugo's kernel where its rules are awkward for a compact state: repeated positions (counted
over the whole game, a waning layout may repeat a waxing one), a history longer than the
kernel keeps, and move numbers past 2**31 on the largest window."""

from __future__ import annotations

from typing import Any

import pytest

import trigames
from trigames.ai.mcts import MctsPlayer
from trigames.ai.players import Budget
from trigames.core import native
from trigames.core.native import SplitMix64, kernel_of
from trigames.core.perft import perft
from trigames.games.trugo import evaluation
from trigames.games.trugo import native as trugo_native
from trigames.games.trugo.native import EVALUATION_WEIGHTS, TrugoKernel
from trigames.games.trugo.rules import TrugoRules, TrugoState

from .test_evaluate import strong_agrees_in_both_modes
from .test_mcts import late_positions


def seeking_repetitions(state: TrugoState, rng: SplitMix64) -> Any:
    """A move for games that repeat positions: in the waning phase, often the way back of
    one's own last piece move, or the removal of the latest tile laid that may go."""
    moves = state.legal_moves()
    names = {str(move): move for move in moves}
    history = [str(move) for move in state.history]
    if state.pool == 0 and rng.below(4):
        if len(history) >= 2 and "-" in history[-2][1:]:
            start, end = history[-2].split("-")
            back = names.get(f"{end}-{start}")
            if back is not None:
                return back
        pieces = [move for move in moves if "-" in str(move)[1:]]
        if pieces:
            return rng.choice(pieces)
    if state.pool == 0 and rng.below(2):
        laid = [name.rstrip("enws") for name in history if name[-1] in "ew"]
        for cell in reversed(laid):
            if f"-{cell}" in names:
                return names[f"-{cell}"]
    return rng.choice(moves)


@pytest.mark.parametrize(
    ("spec", "games"),
    [
        ("trugo(tiles=8,pieces=4,waning_limit=30)", 150),
        ("trugo(tiles=12,pieces=6,waning_limit=10)", 60),
    ],
)
def test_repeated_positions_end_the_same_games(spec: str, games: int) -> None:
    game = trigames.load_game(spec)
    kernel = kernel_of(game)
    assert isinstance(kernel, TrugoKernel)
    repetitions = waxing_again = 0
    for seed in range(games):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        waxing: set[int] = set()
        while not state.is_over():
            if state.pool:
                waxing.add(state.hash)
            else:
                waxing_again += state.hash in waxing
                # which moves end the game (a third time, say) shows in perft 2
                assert kernel.perft(state, 2) == perft(state, 2), (seed, len(state.history))
                assert kernel.legal_moves(state) == state.legal_moves()
            state.play(seeking_repetitions(state, rng))
        outcome = state.outcome()
        assert outcome is not None
        repetitions += outcome.reason == "the same position occurred for the third time"
        assert kernel.random_game(state, seed) == []
    assert repetitions >= 3
    assert waxing_again >= 10  # waning layouts that repeat a waxing position


def test_a_history_longer_than_the_kernel_keeps_is_played_on_the_python_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = "trugo(tiles=12,pieces=6,waning_limit=10)"
    game = trigames.load_game(spec)
    assert isinstance(game, TrugoRules)
    module = native.kernel_module("trugo")
    assert module is not None
    monkeypatch.setattr(trugo_native, "waxing_room", lambda tiles: 4)
    small = TrugoKernel(module, game)
    full = kernel_of(game)
    assert full is not None
    for seed in range(20):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        for _ in range(seed % 12):  # from 1 to 11 waxing positions: some beyond the room
            state.play(rng.choice(state.legal_moves()))
        assert small.random_game(state, seed) == full.random_game(state, seed)
        assert small.playouts(state, 3, seed) == full.playouts(state, 3, seed)
        assert small.legal_moves(state) == state.legal_moves()
        assert small.perft(state, 2) == perft(state, 2)
        search = small.search(state, seed, 0.7)  # a search keeps the latest positions
        assert search.run(50) >= 1
        if len(state.history) >= 4:  # five waxing positions: one more than the room
            with pytest.raises(OverflowError):
                module.legal(small.board, small.snapshot(state))


def test_move_numbers_past_two_to_the_31_come_back() -> None:
    game = trigames.load_game("trugo(tiles=90,pieces=99)")
    kernel = kernel_of(game)
    assert isinstance(kernel, TrugoKernel)
    cells, junctions = kernel.cells, kernel.junctions
    assert 4 * cells + junctions * junctions > 2**31  # the codes of the last junctions' moves
    for code in (0, 3 * cells + 7, 4 * cells, 4 * cells + 1 + 5 * junctions + 9,
                 4 * cells + junctions * junctions - 1):  # fmt: skip
        index = code - 2**32 if code >= 2**31 else code
        move = kernel.move(index)
        assert kernel.index(move) == index
        assert kernel.move(kernel.index(move)) == move
    state = game.new_initial_state()
    rng = SplitMix64(3)
    for _ in range(150):
        for move in kernel.legal_moves(state):
            assert kernel.move(kernel.index(move)) == move
        state.play(rng.choice(state.legal_moves()))


def test_native_and_pure_searches_prove_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    proofs = 0
    for state in late_positions("trugo(tiles=8,pieces=3)", 16, 3):
        native_player = MctsPlayer(seed=3, budget=Budget(iterations=1500))
        move = native_player.choose(state)
        assert move in state.legal_moves()
        assert native_player.last_info["mode"] == "native"
        with monkeypatch.context() as patch:
            patch.setenv(native.PURE_VARIABLE, "1")
            pure_player = MctsPlayer(seed=3, budget=Budget(iterations=1500))
            pure_player.choose(state)
            assert pure_player.last_info["mode"] == "pure"
        native_proof, pure_proof = (
            native_player.last_info["proven"],
            pure_player.last_info["proven"],
        )
        if native_proof and pure_proof:
            assert native_proof == pure_proof
            proofs += 1
    assert proofs >= 5


def test_a_native_player_keeps_its_tree_along_a_game() -> None:
    game = trigames.load_game("trugo(tiles=12,pieces=6,waning_limit=10)")
    state = game.new_initial_state()
    player = MctsPlayer(seed=1, budget=Budget(iterations=400))
    rng = SplitMix64(1)
    kept = 0
    while not state.is_over():
        if state.current_player == 0:
            state.play(player.choose(state))
            assert player.last_info["mode"] == "native"
            kept += player.last_info["tree"] > 400
        else:
            state.play(rng.choice(state.legal_moves()))
    assert kept >= 2


@pytest.mark.parametrize(("spec", "games"), [("trugo", 3), ("trugo(tiles=12,pieces=6)", 12)])
def test_the_kernels_evaluation_is_the_heuristic(spec: str, games: int) -> None:
    """On seeded random games, with the game's weights and with weights drawn at random (so
    that every term counts differently), for both seats, whoever is to move."""
    game = trigames.load_game(spec)
    kernel = kernel_of(game)
    assert isinstance(kernel, TrugoKernel)
    terms = dict.fromkeys(("atari", "short", "removal", "pinned"), 0)
    seen = 0
    for seed in range(games):
        rng = SplitMix64(seed)
        weights = tuple(rng.below(2001) / 1000 - 1 for _ in EVALUATION_WEIGHTS)
        state = game.new_initial_state()
        while not state.is_over():
            for seat in (0, 1):
                for chosen in (EVALUATION_WEIGHTS, weights):
                    expected = evaluation.heuristic(state, seat, chosen)
                    assert kernel.evaluate(state, seat, chosen) == pytest.approx(expected)
            for side in evaluation.sides(state):
                for term in terms:
                    terms[term] += getattr(side, term) > 0
            seen += 1
            state.play(rng.choice(state.legal_moves()))
    assert seen >= 100
    assert all(terms.values()), terms  # every term came up, not only the pieces


def test_native_and_pure_strong_searches_agree_on_the_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``strong(eval=game)`` at depth 2 (with its quiescence on captures and removals) finds
    the same move and value with the kernel and on the pure engine: the kernel's evaluation and
    move gains are the heuristic's and ``trugo_tactics``."""
    assert strong_agrees_in_both_modes("trugo(tiles=12,pieces=6)", 12, monkeypatch) >= 6
