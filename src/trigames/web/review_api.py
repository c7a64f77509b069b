"""The routes of game reviews (:mod:`~trigames.web.reviews`):

- ``POST /api/games/{id}/analysis`` (``{"level": "hard"}`` optional; a game in progress needs
  a player's token or session): review the game up to now; answers how the review goes.
- ``GET /api/games/{id}/analysis?level=hard``: the latest review of the game at that level,
  ``{"status": "queued"|"running"|"done"|"failed", "plies": [...], ...}``; 404 when none.

>>> [(route.path, sorted(route.methods or ())) for route in review_routes()]
[('/api/games/{id}/analysis', ['POST']), ('/api/games/{id}/analysis', ['GET', 'HEAD'])]
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from trigames.web.http import actor_of, address_of, api, body_of, service_of, token_of
from trigames.web.reviews import ReviewView, read_level


async def ask_review(request: Request) -> ReviewView:
    body = await body_of(request)
    actor, level = await actor_of(request, token_of(request, body)), read_level(body)
    service, address = service_of(request), address_of(request)
    async with service.held(request.path_params["id"], address) as live:
        return service.reviews.start(live.snapshot, actor, address, level)


async def review(request: Request) -> ReviewView:
    actor = await actor_of(request, token_of(request, {}))
    level = read_level(dict(request.query_params))
    service = service_of(request)
    async with service.held(request.path_params["id"], address_of(request)) as live:
        return service.reviews.find(live.snapshot, actor, level)


def review_routes() -> list[BaseRoute]:
    path = "/api/games/{id}/analysis"
    return [Route(path, api(ask_review), methods=["POST"]), Route(path, api(review))]
