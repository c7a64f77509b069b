"""Where challenges are kept (SQLite or PostgreSQL alike: :class:`ChallengeRows` is mixed into
both stores).

A challenge is an account's offer of a game: which game, rated or not, its clock, to whom (an
account, or anyone) and which seat its author takes (or chance). It is open until its author
cancels it, its addressee declines it, or someone accepts it: accepting marks it and creates
the game in one transaction, so two accepting at once never make two games.

>>> from trigames.web.store import SQLiteStore
>>> from trigames.web.rows import GameRow, StoredSeat
>>> store = SQLiteStore(":memory:")
>>> store.add_challenge(ChallengeRow("c1", "a", "triggle", rated=True, created=0.0))
>>> [c.id for c in store.open_challenges(since=0.0)]
['c1']
>>> seats = [StoredSeat("Ann", account="a"), StoredSeat("Bob", account="b")]
>>> game = GameRow("g1", "triggle", seats)
>>> store.accept_challenge("c1", game), store.accept_challenge("c1", game)
(True, False)
>>> store.challenge("c1").game
'g1'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from trigames.web.rows import GameRow
from trigames.web.statements import Statements

#: The schema of challenges, as one migration step of each store.
CHALLENGE_TABLES = (
    """CREATE TABLE challenges (
        id TEXT PRIMARY KEY,
        author TEXT NOT NULL,
        spec TEXT NOT NULL,
        rated INTEGER NOT NULL,
        clock TEXT,
        addressee TEXT NOT NULL,
        seat INTEGER,
        created {real} NOT NULL,
        status TEXT NOT NULL,
        game TEXT
    )""",
    "CREATE INDEX challenges_open ON challenges (status, created)",
    "CREATE INDEX challenges_author ON challenges (author, status)",
)

Status = Literal["open", "accepted", "cancelled", "declined"]


def challenge_tables(real: str) -> tuple[str, ...]:
    """:data:`CHALLENGE_TABLES` with ``real`` the type of a float."""
    return tuple(statement.replace("{real}", real) for statement in CHALLENGE_TABLES)


@dataclass(frozen=True)
class ChallengeRow:
    """A challenge as kept: ``author`` and ``addressee`` are account ids (``""``: anyone may
    accept), ``seat`` the author's (``None``: drawn at random), ``game`` the game it became."""

    id: str
    author: str
    spec: str
    rated: bool = False
    clock: dict[str, int] | None = None
    addressee: str = ""
    seat: int | None = None
    created: float = 0.0
    status: Status = "open"
    game: str | None = None


class ChallengeStore(Protocol):
    """What challenges need of a store (every method runs in a worker thread)."""

    def add_challenge(self, row: ChallengeRow) -> None:
        """Keep a new open challenge."""

    def challenge(self, challenge_id: str) -> ChallengeRow | None:
        """The challenge of this id, whatever its status."""

    def open_challenges(self, since: float, limit: int = 200) -> list[ChallengeRow]:
        """The open challenges made since ``since``, newest first."""

    def open_challenges_by(self, author: str) -> int:
        """How many challenges of ``author`` are open."""

    def close_challenge(self, challenge_id: str, status: Status) -> bool:
        """Cancel or decline an open challenge (``False``: it is not open)."""

    def accept_challenge(self, challenge_id: str, game: GameRow) -> bool:
        """Mark the challenge accepted and store its ``game``, in one transaction
        (``False``, and nothing written: it is not open)."""


class ChallengeRows(Statements):
    """The statements of :class:`ChallengeStore`."""

    def insert(self, row: GameRow) -> bool:
        raise NotImplementedError

    def add_challenge(self, row: ChallengeRow) -> None:
        self._change(
            "INSERT INTO challenges (id, author, spec, rated, clock, addressee, seat, created,"
            " status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open')",
            (row.id, row.author, row.spec, int(row.rated),
             None if row.clock is None else json.dumps(row.clock), row.addressee, row.seat,
             row.created),
        )  # fmt: skip

    def challenge(self, challenge_id: str) -> ChallengeRow | None:
        found = self._query("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return _challenge(found[0]) if found else None

    def open_challenges(self, since: float, limit: int = 200) -> list[ChallengeRow]:
        found = self._query(
            "SELECT * FROM challenges WHERE status = 'open' AND created >= ?"
            " ORDER BY created DESC LIMIT ?",
            (since, limit),
        )
        return [_challenge(row) for row in found]

    def open_challenges_by(self, author: str) -> int:
        found = self._query(
            "SELECT count(*) AS open FROM challenges WHERE author = ? AND status = 'open'",
            (author,),
        )
        return int(found[0]["open"])

    def close_challenge(self, challenge_id: str, status: Status) -> bool:
        return bool(
            self._change(
                "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'",
                (status, challenge_id),
            )
        )

    def accept_challenge(self, challenge_id: str, game: GameRow) -> bool:
        with self._transaction():
            marked = self._change(
                "UPDATE challenges SET status = 'accepted', game = ?"
                " WHERE id = ? AND status = 'open'",
                (game.id, challenge_id),
            )
            if not marked:
                return False
            if not self.insert(game):
                raise ValueError(f"a game {game.id!r} exists already")  # rolls back the mark
            return True


def _challenge(row: Mapping[str, Any]) -> ChallengeRow:
    return ChallengeRow(
        id=row["id"],
        author=row["author"],
        spec=row["spec"],
        rated=bool(row["rated"]),
        clock=None if row["clock"] is None else dict(json.loads(row["clock"])),
        addressee=row["addressee"],
        seat=row["seat"],
        created=row["created"],
        status=row["status"],
        game=row["game"],
    )
