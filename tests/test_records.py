"""Game records: save, load, replay, and refusal of records that do not replay."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.records import GameRecord, Seat

SPECS = ["triggle", "triggle(size=3,players=3)", "triggle(touch=false,misere=true)"]


def random_game(spec: str, seed: int, limit: int | None = None) -> trigames.State[Any]:
    rng = random.Random(seed)
    state: trigames.State[Any] = trigames.load_game(spec).new_initial_state()
    while not state.is_over() and (limit is None or len(state.history) < limit):
        state.play(rng.choice(state.legal_moves()))
    return state


def seats_for(state: trigames.State[Any]) -> list[Seat]:
    return [Seat(f"P{i}", "random") for i in range(state.game.num_players)]


@settings(max_examples=25, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 10**6), cut=st.none() | st.integers(0, 40))
def test_records_round_trip_through_json_and_replay(spec: str, seed: int, cut: int | None) -> None:
    state = random_game(spec, seed, cut)
    record = GameRecord.from_state(state, seats_for(state))
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    replayed = again.replay()
    assert replayed.to_json() == state.to_json()
    assert replayed.outcome() == state.outcome()


def test_save_and_load(tmp_path: Path) -> None:
    state = random_game("triggle", 3)
    record = GameRecord.from_state(state, seats_for(state), date="2026-01-02T03:04:05+00:00")
    record.save(tmp_path / "r.json")
    loaded = GameRecord.load(tmp_path / "r.json")
    assert loaded == record
    assert loaded.result is not None
    assert loaded.result == state.outcome()
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left behind


def test_positions_step_through_every_move() -> None:
    state = random_game("triggle(size=3)", 8)
    record = GameRecord.from_state(state, seats_for(state))
    counts = [len(position.history) for position in record.positions()]
    assert counts == list(range(len(record.moves) + 1))


def base_record() -> dict[str, Any]:
    state = random_game("triggle", 11)
    return GameRecord.from_state(state, seats_for(state)).to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(moves=[*r["moves"][:4], "A1-A4", *r["moves"][4:]]), "move 5 (A1-A4)"),
        (lambda r: r["moves"].__setitem__(2, "Q7-Q9"), "move 3 (Q7-Q9) does not replay"),
        (lambda r: r.update(game="chess"), "unknown game 'chess'"),
        (lambda r: r.update(game="triggle(size=2)"), "cannot be '2'"),
        (lambda r: r.update(players=[{"name": "solo"}]), "lists 1 players"),
        (lambda r: r["result"].update(winners=[0, 1]), "does not match the moves"),
        (lambda r: r.update(moves=r["moves"] + ["D1-D4"]), "the game is over"),
        (lambda r: r.update(format="pgn"), "not a trigames record"),
        (lambda r: r.update(version=99), "unsupported record version"),
        (lambda r: r.update(moves="D1-D4"), "'moves' must be a list"),
        (lambda r: r.update(result={"winners": "x"}), "bad result"),
    ],
)
def test_broken_records_are_refused_with_the_reason(change: Any, message: str) -> None:
    obj = base_record()
    change(obj)
    with pytest.raises(trigames.RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        GameRecord.from_json(obj).replay()


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "broken.json"
    target.write_text("{ not json")
    with pytest.raises(trigames.RecordError, match="not valid JSON"):
        GameRecord.load(target)


def test_a_resignation_stands_on_an_unfinished_position() -> None:
    resigned = trigames.Outcome((0,), (0, 0), "Red resigned")
    record = GameRecord("triggle", [Seat("Ann"), Seat("Bob")], ["D1-D4"], resigned)
    assert [str(move) for move in record.replay().history] == ["D1-D4"]
