"""The store, called off the event loop, every call bounded in time.

The stores (:mod:`trigames.web.store`, :mod:`trigames.web.postgres`) are synchronous; a call
that waits for a disk or a database server must never hold the event loop, which serves every
other game and page. :class:`Database` runs each call in a worker thread of its own pool and
waits for it at most :data:`~trigames.web.limits.STATEMENT_SECONDS`:

- a call the database refuses (a full disk, a server that is down) raises
  :class:`~trigames.web.errors.UnavailableError` (503): nothing was written;
- a call still running after the time limit (a hung server) raises :class:`DatabaseTimeoutError`,
  whose write may yet happen when the server wakes up (``maybe_written``); a call that had not
  started by then never runs;
- while a call is stuck past the limit, every new call fails at once with a 503, so that a hung
  database answers quickly instead of piling up requests; pages that need no database are not
  touched at all.

>>> import asyncio
>>> from trigames.web.store import SQLiteStore
>>> database = Database(SQLiteStore(":memory:"))
>>> asyncio.run(database.run(lambda store: store.revision("nosuchgame")))  # None: no such game
>>> database.close()
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from trigames.web.errors import UnavailableError
from trigames.web.limits import STATEMENT_SECONDS
from trigames.web.store import GameStore

LOG = logging.getLogger(__name__)
T = TypeVar("T")

#: What a page is told when the database fails.
DOWN = "the database is not answering; nothing was changed: try again in a moment"
#: What a page is told when a change was sent to a database that stopped answering: it may
#: still be made when the database wakes up.
HUNG = (
    "the database stopped answering while your change was sent: it may yet be made when the "
    "database answers again; look at the game again before trying again"
)


class DatabaseTimeoutError(UnavailableError):
    """A call that did not end in time. ``maybe_written``: it had started, so a write may yet
    happen (the game must be read again before it is changed)."""

    def __init__(self, message: str, maybe_written: bool) -> None:
        super().__init__(message)
        self.maybe_written = maybe_written


class Database:
    """A store's calls in ``threads`` worker threads (one for SQLite, whose connection is
    shared; several for PostgreSQL, each with a connection of its own)."""

    def __init__(
        self, store: GameStore, *, threads: int = 1, timeout: float = STATEMENT_SECONDS
    ) -> None:
        self.store = store
        self.timeout = timeout
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="database")
        self._numbers = itertools.count()
        self._lock = threading.Lock()
        #: When each call not yet ended was asked for (monotonic seconds), by number.
        self._waiting: dict[int, float] = {}
        #: Calls given up on before they started: they must not run.
        self._abandoned: set[int] = set()

    def stuck(self) -> bool:
        """Whether a call asked for more than the time limit ago has not ended."""
        limit = time.monotonic() - self.timeout
        with self._lock:
            return any(asked < limit for asked in self._waiting.values())

    async def run(self, call: Callable[[GameStore], T]) -> T:
        """``call(store)`` in a worker thread; its result, or the error it raised (the store's
        own errors, such as ``StaleRowError``, pass through; a database failure becomes an
        :class:`~trigames.web.errors.UnavailableError`)."""
        if self.stuck():
            raise UnavailableError(DOWN)
        number = next(self._numbers)
        started = threading.Event()
        with self._lock:
            self._waiting[number] = time.monotonic()

        def work() -> T:
            with self._lock:
                if number in self._abandoned:
                    self._abandoned.discard(number)
                    self._waiting.pop(number, None)
                    raise UnavailableError(DOWN)
            started.set()
            try:
                return call(self.store)
            finally:
                with self._lock:
                    self._waiting.pop(number, None)

        future = asyncio.get_running_loop().run_in_executor(self._executor, work)
        done, _ = await asyncio.wait((future,), timeout=self.timeout)
        if not done:
            future.add_done_callback(_retrieved)  # given up on: it may still fail later
            with self._lock:
                if not started.is_set():
                    self._abandoned.add(number)
            LOG.error("a database call took more than %s s; the database seems hung", self.timeout)
            written = started.is_set()
            raise DatabaseTimeoutError(HUNG if written else DOWN, maybe_written=written)
        try:
            return future.result()
        except self.store.failures as error:
            LOG.error("the database failed: %s", error)
            raise UnavailableError(DOWN) from None

    def close(self) -> None:
        """Stop the worker threads (a call stuck in one is left to end on its own)."""
        self._executor.shutdown(wait=False, cancel_futures=True)


def _retrieved(future: asyncio.Future[Any]) -> None:
    """Take a finished call's error, so that one nobody waits for any more is not reported as
    never retrieved."""
    if not future.cancelled():
        future.exception()
