"""The engine protocol, checked the same way for every registered game and some variants."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.records import GameRecord, Seat

SPECS = [
    "triggle",
    "triggle(size=3,players=4,markers=3)",
    "triggle(touch=false,misere=true)",
    "tricolor",
    "tricolor(size=2,players=3)",
    "trig",
    "trig(board=trigger)",
    "trig(board=triggest)",
    "trugo",
    "trugo(tiles=12,pieces=6,stacking=false,waning_limit=30)",
    "tranglar",
    "tranglar(quiet_limit=6)",
]


def test_every_game_is_covered() -> None:
    assert {trigames.parse_spec(spec).name for spec in SPECS} == {
        cls.name for cls in trigames.list_games()
    }


def snapshot(state: trigames.State[Any]) -> tuple[Any, ...]:
    """Everything observable about a position."""
    return (
        json.dumps(state.to_json(), sort_keys=True),
        [str(m) for m in state.legal_moves()],
        state.current_player,
        state.scores(),
        state.outcome(),
    )


def random_state(spec: str, seed: int, plies: int | None = None) -> trigames.State[Any]:
    rng = random.Random(seed)
    state: trigames.State[Any] = trigames.load_game(spec).new_initial_state()
    while not state.is_over() and (plies is None or len(state.history) < plies):
        state.play(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_random_games_end_and_undo_retraces_every_step(spec: str, seed: int) -> None:
    rng = random.Random(seed)
    state = trigames.load_game(spec).new_initial_state()
    seen = [snapshot(state)]
    while not state.is_over():
        moves = state.legal_moves()
        assert moves, "a game that is not over has a legal move"
        assert len({str(m) for m in moves}) == len(moves)
        for move in moves:
            assert state.parse_move(str(move)) == move
        state.play(rng.choice(moves))
        seen.append(snapshot(state))
    outcome = state.outcome()
    assert outcome is not None
    assert state.current_player is None
    assert state.legal_moves() == []
    assert set(outcome.winners) <= set(range(state.game.num_players))
    with pytest.raises(trigames.GameOverError):
        state.play(seen and str(state.history[-1]))
    while state.history:
        seen.pop()
        state.undo()
        assert snapshot(state) == seen[-1]
    with pytest.raises(trigames.UndoError):
        state.undo()


def random_ending(state: trigames.State[Any], rng: random.Random) -> str:
    """Notation of an ending possible on ``state``: a seat in the game resigns or runs out of
    time, or everybody agrees to a draw."""
    kind = rng.choice(["resign", "timeout", "draw agreed"])
    return kind if kind == "draw agreed" else f"{kind} {rng.choice(state.seats_in_game())}"


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_endings_mix_with_moves_and_undo_takes_them_back(spec: str, seed: int) -> None:
    """Resignations, time-outs and agreed draws at random moments: a seat that left never
    moves again nor wins, one seat left wins, and undo retraces every step."""
    rng = random.Random(seed)
    state = trigames.load_game(spec).new_initial_state()
    seen = [snapshot(state)]
    while not state.is_over():
        if rng.random() < 0.05:
            before = state.seats_in_game()
            ending = random_ending(state, rng)
            state.play(ending)
            assert str(state.history[-1]) == ending
            assert state.game.describe_last(state)
            if ending != "draw agreed" and len(before) > 2:
                assert not state.is_over()
                assert state.current_player in state.seats_in_game()
        else:
            assert state.current_player not in state.withdrawn
            state.play(rng.choice(state.legal_moves()))
        seen.append(snapshot(state))
    outcome = state.outcome()
    assert outcome is not None
    assert not set(outcome.winners) & set(state.withdrawn)
    assert state.legal_moves() == []
    for ending in ("resign 0", "draw agreed"):
        with pytest.raises(trigames.GameOverError):
            state.play(ending)
    copy = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(copy) == snapshot(state)
    while state.history:
        seen.pop()
        state.undo()
        assert snapshot(state) == seen[-1]


@pytest.mark.parametrize(
    ("ending", "message"),
    [
        ("resign 7", "there is no seat 7"),
        ("timeout", "write timeout SEAT"),
        ("resign x", "write resign SEAT"),
    ],
)
def test_bad_endings_are_refused(ending: str, message: str) -> None:
    state = trigames.load_game("trig").new_initial_state()
    with pytest.raises(trigames.MoveError, match=message):
        state.play(ending)
    state = trigames.load_game("triggle(players=3)").new_initial_state()
    state.resign(2)
    with pytest.raises(trigames.IllegalMoveError, match="Red has already left the game"):
        state.play("resign 2")


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_positions_round_trip_through_json(spec: str, seed: int, plies: int) -> None:
    state = random_state(spec, seed, plies)
    rng = random.Random(seed)
    while not state.is_over() and rng.random() < 0.3:
        state.play(random_ending(state, rng))
    obj = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(obj)
    assert again.to_json() == state.to_json()
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
    assert again.current_player == state.current_player
    assert again.outcome() == state.outcome()
    assert eval(repr(again), {"trigames": trigames}).to_json() == state.to_json()


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32), plies=st.integers(0, 40))
def test_clones_are_independent(spec: str, seed: int, plies: int) -> None:
    state = random_state(spec, seed, plies)
    before = (snapshot(state), repr(vars(state)))
    twin = state.clone()
    assert snapshot(twin) == before[0]
    rng = random.Random(seed)
    while not twin.is_over():
        twin.play(rng.choice(twin.legal_moves()))
    while twin.history:
        twin.undo()
    assert (snapshot(state), repr(vars(state))) == before


@settings(max_examples=25, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_records_round_trip(spec: str, seed: int) -> None:
    state = random_state(spec, seed)
    seats = [Seat(f"P{i}", "random") for i in range(state.game.num_players)]
    record = GameRecord.from_json(
        json.loads(json.dumps(GameRecord.from_state(state, seats).to_json()))
    )
    assert record.replay().to_json() == state.to_json()


@pytest.mark.parametrize("spec", SPECS)
def test_spec_strings_round_trip(spec: str) -> None:
    game = trigames.load_game(spec)
    assert str(game.spec) == spec
    assert trigames.load_game(str(game.spec)) == game
    assert eval(repr(game), {"trigames": trigames}) == game


@pytest.mark.parametrize("spec", SPECS)
def test_every_game_has_its_parts(spec: str) -> None:
    game = trigames.load_game(spec)
    state = random_state(spec, 1, 5)
    assert game.render_text(state)
    assert game.render_text(state, color=True)
    assert game.describe_last_move(state)
    assert game.rules().startswith("# ")
    assert "placeholder" not in game.rules()
    assert "## In every game: resigning, draws, time and seats" in game.rules()
    assert len(game.seat_colours) >= game.num_players
    assert all(re.fullmatch("#[0-9a-f]{6}", colour) for colour in game.seat_colours)
    info = game.info()
    assert info["game"] == spec
    json.dumps(info)
    assert [game.player_name(i) for i in range(game.num_players)]


@settings(max_examples=30, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32), plies=st.integers(0, 60))
def test_input_steps_lead_to_each_legal_move_by_its_own_clicks(
    spec: str, seed: int, plies: int
) -> None:
    """Every step of every legal move is a place on the picture or words that name no place;
    clicking a move's places keeps it among the candidates, and its full steps tell it apart
    unless the rest differ only in what a player chooses off the board."""
    state = random_state(spec, seed, plies)
    game = state.game
    places = set(re.findall(r'data-name="([^"]*)"', game.render_svg(state)))
    moves = state.legal_moves()
    steps = {str(m): game.input_steps(state, m) for m in moves}
    for name, path in steps.items():
        assert path, name
        for step in path:
            assert step, name
            on_board = [token in places for token in step]
            assert all(on_board) or not any(on_board), (name, step)
        clicks = [step[0] for step in path]
        if len(set(clicks)) < len(clicks):  # the same place twice: another order is meant
            clicks = [step[i % len(step)] for i, step in enumerate(path)]
        matching = [
            other
            for other, other_path in steps.items()
            if len(other_path) == len(path)
            and all(c in s for c, s in zip(clicks, other_path, strict=True))
        ]
        assert name in matching


@pytest.mark.parametrize(
    ("alias", "spec"), [("trigger", "trig(board=trigger)"), ("Triggest", "trig(board=triggest)")]
)
def test_trigger_and_triggest_are_specs_everywhere(alias: str, spec: str) -> None:
    game = trigames.load_game(alias)
    assert str(game.spec) == spec
    assert game == trigames.load_game(spec)
    record = GameRecord("trigger", [Seat("A"), Seat("B")], ["G6"])
    assert str(record.replay().game.spec) == "trig(board=trigger)"
    with pytest.raises(trigames.SpecError, match="its board cannot be changed"):
        trigames.load_game(f"{alias}(board=trig)")


@pytest.mark.parametrize(
    ("spec", "endings", "message"),
    [
        ("trig", "resign 1", "'endings' must be a list"),
        ("trig", ["resign 1", "resign 0"], "only the last of the 'endings' can end the game"),
        ("trig", ["draw"], "is not resign N, timeout N or draw agreed"),
        ("trig", ["resign 5"], "there is no seat 5"),
        ("triggle(players=3)", ["resign 1", "resign 1"], "Yellow has already left the game"),
        ("triggle(players=3)", ["draw agreed", "resign 1"], "only the last"),
        ("triggle(players=3)", ["resign 0"], "seat 0 is to move but has left the game"),
    ],
)
def test_a_position_lists_only_endings_that_can_have_happened(
    spec: str, endings: Any, message: str
) -> None:
    game = trigames.load_game(spec)
    position = {**game.new_initial_state().to_json(), "endings": endings}
    with pytest.raises(trigames.PositionError, match=message):
        game.state_from_json(position)
