"""The swap rule (the option ``swap=true``), checked the same way in every game: legal at ply 1
and only then, never without the option; the first move changes hands; undo, positions,
records, perft, action ids, the adapters, the computer players, the terminal and the native
kernels all take it. Two mutants of the rule (a swap legal later, a swap that hands nothing
over) are run too: the checks must catch them. Each game's own tests (``tests/<game>/
test_swap.py``) check the exact position a swap makes."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from tests.conftest import ScriptedInput
from tests.test_protocol import snapshot
from trigames.ai.registry import make_player
from trigames.ai.solve import SolveError, solve
from trigames.cli.main import main
from trigames.core.native import SplitMix64, kernel_for, kernel_of, random_game
from trigames.core.perft import perft
from trigames.core.protocol import AnyState
from trigames.core.swap import SWAP
from trigames.games.tricolor.rules import TricolorState
from trigames.games.trig.rules import TrigState
from trigames.interop.track import Track
from trigames.records import GameRecord, Seat

#: Every game with the swap rule, small variants first.
SPECS = [
    "triggle(swap=true)",
    "triggle(size=3,markers=3,swap=true)",
    "tricolor(swap=true)",
    "tricolor(size=2,swap=true)",
    "trig(swap=true)",
    "trig(board=trigger,swap=true)",
    "trig(board=triggest,swap=true)",
    "trugo(tiles=12,pieces=6,waning_limit=10,swap=true)",
    "tranglar(quiet_limit=6,swap=true)",
]


def without_swap(spec: str) -> str:
    """The same game without the swap rule."""
    return str(trigames.parse_spec(spec.replace("swap=true", "swap=false")))


def random_line(spec: str, seed: int) -> AnyState:
    """A random game of ``spec`` to its end, seat 1 swapping at ply 1 on odd seeds."""
    rng = random.Random(seed)
    state: AnyState = trigames.load_game(spec).new_initial_state()
    while not state.is_over():
        moves = state.legal_moves()
        swap = seed % 2 and SWAP in moves
        state.play(SWAP if swap else rng.choice(moves))
    return state


# --- the option ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [cls.name for cls in trigames.list_games()])
def test_every_game_has_the_option_off_by_default(name: str) -> None:
    game = trigames.load_game(name)
    option = next(option for option in game.options if option.name == "swap")
    assert option.default is False
    assert not game.swap
    assert "swap" not in str(game.spec)
    assert str(trigames.parse_spec(f"{name}(Swap=TRUE)")) == f"{name}(swap=true)"


@pytest.mark.parametrize("spec", ["triggle(players=3,swap=true)", "tricolor(players=4,swap=true)"])
def test_more_than_two_players_refuse_the_swap(spec: str) -> None:
    with pytest.raises(trigames.OptionValueError, match="the swap rule is for two players"):
        trigames.load_game(spec)
    assert trigames.load_game(spec.replace(",swap=true", ",swap=false")).num_players > 2


# --- legal at ply 1, and only then --------------------------------------------------------


def legality_problems(spec: str, seed: int) -> list[str]:
    """Where a random game of ``spec`` (a swap on odd seeds) breaks the rule that ``swap`` is
    legal exactly at ply 1 with the option, and never without it."""
    problems = []
    rng = random.Random(seed)
    for game in (trigames.load_game(spec), trigames.load_game(without_swap(spec))):
        state = game.new_initial_state()
        while not state.is_over():
            ply = len(state.history)
            moves = state.legal_moves()
            due = game.swap and ply == 1
            if (SWAP in moves) != due or (state.illegal_reason(SWAP) is None) != due:
                problems.append(f"{game.spec} ply {ply}: swap legal is {not due}")
            if SWAP in moves and moves[-1] != SWAP:
                problems.append(f"{game.spec} ply {ply}: the swap is not listed last")
            if not due:
                try:
                    state.play(SWAP)
                except trigames.IllegalMoveError:
                    pass
                else:
                    problems.append(f"{game.spec} ply {ply}: a swap was played")
                    state.undo()
            state.play(SWAP if due and seed % 2 else rng.choice(moves))
    return problems


@settings(max_examples=30, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_a_swap_is_legal_exactly_at_ply_1_with_the_option(spec: str, seed: int) -> None:
    assert legality_problems(spec, seed) == []


def test_a_swap_refused_says_why() -> None:
    state = trigames.load_game("trig").new_initial_state()
    state.play("G6")
    with pytest.raises(trigames.IllegalMoveError, match="played without the swap rule"):
        state.play("swap")
    state = trigames.load_game("trig(swap=true)").new_initial_state()
    with pytest.raises(trigames.IllegalMoveError, match="only Black may swap, at once, as the"):
        state.play("swap")
    state.play("G6")
    state.play(" SWAP ")
    assert state.swapped
    with pytest.raises(trigames.IllegalMoveError, match="already been swapped"):
        state.play("swap")
    state.play("resign 0")
    with pytest.raises(trigames.GameOverError):
        state.play("swap")


# --- the first move changes hands ---------------------------------------------------------


def handover_problems(spec: str) -> list[str]:
    """For every first move of ``spec``: after the swap, seat 1 sees the position as seat 0 saw
    it before (the observation planes count seats from the observer), with the scores turned
    round; in TRANGLAR the reserves stay their owners' (the hands of the parallelograms
    differ), and only the turn changes."""
    problems = []
    game = trigames.load_game(spec)
    start = game.new_initial_state()
    for first in start.legal_moves():
        state = game.new_initial_state()
        state.play(first)
        before, scores = game.observation_planes(state, 0), state.scores()
        state.play(SWAP)
        after = game.observation_planes(state, 1)
        kept = [p for p in after.planes if not p.name.startswith("reserve of")]
        if kept != [p for p in before.planes if not p.name.startswith("reserve of")]:
            problems.append(f"{spec} {first}: seat 1 does not now hold what seat 0 held")
        if state.scores() != scores[::-1] or state.current_player != 0:
            problems.append(f"{spec} {first}: scores {state.scores()} after {scores}")
    return problems


@pytest.mark.parametrize("spec", [s for s in SPECS if "triggest" not in s])
def test_the_first_move_becomes_seat_1s(spec: str) -> None:
    assert handover_problems(spec) == []


# --- undo, positions and records ----------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_undo_and_positions_restore_exactly(spec: str, seed: int) -> None:
    rng = random.Random(seed)
    state = trigames.load_game(spec).new_initial_state()
    game = state.game
    seen = [(snapshot(state), state.position_key())]
    while not state.is_over():
        moves = state.legal_moves()
        state.play(SWAP if SWAP in moves and seed % 2 else rng.choice(moves))
        seen.append((snapshot(state), state.position_key()))
        copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert snapshot(copy) == seen[-1][0]
        assert copy.swapped == state.swapped == (SWAP in state.history)
    while state.history:
        seen.pop()
        state.undo()
        assert (snapshot(state), state.position_key()) == seen[-1]


@pytest.mark.parametrize("spec", SPECS)
def test_records_replay_a_swap(spec: str) -> None:
    state = random_line(spec, seed=3)
    assert state.history[1] == SWAP
    record = GameRecord.from_state(state, [Seat("human", "Ann"), Seat("random", "")])
    assert record.moves[1] == "swap"
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    replayed = again.replay()
    assert [str(m) for m in replayed.history] == record.moves
    assert replayed.to_json() == state.to_json()
    assert replayed.outcome() == state.outcome()


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"white": [], "black": ["G6"], "to_move": 0, "swapped": "yes"}, "true or false"),
        ({"white": [], "black": [], "to_move": 1, "swapped": True}, "no move is on the board"),
        ({"white": ["G6"], "black": [], "to_move": 0, "swapped": True}, "but Black moved last"),
        ({"white": ["G6"], "black": [], "to_move": 1, "swapped": True}, "'to_move' must be 0"),
    ],
)
def test_positions_check_the_swap(position: dict[str, Any], message: str) -> None:
    game = trigames.load_game("trig(swap=true)")
    with pytest.raises(trigames.PositionError, match=message):
        game.state_from_json(position)
    with pytest.raises(trigames.PositionError, match="this game has no swap rule"):
        trigames.load_game("trig").state_from_json(
            {"white": [], "black": ["G6"], "to_move": 0, "swapped": True}
        )


# --- perft --------------------------------------------------------------------------------

#: Perft 1 and 2 from the start without the swap rule, and 2 with it: one more line (the swap)
#: after each first move.
PERFT = [
    ("triggle(size=3)", 12, 102, 114),
    ("triggle", 48, 900, 948),
    ("tricolor(size=2)", 10, 84, 94),
    ("tricolor", 44, 1856, 1900),
    ("trig", 6, 36, 42),
    ("trig(board=trigger)", 12, 144, 156),
    ("trugo(tiles=3,pieces=1)", 3, 54, 57),
    ("tranglar", 120, 5376, 5496),
]


@pytest.mark.parametrize(("spec", "one", "two", "swapping"), PERFT)
def test_perft_2_gains_one_line_per_first_move(
    spec: str, one: int, two: int, swapping: int
) -> None:
    plain = trigames.load_game(spec).new_initial_state()
    swap = trigames.load_game(f"{spec[:-1]},swap=true)" if "(" in spec else f"{spec}(swap=true)")
    assert (perft(plain, 1), perft(plain, 2)) == (one, two)
    assert perft(swap.new_initial_state(), 2) == swapping == two + one


@pytest.mark.parametrize(
    ("spec", "three", "swapping"),
    [("triggle(size=3)", 1008, 1110), ("tricolor(size=2)", 586, 670), ("trig", 222, 258)],
)
def test_perft_3_adds_the_replies_to_a_swap(spec: str, three: int, swapping: int) -> None:
    """After a swap seat 0 has the replies seat 1 had: perft 3 gains perft 2 (102, 84, 36)."""
    swap = trigames.load_game(f"{spec[:-1]},swap=true)" if "(" in spec else f"{spec}(swap=true)")
    assert perft(trigames.load_game(spec).new_initial_state(), 3) == three
    assert perft(swap.new_initial_state(), 3) == swapping


# --- action ids and the adapters ----------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS)
def test_the_swap_has_the_last_action_id(spec: str) -> None:
    game = trigames.load_game(spec)
    plain = trigames.load_game(without_swap(spec))
    assert game.num_actions() == plain.num_actions() + 1
    bound, plain_bound = game.max_game_length(), plain.max_game_length()
    assert bound == (None if plain_bound is None else plain_bound + 1)
    swap_id = game.num_actions() - 1
    state = random_line(spec, seed=1)
    while state.history:
        state.undo()
        moves = state.legal_moves()
        ids = [game.action_of(state, move) for move in moves]
        assert game.legal_actions(state) == sorted(ids)
        assert [game.move_of_action(state, i) for i in ids] == moves
        mask = game.legal_action_mask(state)
        assert len(mask) == game.num_actions()
        assert [i for i, on in enumerate(mask) if on] == sorted(ids)
        bits = game.legal_action_bits(state)
        assert bits is None or bits == sum(1 << i for i in ids)
        if SWAP in moves:
            assert game.action_of(state, SWAP) == swap_id == ids[-1]
        else:
            assert swap_id not in ids
            with pytest.raises(trigames.IllegalActionError, match=f"action {swap_id} names no"):
                game.move_of_action(state, swap_id)
            with pytest.raises(trigames.IllegalMoveError, match="swap has no action id here"):
                game.action_of(state, SWAP)
    with pytest.raises(trigames.IllegalActionError, match="out of range"):
        game.move_of_action(state, swap_id + 1)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("spec", ["triggle(size=3,swap=true)", "trig(swap=true)"])
def test_pettingzoo_plays_a_swap(spec: str) -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from pettingzoo.test import api_test

    import trigames.pettingzoo
    from tests.interop import play_aec

    api_test(trigames.pettingzoo.env(spec), num_cycles=60)
    env = trigames.pettingzoo.env(spec)
    env.reset(seed=5)
    game = trigames.load_game(spec)
    swap_id = game.num_actions() - 1
    rng = np.random.default_rng(5)

    def choose(agent: str, observation: dict[str, Any]) -> int:
        legal = np.flatnonzero(observation["action_mask"])
        return swap_id if swap_id in legal else int(rng.choice(legal))

    play_aec(env, choose)
    state = env.unwrapped.state
    assert state.history[1] == SWAP
    assert state.swapped


# --- random games, and every part of a game on each position -------------------------------


@settings(max_examples=15, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_random_games_with_the_swap_never_fail(spec: str, seed: int) -> None:
    rng = random.Random(seed)
    state = trigames.load_game(spec).new_initial_state()
    game = state.game
    while not state.is_over():
        moves = state.legal_moves()
        for move in rng.sample(moves, min(3, len(moves))) + ([SWAP] if SWAP in moves else []):
            assert game.input_steps(state, move)
            assert game.explain_move(state, move)
            game.tactics(state, move)
        if SWAP in moves:
            assert game.input_steps(state, SWAP) == (("swap",),)
            assert game.choice_pictures(state, [SWAP]) == {}
            assert game.explain_move(state, SWAP).startswith("takes the first move, ")
        state.play(rng.choice(moves))
        assert game.describe_last(state)
        game.render_text(state)
        game.move_facts(state)
        if len(state.history) <= 3:
            assert game.render_svg(state).startswith("<svg")
    if state.history[1:2] == [SWAP]:
        assert state.movers[1] == 1


def test_a_swap_is_described_and_drawn() -> None:
    game = trigames.load_game("trig(swap=true)")
    state = game.new_initial_state()
    state.play("G6")
    state.play("swap")
    assert game.describe_last(state) == (
        "Black swaps: the first move, G6, is now Black's, and White moves next"
    )
    assert state.last_move == state.parse_move("G6")  # the drawings mark it
    svg = game.render_svg(state)
    assert 'data-last-move="G6"' in svg
    assert 'data-owner="1" data-owner-name="Black" data-at="G6" data-last="true"' in svg
    assert state.undo() == SWAP
    assert 'data-owner="0" data-owner-name="White" data-at="G6"' in game.render_svg(state)


# --- the computer players -----------------------------------------------------------------

PLAYERS = [
    "random",
    "greedy",
    "casual",
    "mcts(iterations=200)",
    "alphabeta(iterations=400)",
    "strong(iterations=400)",
    "strong(iterations=400,eval=game)",
]


#: Small games for the players (the searches on these budgets answer quickly).
SMALL = [
    "triggle(size=3,swap=true)",
    "trig(swap=true)",
    "tricolor(size=2,swap=true)",
    "trugo(tiles=4,pieces=2,swap=true)",
]


@pytest.mark.parametrize("spec", SMALL)
@pytest.mark.parametrize("player", PLAYERS)
def test_every_player_answers_the_first_move(spec: str, player: str) -> None:
    game = trigames.load_game(spec)
    chooser = make_player(player, seed=1, game=game)
    state = game.new_initial_state()
    for _ in range(3):  # ply 0, 1 (where it may swap) and 2
        move = chooser.choose(state)
        assert move in state.legal_moves()
        state.play(move)


def test_the_players_weigh_the_swap() -> None:
    """A Trig peg beside the Pillar is worth having: after White's first peg, the one-move
    greedy player and the search take it over rather than answer it."""
    game = trigames.load_game("trig(swap=true)")
    for player in ("greedy", "alphabeta(depth=1,eval=game)"):
        state = game.new_initial_state()
        state.play("G6")
        assert make_player(player, seed=1, game=game).choose(state) == SWAP, player


def test_the_solver_proves_a_swap_best() -> None:
    """On the smallest Tricolor board every first move draws, and a swap does as well as any
    reply: the solver lists it among the best moves (on the pure engine: the native solver
    knows no swap rule)."""
    state = trigames.load_game("tricolor(size=2,swap=true)").new_initial_state()
    state.play("B2-B3")
    solution = solve(state, seconds=120)
    assert (solution.result, solution.engine) == ("draw", "pure")
    assert "swap" in solution.best_moves
    with pytest.raises(SolveError, match="knows no swap rule"):
        solve(state, engine="native")


# --- the native kernels -------------------------------------------------------------------

#: Kernel games with the swap rule, with how many games to compare.
NATIVE = {
    "triggle(swap=true)": 30,
    "triggle(size=3,swap=true)": 60,
    "tricolor(swap=true)": 30,
    "tricolor(size=2,swap=true)": 60,
    "trig(swap=true)": 30,
    "trig(board=triggest,swap=true)": 10,
    "trugo(tiles=12,pieces=6,waning_limit=10,swap=true)": 20,
    "tranglar(quiet_limit=4,swap=true)": 6,
}


def native_problems(spec: str, games: int) -> list[str]:
    """Where the kernel and the pure engine disagree on games of ``spec``, seat 1 swapping on
    odd seeds: from the second move on, the kernel's legal moves, perft 2 and seeded random
    games; before it, no kernel."""
    game = trigames.load_game(spec)
    kernel = kernel_of(game)
    assert kernel is not None
    problems = []
    for seed in range(games):
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        while not state.is_over():
            ply = len(state.history)
            if ply < 2:
                if kernel_for(state) is not None:
                    problems.append(f"{spec} seed {seed}: a kernel at ply {ply}")
                moves = state.legal_moves()
                state.play(SWAP if SWAP in moves and seed % 2 else rng.choice(moves))
                continue
            if kernel_for(state) is not kernel:
                problems.append(f"{spec} seed {seed}: no kernel at ply {ply}")
            if kernel.legal_moves(state) != state.legal_moves():
                problems.append(f"{spec} seed {seed} ply {ply}: the legal moves differ")
            if ply in (2, 9) and kernel.perft(state, 2) != perft(state, 2):
                problems.append(f"{spec} seed {seed} ply {ply}: perft 2 differs")
            if ply == 2:
                native = [str(m) for m in kernel.random_game(state, seed)]
                pure = [str(m) for m in random_game(state.clone(), seed)]
                if native != pure:
                    problems.append(f"{spec} seed {seed}: the random games differ")
            state.play(rng.choice(state.legal_moves()))
    return problems


@pytest.mark.parametrize(("spec", "games"), NATIVE.items())
def test_native_and_pure_engines_agree_after_a_swap(spec: str, games: int) -> None:
    if kernel_of(trigames.load_game(spec)) is None:
        pytest.skip("the native kernels are not built, or the pure engine is forced")
    assert native_problems(spec, games) == []


def test_the_searches_turn_native_after_the_swap() -> None:
    game = trigames.load_game("trig(swap=true)")
    if kernel_of(game) is None:
        pytest.skip("the native kernels are not built, or the pure engine is forced")
    player = make_player("mcts(iterations=300)", seed=2, game=game)
    state = game.new_initial_state()
    modes = []
    for move in ("G6", "swap", "F7"):
        player.choose(state)
        modes.append(player.last_info["mode"])
        state.play(move)
    player.choose(state)
    modes.append(player.last_info["mode"])
    assert modes == ["pure", "pure", "native", "native"]


def test_the_adapters_track_goes_native_after_the_swap() -> None:
    game = trigames.load_game("trig(swap=true)")
    if kernel_of(game) is None:
        pytest.skip("the native kernels are not built, or the pure engine is forced")
    track, pure = Track.start(game), game.new_initial_state()
    assert track.observation(0) is None  # the engine state answers
    rng = random.Random(3)
    for ply in range(200):
        if ply == 2:
            assert track.observation(0) is not None  # a native line from here
        if pure.is_over():
            break
        assert track.legal_actions() == game.legal_actions(pure)
        action = game.num_actions() - 1 if ply == 1 else rng.choice(track.legal_actions())
        track.play(action)
        pure.play(game.move_of_action(pure, action))
    assert track.is_over()
    assert track.state.to_json() == pure.to_json()
    assert track.state.history[1] == SWAP


# --- mutants: the checks above catch a wrong rule -----------------------------------------


def test_a_swap_legal_later_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TrigState, "_first_moves", lambda self: 1)  # swap at every odd ply
    problems = legality_problems("trig(swap=true)", seed=4)
    assert any("ply 3: swap legal is True" in problem for problem in problems)


@pytest.mark.parametrize(
    ("state_class", "spec"),
    [(TrigState, "trig(swap=true)"), (TricolorState, "tricolor(size=2,swap=true)")],
)
def test_a_swap_that_hands_nothing_over_is_caught(
    monkeypatch: pytest.MonkeyPatch, state_class: type[Any], spec: str
) -> None:
    monkeypatch.setattr(state_class, "_on_swap", lambda self: None)
    problems = handover_problems(spec)
    assert problems
    assert any("does not now hold" in problem for problem in problems)


# --- the terminal -------------------------------------------------------------------------


def test_the_terminal_offers_and_plays_a_swap(
    capsys: pytest.CaptureFixture[str], typed: ScriptedInput
) -> None:
    typed.lines = ["help", "G6", "swap", "undo", "swap", "F7", "quit", ""]
    assert main(["play", "trig(swap=true)", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "swap        answer the first move by taking it as yours" in out
    assert "Black may answer 'swap': take the first move as theirs." in out
    assert "Last move (2): Black swaps: the first move, G6, is now Black's" in out
    assert "swap is not legal" not in out
