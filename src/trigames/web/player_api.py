"""The HTTP API of players: oneself, other players, leaderboards and challenges.

- ``GET /api/me``: the session's account (:class:`~trigames.web.player_views.Me`: name,
  ratings, ``your_turn``, latest games); 401 without a session.
- ``GET /api/players/{name}``: a player's ratings, rating history and latest games.
- ``GET /api/leaderboard/{game}``: the game's best players (not provisional, 10 rated games).
- ``POST /api/challenges {"game", "rated", "clock", "to", "seat"}`` (logged in): 201
  ``{"id"}``; ``GET /api/challenges?min_rating=&max_rating=``: the open ones one may see;
  ``POST /api/challenges/{id}/accept`` -> ``{"game": ID}``; ``.../cancel`` (its author),
  ``.../decline`` (the player it is for).
"""

from __future__ import annotations

from typing import TypedDict

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from trigames.web.account_api import account_of
from trigames.web.http import api, body_of, service_of, session_of
from trigames.web.player_views import ChallengeView, Leaderboard, Me, PlayerPage
from trigames.web.requests import read_challenge, read_challenge_filter


class Challenges(TypedDict):
    challenges: list[ChallengeView]


class Accepted(TypedDict):
    game: str


async def me(request: Request) -> Me:
    return await service_of(request).players.me(await account_of(request))


async def player(request: Request) -> PlayerPage:
    return await service_of(request).players.player(request.path_params["name"])


async def leaderboard(request: Request) -> Leaderboard:
    return await service_of(request).players.leaderboard(request.path_params["game"])


async def offer(request: Request) -> Response:
    challenge = read_challenge(await body_of(request))
    made = await service_of(request).challenges.offer(await account_of(request), challenge)
    return JSONResponse({"id": made}, status_code=201)


async def listing(request: Request) -> Challenges:
    service, within = service_of(request), read_challenge_filter(request.query_params)
    viewer = await service.accounts.account_of(session_of(request))
    return {"challenges": await service.challenges.listing(viewer, within)}


async def accept(request: Request) -> Accepted:
    challenges, account = service_of(request).challenges, await account_of(request)
    return {"game": await challenges.accept(request.path_params["id"], account)}


async def cancel(request: Request) -> dict[str, str]:
    challenges, account = service_of(request).challenges, await account_of(request)
    await challenges.cancel(request.path_params["id"], account)
    return {}


async def decline(request: Request) -> dict[str, str]:
    challenges, account = service_of(request).challenges, await account_of(request)
    await challenges.decline(request.path_params["id"], account)
    return {}


def player_routes() -> list[BaseRoute]:
    post = ["POST"]
    return [
        Route("/api/me", api(me)),
        Route("/api/players/{name}", api(player)),
        Route("/api/leaderboard/{game}", api(leaderboard)),
        Route("/api/challenges", api(listing), methods=["GET"]),
        Route("/api/challenges", api(offer), methods=post),
        Route("/api/challenges/{id}/accept", api(accept), methods=post),
        Route("/api/challenges/{id}/cancel", api(cancel), methods=post),
        Route("/api/challenges/{id}/decline", api(decline), methods=post),
    ]
