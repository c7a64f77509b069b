"""Running ``trigames serve``: one process, or several on one port (``--workers``, PostgreSQL
only), each started again if it dies; and logs that never show a seat's token (nor, without
``--access-log``, a line for every page).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import socket
import sys
import time
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from trigames.web.app import create_app
from trigames.web.limits import MAX_WS_MESSAGE, SWITCH_INTERVAL
from trigames.web.settings import ENV as SETTINGS_ENV
from trigames.web.settings import Settings
from trigames.web.store import DB_ENV, default_db, is_postgres

#: Seconds a stopping server waits for the requests and WebSockets in progress to end before
#: it ends them (a WebSocket page may never end on its own).
SHUTDOWN_GRACE = 3
# WebSocket messages are not compressed (ws_per_message_deflate=False): a change is a few
# kilobytes, and compressing it for each page cost more processor time than the whole move.


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

#: The lines uvicorn writes (to its error log) for every WebSocket: its handshake, its opening
#: and its closing.
_WEBSOCKET_LINES = frozenset(
    {'%s - "WebSocket %s" [accepted]', "connection open", "connection closed"}
)

#: Set for the worker processes of ``serve --workers N --access-log``.
ACCESS_LOG_ENV = "TRIGAMES_ACCESS_LOG"


class QuietWebSockets(logging.Filter):
    """Drops uvicorn's lines for a WebSocket's opening and closing: an access log in all but
    name, three lines a page (a flood of 128 pages spent a third of its time writing them).
    Refusals and errors still show.

    >>> opened = logging.LogRecord("uvicorn.error", 20, "", 0, "connection open", None, None)
    >>> failed = logging.LogRecord("uvicorn.error", 40, "", 0, "Exception in ASGI", None, None)
    >>> QuietWebSockets().filter(opened), QuietWebSockets().filter(failed)
    (False, True)
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg not in _WEBSOCKET_LINES


_QUIET = QuietWebSockets()


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
    comes from ``$TRIGAMES_DB`` and the settings from ``$TRIGAMES_SETTINGS``, which ``serve``
    sets."""
    _die_with_parent()
    _prepare_process(access_log=os.environ.get(ACCESS_LOG_ENV) == "1")
    return create_app(default_db(), Settings.from_env())


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


def _prepare_process(access_log: bool) -> None:
    # A worker thread that replays a game read from the store (or draws a shared picture) holds
    # the interpreter's lock while it does; the event loop takes it back at the next switch, so
    # switch often: answers then wait for the lock about a millisecond rather than five.
    sys.setswitchinterval(SWITCH_INTERVAL)
    hide_tokens_in_logs()
    websockets_log = logging.getLogger("uvicorn.error")
    if access_log:
        websockets_log.removeFilter(_QUIET)
    else:
        websockets_log.addFilter(_QUIET)


def _uvicorn_options(host: str, port: int, access_log: bool) -> dict[str, Any]:
    """How uvicorn serves: WebSocket messages bounded and not compressed (a change is a few
    kilobytes, sent to every page), a grace for the requests in flight at shutdown."""
    return {
        "host": host,
        "port": port,
        "ws_max_size": MAX_WS_MESSAGE,
        "ws_per_message_deflate": False,
        "timeout_graceful_shutdown": SHUTDOWN_GRACE,
        "access_log": access_log,
    }


def serve(
    host: str,
    port: int,
    db: str | Path,
    open_browser: bool = False,
    workers: int = 1,
    settings: Settings | None = None,
    access_log: bool = False,
) -> None:
    """Run the server until interrupted; with ``open_browser``, open its page once it listens.
    ``db`` is an SQLite file or a PostgreSQL URL; with ``workers`` above 1 (PostgreSQL only),
    that many processes share the port, each started again if it dies; ``settings`` the
    limits and the computer's workers (of each process); ``access_log`` writes a line for
    every request (a proxy in front usually keeps that log; a line costs about a tenth of what
    a move costs the server).

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
        os.environ[DB_ENV] = str(db)  # the workers' worker_app reads them
        os.environ[SETTINGS_ENV] = (settings or Settings()).to_env()
        os.environ[ACCESS_LOG_ENV] = "1" if access_log else "0"
        _prepare_process(access_log)
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
            "trigames.web.server:worker_app",
            factory=True,
            workers=workers,
            **_uvicorn_options(host, port, access_log),
        )
        return
    _prepare_process(access_log)
    config = uvicorn.Config(create_app(db, settings), **_uvicorn_options(host, port, access_log))
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
