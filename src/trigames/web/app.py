"""The HTTP and WebSocket API of ``trigames serve`` (Starlette): a route table over small
handlers, each reading its request (:mod:`~trigames.web.requests`,
:mod:`~trigames.web.http`) and handing it to the :class:`~trigames.web.service.GameService`.

The pages (:mod:`~trigames.web.pages`, brought to life by the ES modules under ``static/``)
are the lobby ``/`` (its cards' pictures: ``/boards/{game}.svg``), a game
``/games/{id}?token=T`` and the rules ``/rules/{game}``; the lobby
asks ``/api/catalog`` (games, options, player kinds, seat colours) and ``/api/spec?game=SPEC``
(the canonical spec and its seats, or why it is wrong), a game page ``/api/games/{id}/seats``
(which seats its token holds). Only the WebSocket handshake and the game page take a token in
the query, where a browser cannot send a header; no log line shows it (:mod:`trigames.web.server`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from trigames.ai.registry import KINDS, LEVEL_NAMES
from trigames.core.errors import TrigamesError
from trigames.core.phrases import Phrase, said
from trigames.games import GAMES, game_class, load_game
from trigames.geometry.svg import SEAT_COLOURS
from trigames.web import pages, views
from trigames.web.account_api import account_routes
from trigames.web.errors import BadRequestError, NotFoundError, ServiceError, words_of
from trigames.web.http import (
    SameOrigin,
    SecurityHeaders,
    actor_of,
    address_of,
    api,
    base_url,
    body_of,
    checked_token,
    json_text,
    service_of,
    token_of,
)
from trigames.web.i18n import language_of, say, translator
from trigames.web.learn_api import learn_routes
from trigames.web.learn_pages import learn_page_routes, rules_link
from trigames.web.pictures import ChoicePictures
from trigames.web.player_api import player_routes
from trigames.web.player_pages import player_page_routes
from trigames.web.position_api import position_routes
from trigames.web.puzzle_api import puzzle_routes
from trigames.web.puzzle_pages import puzzle_page_routes
from trigames.web.requests import (
    HUMAN,
    read_answer_ply,
    read_board_query,
    read_choices_query,
    read_join,
    read_move,
    read_new_game,
)
from trigames.web.review_api import review_routes
from trigames.web.rules_page import rules_html
from trigames.web.service import GameService
from trigames.web.settings import Settings
from trigames.web.snapshot import Actor
from trigames.web.storage import open_store

STATIC_DIR = Path(__file__).with_name("static")


# --- games ------------------------------------------------------------------------------------


async def create(request: Request) -> Response:
    body = await body_of(request)
    created = await service_of(request).create(read_new_game(body), address_of(request))
    page = f"{base_url(request)}/games/{created['id']}"
    seats = [
        {**seat, "link": None if seat["token"] is None else f"{page}?token={seat['token']}"}
        for seat in created["seats"]
    ]
    head = {"id": created["id"], "seats": seats, "spectator_link": page}
    return json_text(f'{json.dumps(head)[:-1]},"view":{created["view"]}}}', status=201)


async def listing(request: Request) -> views.Listing:
    status = request.query_params.get("status")
    choices = {None: None, "finished": True, "active": False}
    if status not in choices:
        raise BadRequestError(Phrase("status must be 'finished' or 'active'"))
    moved = request.query_params.get("moved", "false")
    if moved not in ("true", "false"):
        raise BadRequestError(Phrase("moved must be 'true' or 'false'"))
    return {"games": await service_of(request).listing(choices[status], moved == "true")}


async def view(request: Request) -> Response:
    game_id = request.path_params["id"]
    return json_text(await service_of(request).view(game_id, address_of(request)))


async def move(request: Request) -> Response:
    body = await body_of(request)
    actor, game_id = await actor_of(request, token_of(request, body)), request.path_params["id"]
    return json_text(await service_of(request).play(game_id, actor, read_move(body)))


def acting(
    act: Callable[[GameService, str, Actor], Awaitable[str]],
) -> Callable[[Request], Awaitable[Response]]:
    """A request that acts for the seat of the token or the session with nothing else to say
    (undo, resign, offer a draw, keep with one's account): the change it makes, as the seat's
    pages see it."""

    async def handler(request: Request) -> Response:
        body = await body_of(request)
        actor, game_id = await actor_of(request, token_of(request, body)), request.path_params["id"]
        return json_text(await act(service_of(request), game_id, actor))

    return handler


def answering(
    answer: Callable[[GameService, str, Actor, bool, int], Awaitable[str]], accept: bool
) -> Callable[[Request], Awaitable[Response]]:
    """The other side's answer to an undo request or a draw offer, made at ``"ply"``."""

    async def handler(request: Request) -> Response:
        body = await body_of(request)
        actor, ply = await actor_of(request, token_of(request, body)), read_answer_ply(body)
        game_id = request.path_params["id"]
        return json_text(await answer(service_of(request), game_id, actor, accept, ply))

    return handler


async def join(request: Request) -> views.JoinedLink:
    body = await body_of(request)
    game_id, actor = request.path_params["id"], await actor_of(request, token_of(request, body))
    joined = await service_of(request).join(game_id, actor, read_join(body))
    link = f"{base_url(request)}/games/{game_id}?token={joined['token']}"
    return {"seat": joined["seat"], "token": joined["token"], "link": link}


async def rematch(request: Request) -> views.Rematch:
    body = await body_of(request)
    actor = await actor_of(request, token_of(request, body))
    return await service_of(request).rematch(request.path_params["id"], actor)


async def seats(request: Request) -> views.HeldSeats:
    game_id, actor = request.path_params["id"], await actor_of(request, token_of(request, {}))
    return {"seats": await service_of(request).seats_of(game_id, actor)}


async def hint(request: Request) -> views.Hint:
    game_id, actor = request.path_params["id"], await actor_of(request, token_of(request, {}))
    return await service_of(request).hint(game_id, actor, address_of(request))


async def record(request: Request) -> Response:
    game_id = request.path_params["id"]
    found = await service_of(request).record(game_id, address_of(request))
    disposition = f'attachment; filename="trigames-{game_id}.json"'
    return JSONResponse(found, headers={"Content-Disposition": disposition})


async def svg(request: Request) -> Response:
    query = read_board_query(request.query_params)
    game_id = request.path_params["id"]
    picture = await service_of(request).board(game_id, query, address_of(request))
    return Response(picture, media_type="image/svg+xml")


async def choices(request: Request) -> ChoicePictures:
    query = request.query_params
    moves, version = read_choices_query(query.getlist("move"), query.get("version"))
    return await service_of(request).choices(request.path_params["id"], moves, version)


async def picture(request: Request) -> Response:
    game_id = request.path_params["id"]
    png = await service_of(request).picture(game_id, address_of(request))
    return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=60"})


async def watch(socket: WebSocket) -> None:
    """Push the whole view at once, then every change; take the moves the page sends
    (:meth:`~trigames.web.service.GameService.play_from_page`). A refused connection is
    accepted and then closed with code 4000 + the HTTP status (4403, 4404, 4429...) and the
    reason, so that the page can read them; a page that takes more than
    :data:`~trigames.web.limits.SEND_TIMEOUT` seconds to take in a message is dropped (1013)."""
    service = service_of(socket)
    await socket.accept()
    try:
        actor = await actor_of(socket, checked_token(socket.query_params.get("token")))
        live, watcher = await service.watch(socket.path_params["id"], actor, address_of(socket))
    except ServiceError as error:
        await socket.close(code=4000 + error.status, reason=str(error)[:120])
        return

    async def push() -> None:
        if not await watcher.outbox.send_all(socket.send_text):
            await socket.close(code=1013, reason="too slow to take the updates")

    sender = asyncio.create_task(push())
    try:
        while (message := await socket.receive())["type"] != "websocket.disconnect":
            text = message.get("text")
            await service.play_from_page(live, actor, watcher, text if text else "")
    except WebSocketDisconnect:
        pass
    finally:
        service.unwatch(live, watcher)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


# --- what the lobby asks ----------------------------------------------------------------------


async def catalog(request: Request) -> views.Catalog:
    players: views.Players = {"human": HUMAN, "levels": list(LEVEL_NAMES), "kinds": list(KINDS)}
    return {"games": views.catalog_games(), "players": players, "colours": SEAT_COLOURS}


async def spec(request: Request) -> views.GameSpec:
    try:
        game = load_game(request.query_params.get("game", ""))
    except TrigamesError as error:
        raise BadRequestError(words_of(error)) from None
    seats: list[str] = [game.player_name(seat) for seat in range(game.num_players)]
    swatches = list(game.seat_colours[: game.num_players])
    return {
        "game": str(game.spec),
        "title": game.title,
        "seats": seats,
        "seats_said": [said(seat) for seat in seats],
        "swatches": swatches,
    }


# --- pages ------------------------------------------------------------------------------------


async def lobby(request: Request) -> Response:
    return HTMLResponse(pages.lobby(language_of(request)))


async def game_page(request: Request) -> Response:
    game_id, lang = request.path_params["id"], language_of(request)
    try:
        about = await service_of(request).about(game_id, address_of(request))
    except NotFoundError as error:
        _ = translator(lang)
        missing = say(words_of(error), lang)
        return HTMLResponse(pages.not_found(_("No such game"), missing, lang), status_code=404)
    link = f"{base_url(request)}/games/{game_id}"
    picture = f"{link}/picture.png?v={about['version']}"
    title, line = say(about["title"], lang), say(about["about"], lang)
    return HTMLResponse(pages.game_page(title, line, link, picture, lang))


async def rules(request: Request) -> Response:
    name, lang = request.path_params["game"], language_of(request)
    try:
        fragment = rules_html(name)
    except KeyError:
        _ = translator(lang)
        message = _("there are no rules for {game}; the games are {games}").format(
            game=repr(name), games=", ".join(GAMES)
        )
        return HTMLResponse(pages.not_found(_("No such game"), message, lang), status_code=404)
    game = game_class(name)  # an alias (trigger) names its game (trig)
    return HTMLResponse(pages.rules_page(game.title, fragment, lang, rules_link(game.name, lang)))


async def favicon(request: Request) -> Response:
    return FileResponse(STATIC_DIR / "favicon.svg", media_type="image/svg+xml")


async def starting_board(request: Request) -> Response:
    """The picture of a game's card in the lobby: its starting position, drawn once."""
    name = request.path_params["game"]
    if name not in GAMES:
        return Response("no such game", status_code=404, media_type="text/plain")
    cached = {"Cache-Control": "public, max-age=86400"}
    return Response(pages.starting_board(name), media_type="image/svg+xml", headers=cached)


# --- the route table --------------------------------------------------------------------------


def routes() -> list[BaseRoute]:
    game = "/api/games/{id}"
    post = ["POST"]
    return [
        Route("/", lobby),
        Route("/games/{id}", game_page),
        Route("/games/{id}/picture.png", api(picture)),
        Route("/rules/{game}", rules),
        Route("/favicon.ico", favicon),
        Route("/boards/{game}.svg", starting_board),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
        Route("/api/catalog", api(catalog)),
        Route("/api/spec", api(spec)),
        Route("/api/games", api(listing), methods=["GET"]),
        Route("/api/games", api(create), methods=post),
        Route(game, api(view)),
        Route(f"{game}/moves", api(move), methods=post),
        Route(f"{game}/undo", api(acting(GameService.undo)), methods=post),
        Route(f"{game}/undo/accept", api(answering(GameService.answer_undo, True)), methods=post),
        Route(f"{game}/undo/decline", api(answering(GameService.answer_undo, False)), methods=post),
        Route(f"{game}/resign", api(acting(GameService.resign)), methods=post),
        Route(f"{game}/draw", api(acting(GameService.offer_draw)), methods=post),
        Route(f"{game}/draw/accept", api(answering(GameService.answer_draw, True)), methods=post),
        Route(f"{game}/draw/decline", api(answering(GameService.answer_draw, False)), methods=post),
        Route(f"{game}/join", api(join), methods=post),
        Route(f"{game}/rematch", api(rematch), methods=post),
        Route(f"{game}/claim", api(acting(GameService.claim)), methods=post),
        Route(f"{game}/seats", api(seats)),
        Route(f"{game}/hint", api(hint)),
        Route(f"{game}/record", api(record)),
        Route(f"{game}/svg", api(svg)),
        Route(f"{game}/choices", api(choices)),
        WebSocketRoute(f"{game}/ws", watch),
        *account_routes(),
        *player_routes(),
        *player_page_routes(),
        *review_routes(),
        *position_routes(),
        *learn_routes(),
        *learn_page_routes(),
        *puzzle_routes(),
        *puzzle_page_routes(),
    ]


#: The garbage collector's thresholds (Python's are 700, 10, 10): a server makes and drops
#: many small objects a move, and a full collection of hundreds of games and pages pauses
#: every game for tens of milliseconds; collected less often, the pauses are rare.
GC_THRESHOLDS = (20_000, 20, 20)


def settle_memory() -> None:
    """Leave what the process loaded at start (modules, the games' tables) out of the garbage
    collector's scans from now on (``gc.freeze``): they stay for the process's life, and a full
    collection then scans only what came since; and collect less often
    (:data:`GC_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(db: str | Path, settings: Settings | None = None) -> Starlette:
    """The application, storing games in ``db``: an SQLite file or a PostgreSQL URL."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = open_store(db)
        service = GameService(store, settings)
        app.state.service = service
        service.start()
        settle_memory()
        try:
            yield
        finally:
            await service.close()
            store.close()

    middleware = [Middleware(SecurityHeaders), Middleware(SameOrigin)]
    return Starlette(routes=routes(), lifespan=lifespan, middleware=middleware)
