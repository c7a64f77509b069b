"""Web Push: "your move" alerts to a browser with no tab open (RFC 8030, 8291, 8292).

The server signs its pushes with one VAPID key pair (:class:`VapidKeys`), made at first start
and kept as PEM text, so that every process of the server shares it. A page subscribes with
the public key (:meth:`VapidKeys.application_server_key`) and posts what the browser gives it
(``PushSubscription.toJSON()``), which :func:`read_subscription` checks within fixed bounds.
:func:`send_push` encrypts a :class:`PushMessage` for that subscription (``aes128gcm``) and
posts it to the browser's push service; the answer is a :class:`PushResult`, never an
exception: ``"gone"`` tells the caller to drop the subscription.

>>> keys = VapidKeys.create()
>>> VapidKeys.from_pem(keys.pem()) == keys
True
>>> subscription = read_subscription({
...     "endpoint": "https://push.example.com/send/abc",
...     "keys": {"p256dh": keys.application_server_key(), "auth": "c2l4dGVlbiBieXRlcyEhIQ"},
...     "expirationTime": None,
... })
>>> Subscription.from_json(subscription.to_json()) == subscription
True
>>> payload(PushMessage("Your move", "Ann played c3", "/games/abc", "game:abc"))
b'{"title":"Your move","body":"Ann played c3","url":"/games/abc","tag":"game:abc"}'
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import enum
import json
import math
import re
from dataclasses import dataclass, field

import requests
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

#: The longest PEM text :meth:`VapidKeys.from_pem` reads (a P-256 key's is about 240).
MAX_PEM = 2_000
#: The longest endpoint URL a subscription may have.
MAX_ENDPOINT = 1_024
#: The longest key text of a subscription (``p256dh`` is 87 characters, ``auth`` 22).
MAX_KEY_TEXT = 100
#: The longest subscription JSON :meth:`Subscription.from_json` reads.
MAX_SUBSCRIPTION_JSON = 4_096
#: The most bytes of JSON a push carries: push services take 4,096 encrypted bytes, and
#: encryption adds 103 to the payload (RFC 8291); the body is cut to fit.
MAX_PAYLOAD = 3_000
#: The longest title and tag of a message, and the longest path it links to: together they
#: leave the body most of :data:`MAX_PAYLOAD`.
MAX_TITLE = 120
MAX_TAG = 64
MAX_URL = 512
#: The longest time a push service is asked to keep a push for a browser that is offline.
MAX_TTL = 28 * 24 * 3600
#: The longest VAPID subject, and the longest reason a :class:`PushResult` keeps.
MAX_SUBJECT = 256
MAX_REASON = 200
#: The endpoint hosts :func:`read_subscription` accepts only when told to (tests).
LOCAL_HOSTS = ("127.0.0.1", "localhost")

_P256DH_BYTES = 65
_AUTH_BYTES = 16
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*={0,2}")
_ENDPOINT = re.compile(
    r"(?P<scheme>https?)://(?P<host>[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(?::(?P<port>\d{1,5}))?"
    r"(?:/[!-~]*)?"
)
#: A domain name: two labels at least, the last starting with a letter (no IP address).
_PUBLIC_HOST = re.compile(r"(?:[A-Za-z0-9-]+\.)+[A-Za-z][A-Za-z0-9-]*")
_SUBJECT = re.compile(
    r"mailto:[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"
    r"|https://[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?(?:/[!-~]*)?"
)
#: A path on this site: one slash first (``//host`` would be another site), URL characters,
#: and no query or fragment, where a seat's token could ride.
_PATH = re.compile(r"/(?!/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*")
_TAG = re.compile(r"[A-Za-z0-9._:-]+")
#: Text without control characters or lone surrogates (which UTF-8 cannot carry).
_TITLE = re.compile(r"[^\x00-\x1f\x7f-\x9f\ud800-\udfff]+")


def _load_pem(text: str) -> ec.EllipticCurvePrivateKey:
    """The P-256 private key in ``text``; ValueError for anything else."""
    if len(text) > MAX_PEM:
        raise ValueError(f"a VAPID key's PEM text is at most {MAX_PEM} characters")
    try:
        key = serialization.load_pem_private_key(text.encode("ascii"), password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm):
        raise ValueError("not an unencrypted PEM private key") from None
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise ValueError("a VAPID key must be an EC key on the P-256 curve")
    return key


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


@dataclass(frozen=True, repr=False)
class VapidKeys:
    """The server's VAPID key pair, kept as the private key's PEM text (checked on creation).

    >>> keys = VapidKeys.create()
    >>> "PRIVATE" in repr(keys)
    False
    """

    private_pem: str
    _key: ec.EllipticCurvePrivateKey = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_key", _load_pem(self.private_pem))

    @classmethod
    def create(cls) -> VapidKeys:
        """A new key pair."""
        key = ec.generate_private_key(ec.SECP256R1())
        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        return cls(pem.decode("ascii"))

    @classmethod
    def from_pem(cls, text: str) -> VapidKeys:
        """The key pair of an unencrypted P-256 private key in PEM (PKCS #8 or SEC 1);
        ValueError for anything else.

        >>> VapidKeys.from_pem("hello")
        Traceback (most recent call last):
        ValueError: not an unencrypted PEM private key
        """
        return cls(text)

    def pem(self) -> str:
        """The private key's PEM text, to store."""
        return self.private_pem

    def application_server_key(self) -> str:
        """The public key as a page passes it to ``pushManager.subscribe()``: the uncompressed
        point, base64url without padding."""
        point = self._key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return _b64url(point)

    def __repr__(self) -> str:
        return f"VapidKeys(application_server_key={self.application_server_key()!r})"


def _check_endpoint(endpoint: str, allow_local: bool) -> None:
    if len(endpoint) > MAX_ENDPOINT:
        raise ValueError(f"the endpoint is longer than {MAX_ENDPOINT} characters")
    https_only = "the endpoint must be an https:// URL"
    if allow_local:
        https_only += " (or http:// to 127.0.0.1 or localhost)"
    match = _ENDPOINT.fullmatch(endpoint)
    if match is None:
        if not endpoint.startswith(("https://", "http://")):
            raise ValueError(https_only)
        raise ValueError(
            "the endpoint must be a URL with a host name (letters, digits, dots and hyphens), "
            "an optional port and a path of printable ASCII"
        )
    host = match["host"].lower()
    local = allow_local and host in LOCAL_HOSTS
    if match["scheme"] == "http" and not local:
        raise ValueError(https_only)
    if not local and (_PUBLIC_HOST.fullmatch(host) is None or host.endswith(".localhost")):
        raise ValueError("the endpoint's host must be a domain name, not localhost or an address")
    if match["port"] is not None and not 0 < int(match["port"]) < 65_536:
        raise ValueError("the endpoint's port must be between 1 and 65535")


def _decode_key(name: str, text: str, size: int) -> bytes:
    """The ``size`` bytes of the base64url ``text``; ValueError naming ``name`` otherwise."""
    if len(text) > MAX_KEY_TEXT:
        raise ValueError(f"'{name}' is longer than {MAX_KEY_TEXT} characters")
    if _BASE64URL.fullmatch(text) is None:
        raise ValueError(f"'{name}' is not base64url")
    unpadded = text.rstrip("=")
    try:
        data = base64.urlsafe_b64decode(unpadded + "=" * (-len(unpadded) % 4))
    except binascii.Error:
        raise ValueError(f"'{name}' is not base64url") from None
    if len(data) != size:
        raise ValueError(f"'{name}' must encode {size} bytes, not {len(data)}")
    return data


@dataclass(frozen=True)
class Subscription:
    """Where and how to push to one browser: its push service's endpoint, its P-256 public key
    (``p256dh``) and its authentication secret (``auth``), both base64url.

    The constructor checks the form (it allows local endpoints); :func:`read_subscription`
    reads what a browser sends.
    """

    endpoint: str
    p256dh: str
    auth: str

    def __post_init__(self) -> None:
        _check_endpoint(self.endpoint, allow_local=True)
        point = _decode_key("p256dh", self.p256dh, _P256DH_BYTES)
        if point[0] != 4:
            raise ValueError("'p256dh' must be an uncompressed point (its first byte 0x04)")
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        except ValueError:
            raise ValueError("'p256dh' is not a point of the P-256 curve") from None
        _decode_key("auth", self.auth, _AUTH_BYTES)

    def to_json(self) -> str:
        """The subscription as compact JSON, in the browser's own shape."""
        keys = {"p256dh": self.p256dh, "auth": self.auth}
        return json.dumps({"endpoint": self.endpoint, "keys": keys}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, *, allow_local: bool = False) -> Subscription:
        """The subscription :meth:`to_json` wrote (or a browser sent), checked as
        :func:`read_subscription` does."""
        if len(text) > MAX_SUBSCRIPTION_JSON:
            raise ValueError(f"a subscription's JSON is at most {MAX_SUBSCRIPTION_JSON} characters")
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise ValueError("a subscription must be JSON") from None
        return read_subscription(obj, allow_local=allow_local)


def read_subscription(obj: object, *, allow_local: bool = False) -> Subscription:
    """The subscription in ``obj``, the parsed JSON of a browser's ``PushSubscription.toJSON()``;
    ValueError saying what is wrong otherwise.

    The endpoint must be an ``https://`` URL of at most :data:`MAX_ENDPOINT` characters to a
    domain name (``allow_local``: also to 127.0.0.1 or localhost, over ``http://`` too);
    ``p256dh`` a P-256 point, uncompressed; ``auth`` 16 bytes. ``expirationTime`` and other
    members are ignored.

    >>> read_subscription({"endpoint": "http://push.example.com/1", "keys": {}})
    Traceback (most recent call last):
    ValueError: the endpoint must be an https:// URL
    """
    if not isinstance(obj, dict):
        raise ValueError(f"a subscription must be a JSON object, not {type(obj).__name__}")
    endpoint, keys = obj.get("endpoint"), obj.get("keys")
    if not isinstance(endpoint, str):
        raise ValueError("the subscription's 'endpoint' must be a string")
    _check_endpoint(endpoint, allow_local)
    if not isinstance(keys, dict):
        raise ValueError("the subscription's 'keys' must be an object")
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not isinstance(p256dh, str) or not isinstance(auth, str):
        raise ValueError("the subscription's keys must have 'p256dh' and 'auth' strings")
    return Subscription(endpoint, p256dh, auth)


def _check_text(name: str, value: str, pattern: re.Pattern[str], longest: int) -> None:
    if not 0 < len(value) <= longest:
        raise ValueError(f"a message's {name} must have 1 to {longest} characters")
    if pattern.fullmatch(value) is None:
        raise ValueError(f"a message's {name} has characters it may not have")


@dataclass(frozen=True)
class PushMessage:
    """What an alert shows: a title, a body, the path on this site it opens (no query or
    fragment: a seat's token never rides in a push), and the tag that makes a newer alert
    replace an older one.

    >>> PushMessage("Your move", "", "/games/abc?token=secret", "game:abc")
    Traceback (most recent call last):
    ValueError: a message's url has characters it may not have
    """

    title: str
    body: str
    url: str
    tag: str

    def __post_init__(self) -> None:
        _check_text("title", self.title, _TITLE, MAX_TITLE)
        _check_text("url", self.url, _PATH, MAX_URL)
        _check_text("tag", self.tag, _TAG, MAX_TAG)
        try:
            self.body.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("a message's body is not valid Unicode text") from None


def _encoded(message: PushMessage, body: str) -> bytes:
    fields = {"title": message.title, "body": body, "url": message.url, "tag": message.tag}
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def payload(message: PushMessage) -> bytes:
    """The message as compact JSON of at most :data:`MAX_PAYLOAD` bytes, its body cut short
    (ending in "…") where the whole does not fit.

    >>> import json
    >>> long = payload(PushMessage("Your move", "a" * 5_000, "/games/abc", "game:abc"))
    >>> len(long), json.loads(long)["body"][-3:]
    (3000, 'aa…')
    """
    whole = _encoded(message, message.body)
    if len(whole) <= MAX_PAYLOAD:
        return whole
    body = message.body[:MAX_PAYLOAD]
    shortest, longest = 0, len(body)  # the longest prefix that fits lies between
    while shortest < longest:
        middle = (shortest + longest + 1) // 2
        if len(_encoded(message, body[:middle] + "…")) <= MAX_PAYLOAD:
            shortest = middle
        else:
            longest = middle - 1
    return _encoded(message, body[:shortest] + "…")


def check_subject(subject: str) -> str:
    """``subject``, the VAPID ``sub`` claim (the server's contact for push services), if it
    is a ``mailto:`` address or an ``https:`` URL; ValueError otherwise.

    >>> check_subject("mailto:admin@example.com")
    'mailto:admin@example.com'
    >>> check_subject("admin")
    Traceback (most recent call last):
    ValueError: the VAPID subject must be a mailto: address or an https: URL, not 'admin'
    """
    if len(subject) > MAX_SUBJECT or _SUBJECT.fullmatch(subject) is None:
        raise ValueError(
            f"the VAPID subject must be a mailto: address or an https: URL, not {subject[:80]!r}"
        )
    return subject


class PushOutcome(enum.StrEnum):
    """How a push ended."""

    #: The push service took it (2xx).
    SENT = "sent"
    #: The subscription is no more (404 or 410): drop it.
    GONE = "gone"
    #: Any other answer, or none (timeout, network error): maybe try again later.
    FAILED = "failed"


@dataclass(frozen=True)
class PushResult:
    """How a push ended, the push service's HTTP status (``None`` without an answer), and why."""

    outcome: PushOutcome
    status: int | None
    reason: str


def _answered(status: int, phrase: str) -> PushResult:
    if 200 <= status < 300:
        outcome = PushOutcome.SENT
    elif status in (404, 410):
        outcome = PushOutcome.GONE
    else:
        outcome = PushOutcome.FAILED
    reason = f"the push service answered {status} {phrase}".strip()
    return PushResult(outcome, status, reason[:MAX_REASON])


def send_push(
    keys: VapidKeys,
    subject: str,
    subscription: Subscription,
    message: PushMessage,
    ttl: int = 86_400,
    timeout: float = 10,
) -> PushResult:
    """Push ``message`` to ``subscription``, signed with ``keys`` for ``subject`` (see
    :func:`check_subject`), for the push service to keep ``ttl`` seconds while the browser is
    offline, waiting ``timeout`` seconds at most for each step of the exchange. Blocks: run it
    in a thread (:func:`send_push_async`). ValueError for bad arguments; the push service's
    failures are results, never exceptions. Redirections are not followed."""
    check_subject(subject)
    if not 0 <= ttl <= MAX_TTL:
        raise ValueError(f"ttl must be between 0 and {MAX_TTL} seconds")
    if not (math.isfinite(timeout) and timeout > 0):
        raise ValueError("timeout must be a positive number of seconds")
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    vapid = Vapid(private_key=keys._key, conf={"no-strict": True})  # the subject is checked
    with requests.Session() as session:
        session.max_redirects = 0
        try:
            response: requests.Response = webpush(
                info,
                data=payload(message),
                vapid_private_key=vapid,
                vapid_claims={"sub": subject},
                content_encoding="aes128gcm",
                timeout=timeout,
                ttl=ttl,
                requests_session=session,
            )
        except WebPushException as error:  # an answer other than 200 to 202, or none
            if error.response is None:
                return PushResult(PushOutcome.FAILED, None, str(error)[:MAX_REASON])
            return _answered(error.response.status_code, error.response.reason or "")
        except requests.RequestException as error:  # none: refused, timeout, TLS, a redirection
            reason = f"no answer from the push service: {type(error).__name__}: {error}"
            return PushResult(PushOutcome.FAILED, None, reason[:MAX_REASON])
    return _answered(response.status_code, response.reason or "")


async def send_push_async(
    keys: VapidKeys,
    subject: str,
    subscription: Subscription,
    message: PushMessage,
    ttl: int = 86_400,
    timeout: float = 10,
) -> PushResult:
    """:func:`send_push` in a thread of the default executor."""
    return await asyncio.to_thread(send_push, keys, subject, subscription, message, ttl, timeout)
