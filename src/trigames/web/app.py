"""The HTTP and WebSocket API of ``trigames serve`` (Starlette), over :mod:`trigames.web.service`.

Every answer under ``/api`` is JSON; an error is ``{"error": "..."}`` with a 4xx status, and
changes nothing. A request's token comes from an ``Authorization: Bearer TOKEN`` header or the
JSON body (``"token"``); only the WebSocket handshake and the game page take it in the query
(``?token=``), where a browser cannot send a header, and no log line shows it. Every bound on
what a request may hold is in :mod:`trigames.web.limits`.

The pages (:mod:`trigames.web.pages`, brought to life by the ES modules under ``static/``) are
the lobby ``/``, a game ``/games/{id}?token=T`` and the rules ``/rules/{game}``; the lobby asks
``/api/catalog`` (games, options, player kinds, seat colours) and ``/api/spec?game=SPEC`` (the
canonical spec and its seats, or why it is wrong), a game page ``/api/games/{id}/seats`` (which
seats its token holds).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import socket
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from trigames.ai.registry import KINDS, LEVEL_NAMES
from trigames.core.errors import TrigamesError
from trigames.games import GAMES, describe_games, game_class, load_game
from trigames.geometry.svg import SEAT_COLOURS
from trigames.web import pages
from trigames.web.limits import (
    MAX_BODY,
    MAX_CHOICE_QUERY,
    MAX_TOKEN,
    MAX_WS_MESSAGE,
    SEND_TIMEOUT,
    SWITCH_INTERVAL,
)
from trigames.web.rules_page import rules_html
from trigames.web.service import (
    HUMAN,
    BadRequestError,
    ForbiddenError,
    GameService,
    NotFoundError,
    PayloadTooLargeError,
    ServiceError,
)
from trigames.web.storage import open_store
from trigames.web.store import DB_ENV, default_db, is_postgres

STATIC_DIR = Path(__file__).with_name("static")
#: Seconds a stopping server waits for the requests and WebSockets in progress to end before
#: it ends them (a WebSocket page may never end on its own).
SHUTDOWN_GRACE = 3

Handler = Callable[[Request], Awaitable[Response]]


def create_app(db: str | Path) -> Starlette:
    """The application, storing games in ``db``: an SQLite file or a PostgreSQL URL."""
    holder: dict[str, GameService] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        service = GameService(open_store(db))
        holder["service"] = service
        service.resume()
        service.start()
        try:
            yield
        finally:
            service.close()
            service.store.close()

    def service() -> GameService:
        return holder["service"]

    def api(handler: Callable[[Request], Awaitable[Any]]) -> Handler:
        async def endpoint(request: Request) -> Response:
            try:
                result = await handler(request)
            except ServiceError as error:
                return JSONResponse({"error": str(error)}, status_code=error.status)
            if isinstance(result, Response):
                return result
            return JSONResponse(result)

        return endpoint

    async def create(request: Request) -> Any:
        body = await _body(request)
        created = service().create(body)
        base = str(request.base_url).rstrip("/")
        for seat in created["seats"]:
            token = seat["token"]
            seat["link"] = None if token is None else f"{base}/games/{created['id']}?token={token}"
        created["spectator_link"] = f"{base}/games/{created['id']}"
        return JSONResponse(created, status_code=201)

    async def listing(request: Request) -> Any:
        status = request.query_params.get("status")
        choices = {None: None, "finished": True, "active": False}
        if status not in choices:
            raise BadRequestError("status must be 'finished' or 'active'")
        return {"games": service().listing(choices[status])}

    async def view(request: Request) -> Any:
        game_id = request.path_params["id"]
        service().catch_up(game_id)  # what another process stored a moment ago counts
        return _json_text(service().view_json(game_id))

    async def move(request: Request) -> Any:
        body = await _body(request)
        game_id = request.path_params["id"]
        service().view(game_id)  # an unknown game is a 404 before anything else
        service().play(game_id, _token(request, body), body.get("move"), body.get("ply"))
        return _json_text(service().view_json(game_id))  # the text the watchers get too

    async def undo(request: Request) -> Any:
        body = await _body(request)
        return service().undo(request.path_params["id"], _token(request, body))

    def answer(
        method: Callable[[GameService, str, str | None, bool, Any], dict[str, Any]], accept: bool
    ) -> Callable[[Request], Awaitable[Any]]:
        async def handler(request: Request) -> Any:
            body = await _body(request)
            token = _token(request, body)
            return method(service(), request.path_params["id"], token, accept, body.get("ply"))

        return handler

    async def offer_draw(request: Request) -> Any:
        body = await _body(request)
        return service().offer_draw(request.path_params["id"], _token(request, body))

    async def resign(request: Request) -> Any:
        body = await _body(request)
        return service().resign(request.path_params["id"], _token(request, body))

    async def join(request: Request) -> Any:
        body = await _body(request)
        game_id = request.path_params["id"]
        token, seat, name = _token(request, body), body.get("seat"), body.get("name")
        joined = service().join(game_id, token, seat, name)
        base = str(request.base_url).rstrip("/")
        joined["link"] = f"{base}/games/{game_id}?token={joined['token']}"
        return joined

    async def rematch(request: Request) -> Any:
        body = await _body(request)
        return service().rematch(request.path_params["id"], _token(request, body))

    async def seats(request: Request) -> Any:
        game_id = request.path_params["id"]
        service().view(game_id)  # an unknown game is a 404 before anything else
        token = _token(request, {})
        return {"seats": service().seats_of(game_id, token) if token else []}

    async def hint(request: Request) -> Any:
        return await service().hint(request.path_params["id"], _token(request, {}))

    async def record(request: Request) -> Any:
        game_id = request.path_params["id"]
        service().catch_up(game_id)
        return JSONResponse(
            service().record(game_id),
            headers={"Content-Disposition": f'attachment; filename="trigames-{game_id}.json"'},
        )

    async def svg(request: Request) -> Any:
        ply_text = request.query_params.get("ply")
        try:
            ply = None if ply_text is None else int(ply_text)
        except ValueError:
            raise BadRequestError("ply must be a whole number") from None
        labels = request.query_params.get("labels", "true") != "false"
        after = request.query_params.get("after")
        text = service().svg(request.path_params["id"], ply, labels, after)
        return Response(text, media_type="image/svg+xml")

    async def choices(request: Request) -> Any:
        text = request.query_params.get("moves", "")
        if len(text) > MAX_CHOICE_QUERY:
            raise BadRequestError(f"moves is at most {MAX_CHOICE_QUERY} characters")
        try:
            version = int(request.query_params.get("version", ""))
        except ValueError:
            raise BadRequestError("version must be a whole number (the view's version)") from None
        moves = [move for move in text.split(",") if move]
        return service().choice_pictures(request.path_params["id"], moves, version)

    async def catalog(request: Request) -> Any:
        return {
            "games": describe_games(),
            "players": {"human": HUMAN, "levels": list(LEVEL_NAMES), "kinds": list(KINDS)},
            "colours": SEAT_COLOURS,
        }

    async def spec(request: Request) -> Any:
        text = request.query_params.get("game", "")
        try:
            game = load_game(text)
        except TrigamesError as error:
            raise BadRequestError(str(error)) from None
        seats = [game.player_name(seat) for seat in range(game.num_players)]
        swatches = list(game.seat_colours[: game.num_players])
        return {"game": str(game.spec), "title": game.title, "seats": seats, "swatches": swatches}

    async def lobby(request: Request) -> Response:
        return HTMLResponse(pages.lobby())

    async def game_page(request: Request) -> Response:
        game_id = request.path_params["id"]
        try:
            view = service().view(game_id)
        except NotFoundError as error:
            return HTMLResponse(pages.not_found("No such game", str(error)), status_code=404)
        players = " vs ".join(seat["name"] for seat in view["seats"])
        state = "finished" if view["over"] else f"move {view['ply'] + 1}"
        base = str(request.base_url).rstrip("/")
        page = pages.game_page(
            f"{view['title']}: {players}",
            f"{view['game']}, {state}. {view['status']}",
            f"{base}/games/{view['id']}",
            f"{base}/games/{view['id']}/picture.png?v={view['version']}",
        )
        return HTMLResponse(page)

    async def picture(request: Request) -> Response:
        png = await service().picture(request.path_params["id"])
        return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=60"})

    async def favicon(request: Request) -> Response:
        return FileResponse(STATIC_DIR / "favicon.svg", media_type="image/svg+xml")

    async def rules(request: Request) -> Response:
        name = request.path_params["game"]
        try:
            fragment = rules_html(name)
        except KeyError:
            known = ", ".join(GAMES)
            message = f"there are no rules for {name!r}; the games are {known}"
            return HTMLResponse(pages.not_found("No such game", message), status_code=404)
        return HTMLResponse(pages.rules_page(game_class(name).title, fragment))

    async def websocket(socket: WebSocket) -> None:
        """Push the view at once and after every change. A refused connection is accepted
        and then closed with code 4000 + the HTTP status (4403, 4404...) and the reason, so
        that the page can read them. Only the newest view waits for a client, and one that
        takes more than :data:`~trigames.web.limits.SEND_TIMEOUT` seconds to take in a
        message is dropped (code 1013)."""
        game_id = socket.path_params["id"]
        token = socket.query_params.get("token")
        await socket.accept()
        try:
            if token is not None and len(token) > MAX_TOKEN:
                raise ForbiddenError("this token holds no seat in this game")
            service().catch_up(game_id)
            first = service().view_json(game_id)
            seats = service().seats_of(game_id, token) if token else []
        except ServiceError as error:
            await socket.close(code=4000 + error.status, reason=str(error)[:120])
            return
        updates = Updates(first)

        def changed(view: dict[str, Any]) -> None:
            updates.put(service().view_json(game_id))  # encoded once for every watcher

        unsubscribe = service().watch(game_id, changed)
        # {"type": "state", "you": seats, "view": VIEW} without encoding the view again.
        head = '{"type":"state","you":' + json.dumps(seats) + ',"view":'

        async def push() -> None:
            if not await updates.send_all(lambda view: socket.send_text(head + view + "}")):
                await socket.close(code=1013, reason="too slow to take the updates")

        sender = asyncio.create_task(push())
        try:
            while True:  # the page sends nothing for now: wait for it to go away
                if (await socket.receive())["type"] == "websocket.disconnect":
                    break
        except WebSocketDisconnect:
            pass
        finally:
            unsubscribe()
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    routes = [
        Route("/", lobby),
        Route("/games/{id}", game_page),
        Route("/games/{id}/picture.png", api(picture), methods=["GET"]),
        Route("/favicon.ico", favicon),
        Route("/rules/{game}", rules),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
        Route("/api/catalog", api(catalog), methods=["GET"]),
        Route("/api/spec", api(spec), methods=["GET"]),
        Route("/api/games", api(listing), methods=["GET"]),
        Route("/api/games", api(create), methods=["POST"]),
        Route("/api/games/{id}", api(view), methods=["GET"]),
        Route("/api/games/{id}/moves", api(move), methods=["POST"]),
        Route("/api/games/{id}/undo", api(undo), methods=["POST"]),
        Route("/api/games/{id}/resign", api(resign), methods=["POST"]),
        Route("/api/games/{id}/draw", api(offer_draw), methods=["POST"]),
        Route("/api/games/{id}/join", api(join), methods=["POST"]),
        Route("/api/games/{id}/rematch", api(rematch), methods=["POST"]),
        *(  # the other side's answer to an undo request or a draw offer
            Route(
                f"/api/games/{{id}}/{asked}/{verb}",
                api(answer(method, verb == "accept")),
                methods=["POST"],
            )
            for asked, method in (
                ("undo", GameService.answer_undo),
                ("draw", GameService.answer_draw),
            )
            for verb in ("accept", "decline")
        ),
        Route("/api/games/{id}/seats", api(seats), methods=["GET"]),
        Route("/api/games/{id}/hint", api(hint), methods=["GET"]),
        Route("/api/games/{id}/record", api(record), methods=["GET"]),
        Route("/api/games/{id}/svg", api(svg), methods=["GET"]),
        Route("/api/games/{id}/choices", api(choices), methods=["GET"]),
        WebSocketRoute("/api/games/{id}/ws", websocket),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


class Updates:
    """The views still to send to one WebSocket client: only the newest waits, so a client
    that reads slowly (or not at all) holds one view of memory, never a growing queue.

    >>> updates = Updates("v1")
    >>> updates.put("v2"); updates.put("v3")
    >>> updates.pending
    'v3'
    """

    def __init__(self, first: str) -> None:
        self.pending: str | None = first
        self._ready = asyncio.Event()
        self._ready.set()

    def put(self, view: str) -> None:
        """A newer view, which replaces any not sent yet."""
        self.pending = view
        self._ready.set()

    async def send_all(
        self, send: Callable[[str], Awaitable[None]], timeout: float = SEND_TIMEOUT
    ) -> bool:
        """Send each newest view as it comes, until a send takes more than ``timeout``
        seconds (then ``False``: the client is too slow) or the task is cancelled."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            view, self.pending = self.pending, None
            if view is None:
                continue
            try:
                await asyncio.wait_for(send(view), timeout)
            except TimeoutError:
                return False


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body counts as ``{}``), at most
    :data:`~trigames.web.limits.MAX_BODY` bytes: a longer body is refused (413) as soon as its
    declared length or the bytes read so far say so, before it is read whole."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or len(declared) > 12:
        raise BadRequestError("the Content-Length header must be a whole number")
    if int(declared) > MAX_BODY:
        raise PayloadTooLargeError(f"a request body holds at most {MAX_BODY} bytes")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise PayloadTooLargeError(f"a request body holds at most {MAX_BODY} bytes")
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw)
        json.dumps(body, ensure_ascii=False).encode("utf-8")  # lone surrogates fail here
    except (json.JSONDecodeError, UnicodeError) as error:
        raise BadRequestError(f"the body is not valid JSON: {error}") from None
    except (ValueError, RecursionError):  # a number of thousands of digits; deep nesting
        raise BadRequestError("the body is not JSON this server reads: a number too long or "
                              "arrays or objects nested too deep") from None  # fmt: skip
    if not isinstance(body, dict):
        raise BadRequestError("the body must be a JSON object")
    return body


def _json_text(text: str) -> Response:
    """An answer of JSON already encoded."""
    return Response(text, media_type="application/json")


def _token(request: Request, body: dict[str, Any]) -> str | None:
    """The token of an API request: ``Authorization: Bearer TOKEN``, else ``"token"`` in the
    JSON body (never the query: query strings end up in logs and browser histories)."""
    header = request.headers.get("authorization", "")
    token = header[7:].strip() if header.lower().startswith("bearer ") else body.get("token")
    if token is not None and not isinstance(token, str):
        raise BadRequestError("'token' must be a string")
    if token and len(token) > MAX_TOKEN:
        raise ForbiddenError("this token holds no seat in this game")
    return token or None


#: ``token=...`` in a logged URL (a page's or a WebSocket's query string).
_TOKEN_IN_URL = re.compile(r"(token=)[^&\s\"']*", re.IGNORECASE)


class HideTokens(logging.Filter):
    """Blanks out ``token=...`` in every log record it sees, message and arguments alike.

    >>> record = logging.LogRecord("x", 20, "", 0, '"GET %s"', ("/games/g?token=abc&x=1",), None)
    >>> HideTokens().filter(record), record.getMessage()
    (True, '"GET /games/g?token=hidden&x=1"')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = _TOKEN_IN_URL.sub(r"\1hidden", str(record.msg))
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN_IN_URL.sub(r"\1hidden", arg) if isinstance(arg, str) else arg
                for arg in record.args
            )
        return True


_HIDING = HideTokens()


def hide_tokens_in_logs() -> None:
    """Put :class:`HideTokens` on the loggers of the server (uvicorn's access and error logs,
    Starlette's, and the root's handlers), so that no line shows a seat's token."""
    for name in ("uvicorn", "uvicorn.access", "uvicorn.error", "starlette", ""):
        logger = logging.getLogger(name)
        logger.addFilter(_HIDING)  # adding it twice changes nothing
        for handler in logger.handlers:
            handler.addFilter(_HIDING)


def worker_app() -> Starlette:
    """The application of one of ``serve``'s worker processes (``--workers``): the database
    comes from ``$TRIGAMES_DB``, which ``serve`` sets."""
    _die_with_parent()
    _prepare_process()
    return create_app(default_db())


def _die_with_parent() -> None:
    """On Linux, ask for SIGTERM when the supervising process dies (even by SIGKILL), so
    that no worker outlives ``serve``."""
    if sys.platform != "linux":
        return
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before we asked
            os.kill(os.getpid(), signal.SIGTERM)


def _prepare_process() -> None:
    # The computer players think in worker threads and hold the interpreter's lock while they
    # do; the event loop takes it back at the next switch, so switch often: answers then wait
    # for the lock about a millisecond rather than five each time.
    sys.setswitchinterval(SWITCH_INTERVAL)
    hide_tokens_in_logs()


def serve(
    host: str, port: int, db: str | Path, open_browser: bool = False, workers: int = 1
) -> None:
    """Run the server until interrupted; with ``open_browser``, open its page once it listens.
    ``db`` is an SQLite file or a PostgreSQL URL; with ``workers`` above 1 (PostgreSQL only),
    that many processes share the port, each started again if it dies.

    Raises ``OSError`` when the address is taken, before anything starts, and ``ValueError``
    for several workers on an SQLite file.
    """
    import threading
    import webbrowser

    import uvicorn

    if workers > 1 and not is_postgres(db):
        raise ValueError(
            "--workers needs a PostgreSQL database (--db postgresql://USER@HOST:PORT/DBNAME): "
            "an SQLite file serves one process"
        )
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise OSError(
                error.errno,
                f"cannot listen on {host}:{port} ({error.strerror}); is trigames serve already "
                "running there? Choose another port with --port",
            ) from None
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::', '') else host}:{port}/"
    if workers > 1:
        os.environ[DB_ENV] = str(db)  # the workers' worker_app reads it
        _prepare_process()
        print(f"trigames: play at {url} ({workers} processes; Ctrl-C stops them)", flush=True)

        def open_when_listening() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with contextlib.suppress(OSError), socket.create_connection((host, port), 1):
                    webbrowser.open(url)
                    return
                time.sleep(0.1)

        if open_browser:
            threading.Thread(target=open_when_listening, daemon=True).start()
        uvicorn.run(
            "trigames.web.app:worker_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            ws_max_size=MAX_WS_MESSAGE,
            timeout_graceful_shutdown=SHUTDOWN_GRACE,
        )
        return
    _prepare_process()
    config = uvicorn.Config(
        create_app(db),
        host=host,
        port=port,
        ws_max_size=MAX_WS_MESSAGE,
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
    )
    server = uvicorn.Server(config)
    print(f"trigames: play at {url} (Ctrl-C stops the server)", flush=True)

    def open_when_started() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if server.started:
            webbrowser.open(url)

    if open_browser:
        threading.Thread(target=open_when_started, daemon=True).start()
    server.run()
