"""The MCTS player's native simulation loop: the same search as the Python one (it proves the
same results), reproducible from its seed, keeping its tree between moves."""

from __future__ import annotations

import pytest

import trigames
from trigames.ai.mcts import MctsPlayer
from trigames.ai.players import Budget
from trigames.core.native import NativeSearch, SplitMix64, kernel_of
from trigames.core.protocol import AnyState
from trigames.games.triggle.native import TriggleKernel


def late_positions(spec: str, count: int, left: int) -> list[AnyState]:
    """Positions of seeded random games ``left`` plies before their end."""
    game = trigames.load_game(spec)
    positions = []
    for seed in range(count):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
        for _ in range(min(left, len(state.history) - 1)):
            state.undo()
        positions.append(state)
    return positions


@pytest.mark.parametrize(
    "spec", ["triggle(size=3)", "triggle(size=3,players=3,markers=6)", "tricolor(size=2)", "trig"]
)
def test_native_and_pure_searches_prove_the_same_results(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    proofs = same_proofs(late_positions(spec, 30, 5), 3000, monkeypatch)
    if trigames.load_game(spec).num_players == 2:
        assert proofs >= 10


def same_proofs(positions: list[AnyState], iterations: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Search each position natively and in Python: the native search picks a legal move,
    and where both prove a result of a two-player game, it is the same. Returns how many
    both proved."""
    proofs = 0
    for state in positions:
        native = MctsPlayer(seed=3, budget=Budget(iterations=iterations))
        move = native.choose(state)
        assert move in state.legal_moves()
        assert native.last_info["mode"] == "native"
        with monkeypatch.context() as patch:
            patch.setenv("TRIGAMES_PURE", "1")
            pure = MctsPlayer(seed=3, budget=Budget(iterations=iterations))
            pure.choose(state)
            assert pure.last_info["mode"] == "pure"
        if state.game.num_players == 2 and native.last_info["proven"] and pure.last_info["proven"]:
            assert native.last_info["proven"] == pure.last_info["proven"]
            proofs += 1
    return proofs


@pytest.mark.parametrize("workers", [1, 2])
def test_a_seeded_native_player_is_reproducible(workers: int) -> None:
    game = trigames.load_game("triggle")

    def play() -> list[str]:
        state = game.new_initial_state()
        players = [
            MctsPlayer(seed=seat, budget=Budget(iterations=300), workers=workers) for seat in (0, 1)
        ]
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            state.play(players[seat].choose(state))
        return [str(move) for move in state.history]

    assert play() == play()


def test_the_native_tree_is_kept_between_moves() -> None:
    game = trigames.load_game("triggle")
    state = game.new_initial_state()
    player = MctsPlayer(seed=1, budget=Budget(iterations=2000))
    state.play(player.choose(state))
    state.play(state.legal_moves()[0])
    player.choose(state)
    assert player.last_info["mode"] == "native"
    assert player.last_info["tree"] > 2000
    fresh = MctsPlayer(seed=1, budget=Budget(iterations=2000), reuse=False)
    fresh.choose(state)
    assert fresh.last_info["tree"] == 2000


def test_two_workers_grow_two_trees_and_add_up_their_roots() -> None:
    game = trigames.load_game("trig")
    state = game.new_initial_state()
    player = MctsPlayer(seed=1, budget=Budget(iterations=2001), workers=2)
    state.play(player.choose(state))
    assert player.last_info["simulations"] == 2001
    assert player.last_info["tree"] == 2001
    state.play(state.legal_moves()[0])
    assert player.choose(state) in state.legal_moves()
    assert player.last_info["tree"] > 2001  # both trees kept and moved on
    with pytest.raises(ValueError, match="1 or 2 workers"):
        MctsPlayer(workers=3)


def test_a_native_player_wins_against_random_play() -> None:
    game = trigames.load_game("triggle")
    wins = 0
    for seed in range(4):
        state = game.new_initial_state()
        mcts = MctsPlayer(seed=seed, budget=Budget(iterations=2000))
        rng = SplitMix64(seed)
        while not state.is_over():
            if state.current_player == seed % 2:
                state.play(mcts.choose(state))
            else:
                state.play(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == (seed % 2,)
    assert wins >= 3


def test_a_tree_at_its_memory_limit_stops_growing_and_the_search_goes_on() -> None:
    game = trigames.load_game("triggle")
    kernel = kernel_of(game)
    assert isinstance(kernel, TriggleKernel)
    state = game.new_initial_state()
    snapshot = kernel.snapshot(state)
    small = NativeSearch(kernel.module, kernel.board, snapshot, 1, 0.7, memory=400_000)
    assert small.run(5000) == 5000
    visits, proven, children, _ = small.root()
    assert visits == 5000
    assert proven is None
    assert sum(child[1] for child in children) == 5000
    assert 48 < small.size() < 3000
    big = kernel.search(state, 1, 0.7)
    assert big.run(5000) == 5000
    assert big.size() == 5001
