"""A game that calls you back: telling an account it is its move when no page of its shows the
game, and what it set about being told.

- **Web Push** (:mod:`~trigames.web.push`), at once: when a move makes it an account's turn,
  each of its browsers that allowed notifications hears "Your move", unless a page of the
  account watches the game in this process. The VAPID key pair is made at first start and kept
  in the database (:meth:`~trigames.web.notice_store.NoticeRows.secret`), shared by every
  process; a subscription the push service says is gone is forgotten.
- **Email digests** (:mod:`~trigames.web.mail`, with ``--smtp``): every
  :data:`DIGEST_SWEEP_SECONDS`, an account that wants them gets one email listing its
  correspondence games (days per move) that wait for its move, with warnings 24 h and 1 h
  before a timeout; at most two emails a day, never about a game a page of its shows, and
  never while it is on vacation. Each item is claimed in the database before it is sent, so
  that several processes never send it twice.
- **Vacation**: an account may pause its correspondence clocks for up to
  :data:`~trigames.web.limits.VACATION_DAYS` days a year: while it is away, a clock that runs
  out is pushed back to the end of the vacation plus one move's time.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from collections.abc import Callable
from typing import TypedDict

from trigames.core.phrases import Phrase
from trigames.web import mail, push
from trigames.web.account_store import AccountRow
from trigames.web.database import Database
from trigames.web.errors import BadRequestError, ConflictError, ServiceError, words_of
from trigames.web.limits import VACATION_DAYS
from trigames.web.notice_store import Preferences
from trigames.web.player_views import short_title
from trigames.web.settings import Settings
from trigames.web.snapshot import Snapshot

LOG = logging.getLogger(__name__)
#: Seconds between two sweeps for email digests.
DIGEST_SWEEP_SECONDS = 300.0
#: Is a page of this account watching this game (in this process)?
Watching = Callable[[str, str], bool]


class Vacation(TypedDict):
    days_left: int
    until: float | None


class NoticeSettings(TypedDict):
    """What an account set about being told (``GET /api/me/settings``)."""

    email: str | None
    email_digest: bool
    push: bool
    vacation: Vacation


class Notices:
    """The notifications of one process, as ``settings`` say: the SMTP server (none: no
    emails), the site's address for the links of emails, and the contact the push services may
    write to."""

    def __init__(
        self,
        database: Database,
        watching: Watching,
        settings: Settings,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.database = database
        self.watching = watching
        self.smtp = None if settings.smtp is None else mail.read_smtp(settings.smtp)
        self.site_url = settings.site_url
        self.contact = push.check_subject(settings.contact)
        self.clock = clock
        self._keys: push.VapidKeys | None = None

    # --- settings ------------------------------------------------------------------------

    async def settings(self, account: AccountRow) -> NoticeSettings:
        kept = await self.database.run(lambda store: store.preferences(account.id))
        browsers = await self.database.run(lambda store: store.pushes_of([account.id]))
        return self._shown(kept, bool(browsers.get(account.id)))

    async def set_email(
        self, account: AccountRow, email: str | None, digest: bool
    ) -> NoticeSettings:
        """Keep the account's email address (``None``: none) and whether it wants digests."""
        if email is not None:
            try:
                email = mail.check_address(email)
            except ValueError as error:
                raise BadRequestError(words_of(error)) from None
        if digest and email is None:
            raise BadRequestError(Phrase("give an email address to get the digest"))
        return await self._change(account, lambda p: Preferences(email, digest, *_vacation(p)))

    async def start_vacation(self, account: AccountRow, days: int) -> NoticeSettings:
        """Go on vacation for ``days`` days, from now (within what is left this year)."""
        now = self.clock()
        year = _year(now)

        def start(kept: Preferences) -> Preferences:
            used = kept.vacation_used if kept.vacation_year == year else 0
            if kept.vacation_until is not None and kept.vacation_until > now:
                raise ConflictError(Phrase("you are on vacation already: end it first"))
            if not 1 <= days <= VACATION_DAYS - used:
                raise BadRequestError(
                    Phrase(
                        "'days' must be 1 to {most}: the days of vacation left this year",
                        most=VACATION_DAYS - used,
                    )
                )
            return Preferences(
                kept.email, kept.email_digest, year, used + days, now + days * 86_400
            )

        return await self._change(account, start)

    async def end_vacation(self, account: AccountRow) -> NoticeSettings:
        """Come back early: the whole days not used count again."""
        now = self.clock()

        def end(kept: Preferences) -> Preferences:
            until = kept.vacation_until
            if until is None or until <= now:
                raise ConflictError(Phrase("you are not on vacation"))
            unused = int((until - now) // 86_400)
            used = max(0, kept.vacation_used - unused)
            return Preferences(kept.email, kept.email_digest, kept.vacation_year, used, None)

        return await self._change(account, end)

    async def away_until(self, account_id: str) -> float | None:
        """When the account comes back from vacation, if it is away now."""
        kept = await self.database.run(lambda store: store.preferences(account_id))
        until = kept.vacation_until
        return until if until is not None and until > self.clock() else None

    async def _change(
        self, account: AccountRow, change: Callable[[Preferences], Preferences]
    ) -> NoticeSettings:
        kept = await self.database.run(lambda store: store.preferences(account.id))
        changed = change(kept)
        await self.database.run(lambda store: store.set_preferences(account.id, changed))
        return await self.settings(account)

    def _shown(self, kept: Preferences, pushing: bool) -> NoticeSettings:
        now = self.clock()
        used = kept.vacation_used if kept.vacation_year == _year(now) else 0
        until = kept.vacation_until if kept.vacation_until and kept.vacation_until > now else None
        return {
            "email": kept.email,
            "email_digest": kept.email_digest,
            "push": pushing,
            "vacation": {"days_left": VACATION_DAYS - used, "until": until},
        }

    # --- Web Push --------------------------------------------------------------------------

    async def push_key(self) -> str:
        """The public key pages subscribe with."""
        return (await self._vapid()).application_server_key()

    async def subscribe(self, account: AccountRow, subscription: object) -> None:
        """Keep a browser's subscription for the account."""
        try:
            found = push.read_subscription(subscription)
        except ValueError as error:
            raise BadRequestError(
                Phrase("'subscription': {error}", error=words_of(error))
            ) from None
        text, now = found.to_json(), self.clock()
        await self.database.run(lambda store: store.add_push(account.id, found.endpoint, text, now))

    async def unsubscribe(self, account: AccountRow, endpoint: str) -> None:
        await self.database.run(lambda store: store.drop_push(endpoint[:2000], account.id))

    async def turn_passed(self, snapshot: Snapshot) -> None:
        """A change made it an account's move: push it to its browsers (once per ply)."""
        account, game_id = snapshot.waiting_for, snapshot.id
        if not account or self.watching(game_id, account):
            return
        try:
            if not await self._claim(account, game_id, f"push:{snapshot.ply}"):
                return
            browsers = (await self.database.run(lambda s: s.pushes_of([account]))).get(account, [])
            if not browsers:
                return
            keys = await self._vapid()
        except ServiceError as error:
            LOG.warning("no push for game %s: %s", game_id, error)
            return
        others = [seat.name for seat in snapshot.row.seats if seat.account != account]
        message = push.PushMessage(
            "Your move",
            f"{short_title(snapshot.row.spec)} against {', '.join(others) or 'yourself'}",
            f"/games/{game_id}",
            f"game:{game_id}",
        )
        for text in browsers:
            await self._push(keys, push.Subscription.from_json(text, allow_local=True), message)

    async def _push(
        self, keys: push.VapidKeys, subscription: push.Subscription, message: push.PushMessage
    ) -> None:
        """Push ``message`` to one browser; forget it if its push service says it is gone."""
        sent = await push.send_push_async(keys, self.contact, subscription, message)
        if sent.outcome is push.PushOutcome.GONE:
            await self.database.run(lambda store: store.drop_push(subscription.endpoint))
        elif sent.outcome is push.PushOutcome.FAILED:
            LOG.info("a push was not delivered (status %s)", sent.status)  # no endpoint

    async def _claim(self, account_id: str, game_id: str, key: str) -> bool:
        """Note that the account is told ``key`` of the game, unless it was already (by any
        process): whether this one is to tell it."""
        now = self.clock()
        return await self.database.run(
            lambda store: store.note_notice(account_id, game_id, key, now)
        )

    async def _vapid(self) -> push.VapidKeys:
        if self._keys is None:
            pem = await self.database.run(
                lambda store: store.secret("vapid", lambda: push.VapidKeys.create().pem())
            )
            self._keys = push.VapidKeys.from_pem(pem)
        return self._keys

    # --- email digests ---------------------------------------------------------------------

    async def keep_sending(self) -> None:
        """Send the digests due now and every :data:`DIGEST_SWEEP_SECONDS`, until cancelled."""
        while self.smtp is not None:
            try:
                await self.send_digests()
            except ServiceError as error:
                LOG.warning("digests not sent: %s", error)
            await asyncio.sleep(DIGEST_SWEEP_SECONDS)

    async def send_digests(self) -> int:
        """Send each account that wants one the digest it is due: how many were sent."""
        if self.smtp is None:
            return 0
        sent = 0
        for account_id, name, email in await self.database.run(lambda s: s.digest_accounts()):
            if await self._digest(account_id, name, email):
                sent += 1
        return sent

    async def _digest(self, account_id: str, name: str, email: str) -> bool:
        assert self.smtp is not None
        now = self.clock()
        if await self.away_until(account_id) is not None:
            return False
        earlier = await self.database.run(lambda s: s.emails_since(account_id, now - mail.DAY))
        if not mail.may_send(earlier, now):
            return False
        games = await self.database.run(lambda store: store.games_of(account_id))
        items = []
        for row in games:
            if row.result is not None or row.waiting_for != account_id:
                continue
            if not (row.clock and "days_per_move" in row.clock) or self.watching(
                row.id, account_id
            ):
                continue
            others = ", ".join(seat.name for seat in row.seats if seat.account != account_id)
            title = f"{short_title(row.spec)} against {others}"[: mail.MAX_TITLE]
            due: list[mail.Reason] = ["your_move"]
            if row.deadline is not None:
                due = mail.timeout_warnings(row.deadline, now, ()) or due
            for reason in due:
                if await self._claim(account_id, row.id, f"mail:{reason}:{len(row.moves)}"):
                    items.append(mail.DigestItem(row.id, title, reason, row.deadline))
        items = mail.digest_items(items, ())
        if not items:
            return False
        message = mail.compose(self.smtp, name, email, items, self.site_url, now)
        try:
            await mail.send_async(self.smtp, message)
        except mail.MailError as error:
            LOG.warning("the digest to account %s was not sent: %s", account_id, error)
            return False
        await self.database.run(lambda store: store.note_email(account_id, now))
        return True


def _year(now: float) -> int:
    """The year (UTC) of the time ``now``."""
    return datetime.datetime.fromtimestamp(now, datetime.UTC).year


def _vacation(kept: Preferences) -> tuple[int, int, float | None]:
    return kept.vacation_year, kept.vacation_used, kept.vacation_until
