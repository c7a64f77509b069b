"""A game that calls you back: Web Push to a real local push service, email digests to a real
SMTP server (aiosmtpd), vacations that pause correspondence clocks, and deleting an account."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.web.faults import until
from tests.web.inprocess import PASSWORD, FakeClock, Local, in_own_loop, local, signed_up
from tests.web.test_mail import LocalSmtp, smtp  # noqa: F401 (the fixture)
from tests.web.test_push import Browser, PushService, service  # noqa: F401 (the fixture)
from trigames.web.account_store import AccountRow
from trigames.web.errors import (
    BadRequestError,
    ConflictError,
    NotFoundError,
    UnauthorizedError,
)
from trigames.web.requests import (
    ChallengeFilter,
    ChallengeRequest,
    Clock,
    Credentials,
    read_move,
)
from trigames.web.snapshot import Actor

DAY = 86_400.0


async def correspondence_game(
    api: Local, rated: bool = False
) -> tuple[AccountRow, AccountRow, str]:
    """Ann and Bob, and a game of one day a move between them that waits for Ann."""
    ann, bob = await signed_up(api.service, "Ann", "Bob")
    clock = Clock("days_per_move", 1)
    offered = await api.service.challenges.offer(
        ann, ChallengeRequest("triggle", rated, clock, seat=0)
    )
    return ann, bob, await api.service.challenges.accept(offered, bob)


async def add_browser(api: Local, account: AccountRow, browser: Browser, endpoint: str) -> None:
    subscription = browser.subscribe(endpoint)
    text = subscription.to_json()
    await api.service.database.run(
        lambda s: s.add_push(account.id, subscription.endpoint, text, 0.0)
    )


@in_own_loop
async def test_a_move_pushes_your_move_to_the_next_players_browsers(
    service: PushService,  # noqa: F811 (the fixture)
) -> None:
    async with local(clock=FakeClock()) as api:
        ann, bob, game_id = await correspondence_game(api)
        browser = Browser.create()
        await add_browser(api, bob, browser, service.endpoint(201, "bob"))
        await add_browser(api, bob, Browser.create(), service.endpoint(410, "gone"))
        await api.service.play(game_id, Actor(None, ann), read_move({"move": "D1-D4"}))
        await until(lambda: len(service.recorded) == 2, "two pushes")
        (sent,) = [r for r in service.recorded if r.path.endswith("/bob")]
        assert sent.headers["content-encoding"] == "aes128gcm"
        assert sent.headers["authorization"].startswith("vapid t=")
        told = json.loads(browser.decrypt(sent.body))
        assert told["title"] == "Your move"
        assert told["url"] == f"/games/{game_id}"
        assert "Ann" in told["body"]

        async def kept() -> list[str]:
            found = await api.service.database.run(lambda s: s.pushes_of([bob.id]))
            return found.get(bob.id, [])

        for _ in range(500):  # the gone browser is forgotten once its answer is in
            if len(await kept()) == 1:
                break
            await asyncio.sleep(0.02)
        assert len(await kept()) == 1
        # told once per ply, however often the change is heard
        await api.service.notices.turn_passed(api.service.games.games[game_id].snapshot)
        assert len(service.recorded) == 2
        # the key pages subscribe with is made once and kept
        key = await api.service.notices.push_key()
        assert key == await api.service.notices.push_key()


@in_own_loop
async def test_a_page_watching_the_game_gets_no_push(
    service: PushService,  # noqa: F811 (the fixture)
) -> None:
    async with local(clock=FakeClock()) as api:
        ann, bob, game_id = await correspondence_game(api)
        await add_browser(api, bob, Browser.create(), service.endpoint(201, "bob"))
        await api.service.watch(game_id, Actor(None, bob), "here")
        await api.service.play(game_id, Actor(None, ann), read_move({"move": "D1-D4"}))
        assert api.service.games.watched_by(game_id, bob.id)
        assert service.recorded == []


@in_own_loop
async def test_the_digest_lists_your_correspondence_games_at_most_twice_a_day(
    smtp: LocalSmtp,  # noqa: F811 (the fixture)
) -> None:
    clock = FakeClock()
    url = f"smtp://127.0.0.1:{smtp.port}?from=noreply@trigames.example"
    async with local(clock=clock, smtp=url, site_url="https://trigames.example") as api:
        notices = api.service.notices
        ann, _, game_id = await correspondence_game(api)
        with pytest.raises(BadRequestError):
            await notices.set_email(ann, None, True)  # a digest needs an address
        with pytest.raises(BadRequestError):
            await notices.set_email(ann, "not an address", True)
        settings = await notices.set_email(ann, "ann@example.com", True)
        assert (settings["email"], settings["email_digest"]) == ("ann@example.com", True)
        assert await notices.send_digests() == 1
        envelope, message = smtp.inbox.received()
        assert envelope.rcpt_tos == ["ann@example.com"]
        body = message.get_body(("plain",))
        assert body is not None
        assert f"https://trigames.example/games/{game_id}" in body.get_content()
        assert "token" not in body.get_content()
        assert await notices.send_digests() == 0  # told already
        clock.now += DAY - 1800  # half an hour before the timeout: a warning
        assert await notices.send_digests() == 1
        assert len(smtp.inbox.envelopes) == 2
        clock.now += 600
        smtp.inbox.envelopes.clear()
        assert await notices.send_digests() == 0  # two emails in a day: no third


@in_own_loop
async def test_no_digest_about_a_game_on_screen_nor_on_vacation(
    smtp: LocalSmtp,  # noqa: F811 (the fixture)
) -> None:
    url = f"smtp://127.0.0.1:{smtp.port}?from=noreply@trigames.example"
    async with local(clock=FakeClock(), smtp=url) as api:
        notices = api.service.notices
        ann, _, game_id = await correspondence_game(api)
        await notices.set_email(ann, "ann@example.com", True)
        page, watcher = await api.service.watch(game_id, Actor(None, ann), "here")
        assert await notices.send_digests() == 0
        api.service.unwatch(page, watcher)
        await notices.start_vacation(ann, 2)
        assert await notices.send_digests() == 0
        await notices.end_vacation(ann)
        assert await notices.send_digests() == 1


@in_own_loop
async def test_a_vacation_pauses_correspondence_clocks() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        notices = api.service.notices
        ann, _, game_id = await correspondence_game(api)
        settings = await notices.start_vacation(ann, 3)
        assert settings["vacation"]["days_left"] == 11
        until_ = settings["vacation"]["until"]
        assert until_ == clock.now + 3 * DAY
        with pytest.raises(ConflictError):
            await notices.start_vacation(ann, 1)
        clock.now += 2 * DAY  # Ann's day ran out while she was away
        view = await api.view(game_id)
        assert not view["over"]
        assert view["deadline"] == until_ + DAY  # a whole move's time after she is back
        clock.now = until_ + DAY + 1
        assert (await api.view(game_id))["over"]


@in_own_loop
async def test_vacation_days_are_bounded_and_given_back_when_one_comes_back_early() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        notices = api.service.notices
        ann = (await api.service.accounts.sign_up(Credentials("Ann", PASSWORD), "here")).account
        with pytest.raises(BadRequestError):
            await notices.start_vacation(ann, 15)
        await notices.start_vacation(ann, 10)
        clock.now += 1.5 * DAY
        back = await notices.end_vacation(ann)
        assert back["vacation"] == {"days_left": 12, "until": None}  # 8 whole days back
        with pytest.raises(ConflictError):
            await notices.end_vacation(ann)


@in_own_loop
async def test_a_deleted_account_leaves_its_games_under_the_name_deleted() -> None:
    async with local(clock=FakeClock()) as api:
        accounts = api.service.accounts
        ann, bob, game_id = await correspondence_game(api)
        session = await accounts.log_in(Credentials("Bob", PASSWORD), "here")
        open_one = await api.service.challenges.offer(bob, ChallengeRequest("triggle"))
        with pytest.raises(UnauthorizedError):
            await accounts.delete(bob, "not the password")
        for changed, rev in await accounts.delete(bob, PASSWORD):
            api.service.games.changed_elsewhere(changed, rev)
        view = await api.view(game_id)
        assert [seat["name"] for seat in view["seats"]] == ["Ann", "deleted"]
        assert await accounts.account_of(session.secret) is None
        with pytest.raises(NotFoundError):
            await api.service.players.player("Bob")
        with pytest.raises(ConflictError):
            await accounts.sign_up(Credentials("bob", PASSWORD), "here")  # the name stays his
        listed = await api.service.challenges.listing(ann, ChallengeFilter())
        assert open_one not in {c["id"] for c in listed}
