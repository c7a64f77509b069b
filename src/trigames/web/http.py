"""The HTTP edge: reading what a request carries, answering in JSON, and the headers every
answer gets.

- A request's body is a JSON object of at most :data:`~trigames.web.limits.MAX_BODY` bytes,
  refused (413) as soon as its declared length or the bytes read so far say so.
- A seat's token comes from an ``Authorization: Bearer TOKEN`` header or the body's
  ``"token"``, never the query of an API request (query strings end up in logs and histories).
- Every answer under ``/api`` is JSON; an error is ``{"error": "..."}`` with its status, and a
  fault of the server's own is logged and answered 500 the same way, never a traceback.
- An account's session is a cookie (:data:`SESSION_COOKIE`: ``HttpOnly``, ``SameSite=Lax``,
  ``Secure`` when the server is set to say so). A request that changes anything and carries it
  must come from a page of this server (:class:`SameOrigin`: its ``Origin`` names this host),
  else 403: another site cannot act for a logged-in player.
- Every answer carries :data:`SECURITY_HEADERS`: scripts and styles from this server only (no
  inline script), no framing by other sites, no sniffing of types, and no ``Referer`` at all,
  so that a game page's address (which may hold a seat's token) never leaves with a link.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from trigames.core.phrases import Phrase
from trigames.web.errors import (
    NO_SEAT,
    BadRequestError,
    ForbiddenError,
    PayloadTooLargeError,
    ServiceError,
    refusal,
)
from trigames.web.limits import MAX_BODY, MAX_TOKEN
from trigames.web.snapshot import Actor

if TYPE_CHECKING:
    from trigames.web.service import GameService

LOG = logging.getLogger(__name__)

#: The headers of every answer (pages, API and static files alike).
SECURITY_HEADERS: dict[str, str] = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}
_ENCODED_HEADERS = [(name.encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]
#: A page is in the language its request chose by the ``lang`` cookie and ``Accept-Language``
#: (:mod:`trigames.web.i18n`): caches must keep one copy a language.
_PAGE_VARY = (b"vary", b"Accept-Language, Cookie")


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP answer, and on pages (HTML) a
    ``Vary`` that names what chooses their language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *_ENCODED_HEADERS]
                if any(
                    name.lower() == b"content-type" and value.startswith(b"text/html")
                    for name, value in headers
                ):
                    headers.append(_PAGE_VARY)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


#: The cookie of an account's session (its secret; the database keeps only its hash).
SESSION_COOKIE = "trigames_session"
#: The methods that change nothing (a cookie on them needs no check of where they come from).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The paths that open a session (guarded like a change, so that another site cannot log a
#: visitor into an account of its own).
SESSION_PATHS = frozenset({"/api/session", "/api/accounts"})


class SameOrigin:
    """ASGI middleware: a request that may change something (not GET, HEAD or OPTIONS) and
    carries the session cookie, or opens a session, is refused (403) when its ``Origin`` is
    another site's; with the cookie, a missing ``Origin`` is refused too (browsers send it on
    every such request; a script of one's own can send it). The origin is compared with the
    ``Host`` the request was sent to."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            request = Request(scope)
            origin = request.headers.get("origin")
            with_cookie = SESSION_COOKIE in request.cookies
            if (with_cookie or scope["path"] in SESSION_PATHS) and not same_origin(
                origin, request.headers.get("host"), required=with_cookie
            ):
                refused = error_response(ForbiddenError(CROSS_SITE))
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


#: What a request is told when the server fails (500).
FAILED = Phrase("the server failed; nothing was changed")
#: What a request with a body larger than :data:`~trigames.web.limits.MAX_BODY` is told (413).
TOO_LARGE = Phrase("a request body holds at most {most} bytes", most=MAX_BODY)

CROSS_SITE = Phrase(
    "this request comes from another site (or says not where from): a change made with your "
    "session must come from this site's pages"
)


def same_origin(origin: str | None, host: str | None, required: bool) -> bool:
    """Whether ``origin`` (an ``Origin`` header) is the site at ``host``; no origin passes
    unless one is ``required``.

    >>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000", True)
    True
    >>> same_origin("https://evil.example", "127.0.0.1:8000", False)
    False
    >>> same_origin(None, "127.0.0.1:8000", True), same_origin(None, "x", False)
    (False, True)
    """
    if origin is None:
        return not required
    scheme, _, netloc = origin.partition("://")
    return scheme in ("http", "https") and host is not None and netloc.lower() == host.lower()


def service_of(connection: HTTPConnection) -> GameService:
    """The service of the application the request reached."""
    service: GameService = connection.app.state.service
    return service


async def actor_of(connection: HTTPConnection, token: str | None) -> Actor:
    """Who asks: the holder of ``token``, and the account of the session's cookie, if any. A
    WebSocket's cookie counts only when its handshake comes from this site's pages (nothing
    like :class:`SameOrigin` guards a handshake, and a page of another site may open one)."""
    secret = session_of(connection)
    if secret is None:
        return Actor(token)
    headers = connection.headers
    if connection.scope["type"] == "websocket" and not same_origin(
        headers.get("origin"), headers.get("host"), required=True
    ):
        return Actor(token)
    return Actor(token, await service_of(connection).accounts.account_of(secret))


def session_of(connection: HTTPConnection) -> str | None:
    """The session's secret the request's cookie carries, if any (one longer than any
    server's opens nothing)."""
    secret = connection.cookies.get(SESSION_COOKIE)
    return secret if secret and len(secret) <= MAX_TOKEN else None


def with_session(response: Response, secret: str, max_age: int, secure: bool) -> Response:
    """``response`` setting the session's cookie."""
    response.set_cookie(
        SESSION_COOKIE, secret, max_age=max_age, httponly=True, samesite="lax", secure=secure
    )
    return response


def without_session(response: Response, secure: bool) -> Response:
    """``response`` clearing the session's cookie."""
    response.delete_cookie(SESSION_COOKIE, httponly=True, samesite="lax", secure=secure)
    return response


Handler = Callable[[Request], Awaitable[Response]]


def api(handler: Callable[[Request], Awaitable[Response | Mapping[str, object]]]) -> Handler:
    """An API endpoint: ``handler``'s result as JSON (or as the response it is), and every
    error as ``{"error": ...}`` with its status."""

    async def endpoint(request: Request) -> Response:
        try:
            result = await handler(request)
        except ServiceError as error:
            return error_response(error)
        except Exception:
            LOG.exception("%s %s failed", request.method, request.url.path)
            return JSONResponse(refusal(FAILED), 500)
        return result if isinstance(result, Response) else JSONResponse(result)

    return endpoint


def error_response(error: ServiceError) -> JSONResponse:
    """``{"error": MESSAGE}``, with ``"said"``, the message as a phrase, when it is one (see
    :mod:`trigames.web.errors`)."""
    return JSONResponse(refusal(error), status_code=error.status)


def json_text(text: str, status: int = 200) -> Response:
    """An answer of JSON already encoded."""
    return Response(text, status_code=status, media_type="application/json")


async def body_of(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body counts as ``{}``)."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or len(declared) > 12:
        raise BadRequestError(Phrase("the Content-Length header must be a whole number"))
    if int(declared) > MAX_BODY:
        raise PayloadTooLargeError(TOO_LARGE)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise PayloadTooLargeError(TOO_LARGE)
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
        json.dumps(body, ensure_ascii=False).encode("utf-8")  # lone surrogates fail here
    except (json.JSONDecodeError, UnicodeError) as error:
        raise BadRequestError(
            Phrase("the body is not valid JSON: {error}", error=str(error))
        ) from None
    except (ValueError, RecursionError):  # a number of thousands of digits; deep nesting
        raise BadRequestError(Phrase("the body is not JSON this server reads: a number too long "
                                     "or arrays or objects nested too deep")) from None  # fmt: skip
    if not isinstance(body, dict):
        raise BadRequestError(Phrase("the body must be a JSON object"))
    return body


def token_of(request: Request, body: dict[str, Any]) -> str | None:
    """The token of an API request: ``Authorization: Bearer TOKEN``, else ``"token"`` in the
    JSON body."""
    header = request.headers.get("authorization", "")
    token = header[7:].strip() if header.lower().startswith("bearer ") else body.get("token")
    if token is not None and not isinstance(token, str):
        raise BadRequestError(Phrase("'token' must be a string"))
    return checked_token(token)


def checked_token(token: str | None) -> str | None:
    """``token`` (``None`` for none); one longer than any server's is no seat's (403)."""
    if token and len(token) > MAX_TOKEN:
        raise ForbiddenError(NO_SEAT)
    return token or None


def address_of(connection: HTTPConnection) -> str:
    """The client's address (behind a trusted proxy, the one it forwarded), which per-client
    limits count by."""
    return connection.client.host if connection.client is not None else ""


def base_url(connection: HTTPConnection) -> str:
    """The address pages are served at, as the client reached it (for links)."""
    return str(connection.base_url).rstrip("/")
