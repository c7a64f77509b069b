"""How much each client may ask for in a while: a token bucket per key (a client address).

A key's bucket holds up to ``amount`` units and fills again at ``amount`` per ``seconds``; a
request takes its units or is refused. Buckets that are full again are forgotten, so the
memory is bounded by the clients active in the last ``seconds``.

>>> now = [0.0]
>>> quota = Quota(2, 60.0, clock=lambda: now[0])
>>> quota.take("a"), quota.take("a"), quota.take("a"), quota.take("b")
(True, True, False, True)
>>> now[0] = 30.0  # half a minute later: one more
>>> quota.take("a"), quota.take("a")
(True, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Keys past which full buckets are swept out.
SWEEP_AT = 10_000


class Quota:
    """At most ``amount`` units per ``seconds`` for each key."""

    def __init__(
        self, amount: float, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.amount = amount
        self.rate = amount / seconds
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key: (units left, when)

    def _left(self, key: str, now: float) -> float:
        left, when = self._buckets.get(key, (self.amount, now))
        return min(self.amount, left + (now - when) * self.rate)

    def take(self, key: str, units: float = 1.0) -> bool:
        """Take ``units`` from ``key``'s bucket, if it holds them."""
        now = self.clock()
        left = self._left(key, now)
        if left < units:
            return False
        self._buckets[key] = (left - units, now)
        if len(self._buckets) > SWEEP_AT:
            self._sweep(now)
        return True

    def _sweep(self, now: float) -> None:
        for key in [key for key in self._buckets if self._left(key, now) >= self.amount]:
            del self._buckets[key]
