"""Where the server keeps how to reach players and what it told them (SQLite or PostgreSQL
alike: :class:`NoticeRows` is mixed into both stores).

- ``preferences``: an account's email address, whether it wants the email digest, and its
  vacation (days used this year, until when).
- ``push_subscriptions``: the browsers (Web Push subscriptions) of each account.
- ``server_secrets``: secrets every process shares, made once: the VAPID key pair of Web Push.
- ``notices``: what each account was told of each game (its move at a ply, a timeout warning
  before a deadline), so that nothing is told twice; ``emails_sent``: when each account was
  emailed, for the limit of two a day.

>>> from trigames.web.store import SQLiteStore
>>> store = SQLiteStore(":memory:")
>>> store.secret("vapid", lambda: "made once"), store.secret("vapid", lambda: "made twice")
('made once', 'made once')
>>> store.note_notice("a", "g1", "move:3", at=0.0), store.note_notice("a", "g1", "move:3", at=1.0)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Protocol

from trigames.web.statements import Statements

#: The schema, as one migration step of each store (``{real}``: the name of a float).
NOTICE_TABLES = (
    """CREATE TABLE preferences (
        account TEXT PRIMARY KEY,
        email TEXT,
        email_digest INTEGER NOT NULL DEFAULT 0,
        vacation_year INTEGER NOT NULL DEFAULT 0,
        vacation_used INTEGER NOT NULL DEFAULT 0,
        vacation_until {real}
    )""",
    """CREATE TABLE push_subscriptions (
        endpoint TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        subscription TEXT NOT NULL,
        created {real} NOT NULL
    )""",
    "CREATE INDEX push_subscriptions_account ON push_subscriptions (account)",
    "CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE notices (
        account TEXT NOT NULL,
        game TEXT NOT NULL,
        kind TEXT NOT NULL,
        at {real} NOT NULL,
        PRIMARY KEY (account, game, kind)
    )""",
    "CREATE TABLE emails_sent (account TEXT NOT NULL, at {real} NOT NULL)",
    "CREATE INDEX emails_sent_account ON emails_sent (account, at)",
)


#: The browsers (push subscriptions) an account keeps: a new one beyond them drops the oldest.
BROWSERS = 10


def notice_tables(real: str) -> tuple[str, ...]:
    """:data:`NOTICE_TABLES` with ``real`` the type of a float."""
    return tuple(statement.replace("{real}", real) for statement in NOTICE_TABLES)


@dataclass(frozen=True)
class Preferences:
    """How an account wants to be reached, and its vacation: ``vacation_used`` days of the
    year ``vacation_year`` taken, on vacation until ``vacation_until`` (Unix seconds)."""

    email: str | None = None
    email_digest: bool = False
    vacation_year: int = 0
    vacation_used: int = 0
    vacation_until: float | None = None


class NoticeStore(Protocol):
    """What notifications need of a store (every method runs in a worker thread)."""

    def preferences(self, account_id: str) -> Preferences:
        """The account's preferences (the defaults if it never set any)."""

    def set_preferences(self, account_id: str, preferences: Preferences) -> None:
        """Keep the account's preferences."""

    def digest_accounts(self) -> list[tuple[str, str, str]]:
        """``(account id, name, email)`` of every live account that wants the digest."""

    def add_push(self, account_id: str, endpoint: str, subscription: str, at: float) -> None:
        """Keep a browser's subscription (one per endpoint: a new owner takes it over), and the
        account's :data:`BROWSERS` latest ones only."""

    def drop_push(self, endpoint: str, account_id: str | None = None) -> None:
        """Forget a subscription (of ``account_id`` only, when given)."""

    def pushes_of(self, account_ids: Collection[str]) -> dict[str, list[str]]:
        """The subscriptions (JSON) of these accounts, by account."""

    def secret(self, name: str, make: Callable[[], str]) -> str:
        """The shared secret ``name``, made by ``make`` the first time any process asks."""

    def note_notice(self, account_id: str, game_id: str, kind: str, at: float) -> bool:
        """Note that the account was told ``kind`` of the game; ``False`` if it was already."""

    def emails_since(self, account_id: str, since: float) -> list[float]:
        """When the account was emailed since ``since``."""

    def note_email(self, account_id: str, at: float) -> None:
        """Note an email sent to the account (and forget those older than two days)."""


class NoticeRows(Statements):
    """The statements of :class:`NoticeStore`."""

    def preferences(self, account_id: str) -> Preferences:
        found = self._query("SELECT * FROM preferences WHERE account = ?", (account_id,))
        if not found:
            return Preferences()
        row = found[0]
        return Preferences(
            row["email"],
            bool(row["email_digest"]),
            row["vacation_year"],
            row["vacation_used"],
            row["vacation_until"],
        )

    def set_preferences(self, account_id: str, preferences: Preferences) -> None:
        p = preferences
        self._change(
            "INSERT INTO preferences (account, email, email_digest, vacation_year,"
            " vacation_used, vacation_until) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (account) DO UPDATE SET email = excluded.email,"
            " email_digest = excluded.email_digest, vacation_year = excluded.vacation_year,"
            " vacation_used = excluded.vacation_used, vacation_until = excluded.vacation_until",
            (account_id, p.email, int(p.email_digest), p.vacation_year, p.vacation_used,
             p.vacation_until),
        )  # fmt: skip

    def digest_accounts(self) -> list[tuple[str, str, str]]:
        found = self._query(
            "SELECT accounts.id, accounts.name, preferences.email FROM preferences"
            " JOIN accounts ON accounts.id = preferences.account"
            " WHERE preferences.email_digest = 1 AND preferences.email IS NOT NULL"
            " AND accounts.deleted = 0"
        )
        return [(str(row["id"]), str(row["name"]), str(row["email"])) for row in found]

    def add_push(self, account_id: str, endpoint: str, subscription: str, at: float) -> None:
        self._change(
            "INSERT INTO push_subscriptions (endpoint, account, subscription, created)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET"
            " account = excluded.account, subscription = excluded.subscription,"
            " created = excluded.created",
            (endpoint, account_id, subscription, at),
        )
        self._change(
            "DELETE FROM push_subscriptions WHERE account = ? AND endpoint NOT IN"
            " (SELECT endpoint FROM push_subscriptions WHERE account = ?"
            " ORDER BY created DESC LIMIT ?)",
            (account_id, account_id, BROWSERS),
        )

    def drop_push(self, endpoint: str, account_id: str | None = None) -> None:
        if account_id is None:
            self._change("DELETE FROM push_subscriptions WHERE endpoint = ?", (endpoint,))
        else:
            self._change(
                "DELETE FROM push_subscriptions WHERE endpoint = ? AND account = ?",
                (endpoint, account_id),
            )

    def pushes_of(self, account_ids: Collection[str]) -> dict[str, list[str]]:
        ids = sorted(set(account_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        found = self._query(
            f"SELECT account, subscription FROM push_subscriptions WHERE account IN ({marks})",
            ids,
        )
        pushes: dict[str, list[str]] = {}
        for row in found:
            pushes.setdefault(str(row["account"]), []).append(str(row["subscription"]))
        return pushes

    def secret(self, name: str, make: Callable[[], str]) -> str:
        found = self._query("SELECT value FROM server_secrets WHERE name = ?", (name,))
        if found:
            return str(found[0]["value"])
        self._change(
            "INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (name, make()),
        )  # another process may have made it meanwhile: the first one kept is the one
        return str(
            self._query("SELECT value FROM server_secrets WHERE name = ?", (name,))[0]["value"]
        )

    def note_notice(self, account_id: str, game_id: str, kind: str, at: float) -> bool:
        return bool(
            self._change(
                "INSERT INTO notices (account, game, kind, at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (account_id, game_id, kind, at),
            )
        )

    def emails_since(self, account_id: str, since: float) -> list[float]:
        found = self._query(
            "SELECT at FROM emails_sent WHERE account = ? AND at >= ?", (account_id, since)
        )
        return [float(row["at"]) for row in found]

    def note_email(self, account_id: str, at: float) -> None:
        self._change("DELETE FROM emails_sent WHERE at < ?", (at - 2 * 86_400,))
        self._change("INSERT INTO emails_sent (account, at) VALUES (?, ?)", (account_id, at))
