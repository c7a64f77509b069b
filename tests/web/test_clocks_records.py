"""Games continued from a record, and clocks: through the API, in the service, across restarts."""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import Server
from tests.web.helpers import create, play, token, view, wait_for
from trigames.web.limits import MAX_BODY
from trigames.web.service import BadRequestError, ConflictError, GameService
from trigames.web.store import SQLiteStore


def record(moves: list[str], kinds: tuple[str, str] = ("human", "human")) -> dict[str, Any]:
    return {
        "format": "trigames-record",
        "version": 2,
        "game": "triggle",
        "players": [{"name": "Ann", "kind": kinds[0]}, {"name": "Bob", "kind": kinds[1]}],
        "moves": moves,
        "result": None,
        "date": "2026-01-02T03:04:05+00:00",
    }


# --- records continued ----------------------------------------------------------------------


def test_a_record_continues_with_its_moves_played(client: httpx.Client) -> None:
    answer = client.post("/api/games", json={"record": record(["D1-D4", "A1-D1"])})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert [s["name"] for s in created["seats"]] == ["Ann", "Bob"]  # the record's players
    assert created["view"]["moves"] == ["D1-D4", "A1-D1"]
    assert created["view"]["to_move"] == 0
    after = play(client, created["id"], token(created, 0), "F2-C1")
    assert after["moves"] == ["D1-D4", "A1-D1", "C1-F2"]
    assert after["scores"] == [1, 0]


def test_a_record_continues_with_the_seats_chosen(client: httpx.Client) -> None:
    seats = [{"name": "Cy"}, {"kind": "random", "name": "Bot"}]
    body = {"record": record(["D1-D4"]), "seats": seats}
    created = client.post("/api/games", json=body).json()
    assert created["seats"][0]["token"]
    assert created["seats"][1]["token"] is None
    shown = wait_for(client, created["id"], lambda v: v["ply"] == 2)  # the computer answered
    assert shown["seats"][0]["name"] == "Cy"
    assert shown["moves"][0] == "D1-D4"
    assert shown["to_move"] == 0


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"record": "game.json"}, "'record' must be a game record"),
        ({"record": {"format": "chess"}}, "not a trigames record"),
        ({"record": record(["D1-D4", "D1-D4"])}, "move 2 (D1-D4) does not replay"),
        ({"record": {**record([]), "players": []}}, "lists 0 players"),
        ({"record": record(["resign 0"])}, "does not match the moves"),
        ({"record": {**record(["resign 0"]), "result": {"winners": [1], "scores": [0, 0],
                                                        "reason": "Blue resigned"}}},
         "the record's game is over"),
        ({"record": record([]), "game": "triggle"}, "give 'game'"),
        ({"record": record(["A1-D1"] * 2001)}, "at most 2000 moves"),
    ],
)  # fmt: skip
def test_a_bad_record_is_refused_clearly(
    client: httpx.Client, body: dict[str, Any], message: str
) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400
    assert message in answer.json()["error"]


def test_an_oversized_record_is_refused_before_it_is_read(client: httpx.Client) -> None:
    big = record(["D1-D4"] * (MAX_BODY // 8))
    answer = client.post("/api/games", content=json.dumps({"record": big}))
    assert answer.status_code == 413


# --- clocks through the API -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("clock", "message"),
    [
        ({"per_move": 3}, "per_move must be 10 to 86400 seconds"),
        ({"days_per_move": 30}, "days_per_move must be 1 to 14 days"),
        ({"per_move": "30"}, "'clock' must be"),
        ({"per_move": 30, "days_per_move": 1}, "'clock' must be"),
        ({"hours": 1}, "'clock' must be"),
        (30, "'clock' must be"),
    ],
)
def test_a_clock_out_of_bounds_is_refused(client: httpx.Client, clock: Any, message: str) -> None:
    answer = client.post("/api/games", json={"game": "triggle", "clock": clock})
    assert answer.status_code == 400
    assert message in answer.json()["error"]


def test_the_view_carries_the_clock_of_the_seat_to_move(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}], clock={"per_move": 60})
    shown = view(client, created["id"])
    assert shown["clock"] == {"per_move": 60}
    assert shown["deadline"] == pytest.approx(shown["now"] + 60, abs=5)
    days = create(client, [{"name": "Ann"}, {"kind": "random"}], clock={"days_per_move": 2})
    assert view(client, days["id"])["deadline"] == pytest.approx(shown["now"] + 2 * 86_400, abs=10)
    plain = view(client, create(client, [{}, {}])["id"])
    assert plain["clock"] is None
    assert plain["deadline"] is None


def test_a_deadline_survives_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path / "games.sqlite3").start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            created = create(client, [{"name": "Ann"}, {"name": "Bob"}], clock={"per_move": 600})
            play(client, created["id"], token(created, 0), "D1-D4")
            before = view(client, created["id"])
        server.kill()
        server.start()
        with httpx.Client(base_url=server.url, timeout=10) as client:
            after = view(client, created["id"])
        assert after["clock"] == {"per_move": 600}
        assert after["deadline"] == before["deadline"]
        assert after["to_move"] == 1
    finally:
        server.stop()


# --- running out of time (a clock the test moves) -----------------------------------------


def own_thread(test: Callable[..., None]) -> Callable[..., None]:
    """Run the test in a thread of its own, with no event loop of the test session's around
    (the browser tests' Playwright keeps one running in the main thread)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        with ThreadPoolExecutor(1) as thread:
            thread.submit(test, *args, **kwargs).result()

    return run


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def two_humans(service: GameService, **extra: Any) -> tuple[str, str, str]:
    created = service.create({"game": "triggle", "seats": [{"name": "Ann"}, {"name": "Bob"}],
                              "clock": {"per_move": 30}, **extra})  # fmt: skip
    return created["id"], created["seats"][0]["token"], created["seats"][1]["token"]


@own_thread
def test_running_out_of_time_loses_when_the_game_is_next_read() -> None:
    clock = FakeClock()
    service = GameService(SQLiteStore(":memory:"), clock=clock)
    game_id, ann, bob = two_humans(service)
    service.play(game_id, ann, "D1-D4")
    clock.now += 29
    service.play(game_id, bob, "A1-D1")  # in time: Ann has 30 seconds again
    clock.now += 31
    shown = service.view(game_id)
    assert shown["moves"] == ["D1-D4", "A1-D1", "timeout 0"]
    assert shown["over"]
    assert shown["outcome"]["winners"] == [1]
    assert shown["deadline"] is None
    with pytest.raises(ConflictError, match="over"):
        service.play(game_id, ann, "F2-C1")


@own_thread
def test_a_late_move_is_refused_and_computers_are_not_timed() -> None:
    clock = FakeClock()
    service = GameService(SQLiteStore(":memory:"), clock=clock)
    created = service.create({"game": "triggle", "seats": [{"name": "Ann"}, {"kind": "random"}],
                              "clock": {"per_move": 30}})  # fmt: skip
    ann = created["seats"][0]["token"]
    service.play(created["id"], ann, "D1-D4")  # the computer answers at once
    assert service.view(created["id"])["deadline"] == clock.now + 30
    clock.now += 30
    with pytest.raises(ConflictError, match="over"):
        service.play(created["id"], ann, "A1-A4")
    assert service.view(created["id"])["moves"][-1] == "timeout 0"


@own_thread
def test_three_players_the_seat_out_of_time_leaves() -> None:
    clock = FakeClock()
    service = GameService(SQLiteStore(":memory:"), clock=clock)
    created = service.create({"game": "triggle(players=3)", "seats": [{}, {}, {}],
                              "clock": {"per_move": 10}})  # fmt: skip
    clock.now += 11
    shown = service.view(created["id"])
    assert shown["moves"] == ["timeout 0"]
    assert not shown["over"]
    assert shown["to_move"] == 1
    assert shown["deadline"] == clock.now + 10


@own_thread
def test_an_undo_gives_the_seat_to_move_its_whole_time() -> None:
    clock = FakeClock()
    service = GameService(SQLiteStore(":memory:"), clock=clock)
    with pytest.raises(BadRequestError, match="per_move"):
        two_humans(service, clock={"per_move": 0})
    created = service.create({"game": "triggle", "seats": [{"name": "Ann"}, {"kind": "random"}],
                              "clock": {"per_move": 30}})  # fmt: skip
    ann = created["seats"][0]["token"]
    service.play(created["id"], ann, "D1-D4")
    clock.now += 20
    taken = service.undo(created["id"], ann)
    assert taken["moves"] == []
    assert taken["deadline"] == clock.now + 30


@own_thread
def test_the_server_timer_ends_the_game_without_a_request() -> None:
    clock = FakeClock()

    async def scenario() -> dict[str, Any]:
        service = GameService(SQLiteStore(":memory:"), clock=clock)
        game_id, _ann, _bob = two_humans(service)
        seen: list[dict[str, Any]] = []
        service.watch(game_id, seen.append)
        clock.now += 29.9  # the timer rings in about 0.1 s of real time
        service._arm(service.games[game_id])
        for _ in range(100):
            await asyncio.sleep(0.02)
            clock.now += 0.02
            if seen:
                break
        service.close()
        return seen[-1]

    pushed = asyncio.run(scenario())
    assert pushed["moves"] == ["timeout 0"]
    assert pushed["outcome"]["winners"] == [1]


@own_thread
def test_a_deadline_passed_while_the_server_was_down_ends_the_game_at_start(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    path = tmp_path / "games.sqlite3"
    first = GameService(SQLiteStore(path), clock=clock)
    game_id, ann, _bob = two_humans(first)
    first.play(game_id, ann, "D1-D4")
    first.close()
    first.store.close()
    clock.now += 3600
    second = GameService(SQLiteStore(path), clock=clock)
    assert second.resume() == 1
    assert game_id in second.games  # loaded at start because it has a deadline
    assert second.store.get(game_id).moves == ["D1-D4", "timeout 1"]  # type: ignore[union-attr]
    assert second.view(game_id)["outcome"]["winners"] == [0]


@own_thread
def test_another_seat_resigning_gives_the_seat_to_move_no_more_time() -> None:
    clock = FakeClock()
    service = GameService(SQLiteStore(":memory:"), clock=clock)
    created = service.create({"game": "triggle(players=3)", "seats": [{}, {}, {}],
                              "clock": {"per_move": 60}})  # fmt: skip
    deadline = service.view(created["id"])["deadline"]
    clock.now += 20
    left = service.resign(created["id"], created["seats"][2]["token"])
    assert left["moves"] == ["resign 2"]
    assert left["to_move"] == 0
    assert left["deadline"] == deadline
