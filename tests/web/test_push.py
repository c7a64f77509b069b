"""Web Push (``trigames.web.push``) against a real push service on 127.0.0.1: the VAPID
signature, the encryption a browser undoes, the answers that drop a subscription, failures
that are results and not exceptions; and the bounds on what a browser sends and what a push
carries."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, utils

from tests.web.conftest import free_port
from tests.web.inprocess import in_own_loop
from trigames.web.push import (
    MAX_PAYLOAD,
    MAX_TAG,
    MAX_TITLE,
    MAX_URL,
    PushMessage,
    PushOutcome,
    PushResult,
    Subscription,
    VapidKeys,
    payload,
    read_subscription,
    send_push,
    send_push_async,
)

SUBJECT = "mailto:admin@example.com"
MESSAGE = PushMessage("Your move", "Ann played c3 in Triggle", "/games/abc", "game:abc")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class Recorded:
    """One request the push service received, and when (its own clock)."""

    path: str
    headers: dict[str, str]
    body: bytes
    at: float


class PushService(ThreadingHTTPServer):
    """A push service that records every request and answers the status its path names:
    ``POST /push/410/anything`` is answered 410 (a 307 redirects to ``/push/201/moved``)."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.recorded: list[Recorded] = []

    def endpoint(self, status: int, name: str = "sub1") -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/push/{status}/{name}"


class Handler(BaseHTTPRequestHandler):
    server: PushService

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.server.recorded.append(Recorded(self.path, headers, body, time.time()))
        status = int(self.path.split("/")[2])
        self.send_response(status)
        if status == 307:
            self.send_header("Location", "/push/201/moved")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


@pytest.fixture
def service() -> Iterator[PushService]:
    running = PushService()
    thread = threading.Thread(target=running.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield running
    running.shutdown()
    running.server_close()
    thread.join(10)


@dataclass(frozen=True)
class Browser:
    """A browser's side of a subscription: its P-256 key pair and its auth secret."""

    key: ec.EllipticCurvePrivateKey
    auth: bytes

    @classmethod
    def create(cls) -> Browser:
        return cls(ec.generate_private_key(ec.SECP256R1()), os.urandom(16))

    def p256dh(self) -> str:
        return b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def subscribe(self, endpoint: str) -> Subscription:
        """What ``PushSubscription.toJSON()`` gives, read as the server reads it."""
        sent = {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh(), "auth": b64url(self.auth)},
        }
        return read_subscription(sent, allow_local=True)

    def decrypt(self, body: bytes) -> bytes:
        decrypted: bytes = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return decrypted


@pytest.fixture(scope="module")
def keys() -> VapidKeys:
    return VapidKeys.create()


@pytest.fixture
def browser() -> Browser:
    return Browser.create()


def verified_claims(authorization: str, application_server_key: str) -> dict[str, Any]:
    """The claims of a ``vapid t=JWT,k=KEY`` header, once its ES256 signature is verified
    with ``application_server_key`` (which ``k`` must be)."""
    scheme, _, parameters = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
    assert fields["k"] == application_server_key
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(
        ec.SECP256R1(), unb64url(application_server_key)
    )
    der = utils.encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:]))
    public.verify(der, f"{header}.{claims}".encode("ascii"), ec.ECDSA(hashes.SHA256()))
    found: dict[str, Any] = json.loads(unb64url(claims))
    return found


# --- sending --------------------------------------------------------------------------------


def test_a_push_is_signed_for_the_service_and_encrypted_for_the_browser_alone(
    service: PushService, keys: VapidKeys, browser: Browser
) -> None:
    subscription = browser.subscribe(service.endpoint(201))
    result = send_push(keys, SUBJECT, subscription, MESSAGE, ttl=3600)
    assert result == PushResult(PushOutcome.SENT, 201, "the push service answered 201 Created")
    [request] = service.recorded
    assert request.path == "/push/201/sub1"
    claims = verified_claims(request.headers["authorization"], keys.application_server_key())
    assert claims["aud"] == f"http://127.0.0.1:{service.server_address[1]}"
    assert claims["sub"] == SUBJECT
    assert request.at < claims["exp"] <= request.at + 24 * 3600  # RFC 8292: a day at most
    assert request.headers["content-encoding"] == "aes128gcm"
    assert request.headers["ttl"] == "3600"
    assert browser.decrypt(request.body) == payload(MESSAGE)
    assert json.loads(browser.decrypt(request.body)) == {
        "title": "Your move",
        "body": "Ann played c3 in Triggle",
        "url": "/games/abc",
        "tag": "game:abc",
    }
    with pytest.raises(http_ece.ECEException, match="Decryption error"):  # others learn nothing
        Browser(ec.generate_private_key(ec.SECP256R1()), browser.auth).decrypt(request.body)


def test_the_largest_payload_fits_what_push_services_take(
    service: PushService, keys: VapidKeys, browser: Browser
) -> None:
    message = PushMessage("Your move", "a" * 5_000, "/games/abc", "game:abc")
    result = send_push(keys, SUBJECT, browser.subscribe(service.endpoint(201)), message)
    assert result.outcome == "sent"
    [request] = service.recorded
    assert request.headers["ttl"] == "86400"
    assert len(browser.decrypt(request.body)) == MAX_PAYLOAD
    assert len(request.body) <= 4096


@pytest.mark.parametrize(
    ("status", "outcome"),
    [
        (200, PushOutcome.SENT),
        (202, PushOutcome.SENT),
        (204, PushOutcome.SENT),
        (404, PushOutcome.GONE),
        (410, PushOutcome.GONE),
        (400, PushOutcome.FAILED),
        (413, PushOutcome.FAILED),
        (429, PushOutcome.FAILED),
        (500, PushOutcome.FAILED),
        (503, PushOutcome.FAILED),
    ],
)
def test_the_answer_says_whether_to_drop_the_subscription(
    service: PushService, keys: VapidKeys, browser: Browser, status: int, outcome: PushOutcome
) -> None:
    result = send_push(keys, SUBJECT, browser.subscribe(service.endpoint(status)), MESSAGE)
    assert (result.outcome, result.status) == (outcome, status)
    assert result.reason.startswith(f"the push service answered {status} ")
    assert len(service.recorded) == 1


def test_a_redirection_is_a_failure_and_is_not_followed(
    service: PushService, keys: VapidKeys, browser: Browser
) -> None:
    result = send_push(keys, SUBJECT, browser.subscribe(service.endpoint(307)), MESSAGE)
    assert result.outcome == PushOutcome.FAILED
    assert result.status is None
    assert "TooManyRedirects" in result.reason
    assert [request.path for request in service.recorded] == ["/push/307/sub1"]


def test_a_closed_port_is_a_failure_not_an_exception(keys: VapidKeys, browser: Browser) -> None:
    subscription = browser.subscribe(f"http://127.0.0.1:{free_port()}/push/201/sub1")
    result = send_push(keys, SUBJECT, subscription, MESSAGE, timeout=2)
    assert result.outcome == PushOutcome.FAILED
    assert result.status is None
    assert result.reason.startswith("no answer from the push service: ConnectionError")


def test_a_service_that_never_answers_is_a_failure_after_the_timeout(
    keys: VapidKeys, browser: Browser
) -> None:
    with socket.socket() as silent:  # connections wait in its backlog, never answered
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        endpoint = f"http://127.0.0.1:{silent.getsockname()[1]}/push/201/sub1"
        result = send_push(keys, SUBJECT, browser.subscribe(endpoint), MESSAGE, timeout=0.3)
    assert result.outcome == PushOutcome.FAILED
    assert result.status is None
    assert "Timeout" in result.reason


@in_own_loop
async def test_the_async_send_runs_in_a_thread(
    service: PushService, keys: VapidKeys, browser: Browser
) -> None:
    subscription = browser.subscribe(service.endpoint(201))
    result = await send_push_async(keys, SUBJECT, subscription, MESSAGE)
    assert result.outcome == PushOutcome.SENT
    [request] = service.recorded
    assert browser.decrypt(request.body) == payload(MESSAGE)


@pytest.mark.parametrize(
    ("subject", "ttl", "timeout", "error"),
    [
        ("admin@example.com", 60, 5.0, "VAPID subject"),
        ("mailto:admin", 60, 5.0, "VAPID subject"),
        ("mailto:admin@example.com\nBcc: x@y.z", 60, 5.0, "VAPID subject"),
        ("http://example.com/contact", 60, 5.0, "VAPID subject"),
        ("mailto:" + "a" * 250 + "@example.com", 60, 5.0, "VAPID subject"),
        (SUBJECT, -1, 5.0, "ttl"),
        (SUBJECT, 10**9, 5.0, "ttl"),
        (SUBJECT, 60, 0.0, "timeout"),
        (SUBJECT, 60, float("nan"), "timeout"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_sent(
    service: PushService,
    keys: VapidKeys,
    browser: Browser,
    subject: str,
    ttl: int,
    timeout: float,
    error: str,
) -> None:
    subscription = browser.subscribe(service.endpoint(201))
    with pytest.raises(ValueError, match=error):
        send_push(keys, subject, subscription, MESSAGE, ttl=ttl, timeout=timeout)
    assert service.recorded == []


def test_an_https_subject_is_signed(
    service: PushService, keys: VapidKeys, browser: Browser
) -> None:
    subject = "https://games.example.com/contact"
    result = send_push(keys, subject, browser.subscribe(service.endpoint(201)), MESSAGE)
    assert result.outcome == PushOutcome.SENT
    [request] = service.recorded
    claims = verified_claims(request.headers["authorization"], keys.application_server_key())
    assert claims["sub"] == subject


# --- the VAPID keys -------------------------------------------------------------------------


def test_vapid_keys_round_trip_through_pem() -> None:
    keys = VapidKeys.create()
    again = VapidKeys.from_pem(keys.pem())
    assert again == keys
    assert again.application_server_key() == keys.application_server_key()
    assert VapidKeys.create() != keys
    point = unb64url(keys.application_server_key())
    assert len(keys.application_server_key()) == 87
    assert (len(point), point[0]) == (65, 4)
    private = serialization.load_pem_private_key(keys.pem().encode(), password=None)
    assert isinstance(private, ec.EllipticCurvePrivateKey)
    assert (
        private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        == point
    )


def test_a_sec1_pem_is_read_too() -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    ).decode()
    assert "BEGIN EC PRIVATE KEY" in pem
    assert unb64url(VapidKeys.from_pem(pem).application_server_key()) == (
        key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )


def pem_of(key: ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "not an unencrypted PEM private key"),
        ("garbage", "not an unencrypted PEM private key"),
        ("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "not an unencrypted"),
        ("é" * 100, "not an unencrypted PEM private key"),
        ("A" * 2_001, "at most 2000 characters"),
        ("A" * 10_000_000, "at most 2000 characters"),
        (pem_of(ec.generate_private_key(ec.SECP384R1())), "P-256"),
        (pem_of(ed25519.Ed25519PrivateKey.generate()), "P-256"),
        (
            ec.generate_private_key(ec.SECP256R1())
            .private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.BestAvailableEncryption(b"secret"),
            )
            .decode(),
            "not an unencrypted PEM private key",
        ),
        (
            ec.generate_private_key(ec.SECP256R1())
            .public_key()
            .public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
            )
            .decode(),
            "not an unencrypted PEM private key",
        ),
    ],
)
def test_from_pem_refuses_anything_but_a_p256_private_key(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        VapidKeys.from_pem(text)


def test_repr_hides_the_private_key(keys: VapidKeys) -> None:
    shown = repr(keys)
    assert keys.application_server_key() in shown
    body = "".join(keys.pem().splitlines()[1:-1])
    assert "PRIVATE" not in shown
    assert not any(body[start : start + 16] in shown for start in range(len(body) - 16))


# --- subscriptions --------------------------------------------------------------------------

P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
AUTH = "tBHItJI5svbpez7KI4CCXg"
FCM = (
    "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb"
    "_wJsyaHljLxb3Pq8-r7a_bBrl1O0xbXr4lNoLjm2CUy_R7lRFRjIwHcbcfXwZUvnNM4rfQqYBtvpzvfLkeQKlXg-"
    "R4tbvMDLtXU"
)


def browser_sent(endpoint: str = FCM, **keys: object) -> dict[str, object]:
    return {
        "endpoint": endpoint,
        "expirationTime": None,
        "keys": {"p256dh": P256DH, "auth": AUTH, **keys},
    }


@pytest.mark.parametrize(
    "endpoint",
    [
        FCM,
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABl_a-b",
        "https://web.push.apple.com/QGuQyavXutnMH",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bT",
        "https://push.example.com:8443/send",
        "https://push.example.com",
    ],
)
def test_what_browsers_send_is_read(endpoint: str) -> None:
    subscription = read_subscription(browser_sent(endpoint))
    assert subscription == Subscription(endpoint, P256DH, AUTH)
    assert Subscription.from_json(subscription.to_json()) == subscription
    assert json.loads(subscription.to_json()) == {
        "endpoint": endpoint,
        "keys": {"p256dh": P256DH, "auth": AUTH},
    }


def test_padded_base64_and_an_expiration_time_are_accepted() -> None:
    sent = browser_sent(p256dh=P256DH + "=", auth=AUTH + "==")
    sent["expirationTime"] = 1_900_000_000_000
    assert read_subscription(sent).endpoint == FCM


def test_local_endpoints_only_when_allowed() -> None:
    for endpoint in ("http://127.0.0.1:8123/push/1", "http://localhost/push", "https://localhost/"):
        with pytest.raises(ValueError, match="endpoint"):
            read_subscription(browser_sent(endpoint))
        assert read_subscription(browser_sent(endpoint), allow_local=True).endpoint == endpoint
        with pytest.raises(ValueError, match="endpoint"):
            Subscription.from_json(Subscription(endpoint, P256DH, AUTH).to_json())
    for endpoint in ("http://push.example.com/1", "http://10.0.0.1/1"):
        with pytest.raises(ValueError, match=r"https:// URL \(or http:// to 127.0.0.1"):
            read_subscription(browser_sent(endpoint), allow_local=True)


POINT = unb64url(P256DH)


@pytest.mark.parametrize(
    ("sent", "error"),
    [
        ([], "a subscription must be a JSON object, not list"),
        ("https://push.example.com/1", "must be a JSON object, not str"),
        (None, "must be a JSON object, not NoneType"),
        ({"keys": {"p256dh": P256DH, "auth": AUTH}}, "'endpoint' must be a string"),
        ({**browser_sent(), "endpoint": 12}, "'endpoint' must be a string"),
        (browser_sent("http://push.example.com/1"), r"must be an https:// URL$"),
        (browser_sent("ftp://push.example.com/1"), r"must be an https:// URL$"),
        (browser_sent("push.example.com/1"), r"must be an https:// URL$"),
        (browser_sent("HTTPS://push.example.com/1"), r"must be an https:// URL$"),
        (browser_sent("https://push.example.com/" + "a" * 1_000), "longer than 1024 characters"),
        (browser_sent("https://" + "a" * 10**6), "longer than 1024 characters"),
        (browser_sent("https://push.example.com/a b"), "printable ASCII"),
        (browser_sent("https://push.example.com/\n"), "printable ASCII"),
        (browser_sent("https://push.example.com/é"), "printable ASCII"),
        (browser_sent("https://user:pw@push.example.com/1"), "host name"),
        (browser_sent("https://[::1]/1"), "host name"),
        (browser_sent("https://push_example.com/1"), "host name"),
        (browser_sent("https://push.example.com:/1"), "host name"),
        (browser_sent("https:///1"), "host name"),
        (browser_sent("https://push.example.com:99999/1"), "port"),
        (browser_sent("https://10.0.0.1/1"), "domain name, not localhost or an address"),
        (browser_sent("https://0x7f000001/1"), "domain name"),
        (browser_sent("https://localhost/1"), "domain name"),
        (browser_sent("https://push.localhost/1"), "domain name"),
        (browser_sent("https://intranet/1"), "domain name"),
        ({"endpoint": FCM}, "'keys' must be an object"),
        ({"endpoint": FCM, "keys": [P256DH, AUTH]}, "'keys' must be an object"),
        ({"endpoint": FCM, "keys": {"auth": AUTH}}, "'p256dh' and 'auth' strings"),
        ({"endpoint": FCM, "keys": {"p256dh": P256DH}}, "'p256dh' and 'auth' strings"),
        (browser_sent(auth=16), "'p256dh' and 'auth' strings"),
        (browser_sent(p256dh="A" * 101), "'p256dh' is longer than 100 characters"),
        (browser_sent(p256dh="A" * 10**6), "'p256dh' is longer than 100 characters"),
        (browser_sent(p256dh=P256DH.replace("_", "/")), "'p256dh' is not base64url"),
        (browser_sent(p256dh=P256DH[:-1] + "!"), "'p256dh' is not base64url"),
        (browser_sent(p256dh=P256DH + "AA"), "'p256dh' is not base64url"),
        (browser_sent(p256dh=P256DH[:-1]), "'p256dh' must encode 65 bytes, not 64"),
        (browser_sent(p256dh=b64url(POINT[:64])), "'p256dh' must encode 65 bytes, not 64"),
        (browser_sent(p256dh=b64url(POINT + b"\0")), "'p256dh' must encode 65 bytes, not 66"),
        (browser_sent(p256dh=b64url(b"\2" + POINT[1:])), "uncompressed point"),
        (browser_sent(p256dh=b64url(b"\4" + bytes(64))), "not a point of the P-256 curve"),
        (browser_sent(auth=b64url(bytes(15))), "'auth' must encode 16 bytes, not 15"),
        (browser_sent(auth=b64url(bytes(17))), "'auth' must encode 16 bytes, not 17"),
        (browser_sent(auth=""), "'auth' must encode 16 bytes, not 0"),
        (browser_sent(auth="tBHItJI5svbpez7KI4CC+g"), "'auth' is not base64url"),
    ],
)
def test_malformed_subscriptions_are_refused_precisely(sent: object, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        read_subscription(sent)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("{", "a subscription must be JSON"),
        ("[" * 3_000, "a subscription must be JSON"),
        ("[]", "must be a JSON object, not list"),
        (json.dumps(browser_sent()) + " " * 4_096, "at most 4096 characters"),
    ],
)
def test_stored_json_is_checked_on_reading(text: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        Subscription.from_json(text)


# --- messages -------------------------------------------------------------------------------


def test_a_short_message_is_sent_whole_as_compact_json() -> None:
    message = PushMessage("À toi 🎲", 'Ann a joué "c3"\net attend', "/games/a-b_c", "game:a-b_c")
    data = payload(message)
    assert json.loads(data) == {
        "title": "À toi 🎲",
        "body": 'Ann a joué "c3"\net attend',
        "url": "/games/a-b_c",
        "tag": "game:a-b_c",
    }
    assert data == json.dumps(json.loads(data), ensure_ascii=False, separators=(",", ":")).encode()


@pytest.mark.parametrize("unit", ["a", "é", "🎲", '"', "\n", "\0"])
def test_the_payload_is_bounded_and_cuts_only_the_body(unit: str) -> None:
    title, url, tag = "🎲" * MAX_TITLE, "/" + "g" * (MAX_URL - 1), "t" * MAX_TAG
    for size in (2_000, 3_000, 100_000):
        message = PushMessage(title, unit * size, url, tag)
        data = payload(message)
        assert len(data) <= MAX_PAYLOAD
        assert len(data) > MAX_PAYLOAD - 12  # the cut keeps as much as fits
        read = json.loads(data)
        assert (read["title"], read["url"], read["tag"]) == (title, url, tag)
        assert read["body"].endswith("…")
        assert message.body.startswith(read["body"][:-1])


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"url": "/games/abc?token=s3cr3t"}, "url has characters"),
        ({"url": "/games/abc#token=s3cr3t"}, "url has characters"),
        ({"url": "https://evil.example.com/"}, "url has characters"),
        ({"url": "//evil.example.com/"}, "url has characters"),
        ({"url": "/\\evil.example.com/"}, "url has characters"),
        ({"url": "javascript:alert(1)"}, "url has characters"),
        ({"url": "/games/a b"}, "url has characters"),
        ({"url": ""}, "url must have 1 to 512 characters"),
        ({"url": "/" + "a" * MAX_URL}, "url must have 1 to 512 characters"),
        ({"title": ""}, "title must have 1 to 120 characters"),
        ({"title": "a" * (MAX_TITLE + 1)}, "title must have 1 to 120 characters"),
        ({"title": "Your\nmove"}, "title has characters"),
        ({"title": "Your \ud800 move"}, "title has characters"),
        ({"tag": ""}, "tag must have 1 to 64 characters"),
        ({"tag": "t" * (MAX_TAG + 1)}, "tag must have 1 to 64 characters"),
        ({"tag": "game abc"}, "tag has characters"),
        ({"body": "lone \udc00 surrogate"}, "body is not valid Unicode text"),
    ],
)
def test_messages_are_checked_when_made(fields: dict[str, str], error: str) -> None:
    whole = {"title": "Your move", "body": "Ann played", "url": "/games/abc", "tag": "g", **fields}
    with pytest.raises(ValueError, match=error):
        PushMessage(**whole)
