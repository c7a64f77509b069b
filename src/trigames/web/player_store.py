"""Where the players' side of games is kept: which accounts play which games, whose move a game
waits for, and the ratings (SQLite or PostgreSQL alike: :class:`PlayerRows` is mixed into
both stores).

- ``players``: one row per account and game it plays, so that an account's games are found
  without reading every game; written in the transaction that gives the account its seat.
- ``games.waiting_for``: the account whose move an unfinished game waits for (``""`` when a
  link's seat, a computer or nobody is to move), kept with every change: "your turn" is one
  indexed query.
- ``ratings``: one Glicko-2 rating (:mod:`trigames.ratings`) per account and game (its family:
  ``triggle``, ``trig`` for Trig, Trigger and Triggest, ...), and ``rating_history``, a point
  per rated game. A rated game's result and both ratings are written in one transaction: a
  failed write leaves neither.

>>> from trigames.web.store import SQLiteStore
>>> from trigames.web.rows import GameRow, StoredSeat
>>> from trigames.core.outcome import Outcome
>>> store = SQLiteStore(":memory:")
>>> seats = [StoredSeat("Ann", account="a"), StoredSeat("Bob", account="b")]
>>> row = GameRow("g1", "triggle", seats, rated=True)
>>> store.insert(row), store.games_of("a")[0].id
(True, 'g1')
>>> row.result = Outcome(winners=(0,), scores=(1, 0), reason="Bob resigned")
>>> store.update(row, Alongside(rated_result=True, at=1_800_000_000.0))
>>> {family: round(r.rating) for family, r in store.ratings_of("a").items()}
{'triggle': 1741}
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from trigames.core.outcome import Outcome
from trigames.ratings import PlayerRating, rate_game
from trigames.web.rows import GameRow
from trigames.web.statements import Statements

#: The schema of the players' side, as one migration step of each store (``{real}``: the name
#: of a float).
PLAYER_TABLES = (
    "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN waiting_for TEXT NOT NULL DEFAULT ''",
    "CREATE INDEX games_waiting ON games (waiting_for) WHERE finished = 0",
    """CREATE TABLE players (
        account TEXT NOT NULL,
        game TEXT NOT NULL,
        PRIMARY KEY (account, game)
    )""",
    """CREATE TABLE ratings (
        account TEXT NOT NULL,
        family TEXT NOT NULL,
        rating {real} NOT NULL,
        deviation {real} NOT NULL,
        volatility {real} NOT NULL,
        games INTEGER NOT NULL,
        last_rated {real},
        PRIMARY KEY (account, family)
    )""",
    "CREATE INDEX ratings_family ON ratings (family, rating)",
    """CREATE TABLE rating_history (
        account TEXT NOT NULL,
        family TEXT NOT NULL,
        game TEXT NOT NULL,
        at {real} NOT NULL,
        rating {real} NOT NULL,
        deviation {real} NOT NULL
    )""",
    "CREATE INDEX rating_history_account ON rating_history (account, family, at)",
)


def player_tables(real: str) -> tuple[str, ...]:
    """:data:`PLAYER_TABLES` with ``real`` the type of a float."""
    return tuple(statement.replace("{real}", real) for statement in PLAYER_TABLES)


def family_of(spec: str) -> str:
    """The game a spec is a variant of, which a rating is for.

    >>> family_of("trig(board=triggest)"), family_of("triggle")
    ('trig', 'triggle')
    """
    return spec.partition("(")[0]


def first_score(result: Outcome) -> float:
    """The first seat's score in a two-seat game: 1 for a win, 0.5 for a draw, 0 for a loss.

    >>> first_score(Outcome(winners=(0, 1), scores=(0, 0), reason="agreed"))
    0.5
    """
    if result.is_draw:
        return 0.5
    return 1.0 if result.winners[0] == 0 else 0.0


@dataclass(frozen=True)
class Alongside:
    """What a game's update writes too, in the same transaction: the accounts that have just
    taken a seat (for their lists of games), and whether the update ends a rated game (both
    ratings change, as of ``at``)."""

    players: tuple[str, ...] = ()
    rated_result: bool = False
    #: When the game ended (Unix seconds): the ratings' time.
    at: float = 0.0

    def __bool__(self) -> bool:
        return bool(self.players) or self.rated_result


@dataclass(frozen=True)
class RatingPoint:
    """A rating after a rated game: the game, when, the rating and its deviation."""

    family: str
    game: str
    at: float
    rating: float
    deviation: float


class PlayerStore(Protocol):
    """What the players' side needs of a store (every method runs in a worker thread)."""

    def ratings_of(self, account_id: str) -> dict[str, PlayerRating]:
        """The account's rating in each game it played rated."""

    def rating_history(self, account_id: str, limit: int = 500) -> list[RatingPoint]:
        """The account's ratings after each of its latest rated games, oldest first."""

    def ratings_in(self, family: str, account_ids: Collection[str]) -> dict[str, PlayerRating]:
        """The ratings these accounts have in one game, by account (those rated in it)."""

    def your_turn(self, account_id: str, limit: int = 100) -> list[str]:
        """The unfinished games that wait for the account's move, the most pressing first."""

    def leaderboard(
        self, family: str, min_games: int, max_deviation: float, limit: int = 100
    ) -> list[tuple[str, PlayerRating]]:
        """The best ratings of a game, best first (see :class:`PlayerRows`)."""

    def games_of(self, account_id: str, limit: int = 50) -> list[GameRow]:
        """The account's latest games, those waiting for its move first."""


class PlayerRows(Statements):
    """The statements of the players' side (inside the transaction of a game's write, where
    they belong to one)."""

    #: What locks the rows a transaction reads for changing them (PostgreSQL's ``FOR
    #: UPDATE``; SQLite's write transaction locks the whole file already).
    FOR_UPDATE: ClassVar[str] = ""

    def _add_players(self, game_id: str, accounts: Iterable[str]) -> None:
        for account in sorted(set(accounts)):
            self._change(
                "INSERT INTO players (account, game) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (account, game_id),
            )

    def _rate(self, row: GameRow, at: float) -> None:
        """Rate a rated game that ``row`` ends, between the accounts of its two seats."""
        assert row.result is not None
        family, accounts = family_of(row.spec), [seat.account for seat in row.seats]
        start = PlayerRating.new()
        for account in sorted(accounts):
            self._change(
                "INSERT INTO ratings (account, family, rating, deviation, volatility, games,"
                " last_rated) VALUES (?, ?, ?, ?, ?, 0, NULL) ON CONFLICT DO NOTHING",
                (account, family, start.rating, start.deviation, start.volatility),
            )
        found = self._query(
            "SELECT * FROM ratings WHERE family = ? AND account IN (?, ?) ORDER BY account"
            + self.FOR_UPDATE,
            (family, *accounts),
        )
        held = {kept["account"]: _rating(kept) for kept in found}
        first, second = accounts
        rated = rate_game(held[first], held[second], first_score(row.result), at)
        for account, rating in zip(accounts, rated, strict=True):
            self._change(
                "UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = ?,"
                " last_rated = ? WHERE account = ? AND family = ?",
                (rating.rating, rating.deviation, rating.volatility, rating.games, at, account,
                 family),
            )  # fmt: skip
            self._change(
                "INSERT INTO rating_history (account, family, game, at, rating, deviation)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (account, family, row.id, at, rating.rating, rating.deviation),
            )

    def ratings_of(self, account_id: str) -> dict[str, PlayerRating]:
        """The account's rating in each game it played rated."""
        found = self._query(
            "SELECT * FROM ratings WHERE account = ? ORDER BY family", (account_id,)
        )
        return {row["family"]: _rating(row) for row in found}

    def ratings_in(self, family: str, account_ids: Collection[str]) -> dict[str, PlayerRating]:
        ids = sorted(set(account_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        found = self._query(
            f"SELECT * FROM ratings WHERE family = ? AND account IN ({marks})", (family, *ids)
        )
        return {row["account"]: _rating(row) for row in found}

    def rating_history(self, account_id: str, limit: int = 500) -> list[RatingPoint]:
        """The account's ratings after each of its latest rated games, oldest first."""
        found = self._query(
            "SELECT * FROM rating_history WHERE account = ? ORDER BY at DESC LIMIT ?",
            (account_id, limit),
        )
        points = [
            RatingPoint(row["family"], row["game"], row["at"], row["rating"], row["deviation"])
            for row in found
        ]
        return points[::-1]

    def your_turn(self, account_id: str, limit: int = 100) -> list[str]:
        """The unfinished games that wait for the account's move, the most pressing first."""
        found = self._query(
            "SELECT id FROM games WHERE waiting_for = ? AND finished = 0"
            " ORDER BY deadline IS NULL, deadline, updated LIMIT ?",
            (account_id, limit),
        )
        return [str(row["id"]) for row in found]

    def leaderboard(
        self, family: str, min_games: int, max_deviation: float, limit: int = 100
    ) -> list[tuple[str, PlayerRating]]:
        """The best ratings of a game (names of accounts not deleted), with at least
        ``min_games`` rated games and a deviation under ``max_deviation``, best first."""
        found = self._query(
            "SELECT accounts.name, ratings.* FROM ratings"
            " JOIN accounts ON accounts.id = ratings.account"
            " WHERE ratings.family = ? AND ratings.games >= ? AND ratings.deviation < ?"
            " AND accounts.deleted = 0 ORDER BY ratings.rating DESC LIMIT ?",
            (family, min_games, max_deviation, limit),
        )
        return [(str(row["name"]), _rating(row)) for row in found]


def _rating(row: Mapping[str, Any]) -> PlayerRating:
    return PlayerRating(
        row["rating"], row["deviation"], row["volatility"], row["games"], row["last_rated"]
    )
