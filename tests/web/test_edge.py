"""What any client meets at the edge (issue 32): caps on the pages one address and one game may
hold open, a rate of new games per address, and the security headers of every answer."""

from __future__ import annotations

import socket
import sqlite3
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import Server
from tests.web.helpers import create

LIMITS = ["--watchers-per-address", "3", "--watchers-per-game", "5", "--games-per-minute", "4"]


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("edge") / "games.sqlite3", args=LIMITS).start()
    yield running
    running.stop()


def page(server: Server, game_id: str, address: str = "127.0.0.1") -> ClientConnection:
    """A page watching ``game_id`` from ``address`` (another loopback address is another
    client), its first message read."""
    sock = socket.create_connection(("127.0.0.1", server.port), source_address=(address, 0))
    opened = connect(f"{server.ws_url}/api/games/{game_id}/ws", sock=sock)
    return opened


def refused(connection: ClientConnection) -> tuple[int, str]:
    """The close code and reason of a page the server turned away."""
    with pytest.raises(ConnectionClosed) as closed:
        connection.recv(timeout=5)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code, closed.value.rcvd.reason


def test_one_address_holds_only_so_many_pages_and_one_game_only_so_many(
    limited: Server,
) -> None:
    with httpx.Client(base_url=limited.url, timeout=10) as client:
        game_id = create(client, [{}, {}])["id"]
    with ExitStack() as open_pages:
        for _ in range(3):
            open_pages.enter_context(page(limited, game_id)).recv(timeout=5)
        fourth = open_pages.enter_context(page(limited, game_id))
        assert refused(fourth) == (
            4429,
            "your address has 3 pages watching games already: close some",
        )
        for address in ("127.0.0.2", "127.0.0.3"):  # other clients: up to the game's five
            open_pages.enter_context(page(limited, game_id, address)).recv(timeout=5)
        sixth = open_pages.enter_context(page(limited, game_id, "127.0.0.4"))
        code, reason = refused(sixth)
        assert (code, "5 pages" in reason) == (4429, True)
    with page(limited, game_id) as again:  # the closed pages count no more
        assert '"type":"view"' in str(again.recv(timeout=5))


def test_an_address_may_create_only_so_many_games_a_minute(limited: Server) -> None:
    with httpx.Client(base_url=limited.url, timeout=10) as client:
        codes = [client.post("/api/games", json={"game": "trig"}).status_code for _ in range(6)]
    assert codes.count(429) >= 1  # the fixture's other test created one game too
    assert codes[:3] == [201, 201, 201]
    transport = httpx.HTTPTransport(local_address="127.0.0.5")
    with httpx.Client(base_url=limited.url, timeout=10, transport=transport) as other:
        answer = other.post("/api/games", json={"game": "trig"})
        assert answer.status_code == 201  # another address is not held back


@pytest.mark.parametrize("path", ["/", "/api/catalog", "/static/game.js", "/rules/trig", "/nope"])
def test_every_answer_carries_the_security_headers(limited: Server, path: str) -> None:
    with httpx.Client(base_url=limited.url, timeout=10) as client:
        headers = client.get(path).headers
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"  # a page's token never leaves in Referer


def test_a_fault_of_the_servers_own_is_a_json_500_not_a_traceback(tmp_path: Path) -> None:
    """A stored game whose row the server cannot read (written by hand) makes a request fail
    inside the server: the answer is still JSON, and the server goes on."""
    db = tmp_path / "games.sqlite3"
    server = Server(db).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            game_id = create(client, [{}, {}])["id"]
            server.stop()
            with sqlite3.connect(db) as raw:
                raw.execute("UPDATE games SET clock = '[1, 2]' WHERE id = ?", (game_id,))
            server.start()
            answer = client.get(f"/api/games/{game_id}")
            assert answer.status_code == 500
            assert answer.json()["error"] == "the server failed; nothing was changed"
            assert client.get("/api/catalog").status_code == 200
    finally:
        server.stop()
