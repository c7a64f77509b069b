"""The HTML routes of players (:mod:`~trigames.web.pages` writes the pages, the ES modules
under ``static/`` fill them from the API):

- ``/players/{name}``: a player's ratings, rating history and latest games; 404 for no such
  player (or one deleted).
- ``/leaderboard/{game}``: a game's best players, with links to the other games'; 404 for no
  such game. ``/leaderboard`` goes to the first game's.
- ``/account``: one's account and settings (a visitor is asked to log in, on the page).
- ``/sw.js``: the service worker that shows Web Push notifications, served from the root so
  that its scope may be the whole site.

>>> [route.path for route in player_page_routes()]
['/players/{name}', '/leaderboard', '/leaderboard/{game}', '/account', '/sw.js']
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from trigames.games import GAMES
from trigames.web import pages
from trigames.web.errors import NotFoundError
from trigames.web.http import service_of
from trigames.web.i18n import language_of, translator

SERVICE_WORKER = Path(__file__).with_name("static") / "sw.js"


async def player_page(request: Request) -> Response:
    name, lang = request.path_params["name"], language_of(request)
    try:
        found = await service_of(request).players.player(name)
    except NotFoundError as error:
        _ = translator(lang)
        return HTMLResponse(pages.not_found(_("No such player"), str(error), lang), status_code=404)
    return HTMLResponse(pages.player_page(found["name"], lang))


async def leaderboard_page(request: Request) -> Response:
    game, lang = request.path_params["game"], language_of(request)
    if game not in GAMES:
        _ = translator(lang)
        message = _("there is no game {game}; the games are {games}").format(
            game=repr(game[:40]), games=", ".join(GAMES)
        )
        return HTMLResponse(pages.not_found(_("No such game"), message, lang), status_code=404)
    return HTMLResponse(pages.leaderboard_page(game, lang))


async def first_leaderboard(request: Request) -> Response:
    return RedirectResponse(f"/leaderboard/{next(iter(GAMES))}")


async def account_page(request: Request) -> Response:
    return HTMLResponse(pages.account_page(language_of(request)))


async def service_worker(request: Request) -> Response:
    """The service worker, never kept stale by a cache (a browser checks it for updates)."""
    headers = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}
    return FileResponse(SERVICE_WORKER, media_type="text/javascript", headers=headers)


def player_page_routes() -> list[BaseRoute]:
    return [
        Route("/players/{name}", player_page),
        Route("/leaderboard", first_leaderboard),
        Route("/leaderboard/{game}", leaderboard_page),
        Route("/account", account_page),
        Route("/sw.js", service_worker),
    ]
