"""Who makes the computer's moves: the process holding the game's lease.

When a computer is to move, the process that made the change claims the game's lease in the
store and thinks; the others leave the game to it. The holder renews its leases every third of
:data:`LEASE_SECONDS` while it holds them, and gives a lease back when the computer has moved
(or at shutdown). A process that dies renews nothing: its leases lapse, and the next sweep of
any other process finds the games with a computer to move and no live lease
(:meth:`~trigames.web.store.GameStore.orphans`) and adopts them. A move is never made twice:
even a holder that was frozen past its lease writes only if the game is still at the revision
it thought about (:class:`~trigames.web.store.StaleRowError`).

The same sweep finds the games whose seat to move ran out of time
(:meth:`~trigames.web.store.GameStore.overdue`), whichever process served them: a game is
timed out even when the process that armed its clock died.

>>> import asyncio
>>> from trigames.web.database import Database
>>> from trigames.web.store import SQLiteStore
>>> database = Database(SQLiteStore(":memory:"))
>>> mine, theirs = Leases(database, "A"), Leases(database, "B")
>>> async def claims() -> tuple[bool, ...]:
...     first = (await mine.claim("g1"), await theirs.claim("g1"), await mine.claim("g1"))
...     await mine.release("g1")
...     return (*first, await theirs.claim("g1"))
>>> asyncio.run(claims())
(True, False, True, True)
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable

from trigames.web.database import Database

LOG = logging.getLogger(__name__)

#: Environment variable: the seconds a lease lasts unless renewed (default
#: :data:`LEASE_SECONDS`); a shorter lease hands a dead process's games over sooner.
LEASE_ENV = "TRIGAMES_LEASE_SECONDS"
#: How long a lease lasts unless renewed: the longest a game against the computer waits when
#: the process thinking for it dies.
LEASE_SECONDS = 5.0


def lease_seconds() -> float:
    """``$TRIGAMES_LEASE_SECONDS`` if set (at least 0.3), else :data:`LEASE_SECONDS`."""
    configured = os.environ.get(LEASE_ENV)
    return max(0.3, float(configured)) if configured else LEASE_SECONDS


def new_owner() -> str:
    """A name for this process's leases: host, process id, and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Leases:
    """The leases one process holds in a store."""

    def __init__(self, database: Database, owner: str | None = None, seconds: float = 0.0) -> None:
        self.database = database
        self.owner = owner or new_owner()
        self.seconds = seconds or lease_seconds()
        self.held: set[str] = set()

    async def claim(self, game_id: str) -> bool:
        """Take or extend the game's lease; whether this process holds it now."""
        owner, seconds = self.owner, self.seconds
        if await self.database.run(lambda store: store.claim(game_id, owner, seconds)):
            self.held.add(game_id)
            return True
        self.held.discard(game_id)
        return False

    async def release(self, game_id: str) -> None:
        """Give the game's lease back, if held."""
        if game_id in self.held:
            self.held.discard(game_id)
            owner = self.owner
            await self.database.run(lambda store: store.release(game_id, owner))

    async def release_all(self) -> None:
        for game_id in list(self.held):
            await self.release(game_id)

    async def keep(
        self,
        adopt: Callable[[str], Awaitable[None]],
        expire: Callable[[str], Awaitable[None]],
        clock: Callable[[], float],
    ) -> None:
        """Until cancelled, at once and then every third of a lease, :meth:`sweep`."""
        while True:
            try:
                await self.sweep(adopt, expire, clock)
            except Exception:  # a database away for a moment must not end the sweeps
                LOG.exception("sweeping the computer's leases and the clocks failed; trying again")
            await asyncio.sleep(self.seconds / 3)

    async def sweep(
        self,
        adopt: Callable[[str], Awaitable[None]],
        expire: Callable[[str], Awaitable[None]],
        clock: Callable[[], float],
    ) -> None:
        """Renew the leases held, ``adopt`` each game whose computer waits for a process (its
        lease lapsed or never was), and ``expire`` each game whose seat to move ran out of
        time by ``clock()``."""
        owner, seconds, now = self.owner, self.seconds, clock()
        if self.held:
            await self.database.run(lambda store: store.renew(owner, seconds))
        for game_id in await self.database.run(lambda store: store.orphans()):
            await adopt(game_id)
        for game_id in await self.database.run(lambda store: store.overdue(now)):
            await expire(game_id)
