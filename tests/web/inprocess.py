"""A :class:`GameService` driven in the test's own process, as the HTTP API drives it.

The service is asynchronous: a test is an ``async def`` run by :func:`in_own_loop`, in a thread
of its own with its own event loop (the browser tests' Playwright keeps one running in the main
thread). :class:`Local` answers as the API does, in JSON objects; the computer thinks in
threads of the test's process (``computer_processes=False``), quicker to start than processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec

from trigames.web.account_store import AccountRow
from trigames.web.requests import Credentials, read_move, read_new_game
from trigames.web.service import GameService
from trigames.web.settings import Settings
from trigames.web.snapshot import Actor
from trigames.web.store import GameStore, SQLiteStore

P = ParamSpec("P")
HUMANS = [{"name": "Ann"}, {"name": "Bob"}]
#: The password of the accounts :func:`signed_up` makes.
PASSWORD = "correct horse"


def in_own_loop(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """Run an ``async def`` test in a thread of its own, with an event loop of its own."""

    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        with ThreadPoolExecutor(1) as thread:
            thread.submit(lambda: asyncio.run(test(*args, **kwargs))).result()

    return run


class FakeClock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Local:
    """The service, asked as the API asks it, answering JSON objects."""

    def __init__(self, service: GameService, address: str = "127.0.0.1") -> None:
        self.service = service
        self.address = address

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        created = await self.service.create(read_new_game(body), self.address)
        return {**created, "view": json.loads(created["view"])}

    async def view(self, game_id: str) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(await self.service.view(game_id, self.address))
        return found

    async def play(
        self, game_id: str, token: str | None, move: str, ply: int | None = None
    ) -> dict[str, Any]:
        """Play ``move``: the change it made (as ``token``'s pages see it)."""
        body: dict[str, Any] = {"move": move} if ply is None else {"move": move, "ply": ply}
        change: dict[str, Any] = json.loads(
            await self.service.play(game_id, Actor(token), read_move(body))
        )
        return change

    async def act(self, game_id: str, action: str, token: str | None, *args: Any) -> dict[str, Any]:
        """Call the service's ``action`` (``undo``, ``resign``, ``answer_draw``...) for
        ``game_id``, as the holder of ``token``; the change it made."""
        answer = await getattr(self.service, action)(game_id, Actor(token), *args)
        change: dict[str, Any] = json.loads(answer)
        return change

    async def wait_for(
        self, game_id: str, condition: Callable[[dict[str, Any]], bool], seconds: float = 15
    ) -> dict[str, Any]:
        """The view once ``condition(view)`` holds (polled; the computer thinks meanwhile)."""
        deadline = time.monotonic() + seconds
        while True:
            found = await self.view(game_id)
            if condition(found):
                return found
            assert time.monotonic() < deadline, f"timed out; last view at ply {found['ply']}"
            await asyncio.sleep(0.02)


def settings(**changes: Any) -> Settings:
    """Settings for a service in a test: the computer in two threads of the test's process."""
    return Settings(**{"computers": 2, "computer_processes": False, **changes})


@contextlib.asynccontextmanager
async def local(
    store: GameStore | None = None,
    clock: Callable[[], float] = time.time,
    start: bool = False,
    **changes: Any,
) -> AsyncIterator[Local]:
    """A service on ``store`` (a new in-memory SQLite store by default), closed at the end;
    ``start``: with its sweeps and listener running, as a server's."""
    service = GameService(store or SQLiteStore(":memory:"), settings(**changes), clock)
    if start:
        service.start()
    try:
        yield Local(service)
    finally:
        await service.close()


async def signed_up(service: GameService, *names: str) -> list[AccountRow]:
    """New accounts called ``names`` (password :data:`PASSWORD`), signed up from one address."""
    return [
        (await service.accounts.sign_up(Credentials(name, PASSWORD), "here")).account
        for name in names
    ]
