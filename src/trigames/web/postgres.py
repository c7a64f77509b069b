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
- **Connection.** One connection per process, used from the event loop's thread (the service
  decides synchronously, and a statement on a nearby database takes well under a millisecond;
  a commit also waits for PostgreSQL's flush to disk, a few milliseconds on a slow disk, which
  is what bounds the moves per second of one process); a broken connection (the database
  restarted) is opened again at the next statement.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import psycopg
from psycopg.rows import dict_row

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
)


class PostgresStore(SqlStore):
    """Games in a PostgreSQL database, shared by every process given the same ``url``."""

    NOW = "extract(epoch FROM clock_timestamp())::double precision"

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._db = self._connect()
        self._closed = False
        self._migrate()

    def _connect(self) -> psycopg.Connection[dict[str, Any]]:
        try:
            return psycopg.connect(self.url, autocommit=True, row_factory=dict_row)
        except psycopg.Error as error:
            raise StoreError(f"cannot connect to {describe(self.url)}: {error}") from None

    def _migrate(self) -> None:
        """Create the schema, or bring an older one up to date, in one transaction."""
        with self._lock, self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            self._db.execute("CREATE TABLE IF NOT EXISTS trigames_schema (version INTEGER)")
            found = self._db.execute("SELECT version FROM trigames_schema").fetchone()
            version = 0 if found is None else int(found["version"])
            if version > len(MIGRATIONS):
                raise StoreError(
                    f"the database's schema is version {version}, newer than this trigames "
                    f"knows ({len(MIGRATIONS)}): upgrade trigames"
                )
            for step in MIGRATIONS[version:]:
                for statement in step:
                    self._db.execute(statement)
            self._db.execute("DELETE FROM trigames_schema")
            self._db.execute("INSERT INTO trigames_schema VALUES (%s)", (len(MIGRATIONS),))

    def _sql(self, sql: str) -> str:
        return super()._sql(sql).replace("?", "%s")

    def _cursor(self) -> psycopg.Connection[dict[str, Any]]:
        """The connection, opened again if it broke (the database restarted)."""
        if self._closed:
            raise StoreError("the store is closed")
        if self._db.broken or self._db.closed:
            LOG.warning("the connection to the database was lost: connecting again")
            self._db = self._connect()
        return self._db

    def _query(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Mapping[str, Any]]:
        with self._lock:
            return self._cursor().execute(self._sql(sql), params).fetchall()

    def _change(self, sql: str, params: Sequence[Any] = ()) -> int:
        with self._lock:
            return self._cursor().execute(self._sql(sql), params).rowcount

    async def listen(self, changed: ChangeListener) -> None:
        """Hear the changes every process makes (this one's too), until cancelled."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
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
        with self._lock:
            self._closed = True
            self._db.close()
