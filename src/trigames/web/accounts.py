"""Accounts: signing up, logging in and out, and whose a session is.

A session is a random secret the browser keeps in an ``HttpOnly`` cookie; the database keeps
only its SHA-256 (:mod:`~trigames.web.account_store`), so a copy of the database opens no
session. Passwords are hashed with Argon2id (argon2-cffi) at OWASP's recommended cost (19 MiB,
2 passes: about 40 ms here), at most :data:`~trigames.web.limits.HASHES_AT_ONCE` at once and
never on the event loop; a hash made at an older cost is made again at the next login.

Guessing is bounded: after :data:`~trigames.web.limits.LOGIN_FAILURES_PER_NAME` failed logins
for one name within :data:`~trigames.web.limits.LOGIN_WINDOW` seconds, that name is refused
(429) whatever the password, and past :data:`~trigames.web.limits.LOGIN_FAILURES_PER_ADDRESS`
so is the address; both are counted in the database, so every process sees the same. A login
with an unknown name costs the same hash as a wrong password, so timing tells no names.

>>> import asyncio
>>> from trigames.web.database import Database
>>> from trigames.web.requests import Credentials
>>> from trigames.web.store import SQLiteStore
>>> async def sign_up_and_in() -> tuple[str, str]:
...     accounts = Accounts(Database(SQLiteStore(":memory:")))
...     made = await accounts.sign_up(Credentials("Ann", "correct horse"), "10.0.0.1")
...     logged = await accounts.log_in(Credentials("ann", "correct horse"), "10.0.0.1")
...     found = await accounts.account_of(logged.secret)
...     accounts.database.close()
...     return made.account.name, found.name if found else ""
>>> asyncio.run(sign_up_and_in())
('Ann', 'Ann')
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import argon2

from trigames.core.phrases import Phrase
from trigames.web.account_store import AccountRow
from trigames.web.database import Database
from trigames.web.errors import ConflictError, TooManyRequestsError, UnauthorizedError
from trigames.web.limits import (
    HASHES_AT_ONCE,
    LOGIN_FAILURES_PER_ADDRESS,
    LOGIN_FAILURES_PER_NAME,
    LOGIN_WINDOW,
    NEW_ACCOUNTS_PER_HOUR,
    SESSION_DAYS,
)
from trigames.web.quotas import Quota
from trigames.web.requests import Credentials

#: Argon2id at OWASP's first recommended setting (m=19 MiB, t=2, p=1).
HASHER = argon2.PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
WRONG = Phrase("wrong name or password")


def session_hash(secret: str) -> str:
    """What the database keeps of a session's secret.

    >>> session_hash("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Session:
    """A session just opened: its account, and the secret its cookie carries."""

    account: AccountRow
    secret: str = field(repr=False)
    expires: float


class Accounts:
    """The accounts of one store (every call reaches the database through ``database``)."""

    def __init__(self, database: Database, clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.clock = clock
        self.new_accounts = Quota(NEW_ACCOUNTS_PER_HOUR, 3600.0)
        self._hashing = asyncio.Semaphore(HASHES_AT_ONCE)

    async def sign_up(self, credentials: Credentials, address: str) -> Session:
        """A new account (409 if its name is taken, whatever its case), logged in."""
        if not self.new_accounts.take(address):
            raise TooManyRequestsError(
                Phrase(
                    "one address may make {count} accounts an hour: try again later",
                    count=NEW_ACCOUNTS_PER_HOUR,
                )
            )
        async with self._hashing:
            hashed = await asyncio.to_thread(HASHER.hash, credentials.password)
        row = AccountRow(secrets.token_hex(8), credentials.name, hashed, self.clock())
        if not await self.database.run(lambda store: store.add_account(row)):
            raise ConflictError(
                Phrase("the name {name} is taken: choose another", name=repr(credentials.name))
            )
        return await self._open(row)

    async def log_in(self, credentials: Credentials, address: str) -> Session:
        """A new session of the account the name and password are (401 if they are none;
        429 once the name or the address failed too often lately)."""
        now, key = self.clock(), credentials.name.lower()
        for_name, for_address = await self.database.run(
            lambda store: store.login_failures(key, address, now - LOGIN_WINDOW)
        )
        minutes = LOGIN_WINDOW // 60
        if for_name >= LOGIN_FAILURES_PER_NAME:
            raise TooManyRequestsError(
                Phrase(
                    "too many failed logins for this name: try again in {minutes} minutes",
                    minutes=minutes,
                )
            )
        if for_address >= LOGIN_FAILURES_PER_ADDRESS:
            raise TooManyRequestsError(
                Phrase(
                    "too many failed logins from your address: try again in {minutes} minutes",
                    minutes=minutes,
                )
            )
        found = await self.database.run(lambda store: store.account_named(key))
        account = found if found is not None and not found.deleted else None
        stored = account.password_hash if account is not None else _nobody()
        async with self._hashing:
            right = await asyncio.to_thread(_verify, stored, credentials.password)
            if account is not None and right and HASHER.check_needs_rehash(stored):
                rehashed = await asyncio.to_thread(HASHER.hash, credentials.password)
                await self.database.run(lambda store: store.set_password_hash(account.id, rehashed))
        if account is None or not right:
            await self.database.run(
                lambda store: store.note_login_failure(key, address, now, now - LOGIN_WINDOW)
            )
            raise UnauthorizedError(WRONG)
        return await self._open(account)

    async def delete(self, account: AccountRow, password: str) -> list[tuple[str, int]]:
        """Delete the account, once its password is given again (401 if wrong): its games
        stay, its seats named "deleted"; the games changed, and their revisions now."""
        async with self._hashing:
            right = await asyncio.to_thread(_verify, account.password_hash, password)
        if not right:
            raise UnauthorizedError(Phrase("wrong password: the account stays"))
        return await self.database.run(lambda store: store.delete_account(account.id))

    async def log_out(self, secret: str) -> None:
        """End the session: its cookie opens nothing any more, in any process."""
        await self.database.run(lambda store: store.close_session(session_hash(secret)))

    async def account_of(self, secret: str | None) -> AccountRow | None:
        """The account whose session ``secret`` is, if it is one still open."""
        if not secret:
            return None
        hashed, now = session_hash(secret), self.clock()
        return await self.database.run(lambda store: store.session_account(hashed, now))

    async def _open(self, account: AccountRow) -> Session:
        secret = secrets.token_urlsafe(32)
        expires = self.clock() + SESSION_DAYS * 86_400
        hashed = session_hash(secret)
        await self.database.run(lambda store: store.open_session(hashed, account.id, expires))
        return Session(account, secret, expires)


@functools.cache
def _nobody() -> str:
    """What a login with an unknown name is checked against, so that it takes as long as a
    wrong password."""
    return HASHER.hash("no account has this password")


def _verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (argon2.exceptions.VerificationError, argon2.exceptions.InvalidHashError):
        return False  # a wrong password, or a deleted account's empty hash
