"""The PostgreSQL store: one database that several server processes share (``trigames[postgres]``).

The rows, revisions and leases are :class:`~trigames.web.store.SqlStore`'s, as in SQLite;
what this module adds:

- **Schema.** :data:`MIGRATIONS` lists the steps, from an empty database on; the version is
  the one row of ``trigames_schema``. Processes that start together migrate one at a time (a
  transaction-wide advisory lock), so a step never runs twice.
- **Changes told.** A trigger on ``games`` sends ``NOTIFY trigames_games, 'ID REV'`` for every
  insert and update, in the writer's transaction: it is delivered when (and only if) the change
  commits. :meth:`PostgresStore.listen` hears them on a connection of its own and reconnects
  after a lost connection (telling its listener that any game may have changed meanwhile).
- **Durability.** Every statement commits on its own (autocommit), with PostgreSQL's default
  ``synchronous_commit``: a change is on disk before the server answers. The leases are an
  unlogged table: they need not survive a crash of the database, and claiming one waits for no
  disk write.
- **Connections.** Each worker thread of the process's
  :class:`~trigames.web.database.Database` has a connection of its own (opened when it first
  needs one, and again after it broke: the database restarted), so that one game's commit,
  which waits for PostgreSQL's flush to disk, does not hold up another's. Connecting and every
  statement are bounded in time (``connect_timeout``, ``statement_timeout``:
  :data:`~trigames.web.limits.STATEMENT_SECONDS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import select
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import psycopg
from psycopg.rows import dict_row

from trigames.web.account_store import account_tables
from trigames.web.challenge_store import challenge_tables
from trigames.web.lesson_store import lesson_tables
from trigames.web.limits import STATEMENT_SECONDS
from trigames.web.notice_store import notice_tables
from trigames.web.player_store import player_tables
from trigames.web.store import ChangeListener, SqlStore, StoreError, describe

LOG = logging.getLogger(__name__)

#: The channel of the change notifications.
CHANNEL = "trigames_games"
#: The key of the advisory lock held while migrating.
MIGRATION_LOCK = 0x7472_6967  # "trig"

#: ``MIGRATIONS[n]`` takes the database from version ``n`` to ``n + 1``; version 1 holds what
#: SQLite's version 4 holds (see :data:`trigames.web.store.MIGRATIONS`).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            spec TEXT NOT NULL,
            seats TEXT NOT NULL,
            moves TEXT NOT NULL,
            result TEXT,
            undo_request INTEGER,
            draw_offer TEXT,
            notation INTEGER NOT NULL DEFAULT 1,
            rematch TEXT,
            clock TEXT,
            deadline DOUBLE PRECISION,
            date TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0,
            rev INTEGER NOT NULL DEFAULT 0,
            computer_turn INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX games_finished ON games (finished, updated)",
        "CREATE INDEX games_computer ON games (computer_turn) WHERE computer_turn = 1",
        # Unlogged: a lease is worth nothing after a crash of the database (every game is then
        # adopted anew), and claiming one then waits for no disk write.
        """CREATE UNLOGGED TABLE leases (
            game TEXT PRIMARY KEY,
            owner TEXT NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        f"""CREATE FUNCTION trigames_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', NEW.id || ' ' || NEW.rev);
            RETURN NULL;
        END $$""",
        """CREATE TRIGGER games_changed AFTER INSERT OR UPDATE ON games
            FOR EACH ROW EXECUTE FUNCTION trigames_changed()""",
    ),
    (  # the clocks of every process's games, for the sweep that times out the overdue ones
        "CREATE INDEX games_deadline ON games (deadline) WHERE finished = 0",
    ),
    account_tables("DOUBLE PRECISION"),  # accounts, their sessions, failed logins
    player_tables("DOUBLE PRECISION"),  # who plays which games, whose move, ratings
    challenge_tables("DOUBLE PRECISION"),  # the games accounts offer each other
    notice_tables("DOUBLE PRECISION"),  # how to reach players, and what they were told
    lesson_tables("DOUBLE PRECISION"),  # the lessons each account finished
)


class PostgresStore(SqlStore):
    """Games in a PostgreSQL database, shared by every process given the same ``url``."""

    NOW = "extract(epoch FROM clock_timestamp())::double precision"
    FOR_UPDATE = " FOR UPDATE"
    failures: tuple[type[Exception], ...] = (psycopg.Error, StoreError)

    def __init__(self, url: str, timeout: float = STATEMENT_SECONDS) -> None:
        self.url = url
        self.timeout = timeout
        self._local = threading.local()
        self._lock = threading.Lock()
        self._opened: list[psycopg.Connection[dict[str, Any]]] = []
        self._closed = False
        self._migrate()

    def _connect(self) -> psycopg.Connection[dict[str, Any]]:
        try:
            return psycopg.connect(
                self.url,
                autocommit=True,
                row_factory=dict_row,
                connect_timeout=max(1, round(self.timeout)),
                options=f"-c statement_timeout={round(self.timeout * 1000)}",
            )
        except psycopg.Error as error:
            raise StoreError(f"cannot connect to {describe(self.url)}: {error}") from None

    def _migrate(self) -> None:
        """Create the schema, or bring an older one up to date, in one transaction."""
        db = self._connection()
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            db.execute("CREATE TABLE IF NOT EXISTS trigames_schema (version INTEGER)")
            found = db.execute("SELECT version FROM trigames_schema").fetchone()
            version = 0 if found is None else int(found["version"])
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"the database's schema is version {version}, newer than this trigames "
                    f"knows ({len(MIGRATIONS)}): upgrade trigames"
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    db.execute(statement)
            db.execute("DELETE FROM trigames_schema")
            db.execute("INSERT INTO trigames_schema VALUES (%s)", (len(MIGRATIONS),))

    def _sql(self, sql: str) -> str:
        return super()._sql(sql).replace("?", "%s")

    def _connection(self) -> psycopg.Connection[dict[str, Any]]:
        """This thread's connection, opened again if it broke (the database restarted)."""
        if self._closed:
            raise StoreError("the store is closed")
        db: psycopg.Connection[dict[str, Any]] | None = getattr(self._local, "db", None)
        if db is not None and not (db.broken or db.closed) and not _still_open(db):
            db.close()  # the server ended it while it was idle (a restart): nothing was sent
        if db is None or db.broken or db.closed:
            if db is not None:
                LOG.warning("the connection to the database was lost: connecting again")
            db = self._connect()
            self._local.db = db
            with self._lock:
                self._opened = [*(c for c in self._opened if not c.closed), db]
        return db

    def _query(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Mapping[str, Any]]:
        return self._connection().execute(self._sql(sql), params).fetchall()

    def _change(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._connection().execute(self._sql(sql), params).rowcount

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        with self._connection().transaction():
            yield

    async def listen(self, changed: ChangeListener) -> None:
        """Hear the changes every process makes (this one's too), until cancelled."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=max(1, round(self.timeout))
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    changed(None, 0)  # anything may have changed before we listened
                    async for note in connection.notifies():
                        game_id, _, rev = note.payload.rpartition(" ")
                        changed(game_id, int(rev))
            except psycopg.OperationalError as error:
                LOG.warning("listening to %s: %s; trying again", describe(self.url), error)
                await asyncio.sleep(1)

    def close(self) -> None:
        """Close every connection (one stuck in a call of a hung database is left to the
        process's end)."""
        self._closed = True
        with self._lock:
            opened, self._opened = self._opened, []
        for db in opened:
            closing = threading.Thread(target=db.close, daemon=True)
            closing.start()
            closing.join(1.0)


def _still_open(db: psycopg.Connection[Any]) -> bool:
    """Whether an idle connection is still open: nothing is ever sent to these (they do not
    LISTEN), so a socket with something to read means the server said goodbye or closed it."""
    try:
        readable, _, _ = select.select([db.fileno()], [], [], 0)
    except (OSError, ValueError):
        return False
    return not readable
