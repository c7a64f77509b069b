"""The "your move" email digest (``trigames.web.mail``): its settings, when it may go, what it
says, and sending it to a real SMTP server on 127.0.0.1 (aiosmtpd)."""

from __future__ import annotations

import dataclasses
import email
import email.policy
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from tests.web.conftest import free_port
from tests.web.inprocess import in_own_loop
from trigames.web.mail import (
    DAY,
    HOUR,
    MAX_ITEMS,
    MAX_PER_DAY,
    MAX_SMTP_URL,
    DigestItem,
    MailError,
    Reason,
    SmtpSettings,
    compose,
    digest_items,
    may_send,
    read_smtp,
    send,
    send_async,
    timeout_warnings,
)

SENDER = "noreply@trigames.example"
SITE = "https://trigames.example"
PASSWORD = "p@ss word"
NOW = 1_800_000_000.0


@dataclass
class Inbox:
    """An SMTP server's handler: it keeps what it is sent, and the logins it is given (any
    login with :data:`PASSWORD` succeeds); it refuses the recipients in ``refused``."""

    envelopes: list[Envelope] = field(default_factory=list)
    logins: list[tuple[str, str]] = field(default_factory=list)
    refused: set[str] = field(default_factory=set)

    async def handle_RCPT(  # noqa: N802 (aiosmtpd's name)
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        if address in self.refused:
            return "550 5.1.1 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(  # noqa: N802 (aiosmtpd's name)
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        self.envelopes.append(envelope)
        return "250 Message accepted for delivery"

    def authenticate(
        self, server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: object
    ) -> AuthResult:
        assert isinstance(data, LoginPassword)
        login = (data.login.decode(), data.password.decode())
        self.logins.append(login)
        return AuthResult(success=login[1] == PASSWORD, handled=False)

    def received(self) -> tuple[Envelope, EmailMessage]:
        """The one message received, and its envelope."""
        assert len(self.envelopes) == 1
        envelope = self.envelopes[0]
        assert envelope.original_content is not None
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        return envelope, message


@dataclass
class LocalSmtp:
    """A running server: its handler, and the port it listens on."""

    inbox: Inbox
    port: int

    def settings(self, **changes: Any) -> SmtpSettings:
        """Plain SMTP to this server, without a login unless ``changes`` give one."""
        settings = read_smtp(f"smtp://127.0.0.1:{self.port}?from={SENDER}")
        return dataclasses.replace(settings, timeout=5.0, **changes)


@pytest.fixture
def smtp() -> Iterator[LocalSmtp]:
    """A real SMTP server on 127.0.0.1 that takes AUTH without TLS, and does not ask for it."""
    inbox = Inbox()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=free_port(),
        auth_require_tls=False,
        authenticator=inbox.authenticate,
    )
    controller.start()
    try:
        yield LocalSmtp(inbox, controller.port)
    finally:
        controller.stop()


def item(game_id: str, reason: Reason = "your_move", deadline: float | None = None) -> DigestItem:
    return DigestItem(game_id, f"Triggle against {game_id}", reason, deadline)


def test_a_digest_arrives_with_its_recipient_subject_and_links_and_no_token(
    smtp: LocalSmtp,
) -> None:
    items = [
        item("a1b2c3", "timeout_1h", NOW + HOUR),
        item("d4e5f6", "timeout_24h", NOW + 23 * HOUR),
    ]
    settings = smtp.settings()
    send(settings, compose(settings, 'Zoë Ünal, "Jr"', "zoe@example.com", items, SITE, NOW))
    envelope, message = smtp.inbox.received()
    assert envelope.mail_from == SENDER
    assert envelope.rcpt_tos == ["zoe@example.com"]
    assert message["Subject"] == "Time is running out: your move in 2 games — trigames"
    assert message["To"].addresses[0].display_name == 'Zoë Ünal, "Jr"'
    assert message["To"].addresses[0].addr_spec == "zoe@example.com"
    assert message["From"].addresses[0].addr_spec == SENDER
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["Message-ID"].endswith("@trigames.example>")
    text = message.get_body(("plain",))
    page = message.get_body(("html",))
    assert text is not None
    assert page is not None
    plain, html = text.get_content().replace("\r\n", "\n"), page.get_content()
    assert plain.startswith('Hello Zoë Ünal, "Jr",\n')
    assert plain.index(f"{SITE}/games/a1b2c3\n") < plain.index(f"{SITE}/games/d4e5f6\n")
    assert "Triggle against a1b2c3: your move, about 1 hour left" in plain
    assert "Triggle against d4e5f6: your move, about 23 hours left" in plain
    assert f"account page: {SITE}/account" in plain
    assert f'href="{SITE}/games/a1b2c3"' in html
    links = {f"{SITE}/games/a1b2c3", f"{SITE}/games/d4e5f6", f"{SITE}/account"}
    for content in (plain, html):
        assert set(re.findall(r"https?://[^\s\"<>]+", content)) == links
        assert "token" not in content.lower()


def test_a_message_goes_without_auth_when_no_user_is_set(smtp: LocalSmtp) -> None:
    settings = smtp.settings()
    send(settings, compose(settings, "Bo", "bo@example.com", [item("abc")], SITE, NOW))
    envelope, message = smtp.inbox.received()
    assert smtp.inbox.logins == []
    assert message["Subject"] == "Your move in 1 game — trigames"
    assert envelope.rcpt_tos == ["bo@example.com"]


def test_a_login_gives_the_percent_decoded_user_and_password(smtp: LocalSmtp) -> None:
    settings = read_smtp(f"smtp://ann:p%40ss%20word@127.0.0.1:{smtp.port}?from={SENDER}")
    send(settings, compose(settings, "Bo", "bo@example.com", [item("abc")], SITE, NOW))
    assert smtp.inbox.logins == [("ann", PASSWORD)]
    smtp.inbox.received()


def test_a_wrong_password_is_a_mail_error_that_does_not_show_it(smtp: LocalSmtp) -> None:
    settings = smtp.settings(username="ann", password="hunter2")
    message = compose(settings, "Bo", "bo@example.com", [item("abc")], SITE, NOW)
    with pytest.raises(MailError, match="535") as raised:
        send(settings, message)
    assert "hunter2" not in str(raised.value)
    assert smtp.inbox.envelopes == []


def test_a_refused_recipient_is_a_mail_error(smtp: LocalSmtp) -> None:
    smtp.inbox.refused.add("gone@example.com")
    settings = smtp.settings()
    message = compose(settings, "Bo", "gone@example.com", [item("abc")], SITE, NOW)
    with pytest.raises(MailError, match="no such mailbox"):
        send(settings, message)


def test_starttls_with_a_server_without_it_is_a_mail_error(smtp: LocalSmtp) -> None:
    settings = smtp.settings(security="starttls")
    message = compose(settings, "Bo", "bo@example.com", [item("abc")], SITE, NOW)
    with pytest.raises(MailError, match="STARTTLS"):
        send(settings, message)
    assert smtp.inbox.envelopes == []


def test_tls_with_a_plain_server_is_a_mail_error(smtp: LocalSmtp) -> None:
    settings = smtp.settings(security="tls")
    message = compose(settings, "Bo", "bo@example.com", [item("abc")], SITE, NOW)
    with pytest.raises(MailError, match=re.escape(f"127.0.0.1:{smtp.port}:")):
        send(settings, message)


def test_sending_to_a_closed_port_is_a_mail_error() -> None:
    settings = SmtpSettings("127.0.0.1", free_port(), SENDER, timeout=2.0)
    message = compose(settings, "Bo", "bo@example.com", [item("abc")], SITE, NOW)
    with pytest.raises(MailError, match=re.escape("could not send mail through 127.0.0.1:")):
        send(settings, message)


@in_own_loop
async def test_send_async_sends_from_a_worker_thread(smtp: LocalSmtp) -> None:
    settings = smtp.settings()
    message = compose(settings, "Bo", "bo@example.com", [item("abc")], SITE, NOW)
    await send_async(settings, message)
    assert smtp.inbox.received()[0].rcpt_tos == ["bo@example.com"]


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "smtp://mail.example.com?from=a@example.com",
            SmtpSettings("mail.example.com", 25, "a@example.com"),
        ),
        (
            "SMTP+STARTTLS://ann:s%3Acret%2F@mail.example.com/?from=a%2Bgames@example.com",
            SmtpSettings(
                "mail.example.com", 587, "a+games@example.com", "ann", "s:cret/", "starttls"
            ),
        ),
        (
            "smtps://a%40b:p:w@mail.example.com:2465?from=a+b@example.com",
            SmtpSettings("mail.example.com", 2465, "a+b@example.com", "a@b", "p:w", "tls"),
        ),
        ("smtp://[::1]:2525?from=a@example.com", SmtpSettings("::1", 2525, "a@example.com")),
        (
            "smtp://ann@10.0.0.1?from=a@example.com",
            SmtpSettings("10.0.0.1", 25, "a@example.com", "ann"),
        ),
    ],
)
def test_read_smtp_reads_each_scheme_and_its_default_port(url: str, expected: SmtpSettings) -> None:
    assert read_smtp(url) == expected
    assert read_smtp(expected.describe()).describe() == expected.describe()


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("smtp://?from=a@example.com", "names no host"),
        ("smtp://ann@:25?from=a@example.com", "names no host"),
        ("smtp://mail_server?from=a@example.com", "bad SMTP host"),
        ("smtp://[nope]?from=a@example.com", "bad IPv6 address"),
        ("smtp://mail.example.com:0?from=a@example.com", "bad SMTP port '0'"),
        ("smtp://mail.example.com:65536?from=a@example.com", "bad SMTP port"),
        ("smtp://mail.example.com:smtp?from=a@example.com", "bad SMTP port 'smtp'"),
        ("smtp://mail.example.com:?from=a@example.com", "bad SMTP port ''"),
        ("smtp://mail.example.com:25:26?from=a@example.com", "bad SMTP port"),
        ("smtp://mail.example.com", "needs the sender's address"),
        ("smtp://mail.example.com?from=", "needs the sender's address"),
        ("smtp://mail.example.com?from=nobody", "not an email address"),
        ("smtp://mail.example.com?from=a@example.com&from=b@example.com", "from= twice"),
        ("smtp://mail.example.com?from=a@example.com&timeout=3", "unknown SMTP URL option"),
        ("smtp://mail.example.com/relay?from=a@example.com", "has no path"),
        ("http://mail.example.com?from=a@example.com", "unknown scheme 'http'"),
        ("mail.example.com?from=a@example.com", "not an SMTP URL"),
        ("smtp://:pw@mail.example.com?from=a@example.com", "user name is empty"),
        ("smtp://ann:%FF@mail.example.com?from=a@example.com", "not percent-encoded UTF-8"),
        ("smtp://ann:@mail.example.com?from=a@example.com", "printable ASCII"),
        ("smtp://ann:p%C3%A9@mail.example.com?from=a@example.com", "printable ASCII"),
        # header injection, raw or percent-encoded
        ("smtp://mail.example.com?from=a@example.com\r\nBcc: b@example.com", "CR, LF"),
        ("smtp://mail.example.com\n?from=a@example.com", "CR, LF"),
        ("smtp://mail.example.com?from=a@example.com%0D%0ABcc:b@example.com", "CR, LF"),
        ("smtp://ann:pw%0D%0ARSET@mail.example.com?from=a@example.com", "no CR or LF"),
        ("smtp://mail example.com?from=a@example.com", "spaces"),
        # the length is checked first
        (f"smtp://mail.example.com?from={'a' * MAX_SMTP_URL}\n@example.com", "at most 2000"),
    ],
)
def test_read_smtp_refuses_malformed_urls(url: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        read_smtp(url)


def test_the_password_never_shows_in_repr_or_describe() -> None:
    settings = read_smtp("smtps://ann:Zq%23secret9@mail.example.com?from=a@example.com")
    assert settings.password == "Zq#secret9"
    for shown in (repr(settings), str(settings), settings.describe(), f"{settings}"):
        assert "Zq" not in shown
        assert "secret9" not in shown
    assert settings.describe() == "smtps://ann@mail.example.com:465?from=a@example.com"


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"sender": "a@example.com\nBcc: b@example.com"}, "CR, LF"),
        ({"host": "mail.example.com\r\n"}, "bad SMTP host"),
        ({"port": 70_000}, "bad SMTP port"),
        ({"security": "ssl"}, "unknown SMTP security"),
        ({"password": "pw"}, "needs a user name"),
        ({"username": "ann\nRSET"}, "no CR or LF"),
        ({"timeout": 0.0}, "bad SMTP timeout"),
        ({"timeout": float("nan")}, "bad SMTP timeout"),
    ],
)
def test_settings_are_checked_however_they_are_made(changes: dict[str, Any], why: str) -> None:
    settings = SmtpSettings("mail.example.com", 25, SENDER)
    with pytest.raises(ValueError, match=why):
        dataclasses.replace(settings, **changes)


@pytest.mark.parametrize(
    ("sent_at", "allowed"),
    [
        ([], True),
        ([NOW - 10], True),
        ([NOW - 10, NOW - 20 * HOUR], False),
        ([NOW - 1, NOW - 2, NOW - 3], False),
        ([NOW - DAY, NOW - 2 * DAY, NOW - 30 * DAY], True),  # a day ago is out of the window
        ([NOW - DAY + 1, NOW - 3 * DAY], True),
        ([NOW - DAY + 1, NOW - 1], False),
    ],
)
def test_at_most_two_emails_in_any_24_hours(sent_at: list[float], allowed: bool) -> None:
    assert MAX_PER_DAY == 2
    assert may_send(sent_at, NOW) is allowed


def test_a_digest_leaves_out_watched_games_and_puts_timeouts_first() -> None:
    candidates = [
        item("plain1"),
        item("day", "timeout_24h", NOW + 20 * HOUR),
        item("watched", "timeout_1h", NOW + 60),
        item("plain2", "your_move", NOW + 3 * DAY),
        item("hour_late", "timeout_1h", NOW + 50 * 60),
        item("hour_soon", "timeout_1h", NOW + 10 * 60),
        item("day", "your_move", NOW + 20 * HOUR),
    ]
    chosen = digest_items(candidates, {"watched", "elsewhere"})
    assert [found.game_id for found in chosen] == [
        "hour_soon",
        "hour_late",
        "day",
        "plain2",
        "plain1",
    ]
    assert chosen[2].reason == "timeout_24h"  # each game once, its most urgent reason
    assert digest_items(candidates, {found.game_id for found in candidates}) == []


def test_a_digest_is_bounded() -> None:
    candidates = [item(f"g{number}") for number in range(3 * MAX_ITEMS)]
    candidates.append(item("urgent", "timeout_1h", NOW + 60))
    chosen = digest_items(candidates, set())
    assert len(chosen) == MAX_ITEMS
    assert chosen[0].game_id == "urgent"
    settings = SmtpSettings("localhost", 25, SENDER)
    compose(settings, "Bo", "bo@example.com", chosen, SITE, NOW)
    with pytest.raises(ValueError, match="1 to 20 games"):
        compose(settings, "Bo", "bo@example.com", [*chosen, item("more")], SITE, NOW)
    with pytest.raises(ValueError, match="1 to 20 games"):
        compose(settings, "Bo", "bo@example.com", [], SITE, NOW)


@pytest.mark.parametrize(
    ("left", "already", "due"),
    [
        (DAY + 1, [], []),
        (DAY, [], ["timeout_24h"]),
        (DAY - 1, ["timeout_24h"], []),
        (HOUR + 1, [], ["timeout_24h"]),
        (HOUR + 1, ["timeout_24h"], []),
        (HOUR, ["timeout_24h"], ["timeout_1h"]),
        (HOUR - 1, [], ["timeout_1h", "timeout_24h"]),
        (1, ["timeout_24h", "timeout_1h"], []),
        (0, [], []),
        (-HOUR, [], []),
    ],
)
def test_timeout_warnings_around_both_thresholds(
    left: float, already: list[str], due: list[str]
) -> None:
    assert timeout_warnings(NOW + left, NOW, already) == due


@pytest.mark.parametrize(
    ("name", "address", "site", "why"),
    [
        ("Bo", "bo@example.com\r\nBcc: eve@example.com", SITE, "may not hold CR, LF"),
        ("Bo\nBcc: eve@example.com", "bo@example.com", SITE, "may not hold CR, LF"),
        ("Bo", "bo@example.com>, eve@example.com", SITE, "not an email address"),
        ("Bo", "zoë@example.com", SITE, "not an email address"),
        ("B" * 41, "bo@example.com", SITE, "at most 40"),
        ("Bo", "bo@example.com", f"{SITE}/\r\n", "site's URL"),
        ("Bo", "bo@example.com", f"{SITE}/?token=abc", "site's URL"),
        ("Bo", "bo@example.com", "javascript:alert(1)", "site's URL"),
    ],
)
def test_compose_refuses_header_injection_and_bad_urls(
    name: str, address: str, site: str, why: str
) -> None:
    settings = SmtpSettings("localhost", 25, SENDER)
    with pytest.raises(ValueError, match=why):
        compose(settings, name, address, [item("abc")], site, NOW)


def test_digest_items_are_checked() -> None:
    with pytest.raises(ValueError, match="may not hold CR, LF"):
        DigestItem("abc", "Trig\nBcc: eve@example.com", "your_move")
    with pytest.raises(ValueError, match="bad game id"):
        DigestItem("abc?token=x", "Trig", "your_move")
    with pytest.raises(ValueError, match="unknown reason"):
        DigestItem("abc", "Trig", "timeout")  # type: ignore[arg-type]


def test_the_html_alternative_is_escaped() -> None:
    settings = SmtpSettings("localhost", 25, SENDER)
    hostile = DigestItem("abc", "Trig against <script>alert(1)</script>", "your_move")
    message = compose(settings, "<b>Bo</b>", "bo@example.com", [hostile], SITE, NOW)
    page = message.get_body(("html",))
    assert page is not None
    content = page.get_content()
    assert "<script>" not in content
    assert "<b>" not in content
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in content
