"""Version-1 Trugo records (names counted from the layout's corner) convert to fixed names.

The records in ``tests/data/trugo/v1`` were saved by the old code; next to each is the final
position the old code reached, in the position format, which does not depend on names.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trigames
from tests.web.inprocess import in_own_loop, local
from trigames.core.errors import RecordError
from trigames.core.outcome import Outcome
from trigames.games.trugo import Trugo
from trigames.games.trugo.legacy import convert_v1_moves
from trigames.records import GameRecord
from trigames.web.rows import GameRow, StoredSeat
from trigames.web.store import SQLiteStore

DATA = Path(__file__).parent.parent / "data" / "trugo" / "v1"
RECORDS = sorted(DATA.glob("*.record.json"))


def load(spec: str) -> Trugo:
    game = trigames.load_game(spec)
    assert isinstance(game, Trugo)
    return game


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.split(".")[0] for p in RECORDS])
def test_old_records_replay_to_the_position_the_old_code_reached(path: Path) -> None:
    record = json.loads(path.read_text())
    assert record["version"] == 1
    expected = json.loads(path.with_name(path.name.replace(".record.", ".expected.")).read_text())
    game = load(record["game"])
    moves = convert_v1_moves(game, record["moves"])
    assert len(moves) == len(record["moves"])
    state = game.new_initial_state()
    for move in moves:
        state.play(move)
    assert state.to_json() == expected
    assert state.outcome() == Outcome.from_json(record["result"])
    assert [str(m) for m in state.history] == moves  # already in the engine's own spelling


def test_the_data_holds_games_that_grew_up_and_to_the_left() -> None:
    """Old names shifted in these games: the old first move names the first tile, which the
    old drawing later called by another name."""
    assert len(RECORDS) >= 4
    shifted = 0
    for path in RECORDS:
        record = json.loads(path.read_text())
        tiles = json.loads(path.with_name(path.name.replace(".record.", ".expected.")).read_text())
        left = min(x for x, _, _ in tiles["tiles"])
        shifted += left < -3
        assert record["moves"][0][:2] == "c2"
    assert shifted >= 3


def test_a_move_that_does_not_replay_is_named() -> None:
    game = load("trugo(tiles=3)")
    with pytest.raises(RecordError, match=r"^move 2 \(c2e, today i6e\) does not replay: .*no cell"):
        convert_v1_moves(game, ["c2e", "c2e"])  # old c2 was the middle cell only at first
    with pytest.raises(RecordError, match=r"^move 1 \(c2x\) does not replay: .*not a Trugo move"):
        convert_v1_moves(game, ["c2x"])
    with pytest.raises(RecordError, match=r"^move 2 \(zz99e\) does not replay: .*outside"):
        convert_v1_moves(game, ["c2e", "zz99e"])


def test_one_cell_under_two_old_names_gets_one_name() -> None:
    """The cell up-right of the first tile was ``i3`` in the old names, and ``l4`` once a tile
    lay up-left of the first one; today it is ``r9`` either way."""
    game = load("trugo(tiles=4)")
    assert convert_v1_moves(game, ["c2e", "i3sw"]) == ["o10e", "r9sw"]
    assert convert_v1_moves(game, ["c2e", "c3nw", "l4sw"]) == ["o10e", "l9nw", "r9sw"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.split(".")[0] for p in RECORDS])
def test_old_record_files_load_as_records_of_today(path: Path) -> None:
    """``GameRecord.load`` converts them (the game's ``convert_v1_moves``), and they save as
    version 2 with the new names."""
    expected = json.loads(path.with_name(path.name.replace(".record.", ".expected.")).read_text())
    record = GameRecord.load(path)
    assert record.replay().to_json() == expected
    assert record.to_json()["version"] == 2
    assert GameRecord.from_json(record.to_json()) == record


@in_own_loop
async def test_a_game_stored_by_the_old_web_server_is_converted(tmp_path: Path) -> None:
    path = RECORDS[0]
    old = json.loads(path.read_text())
    expected = json.loads(path.with_name(path.name.replace(".record.", ".expected.")).read_text())
    store = SQLiteStore(tmp_path / "games.sqlite3")
    seats = [StoredSeat(player["name"]) for player in old["players"]]
    result = None if old["result"] is None else Outcome.from_json(old["result"])
    store.insert(GameRow("old", old["game"], seats, list(old["moves"]), result, notation=1))
    async with local(store) as api, api.service.held("old") as live:
        assert live.snapshot.state.to_json() == expected
    stored = store.get("old")
    assert stored is not None
    assert stored.notation == 2
    assert stored.moves == GameRecord.load(path).moves
    store.close()
