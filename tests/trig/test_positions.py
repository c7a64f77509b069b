"""Trig positions read from JSON: what no game can reach is refused with a ``PositionError``
naming the field, and every position of a game, endings included, loads as it was."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from tests.test_protocol import random_ending, random_state
from trigames.games.trig import Trig

DATA = Path(__file__).parent.parent / "data" / "trig"
BAD = json.loads((DATA / "bad_positions.json").read_text())["positions"]
DOUBLE_WINS = json.loads((DATA / "double_wins.json").read_text())["wins"]
SPECS = ["trig", "trig(board=trigger)", "trig(board=triggest)"]


def test_the_bad_positions_cover_every_board() -> None:
    assert {case["spec"] for case in BAD} == set(SPECS)


@pytest.mark.parametrize("case", BAD, ids=[f"{c['spec']}: {c['about']}" for c in BAD])
def test_a_bad_position_is_refused(case: dict[str, Any]) -> None:
    game = trigames.load_game(case["spec"])
    with pytest.raises(trigames.PositionError) as refused:
        game.state_from_json(case["position"])
    assert case["error"] in str(refused.value)


def snapshot(state: trigames.State[Any]) -> tuple[Any, ...]:
    return (
        state.to_json(),
        [str(move) for move in state.legal_moves()],
        state.current_player,
        state.outcome(),
    )


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("seed", range(6))
def test_every_position_of_a_random_game_loads(spec: str, seed: int) -> None:
    """Each position of a random game, from the empty board to its end (sometimes an ending:
    a resignation, a time-out or an agreed draw), reads back as the same position."""
    rng = random.Random(seed)
    state = trigames.load_game(spec).new_initial_state()
    while True:
        obj = json.loads(json.dumps(state.to_json()))
        assert snapshot(state.game.state_from_json(obj)) == snapshot(state)
        if state.is_over():
            break
        if rng.random() < 0.01:
            state.play(random_ending(state, rng))
        else:
            state.play(rng.choice(state.legal_moves()))


@settings(max_examples=60, deadline=None)
@given(
    spec=st.sampled_from(SPECS),
    seed=st.integers(0, 2**32),
    plies=st.integers(0, 60),
    change=st.sampled_from(["drop", "turn over", "add"]),
    pick=st.integers(0, 10**6),
)
def test_a_changed_board_is_refused_or_plays_on_with_every_position_loading(
    spec: str, seed: int, plies: int, change: str, pick: int
) -> None:
    """A peg taken off, turned over or added to a position of a game: the result is refused,
    or it loads and so does every position a game from it goes through (the checks hold after
    any move from a position that passes them)."""
    state = random_state(spec, seed, plies)
    obj = state.to_json()
    pegs = [(key, cell) for key in ("white", "black") for cell in obj[key]]
    if change == "add" or not pegs:
        game = state.game
        assert isinstance(game, Trig)
        cells = [game.board.placements[i].name for i in game.board.playing]
        obj[("white", "black")[pick % 2]].append(cells[pick % len(cells)])
    else:
        key, cell = pegs[pick % len(pegs)]
        obj[key].remove(cell)
        if change == "turn over":
            obj["black" if key == "white" else "white"].append(cell)
    obj["to_move"] = None if state.is_over() else (len(obj["white"]) + len(obj["black"])) % 2
    try:
        loaded = state.game.state_from_json(obj)
    except trigames.PositionError:
        return
    rng = random.Random(seed)
    while not loaded.is_over():
        loaded.play(rng.choice(loaded.legal_moves()))
        assert snapshot(loaded.game.state_from_json(loaded.to_json())) == snapshot(loaded)


def test_a_win_that_only_a_capture_explains_loads() -> None:
    """G9xG8 wins three ways on Trigger. Taken back without its capture, G9 leaves a position
    White had already won, so only the capture explains the win: the position loads."""
    case = next(c for c in DOUBLE_WINS if c["moves"][-1] == "G9xG8" and "trigger" in c["spec"])
    game = trigames.load_game(case["spec"])
    state = game.new_initial_state()
    for move in case["moves"]:
        state.play(move)
    obj = state.to_json()
    assert game.state_from_json(obj).outcome() == state.outcome()
    without = {**obj, "white": [cell for cell in obj["white"] if cell != "G9"]}
    with pytest.raises(trigames.PositionError, match=r"'white' holds a win .* Black moved last"):
        game.state_from_json(without)


def test_the_rules_page_shows_a_position_as_to_json_gives_it() -> None:
    game = trigames.load_game("trig")
    page = game.rules()
    shown = page[page.index("## Positions") :].split("```json\n", 1)[1].split("\n```", 1)[0]
    state = game.new_initial_state()
    state.play("G6")
    state.play("G8")
    assert json.loads(shown) == state.to_json()
