"""The HTTP API of accounts: signing up, logging in and out, and who one is.

- ``POST /api/accounts {"name", "password"}``: 201 ``{"name"}`` and the session's cookie;
  400 for a name that is not 3 to 20 letters, digits, ``_`` or ``-``, or a password under 8
  characters; 409 for a name taken (whatever its case).
- ``POST /api/session {"name", "password"}``: 200 ``{"name"}`` and the cookie; 401 for a
  wrong name or password; 429 after 10 failures for the name in 15 minutes (or 100 from the
  address).
- ``DELETE /api/session``: the session ends, server side (its cookie opens nothing more).
- ``DELETE /api/me {"password"}``: the account is deleted (its games stay, its seats named
  "deleted").
- ``GET``/``PUT /api/me/settings {"email", "email_digest"}``: how the account is told it is its
  move (:class:`~trigames.web.notices.NoticeSettings`); ``POST``/``DELETE /api/me/vacation
  {"days"}``: pause its correspondence clocks (14 days a year).
- ``GET /api/push``: the key browsers subscribe with; ``POST /api/me/push {"subscription"}``
  and ``DELETE /api/me/push {"endpoint"}``: a browser that allows notifications, or no more.

Every change made with the cookie must come from this site's pages
(:class:`~trigames.web.http.SameOrigin`).
"""

from __future__ import annotations

from typing import TypedDict

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from trigames.core.phrases import Phrase
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
from trigames.web.limits import MAX_PASSWORD
from trigames.web.notices import NoticeSettings
from trigames.web.push import MAX_ENDPOINT
from trigames.web.requests import read_credentials, read_days, read_email_settings, read_text


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
        raise UnauthorizedError(Phrase("you are not logged in (or your session ended): log in"))
    return account


async def delete_account(request: Request) -> Response:
    service, account = service_of(request), await account_of(request)
    password = read_text(await body_of(request), "password", MAX_PASSWORD)
    for game_id, rev in await service.accounts.delete(account, password):
        service.games.changed_elsewhere(game_id, rev)  # its pages show "deleted" now
    return without_session(JSONResponse({}), service.settings.secure_cookies)


async def settings(request: Request) -> NoticeSettings:
    return await service_of(request).notices.settings(await account_of(request))


async def change_settings(request: Request) -> NoticeSettings:
    email, digest = read_email_settings(await body_of(request))
    account = await account_of(request)
    return await service_of(request).notices.set_email(account, email, digest)


async def push_key(request: Request) -> PushKey:
    return {"key": await service_of(request).notices.push_key()}


async def subscribe(request: Request) -> dict[str, str]:
    subscription = (await body_of(request)).get("subscription")
    await service_of(request).notices.subscribe(await account_of(request), subscription)
    return {}


async def unsubscribe(request: Request) -> dict[str, str]:
    endpoint = read_text(await body_of(request), "endpoint", MAX_ENDPOINT)
    await service_of(request).notices.unsubscribe(await account_of(request), endpoint)
    return {}


async def start_vacation(request: Request) -> NoticeSettings:
    days = read_days(await body_of(request))
    return await service_of(request).notices.start_vacation(await account_of(request), days)


async def end_vacation(request: Request) -> NoticeSettings:
    return await service_of(request).notices.end_vacation(await account_of(request))


def account_routes() -> list[BaseRoute]:
    return [
        Route("/api/accounts", api(sign_up), methods=["POST"]),
        Route("/api/session", api(log_in), methods=["POST"]),
        Route("/api/session", api(log_out), methods=["DELETE"]),
        Route("/api/me", api(delete_account), methods=["DELETE"]),
        Route("/api/me/settings", api(settings), methods=["GET"]),
        Route("/api/me/settings", api(change_settings), methods=["PUT"]),
        Route("/api/push", api(push_key)),
        Route("/api/me/push", api(subscribe), methods=["POST"]),
        Route("/api/me/push", api(unsubscribe), methods=["DELETE"]),
        Route("/api/me/vacation", api(start_vacation), methods=["POST"]),
        Route("/api/me/vacation", api(end_vacation), methods=["DELETE"]),
    ]


class PushKey(TypedDict):
    key: str
