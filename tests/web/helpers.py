"""Small helpers for the web API tests."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx


def create(
    client: httpx.Client, seats: list[dict[str, Any]], game: str = "triggle", **extra: Any
) -> dict[str, Any]:
    answer = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def bearer(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}


def token(created: dict[str, Any], seat: int) -> str:
    found: str = created["seats"][seat]["token"]
    return found


def view(client: httpx.Client, game_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def play(client: httpx.Client, game_id: str, token: str, move: str) -> dict[str, Any]:
    """Play ``move``; the game's whole view afterwards."""
    answer = client.post(f"/api/games/{game_id}/moves", json={"token": token, "move": move})
    assert answer.status_code == 200, answer.text
    assert answer.json()["type"] == "change"
    return view(client, game_id)


def act(
    client: httpx.Client, game_id: str, action: str, token: str, **extra: Any
) -> dict[str, Any]:
    """POST ``action`` (``undo``, ``draw/accept``...) for ``token``; the game's whole view
    afterwards (the answer itself is the change it made)."""
    answer = client.post(f"/api/games/{game_id}/{action}", json={"token": token, **extra})
    assert answer.status_code == 200, answer.text
    assert answer.json()["type"] == "change"
    return view(client, game_id)


def wait_for(
    client: httpx.Client,
    game_id: str,
    condition: Callable[[dict[str, Any]], bool],
    seconds: float = 15,
) -> dict[str, Any]:
    """Poll the game until ``condition(view)`` holds."""
    deadline = time.monotonic() + seconds
    while True:
        found = view(client, game_id)
        if condition(found):
            return found
        assert time.monotonic() < deadline, f"timed out; last view at ply {found['ply']}"
        time.sleep(0.05)
