"""The pages that watch games over WebSockets: what waits to be sent to each, and how many one
client address and one game may have.

A page gets the whole view when it connects, then each change. A page that reads slowly holds
at most :data:`~trigames.web.limits.OUTBOX_MESSAGES` messages; past that they are replaced by
the whole view of the game now, so a page that does not read at all costs one view of memory,
never a growing queue. A send that takes more than
:data:`~trigames.web.limits.SEND_TIMEOUT` seconds drops the page.

>>> outbox = Outbox(limit=2)
>>> for message in ("c1", "c2", "c3"):
...     outbox.put(message, whole=lambda: "view")
>>> list(outbox.messages)
['view']
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from trigames.core.phrases import Phrase
from trigames.web.errors import TooManyRequestsError
from trigames.web.limits import OUTBOX_MESSAGES, SEND_TIMEOUT


class Outbox:
    """The messages still to send to one page, oldest first."""

    def __init__(self, limit: int = OUTBOX_MESSAGES) -> None:
        self.limit = limit
        self.messages: deque[str] = deque()
        self._ready = asyncio.Event()

    def put(self, message: str, whole: Callable[[], str]) -> None:
        """Queue ``message``; when the page is too far behind, ``whole()`` (the whole view of
        the game now) replaces everything it has not read."""
        if len(self.messages) >= self.limit:
            self.messages.clear()
            message = whole()
        self.messages.append(message)
        self._ready.set()

    async def send_all(
        self, send: Callable[[str], Awaitable[None]], timeout: float = SEND_TIMEOUT
    ) -> bool:
        """Send each message as it comes, until a send takes more than ``timeout`` seconds
        (then ``False``: the page is too slow) or the task is cancelled."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self.messages:
                try:
                    await asyncio.wait_for(send(self.messages.popleft()), timeout)
                except TimeoutError:
                    return False


@dataclass(eq=False)
class Watcher:
    """One page watching one game: the client's address, the seats its token holds."""

    address: str
    seats: list[int]
    outbox: Outbox = field(default_factory=Outbox)


class Watchers:
    """Counts the pages of each client address: at most ``per_address`` pages an address and
    ``per_game`` a game (both generous enough for a classroom behind one address)."""

    def __init__(self, per_address: int, per_game: int) -> None:
        self.per_address = per_address
        self.per_game = per_game
        self._addresses: Counter[str] = Counter()

    def add(self, pages: list[Watcher], watcher: Watcher) -> None:
        """Add ``watcher`` to a game's ``pages``, or refuse it (429: the page is closed with
        code 4429 and this reason)."""
        if len(pages) >= self.per_game:
            raise TooManyRequestsError(
                Phrase(
                    "this game has {count} pages watching it already: try again later",
                    count=self.per_game,
                )
            )
        if self._addresses[watcher.address] >= self.per_address:
            raise TooManyRequestsError(
                Phrase(
                    "your address has {count} pages watching games already: close some",
                    count=self.per_address,
                )
            )
        pages.append(watcher)
        self._addresses[watcher.address] += 1

    def remove(self, pages: list[Watcher], watcher: Watcher) -> None:
        if watcher in pages:
            pages.remove(watcher)
            self._addresses[watcher.address] -= 1
            if self._addresses[watcher.address] <= 0:
                del self._addresses[watcher.address]
