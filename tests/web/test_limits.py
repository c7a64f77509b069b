"""What one client may ask of the server is bounded (``trigames.web.limits``): memory, hints,
slow WebSocket clients, names, broken stored games, and tokens kept out of the logs."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.conftest import Server, free_port
from tests.web.inprocess import HUMANS, in_own_loop, local
from trigames.web import computer as computer_module
from trigames.web.errors import TooManyRequestsError
from trigames.web.rows import GameRow, StoredSeat
from trigames.web.snapshot import Actor
from trigames.web.store import SQLiteStore
from trigames.web.watchers import Outbox


@in_own_loop
async def test_games_nobody_watches_leave_memory_beyond_the_idle_limit() -> None:
    async with local() as api:
        api.service.games.idle_games = 3
        games = api.service.games.games
        watched = (await api.create({"game": "trig", "seats": HUMANS}))["id"]
        page, watcher = await api.service.watch(watched, Actor(), "here")
        ids = [(await api.create({"game": "trig", "seats": HUMANS}))["id"] for _ in range(10)]
        assert len(games) == 4  # the watched game and the three used last
        assert watched in games
        assert set(ids[-3:]) <= set(games)
        assert (await api.view(ids[0]))["ply"] == 0  # read back from the store when asked for
        api.service.unwatch(page, watcher)
        for game_id in ids[:4]:
            await api.view(game_id)
        assert watched not in games


@in_own_loop
async def test_a_seat_may_ask_for_only_a_few_hints_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(computer_module, "HINTS_PER_WINDOW", 2)
    async with local() as api:
        created = await api.create({"game": "trig", "seats": HUMANS})
        game_id, ann = created["id"], created["seats"][0]["token"]
        for _ in range(2):
            assert (await api.service.hint(game_id, Actor(ann), "here"))["move"]
        with pytest.raises(TooManyRequestsError, match="2 hints a minute"):
            await api.service.hint(game_id, Actor(ann), "here")


@in_own_loop
async def test_hints_wait_in_a_short_queue_and_more_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(computer_module, "HINTS_WAITING", 2)
    async with local() as api:
        created = await api.create({"game": "trig", "seats": HUMANS})
        game_id, ann = created["id"], created["seats"][0]["token"]
        hints = (api.service.hint(game_id, Actor(ann), "here") for _ in range(5))
        answers = await asyncio.gather(*hints, return_exceptions=True)
    refused = [answer for answer in answers if isinstance(answer, TooManyRequestsError)]
    assert len(refused) == 3  # two asked, the rest refused
    assert "busy" in str(refused[0])


def test_a_page_far_behind_gets_the_whole_view_once() -> None:
    outbox = Outbox(limit=4)
    for number in range(1000):
        outbox.put(f"change {number}", whole=lambda: "the whole view")
    assert len(outbox.messages) <= 4
    assert "the whole view" in outbox.messages

    async def never_done(message: str) -> None:
        await asyncio.sleep(3600)

    async def send() -> bool:
        return await outbox.send_all(never_done, timeout=0.05)

    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(lambda: asyncio.run(send())).result() is False


@in_own_loop
async def test_a_broken_stored_game_never_breaks_the_listing(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "games.sqlite3")
    store.insert(GameRow("good", "trig", [StoredSeat("Ann"), StoredSeat("Bob")]))
    store.insert(GameRow("bad", "trig", [StoredSeat("Cy"), StoredSeat("Di")]))
    store._db.execute("UPDATE games SET seats = '{not json' WHERE id = 'bad'")
    store.insert(GameRow("odd", "trig", [StoredSeat("Ev\ud800"), StoredSeat("Fa")]))
    async with local(store) as api:
        listed = {game["id"]: game for game in await api.service.listing()}
    assert set(listed) == {"good", "odd"}
    assert listed["odd"]["players"][0]["name"] == "Ev\ufffd"
    json.dumps(listed, ensure_ascii=False).encode("utf-8")


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


def served_log(tmp_path: Path, *flags: str) -> tuple[str, str, str]:
    """What a ``trigames serve`` with ``flags`` writes while a page is opened, a hint asked and
    a WebSocket opened with a seat's token (and one refused): its log, the game, the token."""
    log = tmp_path / "server.log"
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "trigames.cli.main", "serve", "--port", str(port),
             "--db", str(tmp_path / "games.sqlite3"), *flags],
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
    return log.read_text(), game_id, token


def test_no_log_line_shows_a_token(tmp_path: Path) -> None:
    text, game_id, token = served_log(tmp_path, "--access-log")
    assert f"/games/{game_id}?token=hidden" in text  # the lines are there, without the token
    assert "WebSocket" in text
    assert "connection open" in text
    assert token not in text


def test_without_the_access_log_no_line_is_written_for_a_request_or_a_page(
    tmp_path: Path,
) -> None:
    text, game_id, token = served_log(tmp_path)
    assert "Uvicorn running on" in text
    assert game_id not in text
    assert "WebSocket" not in text
    assert "connection open" not in text
    assert "connection closed" not in text
    assert token not in text


@in_own_loop
async def test_a_stored_computer_out_of_the_servers_ranges_plays_as_medium(
    tmp_path: Path,
) -> None:
    store = SQLiteStore(tmp_path / "games.sqlite3")
    seats = [StoredSeat("Ann", "human", "h"), StoredSeat("Bot", "mcts(seconds=inf)")]
    store.insert(GameRow("old", "trig", seats, ["G6"], computer_turn=True))
    async with local(store, start=True) as api:  # the sweep resumes its computer
        assert (await api.wait_for("old", lambda view: view["ply"] == 2))["to_move"] == 0


@in_own_loop
async def test_a_game_read_back_for_a_page_stays_in_memory_under_a_burst_of_new_games() -> None:
    """The page watches the game in memory, which then hears every move: the idle limit never
    drops a game between reading it back and a page watching it (seen as lost moves when 300
    games opened at once)."""
    async with local() as api:
        api.service.games.idle_games = 1
        created = await api.create({"game": "trig", "seats": HUMANS})
        game_id, ann = created["id"], created["seats"][0]["token"]
        await api.create({"game": "trig", "seats": HUMANS})  # the first leaves memory
        assert game_id not in api.service.games.games
        watching = asyncio.ensure_future(api.service.watch(game_id, Actor(), "here"))
        await asyncio.sleep(0)  # the page starts reading the game back...
        for _ in range(4):  # ...while new games push the idle ones out
            await api.create({"game": "trig", "seats": HUMANS})
        page, watcher = await watching
        assert api.service.games.games[game_id] is page
        await api.play(game_id, ann, "G6")
        assert json.loads(watcher.outbox.messages[-1])["added"] == ["G6"]
