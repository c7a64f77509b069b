"""The store's calls off the event loop (:class:`~trigames.web.database.Database`): results and
errors come back to the caller, a call past its time limit is given up on (and one that had not
started never runs), a stuck call makes every new call fail at once, and a cancelled caller's
call that had not started never runs either. The calls block on events, not on the clock."""

from __future__ import annotations

import asyncio
import functools
import threading

import pytest

from tests.web.inprocess import in_own_loop
from trigames.web.database import Database, DatabaseTimeoutError
from trigames.web.errors import UnavailableError
from trigames.web.store import GameStore, SQLiteStore, StaleRowError

#: A short time limit for calls (seconds): the calls that should outlast it block on an event.
LIMIT = 0.2


class Gate:
    """A call that blocks until opened: ``entered`` once it runs."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.opened = threading.Event()

    def __call__(self, store: GameStore) -> str:
        self.entered.set()
        self.opened.wait(timeout=60)
        return "through"


def square(number: int, store: GameStore) -> int:
    return number * number


@in_own_loop
async def test_results_and_errors_come_back_to_the_caller() -> None:
    database = Database(SQLiteStore(":memory:"), threads=2)
    try:
        assert await database.run(lambda store: store.revision("nosuchgame")) is None
        answers = await asyncio.gather(
            *(database.run(functools.partial(square, n)) for n in range(50))
        )
        assert answers == [n * n for n in range(50)]

        def stale(store: GameStore) -> None:
            raise StaleRowError("g", 3)

        with pytest.raises(StaleRowError):  # the store's own errors pass through
            await database.run(stale)
        assert len(database.threads) == 2
        assert not database.stuck()
    finally:
        database.close()


@in_own_loop
async def test_a_call_past_its_time_is_given_up_and_one_not_started_never_runs() -> None:
    database = Database(SQLiteStore(":memory:"), timeout=LIMIT)
    gate, ran = Gate(), threading.Event()
    try:
        stuck = asyncio.ensure_future(database.run(gate))
        queued = asyncio.ensure_future(database.run(lambda _: ran.set()))
        with pytest.raises(DatabaseTimeoutError) as started:
            await stuck
        assert started.value.maybe_written  # it had started: its write may yet happen
        with pytest.raises(DatabaseTimeoutError) as waiting:
            await queued
        assert not waiting.value.maybe_written
        assert database.stuck()
        with pytest.raises(UnavailableError):  # at once, while the stuck call holds on
            await database.run(lambda store: None)
        gate.opened.set()
        while database.stuck():
            await asyncio.sleep(0.01)
        assert await database.run(lambda _: "again") == "again"
        assert not ran.is_set()  # the call given up on before it started never ran
    finally:
        gate.opened.set()
        database.close()


@in_own_loop
async def test_a_cancelled_callers_call_that_had_not_started_never_runs() -> None:
    database = Database(SQLiteStore(":memory:"))
    gate, ran = Gate(), threading.Event()
    try:
        first = asyncio.ensure_future(database.run(gate))
        second = asyncio.ensure_future(database.run(lambda _: ran.set()))
        await asyncio.to_thread(gate.entered.wait, 60)
        second.cancel()
        gate.opened.set()
        assert await first == "through"
        assert await database.run(lambda _: "after") == "after"
        assert second.cancelled()
        assert not ran.is_set()
    finally:
        gate.opened.set()
        database.close()
