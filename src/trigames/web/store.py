"""The web server's SQLite store: one row per game, rewritten in one transaction per change.

A row holds what a :class:`~trigames.records.GameRecord` holds (spec, seats with names and
kinds, moves in notation, result, date) plus the hashes of the seats' secret tokens, a
pending undo request or draw offer, and the record version whose notation the moves use
(rows of trigames 0.1 are version 1: the service converts them when it first loads them).

The schema is versioned (SQLite's ``user_version``) and brought up to date when the store
opens: :data:`MIGRATIONS` lists the steps from version 0 (the first schema) on.

The database runs in WAL mode with ``synchronous=NORMAL``: a change is committed (written to
the WAL file) before it is answered, so it survives the server process being killed at any
moment; only a power loss or an operating-system crash could lose the last few commits, which
SQLite then rolls back whole (the file is never corrupt). ``FULL`` would also survive those at
the price of an fsync per move on the event loop.

>>> store = Store(":memory:")
>>> row = GameRow("g1", "triggle", [StoredSeat("Ann", "human", "h0"), StoredSeat("Bob")])
>>> store.insert(row)
>>> row.moves.append("D1-D4")
>>> store.update(row)
>>> store.get("g1").moves
['D1-D4']
>>> [r.id for r in store.unfinished()]
['g1']
"""

from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from trigames.core.outcome import Outcome
from trigames.records import VERSION as RECORD_VERSION
from trigames.records import now

#: Environment variable naming the database file (``trigames serve --db`` wins over it).
DB_ENV = "TRIGAMES_DB"
LOG = logging.getLogger(__name__)
_SURROGATES = re.compile("[\ud800-\udfff]")

#: The schema as steps: ``MIGRATIONS[n]`` takes the database from version ``n`` (SQLite's
#: ``user_version``) to ``n + 1``. Version 0 is an empty file, or the schema of trigames 0.1,
#: which had the first step's table without a version.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE IF NOT EXISTS games (
            id TEXT PRIMARY KEY,
            spec TEXT NOT NULL,
            seats TEXT NOT NULL,
            moves TEXT NOT NULL,
            result TEXT,
            undo_request INTEGER,
            date TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX IF NOT EXISTS games_finished ON games (finished, updated)",
    ),
    (  # draw offers (a JSON list of the seats that agreed), the record version of the moves
        "ALTER TABLE games ADD COLUMN draw_offer TEXT",
        "ALTER TABLE games ADD COLUMN notation INTEGER NOT NULL DEFAULT 1",
    ),
    (  # the id of a finished game's rematch; clocks: the time limit chosen at creation
        # (JSON) and the deadline of the seat to move
        "ALTER TABLE games ADD COLUMN rematch TEXT",
        "ALTER TABLE games ADD COLUMN clock TEXT",
        "ALTER TABLE games ADD COLUMN deadline REAL",
    ),
)


def default_db_path() -> Path:
    """``$TRIGAMES_DB`` if set, else ``trigames.sqlite3`` in the user's data directory."""
    configured = os.environ.get(DB_ENV)
    if configured:
        return Path(configured)
    return Path(platformdirs.user_data_dir("trigames", appauthor=False)) / "trigames.sqlite3"


@dataclass
class StoredSeat:
    """A seat as stored: display name, kind (``human`` or a player spec), token hash."""

    name: str
    kind: str = "human"
    #: SHA-256 of the seat's secret token (hex); empty for computer seats.
    token_hash: str = ""

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "token_hash": self.token_hash}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> StoredSeat:
        """Read a stored seat; a name stored by an older server with text that is not Unicode
        (a lone surrogate) reads with U+FFFD in its place, so that it can be shown."""
        name = _SURROGATES.sub("\ufffd", str(obj["name"]))
        return cls(name, str(obj.get("kind", "human")), str(obj.get("token_hash", "")))


@dataclass
class GameRow:
    """One game as the store keeps it. ``result`` is ``None`` while the game goes on."""

    id: str
    spec: str
    seats: list[StoredSeat]
    moves: list[str] = field(default_factory=list)
    result: Outcome | None = None
    #: The seat that asked to take back a move and waits for the other side, if any.
    undo_request: int | None = None
    date: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    #: The seats that agreed to a draw offered and not yet answered by all (the first
    #: offered it), if there is one.
    draw_offer: list[int] | None = None
    #: The record version whose notation ``moves`` and ``result`` use.
    notation: int = RECORD_VERSION
    #: The id of the rematch of this finished game, once a player asked for one.
    rematch: str | None = None
    #: The game's time limit, ``{"per_move": SECONDS}`` or ``{"days_per_move": DAYS}``, if any.
    clock: dict[str, int] | None = None
    #: When the seat to move runs out of time (seconds since the epoch), if it is timed.
    deadline: float | None = None


class Store:
    """Games in an SQLite file (``":memory:"`` for a throwaway store). Thread-safe."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._migrate()

    def _migrate(self) -> None:
        """Create the schema, or bring an older one up to date, in one transaction."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                (version,) = self._db.execute("PRAGMA user_version").fetchone()
                for step in MIGRATIONS[version:]:
                    for statement in step:
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def insert(self, row: GameRow) -> None:
        """Add a new game."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO games (id, spec, seats, moves, result, undo_request, draw_offer,"
                " notation, rematch, clock, deadline, date, created, updated, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.spec, *self._mutable(row), row.date, row.date, row.updated,
                 int(row.result is not None)),
            )  # fmt: skip

    def update(self, row: GameRow) -> None:
        """Write the moves, result and undo request of a game, in one transaction."""
        row.updated = now()
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "UPDATE games SET seats = ?, moves = ?, result = ?, undo_request = ?,"
                " draw_offer = ?, notation = ?, rematch = ?, clock = ?, deadline = ?, updated = ?,"
                " finished = ? WHERE id = ?",
                (*self._mutable(row), row.updated, int(row.result is not None), row.id),
            )

    def get(self, game_id: str) -> GameRow | None:
        """The game with this id, if there is one."""
        with self._lock:
            found = self._db.execute(
                "SELECT * FROM games WHERE id = ?", (game_id,)
            ).fetchone()  # fmt: skip
        return None if found is None else self._row(found)

    def unfinished(self) -> list[GameRow]:
        """Every game still in progress, oldest first."""
        return self._select("WHERE finished = 0 ORDER BY created")

    def listing(self, finished: bool | None = None, limit: int = 100) -> list[GameRow]:
        """The latest games (changed last first), all or only finished or unfinished ones."""
        where = "" if finished is None else f"WHERE finished = {int(finished)} "
        return self._select(f"{where}ORDER BY updated DESC LIMIT {int(limit)}")

    def _select(self, clause: str) -> list[GameRow]:
        """The rows ``clause`` selects; a row that cannot be read is left out and logged, so
        that one broken game never breaks a listing."""
        with self._lock:
            rows = self._db.execute(f"SELECT * FROM games {clause}").fetchall()
        found = []
        for row in rows:
            try:
                found.append(self._row(row))
            except (ValueError, KeyError, TypeError):
                LOG.exception("game %r in the store cannot be read; it is left out", row[0])
        return found

    @staticmethod
    def _mutable(
        row: GameRow,
    ) -> tuple[
        str, str, str | None, int | None, str | None, int, str | None, str | None, float | None
    ]:
        return (
            json.dumps([seat.to_json() for seat in row.seats]),
            json.dumps(row.moves),
            None if row.result is None else json.dumps(row.result.to_json()),
            row.undo_request,
            None if row.draw_offer is None else json.dumps(row.draw_offer),
            row.notation,
            row.rematch,
            None if row.clock is None else json.dumps(row.clock),
            row.deadline,
        )

    @staticmethod
    def _row(found: sqlite3.Row) -> GameRow:
        result, draw = found["result"], found["draw_offer"]
        return GameRow(
            id=found["id"],
            spec=found["spec"],
            seats=[StoredSeat.from_json(seat) for seat in json.loads(found["seats"])],
            moves=list(json.loads(found["moves"])),
            result=None if result is None else Outcome.from_json(json.loads(result)),
            undo_request=found["undo_request"],
            date=found["date"],
            updated=found["updated"],
            draw_offer=None if draw is None else list(json.loads(draw)),
            notation=found["notation"],
            rematch=found["rematch"],
            clock=None if found["clock"] is None else dict(json.loads(found["clock"])),
            deadline=found["deadline"],
        )
