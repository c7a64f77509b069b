"""Where accounts are kept: their rows, their sessions and the failed logins, in the games'
database (SQLite or PostgreSQL alike: :class:`AccountRows` is mixed into both stores).

- ``accounts``: an id (games name it, so that a name may be shown as "deleted" later), the name
  as typed, its key (the name in lower case, unique: names are unique ignoring case), the
  password's Argon2id hash (never the password), when it was made, whether it was deleted.
- ``sessions``: the SHA-256 of a session's secret (the cookie holds the secret, the database
  only its hash), its account and when it ends. Logging out deletes the row: the cookie stops
  working at once, in every process.
- ``login_failures``: one row a failed login (the name's key, the client's address, when),
  kept 15 minutes, so that every process counts the same failures.

>>> from trigames.web.store import SQLiteStore
>>> store = SQLiteStore(":memory:")
>>> ann = AccountRow("a1", "Ann", "$argon2id$...", 0.0)
>>> store.add_account(ann), store.add_account(AccountRow("a2", "ANN", "$argon2id$...", 0.0))
(True, False)
>>> store.open_session("h1", "a1", expires=100.0)
>>> store.session_account("h1", now=50.0).name, store.session_account("h1", now=150.0)
('Ann', None)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from trigames.web.statements import Statements

#: The schema of accounts, as one migration step of each store (SQLite's and PostgreSQL's
#: types differ only in the name of a float).
ACCOUNT_TABLES = (
    """CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created {real} NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account TEXT NOT NULL,
        expires {real} NOT NULL
    )""",
    "CREATE INDEX sessions_account ON sessions (account)",
    "CREATE TABLE login_failures (name_key TEXT NOT NULL, address TEXT NOT NULL, at {real})",
    "CREATE INDEX login_failures_name ON login_failures (name_key, at)",
    "CREATE INDEX login_failures_address ON login_failures (address, at)",
)


def account_tables(real: str) -> tuple[str, ...]:
    """:data:`ACCOUNT_TABLES` with ``real`` the type of a float (``REAL``, ``DOUBLE
    PRECISION``)."""
    return tuple(statement.replace("{real}", real) for statement in ACCOUNT_TABLES)


@dataclass(frozen=True)
class AccountRow:
    """One account as kept: ``password_hash`` is an Argon2id hash (``""`` once deleted)."""

    id: str
    name: str
    password_hash: str = field(repr=False)
    created: float
    deleted: bool = False


class AccountStore(Protocol):
    """What the accounts need of a store (every method runs in a worker thread)."""

    def add_account(self, row: AccountRow) -> bool:
        """Add the account, unless its name is taken, whatever its case (then ``False``)."""

    def account_named(self, name: str) -> AccountRow | None:
        """The account of this name (any case), deleted ones included."""

    def accounts_by_id(self, account_ids: Collection[str]) -> dict[str, AccountRow]:
        """The accounts of these ids (deleted ones included), by id."""

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        """Keep a new hash of the account's password (a stronger one, made at a login)."""

    def open_session(self, token_hash: str, account_id: str, expires: float) -> None:
        """Keep a new session of the account, until ``expires``."""

    def session_account(self, token_hash: str, now: float) -> AccountRow | None:
        """The account whose session this is, if it has not ended and the account lives."""

    def close_session(self, token_hash: str) -> None:
        """End the session (logging out)."""

    def login_failures(self, name_key: str, address: str, since: float) -> tuple[int, int]:
        """The failed logins since ``since``: for this name, and from this address."""

    def note_login_failure(self, name_key: str, address: str, at: float, forget: float) -> None:
        """Count a failed login, and forget those before ``forget``."""


class AccountRows(Statements):
    """The statements of :class:`AccountStore`."""

    def add_account(self, row: AccountRow) -> bool:
        return bool(
            self._change(
                "INSERT INTO accounts (id, name, name_key, password_hash, created, deleted)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (row.id, row.name, row.name.lower(), row.password_hash, row.created, 0),
            )
        )

    def account_named(self, name: str) -> AccountRow | None:
        found = self._query("SELECT * FROM accounts WHERE name_key = ?", (name.lower(),))
        return _account(found[0]) if found else None

    def accounts_by_id(self, account_ids: Collection[str]) -> dict[str, AccountRow]:
        ids = sorted(set(account_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        found = self._query(f"SELECT * FROM accounts WHERE id IN ({marks})", ids)
        return {row["id"]: _account(row) for row in found}

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        self._change(
            "UPDATE accounts SET password_hash = ? WHERE id = ? AND deleted = 0",
            (password_hash, account_id),
        )

    def open_session(self, token_hash: str, account_id: str, expires: float) -> None:
        self._change(
            "INSERT INTO sessions (token_hash, account, expires) VALUES (?, ?, ?)",
            (token_hash, account_id, expires),
        )

    def session_account(self, token_hash: str, now: float) -> AccountRow | None:
        found = self._query(
            "SELECT accounts.* FROM sessions JOIN accounts ON accounts.id = sessions.account"
            " WHERE sessions.token_hash = ? AND sessions.expires > ? AND accounts.deleted = 0",
            (token_hash, now),
        )
        return _account(found[0]) if found else None

    def close_session(self, token_hash: str) -> None:
        self._change("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    def login_failures(self, name_key: str, address: str, since: float) -> tuple[int, int]:
        found = self._query(
            "SELECT (SELECT count(*) FROM login_failures WHERE name_key = ? AND at >= ?) AS name,"
            " (SELECT count(*) FROM login_failures WHERE address = ? AND at >= ?) AS address",
            (name_key, since, address, since),
        )
        return int(found[0]["name"]), int(found[0]["address"])

    def note_login_failure(self, name_key: str, address: str, at: float, forget: float) -> None:
        self._change("DELETE FROM login_failures WHERE at < ?", (forget,))
        self._change(
            "INSERT INTO login_failures (name_key, address, at) VALUES (?, ?, ?)",
            (name_key, address, at),
        )


def _account(found: Mapping[str, Any]) -> AccountRow:
    return AccountRow(
        found["id"], found["name"], found["password_hash"], found["created"], bool(found["deleted"])
    )
