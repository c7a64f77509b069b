"""What one client may ask of the server is bounded (``trigames.web.limits``): memory, hints,
slow WebSocket clients, names, broken stored games, and tokens kept out of the logs."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.conftest import Server, free_port
from trigames.web import service as service_module
from trigames.web.app import Updates
from trigames.web.service import GameService, TooManyRequestsError
from trigames.web.store import GameRow, SQLiteStore, StoredSeat

HUMANS = [{"name": "Ann"}, {"name": "Bob"}]
T = TypeVar("T")


def apart(work: Callable[[], T]) -> T:
    """``work()`` in a thread of its own, with no event loop of the test session's around
    (the browser tests' Playwright keeps one running in the main thread)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(work).result()


def test_games_nobody_watches_leave_memory_beyond_the_idle_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(service_module, "IDLE_GAMES", 3)
    service = GameService(SQLiteStore(":memory:"))
    watched = service.create({"game": "trig", "seats": HUMANS})["id"]
    unsubscribe = service.watch(watched, lambda view: None)
    ids = [service.create({"game": "trig", "seats": HUMANS})["id"] for _ in range(10)]
    assert len(service.games) == 4  # the watched game and the three used last
    assert watched in service.games
    assert set(ids[-3:]) <= set(service.games)
    assert service.view(ids[0])["ply"] == 0  # read back from the store when asked for
    unsubscribe()
    for game_id in ids[:4]:
        service.view(game_id)
    assert watched not in service.games
    service.close()


def hint_service(monkeypatch: pytest.MonkeyPatch) -> tuple[GameService, str, str]:
    monkeypatch.setattr(service_module, "HINTS_PER_WINDOW", 2)
    monkeypatch.setattr(service_module, "HINTS_WAITING", 1)
    service = GameService(SQLiteStore(":memory:"))
    created = service.create({"game": "trig", "seats": HUMANS})
    return service, created["id"], created["seats"][0]["token"]


def test_a_seat_may_ask_for_only_a_few_hints_a_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    service, game_id, ann = hint_service(monkeypatch)

    async def ask() -> None:
        for _ in range(2):
            assert (await service.hint(game_id, ann))["move"]
        with pytest.raises(TooManyRequestsError, match="2 hints a minute"):
            await service.hint(game_id, ann)

    apart(lambda: asyncio.run(ask()))
    service.close()


def test_hints_wait_in_a_short_queue_and_more_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service, game_id, ann = hint_service(monkeypatch)
    monkeypatch.setattr(service_module, "HINTS_PER_WINDOW", 100)

    async def ask_many() -> list[object]:
        return await asyncio.gather(
            *(service.hint(game_id, ann) for _ in range(5)), return_exceptions=True
        )

    answers = apart(lambda: asyncio.run(ask_many()))
    refused = [a for a in answers if isinstance(a, TooManyRequestsError)]
    assert len(refused) == 3  # one computed, one waiting, the rest refused
    assert "busy" in str(refused[0])
    service.close()


def test_only_the_newest_view_waits_for_a_slow_client() -> None:
    updates = Updates("v1")
    for number in range(2, 1000):
        updates.put(f"v{number}")
    assert updates.pending == "v999"

    async def never_done(view: str) -> None:
        await asyncio.sleep(3600)

    assert apart(lambda: asyncio.run(updates.send_all(never_done, timeout=0.05))) is False


def test_a_broken_stored_game_never_breaks_the_listing(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.sqlite3")
    store.insert(GameRow("good", "trig", [StoredSeat("Ann"), StoredSeat("Bob")]))
    store.insert(GameRow("bad", "trig", [StoredSeat("Cy"), StoredSeat("Di")]))
    store._db.execute("UPDATE games SET seats = '{not json' WHERE id = 'bad'")
    store.insert(GameRow("odd", "trig", [StoredSeat("Ev\ud800"), StoredSeat("Fa")]))
    service = GameService(store)
    listed = {game["id"]: game for game in service.listing()}
    assert set(listed) == {"good", "odd"}
    assert listed["odd"]["players"][0]["name"] == "Ev\ufffd"
    json.dumps(listed, ensure_ascii=False).encode("utf-8")
    service.close()


def test_a_websocket_message_over_the_limit_closes_the_connection(server: Server) -> None:
    with httpx.Client(base_url=server.url) as client:
        game_id = client.post("/api/games", json={"game": "trig", "seats": HUMANS}).json()["id"]
    with connect(f"{server.ws_url}/api/games/{game_id}/ws") as socket:
        socket.recv(timeout=5)
        socket.send("x" * 10_000)
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=5)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1009  # message too big


def test_no_log_line_shows_a_token(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "trigames.cli.main", "serve", "--port", str(port),
             "--db", str(tmp_path / "games.sqlite3")],
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 20
            while True:
                try:
                    httpx.get(f"{url}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    assert time.monotonic() < deadline
                    time.sleep(0.1)
            created = httpx.post(f"{url}/api/games", json={"game": "trig", "seats": HUMANS})
            token = created.json()["seats"][0]["token"]
            game_id = created.json()["id"]
            httpx.get(f"{url}/games/{game_id}?token={token}")
            httpx.get(f"{url}/api/games/{game_id}/hint?token={token}")
            with connect(f"ws://127.0.0.1:{port}/api/games/{game_id}/ws?token={token}") as ws:
                ws.recv(timeout=5)
            forged = f"ws://127.0.0.1:{port}/api/games/{game_id}/ws?token=x{token}"
            with connect(forged) as ws, pytest.raises(ConnectionClosed):
                ws.recv(timeout=5)
        finally:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:  # a machine this busy: the log is what counts
                process.kill()
                process.wait(10)
    text = log.read_text()
    assert f"/games/{game_id}?token=hidden" in text  # the lines are there, without the token
    assert "WebSocket" in text
    assert token not in text


def test_a_stored_computer_out_of_the_servers_ranges_plays_as_medium(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.sqlite3")
    seats = [StoredSeat("Ann", "human", "h"), StoredSeat("Bot", "mcts(seconds=inf)")]
    store.insert(GameRow("old", "trig", seats, ["G6"]))
    service = GameService(store)
    assert apart(service.resume) == 1  # without an event loop the computer answers at once
    assert service.view("old")["ply"] == 2
    service.close()
