"""Where the web server keeps its games: one row per game, rewritten in one statement per change.

A row holds what a :class:`~trigames.records.GameRecord` holds (spec, seats with names and
kinds, moves in notation, result, date) plus the hashes of the seats' secret tokens, a
pending undo request or draw offer, and the record version whose notation the moves use
(rows of trigames 0.1 are version 1: the service converts them when it first loads them).

Two stores keep games alike, both following :class:`GameStore`: :class:`SQLiteStore`, a file
for one server process (the default), and :class:`~trigames.web.postgres.PostgresStore`, a
PostgreSQL database that several processes, on one machine or several, share
(``trigames[postgres]``). :func:`~trigames.web.storage.open_store` opens either from what
``--db`` says.

- **Revisions.** Every row has a revision, raised by each update, which writes only if the row
  is still at the revision it was read at; otherwise it raises :class:`StaleRowError` and
  changes nothing. Two processes changing one game at the same instant never both succeed:
  the loser reads the game again and decides anew.
- **Leases.** A computer move is made by the process that holds the game's lease (a row of
  ``leases``: owner and expiry on the database's clock). The owner renews it while it thinks;
  a lease not renewed lapses, and :meth:`GameStore.orphans` lists the games with a computer to
  move and no live lease, for another process to claim.
- **Schema.** Each store's schema is versioned and brought up to date when the store opens:
  :data:`MIGRATIONS` lists SQLite's steps from version 0 (the first schema) on, in SQLite's
  ``user_version``; PostgreSQL's steps and version table are in :mod:`trigames.web.postgres`.

The SQLite database runs in WAL mode with ``synchronous=NORMAL``: a change is committed
(written to the WAL file) before it is answered, so it survives the server process being
killed at any moment; only a power loss or an operating-system crash could lose the last few
commits, which SQLite then rolls back whole (the file is never corrupt). ``FULL`` would also
survive those at the price of an fsync per move on the event loop.

>>> store = SQLiteStore(":memory:")
>>> from trigames.web.rows import GameRow, StoredSeat
>>> row = GameRow("g1", "triggle", [StoredSeat("Ann", "human", "h0"), StoredSeat("Bob")])
>>> store.insert(row), store.insert(row)  # one game per id
(True, False)
>>> row.moves.append("D1-D4")
>>> store.update(row)
>>> store.get("g1").moves, store.get("g1").rev
(['D1-D4'], 1)
>>> [r.id for r in store.unfinished()]
['g1']
>>> row.rev = 0  # as read before that update: the update is refused
>>> store.update(row)
Traceback (most recent call last):
...
trigames.web.store.StaleRowError: game 'g1' changed since it was read (revision 0)
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

import platformdirs

from trigames.core.outcome import Outcome
from trigames.records import now
from trigames.web.account_store import AccountRows, AccountStore, account_tables
from trigames.web.challenge_store import ChallengeRows, ChallengeStore, challenge_tables
from trigames.web.lesson_store import LessonRows, LessonStore, lesson_tables
from trigames.web.limits import STATEMENT_SECONDS
from trigames.web.notice_store import NoticeRows, NoticeStore, notice_tables
from trigames.web.player_store import Alongside, PlayerRows, PlayerStore, player_tables
from trigames.web.rows import GameRow, StoredSeat

#: Environment variable naming the database: a file, or a ``postgresql://`` URL (``trigames
#: serve --db`` wins over it).
DB_ENV = "TRIGAMES_DB"
#: The name a deleted account's seats show.
DELETED = "deleted"
#: The schemes of a PostgreSQL URL.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
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
    (  # revisions (the optimistic check), whether a computer is to move, and its leases
        "ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN computer_turn INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_computer ON games (computer_turn) WHERE computer_turn = 1",
        "CREATE TABLE leases (game TEXT PRIMARY KEY, owner TEXT NOT NULL, expires REAL NOT NULL)",
    ),
    (  # the clocks of every process's games, for the sweep that times out the overdue ones
        "CREATE INDEX games_deadline ON games (deadline) WHERE finished = 0",
    ),
    account_tables("REAL"),  # accounts, their sessions, failed logins
    player_tables("REAL"),  # who plays which games, whose move they wait for, ratings
    challenge_tables("REAL"),  # the games accounts offer each other
    notice_tables("REAL"),  # how to reach players, and what they were told
    lesson_tables("REAL"),  # the lessons each account finished
)


class StoreError(Exception):
    """The store cannot be opened (no driver, no server...): the message says why."""


class StaleRowError(Exception):
    """An update of a row that changed since it was read (by another process): nothing was
    written."""

    def __init__(self, game_id: str, rev: int) -> None:
        super().__init__(f"game {game_id!r} changed since it was read (revision {rev})")
        self.game_id = game_id


def default_db_path() -> Path:
    """``trigames.sqlite3`` in the user's data directory."""
    return Path(platformdirs.user_data_dir("trigames", appauthor=False)) / "trigames.sqlite3"


def default_db() -> str:
    """``$TRIGAMES_DB`` if set (a file or a PostgreSQL URL), else :func:`default_db_path`."""
    return os.environ.get(DB_ENV) or str(default_db_path())


def is_postgres(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database (a ``postgresql://`` URL)."""
    return str(target).startswith(POSTGRES_SCHEMES)


def describe(target: str | Path) -> str:
    """``target`` as it may be shown: a URL without its password.

    >>> describe("postgresql://ann:secret@db.example:5432/games")
    'postgresql://ann:***@db.example:5432/games'
    """
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", str(target))


#: Told about a change made by another process: the game's id and its revision now, or
#: ``(None, 0)`` when changes may have been missed (any game may have changed).
ChangeListener = Callable[[str | None, int], None]


class GameStore(AccountStore, PlayerStore, ChallengeStore, NoticeStore, LessonStore, Protocol):
    """What the service needs of a store: the games, the accounts
    (:class:`~trigames.web.account_store.AccountStore`), their games and ratings
    (:class:`~trigames.web.player_store.PlayerStore`), their challenges
    (:class:`~trigames.web.challenge_store.ChallengeStore`), how to reach them
    (:class:`~trigames.web.notice_store.NoticeStore`) and the lessons they finished
    (:class:`~trigames.web.lesson_store.LessonStore`). Every method but :meth:`listen` is
    called in a worker thread (:class:`~trigames.web.database.Database`), never on the event
    loop."""

    #: The exceptions that mean the database failed (a full disk, a server down): nothing of
    #: the call that raised one was written.
    failures: tuple[type[Exception], ...]

    def insert(self, row: GameRow) -> bool:
        """Add a new game (at revision 0), unless a game with its id exists (then ``False``,
        and nothing is written)."""

    def update(self, row: GameRow, alongside: Alongside = ...) -> None:
        """Write the game's changes and raise ``row.rev``, if the stored row is still at
        ``row.rev``; else :class:`StaleRowError`, and nothing is written. What goes
        ``alongside`` (new players, ratings) is written in the same transaction."""

    def get(self, game_id: str) -> GameRow | None:
        """The game with this id, if there is one."""

    def revision(self, game_id: str) -> int | None:
        """The stored revision of the game, if there is one."""

    def delete_account(self, account_id: str) -> list[tuple[str, int]]:
        """Delete the account (see :class:`SqlStore`): the games changed, and their
        revisions now."""

    def unfinished(self) -> list[GameRow]:
        """Every game still in progress, oldest first."""

    def listing(
        self, finished: bool | None = None, limit: int = 100, moved: bool = False
    ) -> list[GameRow]:
        """The latest games (changed last first), all or only finished or unfinished ones;
        ``moved``: only those with a move played (or a seat resigned)."""

    def claim(self, game_id: str, owner: str, seconds: float) -> bool:
        """Take or extend the game's lease for ``seconds``, unless another owner holds a lease
        that has not lapsed; whether ``owner`` holds it now."""

    def renew(self, owner: str, seconds: float) -> None:
        """Extend every lease ``owner`` holds to ``seconds`` from now."""

    def release(self, game_id: str, owner: str) -> None:
        """Give up the game's lease, if ``owner`` holds it."""

    def orphans(self) -> list[str]:
        """Unfinished games with a computer to move and no lease that has not lapsed."""

    def overdue(self, now: float) -> list[str]:
        """Unfinished games whose seat to move ran out of time before ``now`` (at most 100)."""

    async def listen(self, changed: ChangeListener) -> None:
        """Call ``changed`` for every change other processes make, until cancelled (at once,
        with nothing to hear, for a store no other process shares)."""

    def close(self) -> None:
        """Close the connection."""


class SqlStore(AccountRows, PlayerRows, ChallengeRows, NoticeRows, LessonRows):
    """The statements both stores share. SQL is written with ``?`` placeholders and ``{now}``
    for the database's time (seconds since the epoch); a subclass runs it (``_query``, the
    rows a statement returns; ``_change``, how many rows it changed)."""

    #: The SQL expression of the time now, in seconds since the epoch.
    NOW: ClassVar[str]
    COLUMNS: ClassVar[str] = (
        "seats = ?, moves = ?, result = ?, undo_request = ?, draw_offer = ?, notation = ?,"
        " rematch = ?, clock = ?, deadline = ?, updated = ?, finished = ?, computer_turn = ?,"
        " waiting_for = ?"
    )

    def _sql(self, sql: str) -> str:
        return sql.replace("{now}", self.NOW)

    def insert(self, row: GameRow) -> bool:
        players = [seat.account for seat in row.seats if seat.account]
        with self._transaction() if players else contextlib.nullcontext():
            added = self._change(
                "INSERT INTO games (id, spec, seats, moves, result, undo_request, draw_offer,"
                " notation, rematch, clock, deadline, updated, finished, computer_turn,"
                " waiting_for, date, created, rev, rated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO NOTHING",
                (row.id, row.spec, *self._mutable(row), row.date, row.date, row.rev,
                 int(row.rated)),
            )  # fmt: skip
            if added:
                self._add_players(row.id, players)
        return bool(added)

    def update(self, row: GameRow, alongside: Alongside = Alongside()) -> None:  # noqa: B008
        updated = now()
        with self._transaction() if alongside else contextlib.nullcontext():
            changed = self._change(
                f"UPDATE games SET {self.COLUMNS}, rev = rev + 1 WHERE id = ? AND rev = ?",
                (*self._mutable(row, updated), row.id, row.rev),
            )
            if not changed:
                raise StaleRowError(row.id, row.rev)
            self._add_players(row.id, alongside.players)
            if alongside.rated_result:
                self._rate(row, alongside.at)
        row.updated = updated
        row.rev += 1

    def delete_account(self, account_id: str) -> list[tuple[str, int]]:
        """Delete the account, in one transaction: its sessions, browsers, preferences and
        open challenges go; its games stay, its seats named :data:`DELETED`. The games
        changed, and their revisions now."""
        changed = []
        with self._transaction():
            self._change(
                "UPDATE accounts SET deleted = 1, password_hash = '' WHERE id = ?", (account_id,)
            )
            for table in ("sessions", "push_subscriptions", "preferences", "lessons_finished"):
                self._change(f"DELETE FROM {table} WHERE account = ?", (account_id,))
            self._change(
                "UPDATE challenges SET status = 'cancelled' WHERE author = ? AND status = 'open'",
                (account_id,),
            )
            for row in self._select(
                "WHERE id IN (SELECT game FROM players WHERE account = ?)", (account_id,)
            ):
                seats = [
                    StoredSeat(DELETED, s.kind, s.token_hash, s.account)
                    if s.account == account_id
                    else s
                    for s in row.seats
                ]
                self._change(
                    "UPDATE games SET seats = ?, rev = rev + 1 WHERE id = ?",
                    (json.dumps([seat.to_json() for seat in seats]), row.id),
                )
                changed.append((row.id, row.rev + 1))
        return changed

    def games_of(self, account_id: str, limit: int = 50) -> list[GameRow]:
        """The account's latest games: those waiting for its move first, then the others,
        changed last first."""
        return self._select(
            "WHERE id IN (SELECT game FROM players WHERE account = ?)"
            " ORDER BY (waiting_for = ? AND finished = 0) DESC, updated DESC LIMIT ?",
            (account_id, account_id, limit),
        )

    def get(self, game_id: str) -> GameRow | None:
        found = self._query("SELECT * FROM games WHERE id = ?", (game_id,))
        return self._row(found[0]) if found else None

    def revision(self, game_id: str) -> int | None:
        found = self._query("SELECT rev FROM games WHERE id = ?", (game_id,))
        return int(found[0]["rev"]) if found else None

    def unfinished(self) -> list[GameRow]:
        return self._select("WHERE finished = 0 ORDER BY created")

    def listing(
        self, finished: bool | None = None, limit: int = 100, moved: bool = False
    ) -> list[GameRow]:
        tests = [] if finished is None else [f"finished = {int(finished)}"]
        if moved:
            tests.append("moves <> '[]'")
        where = f"WHERE {' AND '.join(tests)} " if tests else ""
        return self._select(f"{where}ORDER BY updated DESC LIMIT {int(limit)}")

    def claim(self, game_id: str, owner: str, seconds: float) -> bool:
        return bool(
            self._change(
                "INSERT INTO leases (game, owner, expires) VALUES (?, ?, {now} + ?)"
                " ON CONFLICT (game) DO UPDATE SET owner = excluded.owner,"
                " expires = excluded.expires"
                " WHERE leases.owner = excluded.owner OR leases.expires < {now}",
                (game_id, owner, seconds),
            )
        )

    def renew(self, owner: str, seconds: float) -> None:
        self._change("UPDATE leases SET expires = {now} + ? WHERE owner = ?", (seconds, owner))

    def release(self, game_id: str, owner: str) -> None:
        self._change("DELETE FROM leases WHERE game = ? AND owner = ?", (game_id, owner))

    def orphans(self) -> list[str]:
        found = self._query(
            "SELECT id FROM games WHERE computer_turn = 1 AND finished = 0 AND NOT EXISTS"
            " (SELECT 1 FROM leases WHERE game = games.id AND expires >= {now})"
            " ORDER BY updated LIMIT 100"
        )
        return [str(row["id"]) for row in found]

    def overdue(self, now: float) -> list[str]:
        found = self._query(
            "SELECT id FROM games WHERE finished = 0 AND deadline < ? ORDER BY deadline LIMIT 100",
            (now,),
        )
        return [str(row["id"]) for row in found]

    def _select(self, clause: str, params: Sequence[Any] = ()) -> list[GameRow]:
        """The rows ``clause`` selects; a row that cannot be read is left out and logged, so
        that one broken game never breaks a listing."""
        found = []
        for row in self._query(f"SELECT * FROM games {clause}", params):
            try:
                found.append(self._row(row))
            except (ValueError, KeyError, TypeError):
                LOG.exception("game %r in the store cannot be read; it is left out", row["id"])
        return found

    @staticmethod
    def _mutable(row: GameRow, updated: str | None = None) -> tuple[Any, ...]:
        """The values of :data:`COLUMNS`, in order."""
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
            row.updated if updated is None else updated,
            int(row.result is not None),
            int(row.computer_turn),
            row.waiting_for,
        )

    @staticmethod
    def _row(found: Mapping[str, Any]) -> GameRow:
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
            rev=found["rev"],
            computer_turn=bool(found["computer_turn"]),
            rated=bool(found["rated"]),
            waiting_for=found["waiting_for"],
        )


class SQLiteStore(SqlStore):
    """Games in an SQLite file (``":memory:"`` for a throwaway store), for one process.
    Thread-safe."""

    NOW = "((julianday('now') - 2440587.5) * 86400.0)"
    failures: tuple[type[Exception], ...] = (sqlite3.Error, OSError)

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()  # a transaction holds it across its statements
        self._db = sqlite3.connect(
            self.path,
            check_same_thread=False,
            isolation_level=None,
            timeout=STATEMENT_SECONDS,  # waiting for another connection's lock
        )
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

    def _query(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Mapping[str, Any]]:
        with self._lock:
            rows: list[Mapping[str, Any]] = self._db.execute(self._sql(sql), params).fetchall()
            return rows

    def _change(self, sql: str, params: Sequence[Any] = ()) -> int:
        with self._lock:
            return self._db.execute(self._sql(sql), params).rowcount

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._lock:
            if self._db.in_transaction:  # a transaction within one: part of it
                yield
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    async def listen(self, changed: ChangeListener) -> None:
        return  # no other process writes to this file

    def close(self) -> None:
        with self._lock:
            self._db.close()
