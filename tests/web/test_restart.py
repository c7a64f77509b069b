"""Killing the server (SIGKILL) mid-game loses no completed move, and a restart resumes."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.web.conftest import Server
from tests.web.helpers import act, create, play, token, view, wait_for


def test_a_killed_server_resumes_every_game(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.sqlite3").start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            friends = create(client, [{"name": "Ann"}, {"name": "Bob"}])
            ann, bob = token(friends, 0), token(friends, 1)
            play(client, friends["id"], ann, "D1-D4")
            play(client, friends["id"], bob, "A1-D1")
            client.post(f"/api/games/{friends['id']}/undo", json={"token": bob})
            computer = create(client, [{"name": "Cy"}, {"kind": "hard"}])
            cy = token(computer, 0)
            play(client, computer["id"], cy, "D1-D4")  # the computer thinks for ~0.5 s...
            assert view(client, computer["id"])["thinking"]
        server.kill()  # ...and is killed before it answers
        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as client:
            resumed = view(client, friends["id"])
            assert resumed["moves"] == ["D1-D4", "A1-D1"]
            assert resumed["undo_request"] == 1
            accepted = act(client, friends["id"], "undo/accept", ann, ply=2)
            assert accepted["moves"] == ["D1-D4"]
            play(client, friends["id"], bob, "A1-D4")  # the old tokens still hold their seats
            answered = wait_for(client, computer["id"], lambda v: v["ply"] == 2)
            assert answered["moves"][0] == "D1-D4"
            assert answered["to_move"] == 0
            assert view(client, friends["id"])["moves"] == ["D1-D4", "A1-D4"]
    finally:
        server.stop()
