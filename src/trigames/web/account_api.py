"""The HTTP API of accounts: signing up, logging in and out, and who one is.

- ``POST /api/accounts {"name", "password"}``: 201 ``{"name"}`` and the session's cookie;
  400 for a name that is not 3 to 20 letters, digits, ``_`` or ``-``, or a password under 8
  characters; 409 for a name taken (whatever its case).
- ``POST /api/session {"name", "password"}``: 200 ``{"name"}`` and the cookie; 401 for a
  wrong name or password; 429 after 10 failures for the name in 15 minutes (or 100 from the
  address).
- ``DELETE /api/session``: the session ends, server side (its cookie opens nothing more).

Every change made with the cookie must come from this site's pages
(:class:`~trigames.web.http.SameOrigin`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from trigames.web.account_store import AccountRow
from trigames.web.accounts import Session
from trigames.web.errors import UnauthorizedError
from trigames.web.http import (
    address_of,
    api,
    body_of,
    service_of,
    session_of,
    with_session,
    without_session,
)
from trigames.web.requests import read_credentials


def _logged_in(request: Request, session: Session, status: int) -> Response:
    service = service_of(request)
    max_age = round(session.expires - service.clock())
    answer = JSONResponse({"name": session.account.name}, status_code=status)
    return with_session(answer, session.secret, max_age, service.settings.secure_cookies)


async def sign_up(request: Request) -> Response:
    credentials = read_credentials(await body_of(request), new=True)
    session = await service_of(request).accounts.sign_up(credentials, address_of(request))
    return _logged_in(request, session, 201)


async def log_in(request: Request) -> Response:
    credentials = read_credentials(await body_of(request))
    session = await service_of(request).accounts.log_in(credentials, address_of(request))
    return _logged_in(request, session, 200)


async def log_out(request: Request) -> Response:
    service = service_of(request)
    secret = session_of(request)
    if secret is not None:
        await service.accounts.log_out(secret)
    return without_session(JSONResponse({}), service.settings.secure_cookies)


async def account_of(request: Request) -> AccountRow:
    """The session's account (401 without one)."""
    account = await service_of(request).accounts.account_of(session_of(request))
    if account is None:
        raise UnauthorizedError("you are not logged in (or your session ended): log in")
    return account


def account_routes() -> list[BaseRoute]:
    return [
        Route("/api/accounts", api(sign_up), methods=["POST"]),
        Route("/api/session", api(log_in), methods=["POST"]),
        Route("/api/session", api(log_out), methods=["DELETE"]),
    ]
