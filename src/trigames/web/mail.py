"""The "your move" email digest: its SMTP settings, when to send one, what it says, sending it.

A player with an account gets a digest when it is their move in correspondence games and no
page of theirs is open on them. The server reads :class:`SmtpSettings` from its ``--smtp URL``
option (:func:`read_smtp`); the policy is pure functions of the time passed in (:func:`may_send`:
at most :data:`MAX_PER_DAY` emails a day, :func:`digest_items`, :func:`timeout_warnings`);
:func:`compose` writes the message (links to the games, never a seat's token: accounts log in
with a cookie) and :func:`send` hands it to the SMTP server, raising :class:`MailError` for any
failure (:func:`send_async` in a thread, for the event loop).

>>> settings = read_smtp("smtp+starttls://ann:s%3Dcret@mail.example.com?from=noreply@example.com")
>>> settings.describe()
'smtp+starttls://ann@mail.example.com:587?from=noreply@example.com'
>>> "s=cret" in repr(settings)
False
>>> item = DigestItem("abc123", "Triggle against Bo", "timeout_1h", deadline=10_000.0)
>>> message = compose(settings, "Zoë", "zoe@example.com", [item], "https://tg.example", 7_000.0)
>>> message["Subject"]
'Time is running out: your move in 1 game — trigames'
>>> print(message.get_body(("plain",)).get_content())  # doctest: +ELLIPSIS
Hello Zoë,
<BLANKLINE>
It is your move in these games on trigames:
<BLANKLINE>
- Triggle against Bo: your move, about 50 minutes left
  https://tg.example/games/abc123
...
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import math
import re
import smtplib
import ssl
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Literal, get_args
from urllib.parse import quote, unquote

from trigames.core.phrases import Phrase
from trigames.web.limits import MAX_NAME

#: How an SMTP connection is secured: not at all, upgraded with STARTTLS, or TLS from the start.
Security = Literal["plain", "starttls", "tls"]
#: Why a game is in a digest: the player's move, or less than 24 hours or 1 hour left for it.
Reason = Literal["your_move", "timeout_24h", "timeout_1h"]

#: The longest ``--smtp`` URL :func:`read_smtp` reads.
MAX_SMTP_URL = 2_000
#: Emails one account may get in any 24 hours.
MAX_PER_DAY = 2
#: Games one digest lists, the most urgent first.
MAX_ITEMS = 20
#: The longest title of a game in a digest, and the longest email address (RFC 5321).
MAX_TITLE = 120
MAX_ADDRESS = 254
#: Characters of a failure's reason a :class:`MailError` keeps.
MAX_REASON = 300
DAY = 86_400.0
HOUR = 3_600.0
#: The site's name, in the subject and as the sender's display name.
SITE_NAME = "trigames"
#: Where a player turns these emails off.
ACCOUNT_PATH = "/account"

_SCHEMES: dict[str, tuple[Security, int]] = {
    "smtp": ("plain", 25),
    "smtp+starttls": ("starttls", 587),
    "smtps": ("tls", 465),
}
_SCHEME_OF = {security: scheme for scheme, (security, _) in _SCHEMES.items()}
#: Reasons, the most urgent first.
_URGENCY: dict[str, int] = {"timeout_1h": 0, "timeout_24h": 1, "your_move": 2}
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_URL_UNSAFE = re.compile(r"[\x00-\x20\x7f]")
_ADDRESS = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_HOST = re.compile(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")
_HOST_PORT = re.compile(r"(?:\[(?P<ipv6>[^\]]*)\]|(?P<name>[^:\[\]]*))(?::(?P<port>.*))?")
_PORT = re.compile(r"[0-9]{1,5}")
_CREDENTIAL = re.compile(r"[ -~]+")
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SITE_URL = re.compile(
    r"https?://(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?"
    r"(?:/[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*)?"
)


class MailError(Exception):
    """An email could not be sent (the SMTP server refused it, or could not be reached)."""


def _check_text(text: str, what: str) -> None:
    """ValueError if ``text`` holds CR, LF or another control character."""
    if _CONTROL.search(text):
        raise ValueError(
            Phrase("{what} may not hold CR, LF or other control characters", what=what)
        )


def check_address(address: str, what: str = Phrase("an email address")) -> str:
    """``address`` if it is a plain ASCII email address (``user@domain.tld``); ValueError
    otherwise, saying what was wrong with ``what``.

    >>> check_address("bo+games@example.com")
    'bo+games@example.com'
    >>> check_address("bo@example.com\\r\\nBcc: eve@example.com")
    Traceback (most recent call last):
    ...
    ValueError: an email address may not hold CR, LF or other control characters
    """
    _check_text(address, what)
    if len(address) > MAX_ADDRESS:
        raise ValueError(Phrase("{what} is at most {most} characters", what=what, most=MAX_ADDRESS))
    if not _ADDRESS.fullmatch(address):
        raise ValueError(
            Phrase(
                "{what} is not an email address like user@example.com: {address}",
                what=what,
                address=repr(address),
            )
        )
    return address


@dataclass(frozen=True)
class SmtpSettings:
    """Where and how to send emails, checked on creation (ValueError); the password is never
    shown (not in ``repr()``, nor in :meth:`describe`).

    >>> SmtpSettings("mail.example.com", 465, "noreply@example.com", "ann", "pw", "tls")
    SmtpSettings(host='mail.example.com', port=465, sender='noreply@example.com', \
username='ann', security='tls', timeout=10.0)
    """

    host: str
    port: int
    #: The address emails come from (the envelope's and the ``From`` header's).
    sender: str
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    security: Security = "plain"
    #: Seconds a connection, and each exchange with the server, may take.
    timeout: float = 10.0

    def __post_init__(self) -> None:
        if not self.host:
            raise ValueError("the SMTP server's host is missing")
        if not (_HOST.fullmatch(self.host) or _is_ip_address(self.host)):
            raise ValueError(f"bad SMTP host {self.host!r}")
        if not 1 <= self.port <= 65_535:
            raise ValueError(f"bad SMTP port {self.port}: a number from 1 to 65535")
        check_address(self.sender, "the sender's address (from=)")
        if self.security not in _SCHEME_OF:
            raise ValueError(f"unknown SMTP security {self.security!r}: plain, starttls or tls")
        if self.password is not None and self.username is None:
            raise ValueError("an SMTP password needs a user name")
        for credential in (self.username, self.password):
            if credential is not None and not _CREDENTIAL.fullmatch(credential):
                raise ValueError(
                    "an SMTP user name or password must be printable ASCII, not empty, "
                    "with no CR or LF"
                )
        if not (math.isfinite(self.timeout) and self.timeout > 0):
            raise ValueError(f"bad SMTP timeout {self.timeout}: a positive number of seconds")

    def describe(self) -> str:
        """The settings as a URL for the logs, without the password.

        >>> SmtpSettings("::1", 25, "a@example.com", "ann", "pw").describe()
        'smtp://ann@[::1]:25?from=a@example.com'
        """
        user = "" if self.username is None else f"{quote(self.username, safe='')}@"
        host = f"[{self.host}]" if ":" in self.host else self.host
        sender = quote(self.sender, safe="@+")
        return f"{_SCHEME_OF[self.security]}://{user}{host}:{self.port}?from={sender}"


def _is_ip_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _unquote(text: str, what: str) -> str:
    try:
        return unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise ValueError(f"{what} in the SMTP URL is not percent-encoded UTF-8") from None


def read_smtp(url: str) -> SmtpSettings:
    """The settings of ``--smtp URL``: ``smtp://[user[:password]@]host[:port]?from=address``
    (``smtp://``: plain, port 25; ``smtp+starttls://``: port 587; ``smtps://``: TLS, port 465),
    the user and password percent-encoded. ValueError says what is wrong with any other.

    >>> read_smtp("smtps://ann:p%40ss@mail.example.com?from=noreply@example.com").password
    'p@ss'
    >>> read_smtp("smtp://localhost:2525?from=noreply@example.com").describe()
    'smtp://localhost:2525?from=noreply@example.com'
    >>> read_smtp("http://mail.example.com?from=noreply@example.com")
    Traceback (most recent call last):
    ...
    ValueError: unknown scheme 'http': use smtp://, smtp+starttls:// or smtps://
    """
    if len(url) > MAX_SMTP_URL:
        raise ValueError(f"an SMTP URL is at most {MAX_SMTP_URL} characters")
    if _URL_UNSAFE.search(url):
        raise ValueError("an SMTP URL may not hold spaces, CR, LF or other control characters")
    scheme, separator, rest = url.partition("://")
    if not separator:
        raise ValueError("not an SMTP URL: smtp://[user[:password]@]host[:port]?from=address")
    known = _SCHEMES.get(scheme.lower())
    if known is None:
        raise ValueError(f"unknown scheme {scheme!r}: use smtp://, smtp+starttls:// or smtps://")
    security, port = known
    location, _, query = rest.partition("?")
    location, _, path = location.partition("/")
    if path:
        raise ValueError(f"an SMTP URL has no path: {path!r}")
    userinfo, at, host_port = location.rpartition("@")
    username = password = None
    if at:
        user_text, colon, password_text = userinfo.partition(":")
        if not user_text:
            raise ValueError("the SMTP URL's user name is empty")
        username = _unquote(user_text, "the user name")
        password = _unquote(password_text, "the password") if colon else None
    found = _HOST_PORT.fullmatch(host_port)
    if found is None or not (found["name"] or found["ipv6"]):
        raise ValueError("the SMTP URL names no host")
    host = found["name"] or found["ipv6"]
    if found["ipv6"] is not None and not _is_ip_address(host):
        raise ValueError(f"bad IPv6 address in the SMTP URL: {host!r}")
    if found["port"] is not None:
        if not _PORT.fullmatch(found["port"]) or not 1 <= int(found["port"]) <= 65_535:
            raise ValueError(f"bad SMTP port {found['port']!r}: a number from 1 to 65535")
        port = int(found["port"])
    return SmtpSettings(host, port, _sender(query), username, password, security)


def _sender(query: str) -> str:
    """The address of the query's one ``from=``."""
    sender = None
    for option in query.split("&") if query else []:
        key, _, value = option.partition("=")
        if key != "from":
            raise ValueError(f"unknown SMTP URL option {key!r}: the only one is from=")
        if sender is not None:
            raise ValueError("the SMTP URL gives from= twice")
        sender = _unquote(value, "from=")
    if not sender:
        raise ValueError("the SMTP URL needs the sender's address: ?from=noreply@example.com")
    return sender


def may_send(sent_at: Sequence[float], now: float) -> bool:
    """Whether one more email may go to an account that was sent emails at ``sent_at`` (Unix
    seconds): fewer than :data:`MAX_PER_DAY` in the 24 hours before ``now``.

    >>> may_send([1_000.0], 2_000.0), may_send([1_000.0, 1_500.0], 2_000.0)
    (True, False)
    >>> may_send([1_000.0, 1_500.0], 1_500.0 + DAY)  # the first is a day old
    True
    """
    return sum(1 for sent in sent_at if sent > now - DAY) < MAX_PER_DAY


@dataclass(frozen=True)
class DigestItem:
    """One game in a digest: its id, its title (``"Triggle against Ann"``), why it is there,
    and when the player's time for the move runs out (Unix seconds; None: never). Checked on
    creation (ValueError).

    >>> DigestItem("abc123", "Triggle against Ann", "your_move").reason
    'your_move'
    """

    game_id: str
    title: str
    reason: Reason
    deadline: float | None = None

    def __post_init__(self) -> None:
        if not _GAME_ID.fullmatch(self.game_id):
            raise ValueError(f"bad game id {self.game_id[:80]!r}")
        _check_text(self.title, "a game's title")
        if not 0 < len(self.title) <= MAX_TITLE:
            raise ValueError(f"a game's title has 1 to {MAX_TITLE} characters")
        if self.reason not in _URGENCY:
            raise ValueError(f"unknown reason {self.reason!r}: {', '.join(get_args(Reason))}")


def digest_items(candidates: Sequence[DigestItem], watched: Collection[str]) -> list[DigestItem]:
    """What a digest lists of ``candidates``: not the games in ``watched`` (the ids of those a
    page of the player's is open on), each game once, the most urgent first (1 hour left, 24
    hours left, the player's move; the nearest deadline first), at most :data:`MAX_ITEMS`.

    >>> items = [DigestItem("a", "A", "your_move"), DigestItem("b", "B", "timeout_24h"),
    ...          DigestItem("c", "C", "timeout_1h"), DigestItem("d", "D", "timeout_1h")]
    >>> [item.game_id for item in digest_items(items, {"d"})]
    ['c', 'b', 'a']
    """
    ordered = sorted(
        (item for item in candidates if item.game_id not in watched),
        key=lambda item: (_URGENCY[item.reason], item.deadline is None, item.deadline or 0.0),
    )
    kept: dict[str, DigestItem] = {}
    for item in ordered:
        kept.setdefault(item.game_id, item)
    return list(kept.values())[:MAX_ITEMS]


def timeout_warnings(deadline: float, now: float, already_warned: Collection[str]) -> list[Reason]:
    """The warnings due for a move whose time runs out at ``deadline`` and not yet sent (in
    ``already_warned``), the most urgent first: ``"timeout_24h"`` within 24 hours of it,
    ``"timeout_1h"`` within 1 hour; none once it has passed. The caller warns with the first
    and keeps them all as sent.

    >>> timeout_warnings(10_000.0, 7_000.0, ["timeout_24h"])
    ['timeout_1h']
    >>> timeout_warnings(10_000.0, 7_000.0, []), timeout_warnings(10_000.0, 10_000.0, [])
    (['timeout_1h', 'timeout_24h'], [])
    """
    left = deadline - now
    if left <= 0:
        return []
    due: list[tuple[Reason, float]] = [("timeout_1h", HOUR), ("timeout_24h", DAY)]
    return [reason for reason, within in due if left <= within and reason not in already_warned]


def time_left(seconds: float) -> str:
    """``seconds`` in words, rounded.

    >>> time_left(3_000), time_left(3_580), time_left(23.4 * HOUR), time_left(3 * DAY)
    ('about 50 minutes', 'about 1 hour', 'about 23 hours', 'about 3 days')
    """
    if seconds < 60:
        return "less than a minute"
    minutes, hours, days = round(seconds / 60), round(seconds / HOUR), round(seconds / DAY)
    if minutes < 60:
        amount, unit = minutes, "minute"
    elif hours < 48:
        amount, unit = hours, "hour"
    else:
        amount, unit = days, "day"
    return f"about {amount} {unit}{'' if amount == 1 else 's'}"


def subject(items: Sequence[DigestItem]) -> str:
    """The subject of a digest of ``items``.

    >>> subject([DigestItem("a", "A", "your_move"), DigestItem("b", "B", "your_move")])
    'Your move in 2 games — trigames'
    """
    games = f"{len(items)} game{'' if len(items) == 1 else 's'}"
    if any(item.reason != "your_move" for item in items):
        return f"Time is running out: your move in {games} — {SITE_NAME}"
    return f"Your move in {games} — {SITE_NAME}"


def _site(site_url: str) -> str:
    """``site_url`` without its last slash, if it is an http(s) URL with no query."""
    if not _SITE_URL.fullmatch(site_url):
        raise ValueError(f"the site's URL must be http(s)://host[:port][/path]: {site_url[:80]!r}")
    return site_url.rstrip("/")


_FOOTER = "You get these emails when it is your move and no page of yours is open on the game."
_TURN_OFF = "To turn them off, go to your account page"


def _state(item: DigestItem, now: float) -> str:
    """Where ``item``'s game stands, in words.

    >>> _state(DigestItem("a", "A", "timeout_24h", deadline=DAY), 0.0)
    'your move, about 24 hours left'
    """
    if item.deadline is None:
        return "your move"
    return f"your move, {time_left(item.deadline - now)} left"


def compose(
    settings: SmtpSettings,
    to_name: str,
    to_address: str,
    items: Sequence[DigestItem],
    site_url: str,
    now: float,
) -> EmailMessage:
    """The digest of ``items`` (1 to :data:`MAX_ITEMS`) for ``to_name`` at ``to_address``,
    dated ``now``: plain text, and the same in HTML. ValueError for a bad address, name or
    URL (CR or LF in any of them, among others).

    >>> settings = SmtpSettings("localhost", 25, "noreply@example.com")
    >>> message = compose(settings, "Bo", "bo@example.com", [DigestItem("a1", "Trig", "your_move")],
    ...                   "https://tg.example/", 0.0)
    >>> message["To"], message["Date"]
    ('Bo <bo@example.com>', 'Thu, 01 Jan 1970 00:00:00 +0000')
    """
    if not 0 < len(items) <= MAX_ITEMS:
        raise ValueError(f"a digest lists 1 to {MAX_ITEMS} games")
    _check_text(to_name, "the recipient's name")
    if len(to_name) > MAX_NAME:
        raise ValueError(f"the recipient's name is at most {MAX_NAME} characters")
    check_address(to_address, "the recipient's address")
    site = _site(site_url)
    games = [(item.title, f"{site}/games/{item.game_id}", _state(item, now)) for item in items]
    greeting = f"Hello {to_name}," if to_name else "Hello,"
    intro = f"It is your move in these games on {SITE_NAME}:"
    account = f"{site}{ACCOUNT_PATH}"
    message = EmailMessage()
    # Address, not email.utils.formataddr: a name both quoted and not ASCII keeps its quotes
    message["From"] = Address(SITE_NAME, addr_spec=settings.sender)
    message["To"] = Address(to_name, addr_spec=to_address)
    message["Subject"] = subject(items)
    message["Date"] = formatdate(now, usegmt=True)
    message["Message-ID"] = make_msgid("digest", domain=settings.sender.rpartition("@")[2])
    # RFC 3834: no automatic replies ("out of office") to it
    message["Auto-Submitted"] = "auto-generated"
    lines = [f"- {title}: {state}\n  {link}" for title, link, state in games]
    text = [greeting, "", intro, "", *lines, "", _FOOTER, f"{_TURN_OFF}: {account}"]
    message.set_content("\n".join(text) + "\n", cte="quoted-printable")
    escape = html.escape
    rows = "".join(
        f'<li><a href="{escape(link)}">{escape(title)}</a>: {escape(state)}</li>'
        for title, link, state in games
    )
    message.add_alternative(
        f"<p>{escape(greeting)}</p><p>{escape(intro)}</p><ul>{rows}</ul><p>{escape(_FOOTER)}<br>"
        f'{_TURN_OFF}: <a href="{escape(account)}">{escape(account)}</a></p>',
        subtype="html",
        cte="quoted-printable",
    )
    return message


def send(settings: SmtpSettings, message: EmailMessage) -> None:
    """Send ``message`` through the SMTP server of ``settings``, blocking (at most the settings'
    timeout for each exchange); MailError for any failure.

    >>> closed = SmtpSettings("127.0.0.1", 1, "noreply@example.com", timeout=1.0)
    >>> send(closed, compose(closed, "", "bo@example.com", [DigestItem("a", "A", "your_move")],
    ...                      "https://tg.example", 0.0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trigames.web.mail.MailError: could not send mail through 127.0.0.1:1: ...
    """
    try:
        if settings.security == "tls":
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                settings.host,
                settings.port,
                timeout=settings.timeout,
                context=ssl.create_default_context(),
            )
        else:
            client = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
        with client:
            if settings.security == "starttls":
                client.starttls(context=ssl.create_default_context())
            if settings.username is not None:
                client.login(settings.username, settings.password or "")
            client.send_message(message)
    except (smtplib.SMTPException, OSError) as error:
        reason = f"{type(error).__name__}: {error}"[:MAX_REASON]
        raise MailError(
            f"could not send mail through {settings.host}:{settings.port}: {reason}"
        ) from error


async def send_async(settings: SmtpSettings, message: EmailMessage) -> None:
    """:func:`send` in a worker thread, leaving the event loop free."""
    await asyncio.to_thread(send, settings, message)
