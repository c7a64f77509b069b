"""Reading TRANGLAR positions: one that cannot arise in a game is refused with a
``PositionError`` naming the field at fault (``bad_positions.json``), and every position a game
reaches reads back as itself, also those that look impossible and are not (``reached.json``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from tests.test_protocol import random_ending
from tests.tranglar.test_rules import AUDIT, DATA, REACHED, load, moves, owner, played
from trigames.games.tranglar.board import parse_piece

BAD = json.loads((DATA / "tranglar" / "bad_positions.json").read_text())["positions"]


@pytest.mark.parametrize("case", [pytest.param(case, id=case["about"]) for case in BAD])
def test_a_position_that_cannot_arise_is_refused(case: dict[str, Any]) -> None:
    with pytest.raises(trigames.PositionError) as error:
        trigames.load_game(case["spec"]).state_from_json(case["position"])
    for words in case["error"]:
        assert words in str(error.value)


def reads_back(state: trigames.State[Any]) -> None:
    """``state`` read from its JSON form is the same position, with the same moves and end."""
    again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    assert again.legal_moves() == state.legal_moves()
    assert again.outcome() == state.outcome()


@pytest.mark.parametrize(
    "case", [pytest.param(case, id=case["name"]) for case in REACHED["trapped"]]
)
def test_a_piece_may_stay_trapped_after_a_complete_turn(case: dict[str, Any]) -> None:
    state = played(case["moves"])
    assert owner(state, case["piece"]) == case["owner"]
    assert state.is_trapped(parse_piece(case["piece"])[1])
    reads_back(state)


def test_passes_read_back_when_nobody_who_passed_had_another_action() -> None:
    state = played(REACHED["passes"]["moves"])
    for _ in range(2):
        state.play("pass")
        reads_back(state)
    assert state.is_over()


def test_a_game_ended_by_repetition_reads_back() -> None:
    repeat = AUDIT["repetition"]
    state = played(repeat["moves"] + repeat["cycle"] * 2)
    assert state.to_json()["result"]["reason"] == repeat["reason"]
    reads_back(state)


def test_without_a_quiet_limit_a_quiet_count_up_to_a_million_reads() -> None:
    obj = played(AUDIT["repetition"]["moves"]).to_json()
    obj["game"] = "tranglar(quiet_limit=0)"
    obj["quiet"] = 10**6
    game = trigames.load_game(obj["game"])
    state = game.state_from_json(obj)
    assert state.to_json() == obj
    assert game.observation_planes(state, 0).flat()
    with pytest.raises(trigames.PositionError, match=r"'quiet'.*to 1000000"):
        game.state_from_json({**obj, "quiet": 10**30})
    with pytest.raises(trigames.PositionError, match="'quiet'"):
        load().state_from_json({**obj, "game": "tranglar"})


#: How often the random player of the next test chooses each action, when it can.
WEIGHTS = {"x": 6, "=": 3, "pass": 1, "place": 2}


@settings(max_examples=12, deadline=None)
@given(
    spec=st.sampled_from(["tranglar", "tranglar(quiet_limit=6)", "tranglar(quiet_limit=0)"]),
    seed=st.integers(0, 2**32),
)
def test_every_position_of_a_random_game_reads_back(spec: str, seed: int) -> None:
    """A random player that prefers take-overs, swaps and replacements (so that pieces change
    hands often), with now and then a resignation, a time-out or an agreed draw."""
    rng = random.Random(seed)
    state = trigames.load_game(spec).new_initial_state()
    reads_back(state)
    while not state.is_over():
        if rng.random() < 0.01:
            state.play(random_ending(state, rng))
        else:
            names = [str(m) for m in state.legal_moves()]
            kinds = {n: "x" if n[0] == "x" else "=" if "=" in n else n if n == "pass" else "place"
                     for n in names}  # fmt: skip
            state.play(rng.choices(names, [WEIGHTS[kinds[n]] for n in names])[0])
        reads_back(state)
    assert moves(state) == []
