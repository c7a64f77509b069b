"""The SQLite store: schema versions, and games stored by trigames 0.1."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.web.inprocess import in_own_loop, local
from trigames.web.rows import GameRow, StoredSeat
from trigames.web.store import MIGRATIONS, SQLiteStore

#: The table of trigames 0.1, which had no schema version.
OLD_SCHEMA = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, seats TEXT NOT NULL, moves TEXT NOT NULL,
    result TEXT, undo_request INTEGER, date TEXT NOT NULL, created TEXT NOT NULL,
    updated TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0
);
"""


def old_database(path: Path, moves: list[str], result: Mapping[str, object] | None) -> None:
    seats = json.dumps([{"name": "Ann", "kind": "human", "token_hash": "a"}] * 2)
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
        db.execute(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)",
            ("old", "trig", seats, json.dumps(moves), None if result is None else
             json.dumps(result), "2026-01-01", "2026-01-01", "2026-01-01", int(bool(result))),
        )  # fmt: skip
    db.close()


def test_a_new_store_is_at_the_latest_version(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "new.sqlite3")
    (version,) = store._db.execute("PRAGMA user_version").fetchone()
    assert version == len(MIGRATIONS)
    store.insert(GameRow("g", "trig", [StoredSeat("Ann"), StoredSeat("Bob")], draw_offer=[1]))
    found = store.get("g")
    assert found is not None
    assert found.draw_offer == [1]
    assert found.notation == 2
    store.close()


@in_own_loop
async def test_a_game_of_trigames_0_1_is_migrated_and_converted(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    resigned = {"winners": [0], "scores": [0, 0], "reason": "Black resigned"}
    old_database(path, ["G6", "F6"], resigned)
    store = SQLiteStore(path)
    row = store.get("old")
    assert row is not None
    assert row.notation == 1
    assert row.moves == ["G6", "F6"]
    async with local(store) as api:
        shown = await api.view("old")
    assert shown["moves"] == ["G6", "F6", "resign 1"]
    assert shown["outcome"]["reason"] == "Black resigned"
    again = store.get("old")
    assert again is not None
    assert again.notation == 2
    assert again.moves[-1] == "resign 1"
    store.close()
    reopened = SQLiteStore(path)  # migrating twice changes nothing
    assert reopened.get("old") == again
    reopened.close()


def test_a_store_from_before_clocks_opens_and_its_games_have_none(tmp_path: Path) -> None:
    path = tmp_path / "before-clocks.sqlite3"
    with sqlite3.connect(path) as db:
        for step in MIGRATIONS[:2]:
            for statement in step:
                db.execute(statement)
        db.execute("PRAGMA user_version = 2")
        db.execute(
            "INSERT INTO games (id, spec, seats, moves, date, created, updated, notation)"
            " VALUES ('g1', 'triggle', ?, '[\"D1-D4\"]', 'd', 'd', 'd', 2)",
            (json.dumps([{"name": "Ann"}, {"name": "Bob"}]),),
        )
    store = SQLiteStore(path)
    row = store.get("g1")
    assert row is not None
    assert row.clock is None
    assert row.deadline is None
    assert run_view(store, "g1")["moves"] == ["D1-D4"]
    (version,) = store._db.execute("PRAGMA user_version").fetchone()
    assert version == len(MIGRATIONS)


def run_view(store: SQLiteStore, game_id: str) -> dict[str, Any]:
    """The game's whole view, from a service on ``store`` (which stays open)."""
    shown: dict[str, Any] = {}

    @in_own_loop
    async def read() -> None:
        async with local(store) as api:
            shown.update(await api.view(game_id))

    read()
    return shown
