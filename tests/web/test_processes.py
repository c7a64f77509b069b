"""Two ``trigames serve`` processes on one PostgreSQL database: every process serves every game.

The processes run with one-second computer leases (``TRIGAMES_LEASE_SECONDS``), so that a
game whose thinking process dies is taken over quickly.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

from tests.web.conftest import Server
from tests.web.helpers import create, play, token, view, wait_for
from trigames.cli.main import main

LEASE = {"TRIGAMES_LEASE_SECONDS": "1"}


@pytest.fixture(scope="module")
def shared_db(pg_cluster: Any) -> str:
    url: str = pg_cluster.create_database("processes")
    return url


@pytest.fixture(scope="module")
def servers(shared_db: str) -> Iterator[tuple[Server, Server]]:
    pair = (Server(shared_db, LEASE), Server(shared_db, LEASE))
    try:
        for server in pair:
            server.start()
        yield pair
    finally:
        for server in pair:
            server.stop()


def clients(pair: tuple[Server, Server]) -> tuple[httpx.Client, httpx.Client]:
    a, b = pair
    return httpx.Client(base_url=a.url, timeout=10), httpx.Client(base_url=b.url, timeout=10)


def post_move(client: httpx.Client, game_id: str, seat_token: str, move: str) -> int:
    answer = client.post(f"/api/games/{game_id}/moves", json={"token": seat_token, "move": move})
    return answer.status_code


def test_two_moves_for_one_seat_at_two_processes_at_once_give_one_200_and_one_409(
    servers: tuple[Server, Server],
) -> None:
    a, b = clients(servers)
    with a, b:
        created = create(a, [{"name": "Ann"}, {"name": "Bob"}])
        game_id, seats = created["id"], [token(created, 0), token(created, 1)]
        view(b, game_id)  # both processes hold the game in memory
        for ply in range(6):
            legal = view(a, game_id)["legal_moves"]
            codes = at_once(game_id, seats[ply % 2], [(a, legal[0]), (b, legal[-1])])
            assert sorted(codes) == [200, 409]
            for client in (a, b):  # one move, never two, whichever process is asked
                assert wait_for(client, game_id, lambda v: v["ply"] > ply)["ply"] == ply + 1  # noqa: B023


def at_once(game_id: str, seat_token: str, moves: list[tuple[httpx.Client, str]]) -> list[int]:
    """Send each ``(process, move)`` for one seat at the same instant; the HTTP statuses."""
    start = threading.Barrier(len(moves))
    codes: list[int] = []

    def send(client: httpx.Client, move: str) -> None:
        start.wait()
        codes.append(post_move(client, game_id, seat_token, move))

    threads = [threading.Thread(target=send, args=pair) for pair in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


def test_a_watcher_on_one_process_sees_a_move_made_on_the_other(
    servers: tuple[Server, Server],
) -> None:
    b_server = servers[1]
    a, b = clients(servers)
    with a, b:
        created = create(a, [{"name": "Ann"}, {"name": "Bob"}])
        game_id, seats = created["id"], [token(created, 0), token(created, 1)]
        delays = []
        with connect(f"{b_server.ws_url}/api/games/{game_id}/ws") as watcher:
            assert json.loads(watcher.recv(timeout=5))["view"]["ply"] == 0
            for ply in range(5):
                move = view(a, game_id)["legal_moves"][0]
                play(a, game_id, seats[ply % 2], move)
                acknowledged = time.perf_counter()
                pushed = json.loads(watcher.recv(timeout=5))
                delays.append(time.perf_counter() - acknowledged)
                assert (pushed["ply"], pushed["added"]) == (ply + 1, [move])
        # LISTEN/NOTIFY, not polling: the best of five arrives well within 100 ms
        assert min(delays) < 0.1, delays


def test_the_computer_moves_once_when_the_process_thinking_for_it_dies(
    servers: tuple[Server, Server], shared_db: str
) -> None:
    a_server = servers[0]
    a, b = clients(servers)
    with a, b:
        created = create(a, [{"name": "Ann"}, {"kind": "hard"}])
        game_id, ann = created["id"], token(created, 0)
        play(a, game_id, ann, view(a, game_id)["legal_moves"][0])  # the computer thinks...
        with psycopg.connect(shared_db) as db:
            found = db.execute("SELECT owner FROM leases WHERE game = %s", (game_id,)).fetchone()
        assert found is not None
        assert f":{a_server.process.pid if a_server.process else 0}:" in found[0]
        a_server.kill()  # ...in the process that took the move, killed before it answers
        answered = wait_for(b, game_id, lambda v: v["ply"] >= 2)
        assert answered["ply"] == 2
        assert answered["to_move"] == 0
        assert not answered["thinking"]
        a_server.start()
        with httpx.Client(base_url=a_server.url, timeout=10) as restarted:
            assert view(restarted, game_id)["moves"] == answered["moves"]
        time.sleep(1.5)  # a lease's time: nobody moves for the computer again
        assert view(b, game_id)["moves"] == answered["moves"]


def test_killing_a_process_loses_no_acknowledged_move(servers: tuple[Server, Server]) -> None:
    a_server = servers[0]
    a, b = clients(servers)
    with a, b:
        created = create(a, [{"name": "Ann"}, {"name": "Bob"}])
        game_id, seats = created["id"], [token(created, 0), token(created, 1)]
        acknowledged = []
        for ply in range(6):
            client = (a, b)[ply % 2]
            move = view(client, game_id)["legal_moves"][0]
            acknowledged = play(client, game_id, seats[ply % 2], move)["moves"]
        a_server.kill()
        assert view(b, game_id)["moves"] == acknowledged
        a_server.start()
        with httpx.Client(base_url=a_server.url, timeout=10) as restarted:
            assert view(restarted, game_id)["moves"] == acknowledged
            play(restarted, game_id, seats[0], view(restarted, game_id)["legal_moves"][0])
        assert wait_for(b, game_id, lambda v: v["ply"] == 7)["moves"][:6] == acknowledged


def test_workers_serve_one_port_from_several_processes(shared_db: str) -> None:
    server = Server(shared_db, LEASE, workers=2).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            created = create(client, [{"name": "Ann"}, {"kind": "random"}])
            game_id, ann = created["id"], token(created, 0)
            for _ in range(4):  # new connections, spread over the processes
                with httpx.Client(base_url=server.url, timeout=10) as fresh:
                    ply = wait_for(fresh, game_id, lambda v: v["to_move"] == 0)["ply"]
                    legal = view(fresh, game_id)["legal_moves"]
                    assert play(fresh, game_id, ann, legal[0])["ply"] >= ply + 1
    finally:
        server.stop()


def test_workers_on_an_sqlite_file_are_refused(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["serve", "--workers", "2", "--db", str(tmp_path / "games.sqlite3")])
    assert status == 2
    assert "--workers needs a PostgreSQL database" in capsys.readouterr().err
