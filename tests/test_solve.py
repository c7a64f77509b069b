"""The solver (trigames.ai.solve) against plain minimax, on late positions of random games of
every game, in both engines; known values of small variants; and ``trigames solve``."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

import trigames
from trigames.ai.solve import RESULT, RESULTS, SolveError, final_value, solve, split_value
from trigames.cli.main import main
from trigames.core import native
from trigames.core.protocol import AnyGame, AnyState


def minimax(state: AnyState, seat: int, margin: bool = True) -> int:
    """The value for ``seat`` by plain minimax: every line to its end, nothing stored."""
    if state.is_over():
        return final_value(state, seat, margin)
    mover = state.to_move
    assert mover is not None
    best = -4 * RESULT
    for move in state.legal_moves():
        state.play(move)
        best = max(best, minimax(state, mover, margin))
        state.undo()
    return best if mover == seat else -best


def tree_size(state: AnyState, limit: int) -> int:
    """Positions below ``state`` (itself included), counting stops past ``limit``."""
    if state.is_over():
        return 1
    total = 1
    for move in state.legal_moves():
        state.play(move)
        total += tree_size(state, limit - total)
        state.undo()
        if total > limit:
            break
    return total


@cache
def late_json(spec: str, seed: int) -> list[str]:
    """The moves to :func:`late_position` (kept between tests)."""
    return [str(move) for move in late_position(spec, seed).history]


def late_position(spec: str, seed: int, limit: int = 1500) -> AnyState:
    """A position of a seeded random game of ``spec`` as far from its end as possible with at
    most ``limit`` positions below it (the next seed's game when the last move of a game
    already had more)."""
    game: AnyGame = trigames.load_game(spec)
    for attempt in range(seed, seed + 100 * 1000, 1000):
        state: AnyState = game.new_initial_state()
        rng = random.Random(attempt)
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
        while state.history:
            before = state.undo()
            if tree_size(state, limit) > limit:
                state.play(before)
                break
        if not state.is_over():
            return state
    raise AssertionError(f"no late position of {spec} within {limit} positions")


def played(spec: str, moves: list[str]) -> AnyState:
    state: AnyState = trigames.load_game(spec).new_initial_state()
    for move in moves:
        state.play(move)
    return state


def uses(engine: str, spec: str) -> None:
    """Skip a native case where the game's kernel does not run."""
    if engine == "native" and native.kernel_of(trigames.load_game(spec)) is None:
        pytest.skip(f"no native kernel runs {spec} here")


#: Every game, and a misère Triggle without the touch rule.
LATE_SPECS = [
    "triggle",
    "triggle(touch=false,misere=true)",
    "tricolor",
    "trig",
    "trugo",
    "tranglar",
]


@pytest.mark.parametrize("engine", ["pure", "native"])
@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("spec", LATE_SPECS)
def test_agrees_with_minimax_on_late_positions(spec: str, seed: int, engine: str) -> None:
    uses(engine, spec)
    state = played(spec, late_json(spec, seed))
    seat = state.to_move
    assert seat is not None
    value = minimax(state, seat)
    solution = solve(state, engine=engine)
    assert solution.solved
    assert solution.engine == engine
    assert (solution.result, solution.lead) == (
        RESULTS[split_value(value)[0]],
        split_value(value)[1],
    )
    # the best first moves are exactly those keeping the value
    for move in state.legal_moves():
        state.play(move)
        keeps = minimax(state, seat) == value
        state.undo()
        assert keeps == (str(move) in solution.best_moves), move
    assert solution.all_best
    # the line of best play ends the game with that value
    for move in solution.pv:
        state.play(move)
    assert state.is_over()
    assert solution.pv_complete
    assert final_value(state, seat) == value
    # the result alone
    alone = solve(state_before(state, len(solution.pv)), engine=engine, margin=False)
    assert alone.result == solution.result
    assert alone.lead is None


def state_before(state: AnyState, moves: int) -> AnyState:
    for _ in range(moves):
        state.undo()
    return state


@pytest.mark.parametrize("engine", ["pure", "native"])
def test_known_values(engine: str) -> None:
    """Triggle's smallest board is lost by 2 triangles for the first player, whatever the
    first move; Tricolor's smallest is a draw; on Triggle's board with one marker each, the
    first player wins (by the one triangle the game allows)."""
    for spec, result, lead, best in [
        ("triggle(size=3)", "loss", -2, 12),
        ("tricolor(size=2)", "draw", 0, 8),
        ("triggle(markers=1)", "win", 1, 6),
    ]:
        uses(engine, spec)
        solution = solve(trigames.load_game(spec).new_initial_state(), engine=engine)
        assert (solution.result, solution.lead) == (result, lead), spec
        assert len(solution.best_moves) == best
        assert solution.all_best


def test_engines_agree_after_a_few_moves() -> None:
    """The native and Python solvers on positions of Triggle's smallest board after random
    openings (the native passes against the Python ones, move for move)."""
    spec = "triggle(size=3,touch=false)"
    uses("native", spec)
    rng = random.Random(5)
    for _ in range(4):
        state = trigames.load_game(spec).new_initial_state()
        for _ in range(rng.randrange(1, 5)):
            state.play(rng.choice(state.legal_moves()))
        pure, fast = solve(state, engine="pure"), solve(state, engine="native")
        assert (pure.result, pure.lead, pure.best_moves) == (
            fast.result,
            fast.lead,
            fast.best_moves,
        )


def test_time_limit_keeps_what_is_proven() -> None:
    state = trigames.load_game("tricolor(size=3)").new_initial_state()
    solution = solve(state, seconds=0.2, engine="pure")
    assert not solution.solved
    assert solution.stopped == "time"
    assert solution.lead is None
    assert solution.seconds < 5


def test_refusals() -> None:
    with pytest.raises(SolveError, match="two-player"):
        solve(trigames.load_game("triggle(players=3)").new_initial_state())
    state = trigames.load_game("triggle(size=3)").new_initial_state()
    state.resign()
    with pytest.raises(SolveError, match="over"):
        solve(state)


def test_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "triggle(size=3)", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert (found["result"], found["lead"], found["solved"]) == ("loss", -2, True)
    assert len(found["pv"]) == 12
    assert main(["solve", "tricolor(size=2)", "--moves", "B2-B3", "--result-only"]) == 0
    text = capsys.readouterr().out
    assert "after B2-B3" in text
    assert "best play:" in text
    assert "score lead" not in text
    assert main(["solve", "tricolor(size=3)", "--seconds", "0.1", "--engine", "pure"]) == 1
    assert "not solved within 0.1 s" in capsys.readouterr().out
    assert main(["solve", "trig(players=3)"]) == 2
    assert main(["solve", "triggle(players=3)"]) == 2
    assert "two-player games only" in capsys.readouterr().err
