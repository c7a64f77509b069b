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
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from trigames.core.phrases import Phrase
from trigames.web.errors import UnavailableError
from trigames.web.limits import STATEMENT_SECONDS
from trigames.web.store import GameStore

LOG = logging.getLogger(__name__)
T = TypeVar("T")

#: What a page is told when the database fails.
DOWN = Phrase("the database is not answering; nothing was changed: try again in a moment")
#: What a page is told when a change was sent to a database that stopped answering: it may
#: still be made when the database wakes up.
HUNG = Phrase(
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
    shared; several for PostgreSQL, each with a connection of its own), started with the first
    call. Each call is handed to a thread through a queue, and its result back to the event
    loop with ``call_soon_threadsafe``: a move's write costs the loop about as little as a
    thread can (no executor futures to chain)."""

    def __init__(
        self, store: GameStore, *, threads: int = 1, timeout: float = STATEMENT_SECONDS
    ) -> None:
        self.store = store
        self.timeout = timeout
        self._size = threads
        #: The worker threads, once started.
        self.threads: list[threading.Thread] = []
        self._calls: queue.SimpleQueue[_Call[Any] | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        #: The calls not yet ended (queued or running).
        self._pending: set[_Call[Any]] = set()

    def stuck(self) -> bool:
        """Whether a call asked for more than the time limit ago has not ended."""
        limit = time.monotonic() - self.timeout
        with self._lock:
            return any(call.asked < limit for call in self._pending)

    async def run(self, call: Callable[[GameStore], T]) -> T:
        """``call(store)`` in a worker thread; its result, or the error it raised (the store's
        own errors, such as ``StaleRowError``, pass through; a database failure becomes an
        :class:`~trigames.web.errors.UnavailableError`)."""
        if self.stuck():
            raise UnavailableError(DOWN)
        if not self.threads:
            self._start()
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        job = _Call(call, loop, answer, time.monotonic())
        with self._lock:
            self._pending.add(job)
        self._calls.put(job)
        timer = loop.call_later(self.timeout, _expire, job.answer)
        try:
            return await answer
        except _ExpiredError:
            written = self._give_up(job)
            LOG.error("a database call took more than %s s; the database seems hung", self.timeout)
            raise DatabaseTimeoutError(HUNG if written else DOWN, maybe_written=written) from None
        except asyncio.CancelledError:
            self._give_up(job)
            raise
        except self.store.failures as error:
            LOG.error("the database failed: %s", error)
            raise UnavailableError(DOWN) from None
        finally:
            timer.cancel()

    def _give_up(self, job: _Call[Any]) -> bool:
        """Nobody waits for ``job`` any more: if it has not started, it never will. Whether it
        had started."""
        with self._lock:
            job.abandoned = not job.started
            return job.started

    def _start(self) -> None:
        for number in range(self._size):
            thread = threading.Thread(target=self._serve, name=f"database-{number}", daemon=True)
            thread.start()
            self.threads.append(thread)

    def _serve(self) -> None:
        """A worker thread: run the calls as they come, until told to stop (``None``)."""
        while (job := self._calls.get()) is not None:
            with self._lock:
                job.started = not job.abandoned
            if job.started:
                try:
                    outcome: tuple[Any, BaseException | None] = (job.call(self.store), None)
                except Exception as error:  # handed to the caller, whatever it is
                    outcome = (None, error)
                with contextlib.suppress(RuntimeError):  # its loop has closed meanwhile
                    job.loop.call_soon_threadsafe(_settle, job.answer, *outcome)
            with self._lock:
                self._pending.discard(job)

    def close(self) -> None:
        """Stop the worker threads once the calls asked for have run (a call stuck in one is
        left to end on its own: the threads never hold up the process's exit)."""
        for _ in self.threads:
            self._calls.put(None)
        self.threads.clear()


@dataclass(eq=False)
class _Call(Generic[T]):
    """A call asked of the worker threads, and what became of it."""

    call: Callable[[GameStore], T]
    loop: asyncio.AbstractEventLoop
    answer: asyncio.Future[T]
    #: When it was asked for (monotonic seconds).
    asked: float
    started: bool = False
    #: Given up on before it started: it must not run.
    abandoned: bool = False


class _ExpiredError(Exception):
    """A call's time ran out."""


def _expire(answer: asyncio.Future[Any]) -> None:
    if not answer.done():
        answer.set_exception(_ExpiredError())


def _settle(answer: asyncio.Future[T], result: T, error: BaseException | None) -> None:
    """Hand a call's outcome to the task that waits for it, if one still does."""
    if answer.done():  # given up on: it timed out, or its task was cancelled
        return
    if error is not None:
        answer.set_exception(error)
    else:
        answer.set_result(result)
