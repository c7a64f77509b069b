"""A game as the stores keep it: its row, and the row's seats.

>>> row = GameRow("g1", "triggle", [StoredSeat("Ann", "human", "h0"), StoredSeat("Bob")])
>>> StoredSeat.from_json(row.seats[0].to_json()) == row.seats[0], row.rev
(True, 0)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from trigames.core.outcome import Outcome
from trigames.records import VERSION as RECORD_VERSION
from trigames.records import now

_SURROGATES = re.compile("[\ud800-\udfff]")


@dataclass
class StoredSeat:
    """A seat as stored: display name, kind (``human`` or a player spec), token hash, and the
    account that plays it, if one does."""

    name: str
    kind: str = "human"
    #: SHA-256 of the seat's secret token (hex); empty for computer seats.
    token_hash: str = ""
    #: The id of the account that plays the seat (its session acts for it as the token does);
    #: empty for a seat of a link game.
    account: str = ""

    def to_json(self) -> dict[str, str]:
        """The seat as JSON (``account`` only when an account plays it).

        >>> StoredSeat("Ann", token_hash="h", account="a1").to_json()["account"]
        'a1'
        """
        found = {"name": self.name, "kind": self.kind, "token_hash": self.token_hash}
        return {**found, "account": self.account} if self.account else found

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> StoredSeat:
        """Read a stored seat; a name stored by an older server with text that is not Unicode
        (a lone surrogate) reads with U+FFFD in its place, so that it can be shown."""
        name = _SURROGATES.sub("\ufffd", str(obj["name"]))
        kind, token_hash = str(obj.get("kind", "human")), str(obj.get("token_hash", ""))
        return cls(name, kind, token_hash, str(obj.get("account", "")))


@dataclass
class GameRow:
    """One game as the store keeps it. ``result`` is ``None`` while the game goes on."""

    id: str
    spec: str
    seats: list[StoredSeat]
    moves: list[str] = field(default_factory=list)
    result: Outcome | None = None
    #: The seat that asked to take back a move and waits for the other side, if any.
    undo_request: int | None = None
    date: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    #: The seats that agreed to a draw offered and not yet answered by all (the first
    #: offered it), if there is one.
    draw_offer: list[int] | None = None
    #: The record version whose notation ``moves`` and ``result`` use.
    notation: int = RECORD_VERSION
    #: The id of the rematch of this finished game, once a player asked for one.
    rematch: str | None = None
    #: The game's time limit, ``{"per_move": SECONDS}`` or ``{"days_per_move": DAYS}``, if any.
    clock: dict[str, int] | None = None
    #: When the seat to move runs out of time (seconds since the epoch), if it is timed.
    deadline: float | None = None
    #: The revision: 0 when created, raised by every update.
    rev: int = 0
    #: Whether a computer seat is to move (the game then needs a process to think for it).
    computer_turn: bool = False
    #: Whether the game is rated (two accounts, no computer: their ratings change at its end).
    rated: bool = False
    #: The account whose move the game waits for, if an account's seat is to move.
    waiting_for: str = ""
