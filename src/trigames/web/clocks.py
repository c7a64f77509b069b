"""Clocks: when the seat to move runs out of time, and the timers that ring then.

A game may be created with a clock (``{"per_move": SECONDS}`` or, for correspondence play,
``{"days_per_move": DAYS}``). Each time the turn passes to a human seat, that seat has the whole
limit to move (no time is carried over); computers are not timed, nor a seat nobody has taken
yet. A seat that runs out of time loses as the rules say (``timeout N`` in the move list). The
deadline is stored with the game, so it survives a restart.

>>> from trigames.web.rows import GameRow, StoredSeat
>>> row = GameRow("g", "triggle", [StoredSeat("Ann", "human", "h"), StoredSeat("Bot", "easy")])
>>> row.clock = {"per_move": 30}
>>> turn_deadline(row, to_move=0, now=1000.0)
1030.0
>>> turn_deadline(row, to_move=1, now=1000.0) is None  # a computer
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from trigames.web.rows import GameRow, StoredSeat

HUMAN = "human"


def is_open(seat: StoredSeat) -> bool:
    """Whether ``seat`` is a human seat nobody has taken yet (no token holds it, no account
    plays it)."""
    return seat.kind == HUMAN and not seat.token_hash and not seat.account


def turn_deadline(row: GameRow, to_move: int | None, now: float) -> float | None:
    """When seat ``to_move`` (``None`` once the game is over) runs out of time, if it is timed:
    ``now`` plus the clock's whole limit."""
    clock = row.clock
    if clock is None or to_move is None:
        return None
    seat = row.seats[to_move]
    if seat.kind != HUMAN or is_open(seat):
        return None
    seconds = clock.get("per_move") or clock.get("days_per_move", 1) * 86_400
    return round(now + seconds, 3)


class Timers:
    """One timer per game with a deadline, on the running event loop: ``ring(game_id)`` is
    called at the deadline (a game read later is checked then too)."""

    def __init__(self, ring: Callable[[str], None], clock: Callable[[], float]) -> None:
        self._ring = ring
        self._clock = clock
        self._timers: dict[str, asyncio.TimerHandle] = {}

    def set(self, game_id: str, deadline: float | None) -> None:
        """Ring for ``game_id`` at ``deadline`` (``None``: never), replacing its timer."""
        timer = self._timers.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        if deadline is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: the deadline is checked when the game is read
            return
        delay = max(0.0, deadline - self._clock())
        self._timers[game_id] = loop.call_later(delay, self._rung, game_id)

    def armed(self, game_id: str) -> bool:
        return game_id in self._timers

    def _rung(self, game_id: str) -> None:
        self._timers.pop(game_id, None)
        self._ring(game_id)

    def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
