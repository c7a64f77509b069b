"""Game records: save, load, replay, and refusal of records that do not replay."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.records import MAX_RECORD_BYTES, GameRecord, Seat

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


def test_a_resignation_is_a_move_of_the_record() -> None:
    state = random_game("triggle", 5, limit=6)
    state.resign(0)
    record = GameRecord.from_state(state, seats_for(state))
    assert record.moves[-1] == "resign 0"
    assert record.result == trigames.Outcome((1,), state.scores(), "Blue resigned")
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again.replay().outcome() == record.result


@pytest.mark.parametrize(
    ("ending", "winners", "reason"),
    [
        ("resign 1", (0,), "Yellow resigned"),
        ("timeout 0", (1,), "Blue ran out of time"),
        ("draw agreed", (0, 1), "draw agreed"),
    ],
)
def test_every_ending_is_stored_and_checked(
    ending: str, winners: tuple[int, ...], reason: str
) -> None:
    state = random_game("triggle", 9, limit=4)
    state.play(ending)
    record = GameRecord.from_state(state, seats_for(state))
    assert record.moves[-1] == ending
    assert record.replay().outcome() == trigames.Outcome(winners, state.scores(), reason)
    record.result = trigames.Outcome((0,), state.scores(), "Red resigned")
    with pytest.raises(trigames.RecordError, match="does not match the moves"):
        record.replay()


def test_a_result_without_the_ending_that_made_it_is_refused() -> None:
    resigned = trigames.Outcome((0,), (0, 0), "Yellow resigned")
    record = GameRecord("triggle", [Seat("Ann"), Seat("Bob")], ["D1-D4"], resigned)
    with pytest.raises(trigames.RecordError, match="which give no result yet"):
        record.replay()


def test_with_three_players_a_resignation_leaves_the_rest_playing() -> None:
    state = random_game("triggle(players=3)", 2, limit=3)
    state.resign(1)
    assert not state.is_over()
    assert state.withdrawn == (1,)
    while not state.is_over():
        assert state.current_player != 1
        state.play(state.legal_moves()[0])
    outcome = state.outcome()
    assert outcome is not None
    assert 1 not in outcome.winners
    record = GameRecord.from_state(state, seats_for(state))
    assert "resign 1" in record.moves
    assert record.replay().to_json() == state.to_json()


def v1_record(moves: list[str], result: dict[str, Any] | None, game: str = "triggle") -> Any:
    return {
        "format": "trigames-record",
        "version": 1,
        "game": game,
        "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "moves": moves,
        "result": result,
        "date": "2026-01-01T00:00:00+00:00",
    }


def test_a_version_1_resignation_becomes_a_resign_move() -> None:
    result = {"winners": [0], "scores": [0, 0], "reason": "Yellow resigned"}
    record = GameRecord.from_json(v1_record(["D1-D4"], result))
    assert record.moves == ["D1-D4", "resign 1"]
    assert record.to_json()["version"] == 2
    assert record.replay().outcome() == trigames.Outcome((0,), (0, 0), "Yellow resigned")


def test_a_version_1_resignation_of_a_seat_the_game_lacks_is_refused() -> None:
    result = {"winners": [0], "scores": [0, 0], "reason": "Purple resigned"}
    with pytest.raises(
        trigames.RecordError, match="the result says 'Purple' resigned, but triggle has no seat"
    ):
        GameRecord.from_json(v1_record(["D1-D4"], result))


@pytest.mark.parametrize("version", [1, 2])
def test_a_result_with_a_score_for_no_seat_is_refused(version: int) -> None:
    result = {"winners": [1], "scores": [7, 3, 1], "reason": "Blue resigned"}
    obj = {**v1_record(["D1-D4"], result), "version": version}
    with pytest.raises(trigames.RecordError, match="3 scores for the 2 seats of triggle"):
        GameRecord.from_json(obj).replay()


def test_a_version_1_record_of_a_finished_game_reads_as_it_is() -> None:
    state = random_game("triggle", 4)
    obj = GameRecord.from_state(state, seats_for(state)).to_json()
    obj["version"] = 1
    assert GameRecord.from_json(obj).replay().outcome() == state.outcome()


def test_a_version_1_tranglar_resign_move_still_reads() -> None:
    result = {"winners": [0], "scores": [0, 0], "reason": "Green resigned"}
    obj = v1_record(["Ga1esb1nwa2n", "resign"], result, game="tranglar")
    state = GameRecord.from_json(obj).replay()
    assert [str(move) for move in state.history] == ["Ga1esb1nwa2n", "resign 1"]
    assert state.outcome() == trigames.Outcome((0,), (0, 0), "Green resigned")


# --- files of any content ------------------------------------------------------------------

UNREADABLE = json.loads(
    (Path(__file__).parent / "data" / "records" / "unreadable.json").read_text()
)


@pytest.mark.parametrize(
    "case", UNREADABLE["unreadable"], ids=[c["why"] for c in UNREADABLE["unreadable"]]
)
def test_a_record_file_that_is_wrong_is_a_record_error(
    tmp_path: Path, case: dict[str, str]
) -> None:
    target = tmp_path / "bad.json"
    target.write_text(case["text"], encoding="utf-8")
    with pytest.raises(trigames.RecordError) as refused:
        GameRecord.load(target).replay()
    assert case["error"] in str(refused.value)
    assert len(str(refused.value)) < 400  # a long text in the file is quoted only in part


def test_a_record_file_is_read_up_to_its_size_limit(tmp_path: Path) -> None:
    text = json.dumps(UNREADABLE["good"])
    target = tmp_path / "padded.json"
    target.write_text(text.ljust(MAX_RECORD_BYTES), encoding="utf-8")
    assert GameRecord.load(target).replay().is_over()
    target.write_text(text.ljust(MAX_RECORD_BYTES + 1), encoding="utf-8")
    with pytest.raises(trigames.RecordError, match="at most 10000000 bytes"):
        GameRecord.load(target)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_file_loads_or_is_a_record_error(
    tmp_path_factory: pytest.TempPathFactory, content: bytes
) -> None:
    target = tmp_path_factory.mktemp("any") / "record.json"
    target.write_bytes(content)
    with contextlib.suppress(trigames.RecordError):
        GameRecord.load(target).replay()


#: JSON values to put in place of a part of a record.
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
#: The places a record can be changed: a key of the record or of its result.
PLACES = ["format", "version", "game", "players", "moves", "result", "date"] + [
    f"result.{key}" for key in ("winners", "scores", "reason")
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PLACES), JSON_VALUES)
def test_a_record_with_any_part_replaced_replays_or_is_a_record_error(
    place: str, value: Any
) -> None:
    obj = json.loads(json.dumps(UNREADABLE["good"]))
    where, _, key = place.partition(".")
    if key:
        obj[where][key] = value
    else:
        obj[where] = value
    try:
        state = GameRecord.from_json(obj).replay()
    except trigames.RecordError:
        return
    assert state.outcome() == GameRecord.from_json(obj).result
