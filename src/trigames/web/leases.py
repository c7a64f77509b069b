"""Who makes the computer's moves: the process holding the game's lease.

When a computer is to move, the process that made the change claims the game's lease in the
store and thinks; the others leave the game to it. The holder renews its leases every third of
:data:`LEASE_SECONDS` while it holds them, and gives a lease back when the computer has moved
(or at shutdown). A process that dies renews nothing: its leases lapse, and the next sweep of
any other process finds the games with a computer to move and no live lease
(:meth:`~trigames.web.store.GameStore.orphans`) and adopts them. A move is never made twice:
even a holder that was frozen past its lease writes only if the game is still at the revision
it thought about (:class:`~trigames.web.store.StaleRowError`).

>>> from trigames.web.store import SQLiteStore
>>> store = SQLiteStore(":memory:")
>>> mine, theirs = Leases(store, "A"), Leases(store, "B")
>>> mine.claim("g1"), theirs.claim("g1"), mine.claim("g1")
(True, False, True)
>>> mine.release("g1"); theirs.claim("g1")
True
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable

from trigames.web.store import GameStore

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

    def __init__(self, store: GameStore, owner: str | None = None, seconds: float = 0.0) -> None:
        self.store = store
        self.owner = owner or new_owner()
        self.seconds = seconds or lease_seconds()
        self.held: set[str] = set()

    def claim(self, game_id: str) -> bool:
        """Take or extend the game's lease; whether this process holds it now."""
        if self.store.claim(game_id, self.owner, self.seconds):
            self.held.add(game_id)
            return True
        self.held.discard(game_id)
        return False

    def release(self, game_id: str) -> None:
        """Give the game's lease back, if held."""
        if game_id in self.held:
            self.held.discard(game_id)
            self.store.release(game_id, self.owner)

    def release_all(self) -> None:
        for game_id in list(self.held):
            self.release(game_id)

    async def keep(self, adopt: Callable[[str], None]) -> None:
        """Until cancelled, every third of a lease: renew the leases held, and call ``adopt``
        with each game whose computer waits for a process (its lease lapsed or never was)."""
        while True:
            await asyncio.sleep(self.seconds / 3)
            try:
                if self.held:
                    self.store.renew(self.owner, self.seconds)
                for game_id in self.store.orphans():
                    adopt(game_id)
            except Exception:  # a database that is away for a moment must not end the sweeps
                LOG.exception("renewing the computer's leases failed; trying again")
