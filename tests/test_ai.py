"""The search players, levels, matches and ratings of ``trigames.ai``.

Budgets here are iteration budgets, so every result is reproducible; one test checks that a
time budget is honoured, loosely. Speed is measured by ``trigames bench-ai``, not here.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.ai import (
    LEVEL_NAMES,
    LEVELS,
    AlphaBetaPlayer,
    Budget,
    MctsPlayer,
    Player,
    make_player,
    resolve,
)
from trigames.ai.elo import fit, ratings
from trigames.ai.match import play_match, schedule, summarise
from trigames.ai.registry import (
    CHOICES,
    MAX_SPEC_LENGTH,
    SERVER_LIMITS,
    SETTINGS,
    TERMINAL_LIMITS,
    Limits,
    Range,
    check_player_spec,
    parse_player_spec,
)
from trigames.cli.main import PROCESSORS, main
from trigames.cli.match import split_seats
from trigames.core.errors import PlayerSpecError
from trigames.core.protocol import AnyState
from trigames.games.trig import Trig, TrigState
from trigames.games.trugo import TrugoState

#: Small variants of every game, so that whole games are quick.
SMALL = [
    "triggle(size=3)",
    "triggle(size=3,players=3)",
    "tricolor(size=3)",
    "trig",
    "trugo(tiles=8)",
    "tranglar(quiet_limit=6)",
]
#: Search players with iteration budgets (reproducible).
SEARCHERS = [
    "mcts(iterations=60)",
    "mcts(iterations=60,playout=heuristic,depth=4)",
    "alphabeta(iterations=300)",
]


def random_position(spec: str, moves: int, seed: int = 0) -> AnyState:
    """The position after up to ``moves`` random moves (stopping before the end)."""
    state: AnyState = trigames.load_game(spec).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        options = state.legal_moves()
        state.play(rng.choice(options))
        if state.is_over():
            state.undo()
            break
    return state


# --- legal moves, budgets, seeds ------------------------------------------------------------


@pytest.mark.parametrize("spec", SMALL)
@pytest.mark.parametrize("kind", ["random", "greedy", *SEARCHERS])
def test_players_only_play_legal_moves(spec: str, kind: str) -> None:
    for seed, depth in ((1, 3), (2, 12)):
        state = random_position(spec, depth, seed)
        before = state.to_json(), list(state.history)
        player = make_player(kind, seed=seed, game=state.game)
        move = player.choose(state)
        assert move in state.legal_moves()
        assert (state.to_json(), state.history) == before  # the position is left as it was


@pytest.mark.parametrize("kind", SEARCHERS)
def test_a_whole_game_of_legal_moves_with_extra_moves_and_three_players(kind: str) -> None:
    for spec in ("tricolor(size=2)", "triggle(size=3,players=3)"):
        game = trigames.load_game(spec)
        state = game.new_initial_state()
        players = [make_player(kind, seed=s, game=game) for s in range(game.num_players)]
        while not state.is_over():
            seat = state.current_player
            assert seat is not None
            move = players[seat].choose(state)
            assert move in state.legal_moves()
            state.play(move)


def test_mcts_spends_exactly_its_iteration_budget() -> None:
    state = trigames.load_game("tricolor").new_initial_state()
    player = MctsPlayer(seed=3, budget=Budget(iterations=123))
    player.choose(state)
    assert player.last_info["simulations"] == 123
    assert player.last_info["tree"] == 123


def test_alphabeta_stops_near_its_node_budget() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    player = AlphaBetaPlayer(seed=3, budget=Budget(iterations=2000))
    player.choose(state)
    # Depth 1 always finishes; deeper iterations stop within a few checks of the budget.
    assert player.last_info["depth"] >= 1
    assert player.last_info["nodes"] <= 2000 + 256


@pytest.mark.parametrize("kind", ["mcts(seconds=0.2)", "alphabeta(seconds=0.2)"])
def test_a_time_budget_is_honoured_loosely(kind: str) -> None:
    state = trigames.load_game("trig").new_initial_state()
    state.play("G6")
    player = make_player(kind, seed=0, game=state.game)
    started = time.perf_counter()
    player.choose(state)
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize("spec", SMALL)
@pytest.mark.parametrize("kind", SEARCHERS)
def test_players_are_reproducible_from_a_seed(spec: str, kind: str) -> None:
    game = trigames.load_game(spec)
    games = []
    for _ in range(2):
        state = game.new_initial_state()
        players = [make_player(kind, seed=10 + s, game=game) for s in range(game.num_players)]
        while not state.is_over() and len(state.history) < 8:
            seat = state.current_player
            assert seat is not None
            state.play(players[seat].choose(state))
        games.append([str(m) for m in state.history])
    assert games[0] == games[1]


def test_mcts_keeps_its_tree_between_moves() -> None:
    game = trigames.load_game("triggle(size=3)")
    state = game.new_initial_state()
    player = MctsPlayer(seed=1, budget=Budget(iterations=200))
    state.play(player.choose(state))
    state.play(state.legal_moves()[0])
    player.choose(state)
    assert player.last_info["tree"] > 200  # the subtree from the last search was kept
    fresh = MctsPlayer(seed=1, budget=Budget(iterations=200), reuse=False)
    fresh.choose(state)
    assert fresh.last_info["tree"] == 200


def test_mcts_starts_afresh_after_an_undo() -> None:
    game = trigames.load_game("triggle(size=3)")
    state = game.new_initial_state()
    player = MctsPlayer(seed=1, budget=Budget(iterations=50))
    state.play(player.choose(state))
    state.undo()
    state.play(state.legal_moves()[-1])
    assert player.choose(state) in state.legal_moves()


# --- winning moves -------------------------------------------------------------------------


def winning_moves(state: AnyState) -> list[Any]:
    seat = state.current_player
    found = []
    for move in state.legal_moves():
        state.play(move)
        outcome = state.outcome()
        state.undo()
        if outcome is not None and outcome.winners == (seat,):
            found.append(move)
    return found


def find_win_in_one(spec: str) -> AnyState:
    """A position, reached by seeded random play, where some but not all moves win at once."""
    game = trigames.load_game(spec)
    for seed in range(100):
        rng = random.Random(seed)
        state: AnyState = game.new_initial_state()
        while not state.is_over():
            wins = winning_moves(state)
            if wins and len(wins) < len(state.legal_moves()):
                return state
            state.play(rng.choice(state.legal_moves()))
    raise AssertionError(f"no position with a win in one found for {spec}")


def hand_built_triggle(players: int) -> AnyState:
    """One marker each: the first triangle closed wins. The last seat can close C1-D1-D2."""
    game = trigames.load_game(f"triggle(markers=1,players={players})")
    state: AnyState = game.new_initial_state()
    bands = ["D1-D4", "A1-D1"] if players == 2 else ["D1-D4", "A4-D4", "A1-D1"]
    for band in bands:
        state.play(band)
    return state


def hand_built_trig() -> TrigState:
    """White's chain from the Pillar (G7) reaches E2; one more peg links it to the edge."""
    game = trigames.load_game("trig")
    assert isinstance(game, Trig)
    return game.state_from_json(
        {
            "white": ["G6", "G5", "F4", "F3", "E2"],
            "black": ["H6", "H7", "G8", "F7", "F6"],
            "to_move": 0,
        }
    )


WIN_IN_ONE: dict[str, Callable[[], AnyState]] = {
    "triggle": lambda: hand_built_triggle(2),
    "triggle, 3 players": lambda: hand_built_triggle(3),
    "tricolor": lambda: find_win_in_one("tricolor(size=3)"),
    "tricolor, 3 players": lambda: find_win_in_one("tricolor(size=3,players=3)"),
    "trig": hand_built_trig,
    "trig, found": lambda: find_win_in_one("trig"),
    "trugo": lambda: find_win_in_one("trugo(tiles=8)"),
    "tranglar": lambda: find_win_in_one("tranglar(quiet_limit=6)"),
}


@pytest.mark.parametrize("position", list(WIN_IN_ONE))
@pytest.mark.parametrize(
    "kind", ["greedy", "mcts(iterations=200)", "alphabeta(iterations=500)", "hard"]
)
def test_players_find_a_win_in_one(position: str, kind: str) -> None:
    state = WIN_IN_ONE[position]()
    wins = winning_moves(state)
    assert wins
    assert len(wins) < len(state.legal_moves())
    player = make_player(kind, seed=5, game=state.game)
    assert player.choose(state) in wins


def test_a_search_says_it_has_proven_a_win() -> None:
    state = hand_built_triggle(2)
    for player in (
        MctsPlayer(seed=0, budget=Budget(iterations=500)),
        AlphaBetaPlayer(seed=0, budget=Budget(iterations=500)),
    ):
        player.choose(state)
        assert player.last_info["proven"] == "win"


#: Trig positions (from seeded random games) that a 3-ply search proves won for the mover,
#: with no win in one.
WON_TRIG_ENDGAMES = [
    {
        "white": ["C7", "D6", "E7", "E10", "F6", "F9", "F10", "G6", "G8", "G11", "G12", "H7",
                  "H9", "I5", "J5", "K7"],
        "black": ["D8", "D9", "E8", "F7", "G9", "H4", "H6", "H10", "I4", "I7", "I8", "J6", "K4",
                  "K6"],
        "to_move": 0,
    },
    {
        "white": ["C4", "D5", "D6", "E7", "F7", "H4", "I4"],
        "black": ["E8", "F6", "G6", "H6", "H7", "I5"],
        "to_move": 1,
    },
    {
        "white": ["C4", "C6", "D6", "E4", "E5", "F3", "F7", "F10", "G5", "G8", "J5"],
        "black": ["D5", "F4", "F6", "F9", "G6", "G9", "H6", "H7", "I4", "I5", "K4", "L4"],
        "to_move": 1,
    },
    {
        "white": ["B4", "C6", "D8", "E10", "G5", "G6", "H9", "I7"],
        "black": ["B5", "C4", "D6", "D9", "E7", "E8", "F7", "G8", "G9", "H6", "H7"],
        "to_move": 1,
    },
]  # fmt: skip


@pytest.mark.parametrize("index", range(len(WON_TRIG_ENDGAMES)))
@pytest.mark.parametrize("kind", ["mcts(iterations=1500)", "alphabeta(iterations=5000)"])
def test_a_won_trig_endgame_is_never_lost(index: int, kind: str) -> None:
    game = trigames.load_game("trig")
    start = game.state_from_json(WON_TRIG_ENDGAMES[index])
    side = start.current_player
    assert side is not None
    assert not winning_moves(start)
    defenders: list[Player] = [
        make_player("alphabeta(depth=2,iterations=100000)", seed=1, game=game),
        make_player("random", seed=2, game=game),
    ]
    for defender in defenders:
        state = start.clone()
        player = make_player(kind, seed=4, game=game)
        while not state.is_over():
            mover = defender if state.current_player != side else player
            state.play(mover.choose(state))
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.winners == (side,), (defender.kind, [str(m) for m in state.history])
        if kind.startswith("alphabeta"):
            assert len(state.history) - len(start.history) <= 3  # the shortest win is taken


# --- levels and player specs ---------------------------------------------------------------


def test_every_game_has_every_level() -> None:
    for cls in trigames.list_games():
        game = trigames.load_game(cls.name)
        for level in LEVEL_NAMES:
            spec = resolve(level, game)
            kind, _ = parse_player_spec(spec)
            assert kind not in LEVEL_NAMES
            make_player(level, seed=0, game=game)
    assert set(LEVELS["*"]) == set(LEVEL_NAMES)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown player kind 'wizard'"),
        ("mcts(speed=3)", "mcts has no setting 'speed'"),
        ("mcts(iterations)", "settings as key=value"),
        ("mcts(iterations=0)", "'iterations' must be a whole number from 1 to 10000000, not '0'"),
        ("mcts(playout=clever)", "'playout' must be one of random, heuristic, not 'clever'"),
        ("hard(seconds=1)", "takes no settings"),
        ("random(seconds=1)", "random has no setting"),
        ("mcts(reuse=maybe)", "'reuse' must be one of true, yes, 1, on, false, no, 0, off"),
        ("strong(deep=maybe)", "'deep' must be one of true, yes, 1, on, false, no, 0, off"),
        ("mcts(deep=true)", "mcts has no setting 'deep'"),
        ("mcts(", "bad player"),
        ("mcts(seconds=1,seconds=2)", "mcts setting 'seconds' is given twice"),
    ],
)
def test_bad_player_specs(spec: str, message: str) -> None:
    with pytest.raises(PlayerSpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_player(spec, game=trigames.load_game("triggle"))


#: Every numeric setting of every kind, with its range in the terminal.
NUMERIC = [
    (kind, key, numbers)
    for kind, ranges in TERMINAL_LIMITS.ranges.items()
    for key, numbers in ranges.items()
]
#: Texts no numeric setting takes: not finite, far too large, negative, not numbers at all.
NOT_IN_ANY_RANGE = ["nan", "NaN", "inf", "-inf", "infinity", "1e308", "1e40", "-1", "0x10", "five"]


def test_every_setting_is_a_number_with_a_finite_range_or_a_choice() -> None:
    for limits in (TERMINAL_LIMITS, SERVER_LIMITS):
        assert set(limits.ranges) == {kind for kind, keys in SETTINGS.items() if keys}
        for kind, keys in SETTINGS.items():
            numeric = set(limits.ranges.get(kind, {}))
            assert numeric | (set(keys) & set(CHOICES)) == set(keys)
            assert not numeric & set(CHOICES)
            for numbers in limits.ranges.get(kind, {}).values():
                assert 0 <= numbers.low <= numbers.high < 1e9
    for kind, key, numbers in NUMERIC:
        served = SERVER_LIMITS.ranges[kind][key]
        assert numbers.low <= served.low <= served.high <= numbers.high  # a server is stricter
        assert numbers.describe() in SETTINGS[kind][key]  # documented
        if served != numbers:
            assert f"to {served.high:.0f} on a server" in SETTINGS[kind][key]


@pytest.mark.parametrize(("kind", "key", "numbers"), NUMERIC)
def test_a_setting_out_of_range_is_refused_naming_it_and_its_range(
    kind: str, key: str, numbers: Range
) -> None:
    above = str(numbers.high + 1 if numbers.whole else numbers.high * 1.5)
    below = str(numbers.low - (1 if numbers.whole else numbers.low / 2 or 0.001))
    for text in [*NOT_IN_ANY_RANGE, above, below]:
        with pytest.raises(PlayerSpecError) as refused:
            make_player(f"{kind}({key}={text})")
        assert str(refused.value) == (
            f"{kind} setting {key!r} must be {numbers.describe()}, not {text.lower()!r}"
        )


@pytest.mark.parametrize(("kind", "key", "numbers"), NUMERIC)
def test_a_setting_at_either_end_of_its_range_is_taken(kind: str, key: str, numbers: Range) -> None:
    for value in (numbers.low, numbers.high):
        text = str(int(value)) if numbers.whole else f"{value:g}"
        assert make_player(f"{kind}({key}={text})").kind == kind
        assert parse_player_spec(f"{kind}({key}={text})") == (kind, {key: text})


def test_a_server_is_stricter_and_says_so() -> None:
    game = trigames.load_game("tranglar")
    assert check_player_spec("mcts(seconds=30)", game) == "mcts(seconds=30)"
    with pytest.raises(PlayerSpecError, match=r"'seconds' must be a number from 0.01 to 10 on a"):
        check_player_spec("mcts(seconds=30)", game, limits=SERVER_LIMITS)
    with pytest.raises(PlayerSpecError, match=r"from 1 to 1000000 on a server, not '2000000'"):
        make_player("alphabeta(iterations=2000000)", game=game, limits=SERVER_LIMITS)
    for cls in trigames.list_games():  # every level plays on a server
        each = trigames.load_game(cls.name)
        for level in LEVEL_NAMES:
            assert check_player_spec(level, each, limits=SERVER_LIMITS) == resolve(level, each)


def test_on_a_server_every_move_stops_within_its_time_cap() -> None:
    assert SERVER_LIMITS.move_seconds == 10
    assert TERMINAL_LIMITS.move_seconds is None
    capped = make_player("mcts(iterations=1000000)", limits=SERVER_LIMITS)
    assert isinstance(capped, MctsPlayer)
    assert capped.budget == Budget(iterations=1_000_000, seconds=10)
    assert isinstance(
        quick := make_player("alphabeta(seconds=0.5)", limits=SERVER_LIMITS), AlphaBetaPlayer
    )
    assert quick.budget == Budget(seconds=0.5)
    terminal = make_player("mcts(iterations=1000000)")
    assert isinstance(terminal, MctsPlayer)
    assert terminal.budget == Budget(iterations=1_000_000)
    tight = Limits(TERMINAL_LIMITS.ranges, move_seconds=0.25)
    assert isinstance(default := make_player("alphabeta", limits=tight), AlphaBetaPlayer)
    assert default.budget == Budget(seconds=0.25)  # the 1 second default, capped


def test_a_long_player_spec_is_refused_before_it_is_read_and_not_repeated() -> None:
    assert make_player("mcts(seconds=0.5)".ljust(MAX_SPEC_LENGTH)).kind == "mcts"
    for text in ["mcts(seconds=" + "9" * 10**6 + ")", " " * 10**6 + "easy"]:
        with pytest.raises(PlayerSpecError) as refused:
            check_player_spec(text, limits=SERVER_LIMITS)
        assert str(refused.value) == (
            f"a player spec has at most {MAX_SPEC_LENGTH} characters, not {len(text)}"
        )


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=MAX_SPEC_LENGTH + 5),
        st.builds(
            "{}({}={})".format,
            st.sampled_from(["mcts", "alphabeta", "random", "easy"]),
            st.sampled_from(["iterations", "seconds", "depth", "c", "playout", "reuse", "x"]),
            st.one_of(st.text(max_size=12), st.floats().map(str), st.integers().map(str)),
        ),
    )
)
def test_any_text_is_a_player_or_a_player_spec_error(text: str) -> None:
    for limits in (TERMINAL_LIMITS, SERVER_LIMITS):
        try:
            player = make_player(text, limits=limits)
        except PlayerSpecError:
            continue
        budget = getattr(player, "budget", None)
        if budget is not None:
            assert budget.seconds is None or 0 < budget.seconds <= 60
            assert budget.iterations is None or 1 <= budget.iterations <= 10_000_000
        if limits is SERVER_LIMITS and budget is not None:
            assert budget.seconds is not None
            assert budget.seconds <= 10


def test_the_players_themselves_refuse_endless_budgets_and_constants() -> None:
    for seconds in (math.nan, math.inf, 0.0, -1.0):
        with pytest.raises(ValueError, match="finite number of seconds"):
            Budget(seconds=seconds)
    for exploration in (math.nan, math.inf, -0.5):
        with pytest.raises(ValueError, match="exploration constant must be finite"):
            MctsPlayer(exploration=exploration)


def test_seat_lists_keep_settings_together() -> None:
    assert split_seats("a(x=1,y=2),b") == ["a(x=1,y=2)", "b"]


# --- matches and ratings -------------------------------------------------------------------


def test_seats_rotate_and_seeds_differ() -> None:
    tasks = schedule("triggle(players=3)", ["a", "b", "c"], games=4, seed=2)
    assert [t.players for t in tasks] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]
    assert len({t.seed for t in tasks}) == 4


def test_a_match_summary_counts_every_game_for_every_seat_and_player() -> None:
    players = ["greedy", "random"]
    results = play_match("triggle(size=3)", players, games=8, seed=3)
    summary = summarise(results, players)
    assert summary.games == 8
    for records in (summary.by_seat, summary.by_player):
        assert sum(r.played for r in records) == 16
        assert sum(r.wins for r in records) == sum(len(r.winners) == 1 for r in results)
    greedy, random_player = summary.by_player
    assert greedy.wins > random_player.wins
    assert summary.elo["greedy"].elo > summary.elo["random"].elo
    assert summary.elo["greedy"].low <= summary.elo["greedy"].elo <= summary.elo["greedy"].high
    assert 0 <= summary.first_player_wins <= 1
    again = play_match("triggle(size=3)", players, games=8, seed=3)
    assert [r.winners for r in again] == [r.winners for r in results]


def test_elo_of_equal_players_is_even_and_of_a_stronger_one_higher() -> None:
    even = [(("a", "b"), ("a",)), (("a", "b"), ("b",))] * 5
    assert fit(even) == pytest.approx({"a": 0.0, "b": 0.0}, abs=1e-6)
    strong = [(("a", "b"), ("a",))] * 9 + [(("a", "b"), ("b",))]
    rated = ratings(strong)
    assert rated["a"].elo > 150
    assert rated["a"].low < rated["a"].elo < rated["a"].high
    assert rated["a"].elo == pytest.approx(-rated["b"].elo)
    # A player who won everything still gets a finite rating (the virtual draw).
    assert fit([(("a", "b"), ("a",))] * 10)["a"] < 1000
    # Draws count half: one win and one draw against a loss-free player.
    assert fit([(("a", "b"), ("a", "b"))] * 4)["a"] == pytest.approx(0.0, abs=1e-6)


def test_three_player_results_become_pairwise() -> None:
    games = [(("a", "b", "c"), ("a",))] * 6
    elo = fit(games)
    assert elo["a"] > elo["b"] == pytest.approx(elo["c"])


def test_the_match_command_writes_results_and_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.json"
    status = main(
        [
            "match",
            "triggle(size=3)",
            "--seats",
            "greedy,mcts(iterations=20)",
            "--games",
            "4",
            "--jobs",
            str(min(2, PROCESSORS)),
            "--seed",
            "7",
            "--out",
            str(out),
        ]
    )
    assert status == 0
    printed = capsys.readouterr().out
    for words in ("wins", "draws", "losses", "Elo", "first player", "average length"):
        assert words in printed
    data = json.loads(out.read_text())
    assert data["finished"] == data["planned"] == 4
    assert [g["index"] for g in data["games"]] == [0, 1, 2, 3]
    first = data["games"][0]
    assert set(first) >= {"seats", "players", "winners", "scores", "length", "seed"}
    assert first["seats"] == ["greedy", "mcts(iterations=20)"]
    assert data["games"][1]["seats"] == ["mcts(iterations=20)", "greedy"]


def test_the_match_command_checks_its_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "triggle", "--seats", "hard"]) == 2
    assert "give 2 players" in capsys.readouterr().err
    assert main(["match", "triggle", "--seats", "hard,wizard"]) == 2
    assert "unknown player kind" in capsys.readouterr().err
    assert main(["match", "triggle", "--seats", "hard,easy", "--games", "0"]) == 2


def test_bench_ai_reports_simulations(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["bench-ai", "triggle(size=3)", "--player", "mcts(iterations=30)", "--moves", "2", "--json"]
    )
    assert status == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["simulations"] == 60
    assert figures["simulations_per_second"] > 0
    assert main(["bench-ai", "trig", "--player", "alphabeta(iterations=200)", "--moves", "1"]) == 0
    assert "nodes per second" in capsys.readouterr().out


# --- evaluations ---------------------------------------------------------------------------


def test_trig_distance_falls_as_a_chain_grows_and_is_blocked_by_the_opponent() -> None:
    from trigames.games.trig.evaluation import BLOCKED, distance

    state = hand_built_trig()
    assert (distance(state, 0), distance(state, 1)) == (1, 5)
    state.play("E1")
    assert state.is_over()
    ring = state.game.state_from_json(
        {"white": [], "black": ["G8", "F7", "F6", "G6", "H6", "H7"], "to_move": None}
    )
    assert distance(ring, 0) == BLOCKED


def test_trugo_evaluation_sees_a_group_in_danger() -> None:
    from trigames.games.trugo.evaluation import groups, sides

    state = find_win_in_one("trugo(tiles=8)")
    assert isinstance(state, TrugoState)
    seat = state.current_player
    assert seat is not None
    assert sides(state)[seat].liberties == sum(free for _, free in groups(state, seat))
    assert isinstance(state.game.heuristic(state, seat), float)


def test_every_heuristic_is_zero_sum_for_two_players() -> None:
    for spec in ("triggle", "tricolor", "trig", "trugo", "tranglar"):
        state = random_position(spec, 20, seed=4)
        game = state.game
        assert game.heuristic(state, 0) == pytest.approx(-game.heuristic(state, 1))
