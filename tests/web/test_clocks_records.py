"""Games continued from a record, and clocks: through the API, in the service, across restarts."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import Server
from tests.web.helpers import create, play, token, view, wait_for
from tests.web.inprocess import HUMANS, FakeClock, Local, in_own_loop, local
from trigames.web.errors import BadRequestError, ConflictError
from trigames.web.limits import MAX_BODY
from trigames.web.snapshot import Actor
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


async def two_humans(api: Local, **extra: Any) -> tuple[str, str, str]:
    created = await api.create({"game": "triggle", "seats": HUMANS, "clock": {"per_move": 30},
                                **extra})  # fmt: skip
    return created["id"], created["seats"][0]["token"], created["seats"][1]["token"]


@in_own_loop
async def test_running_out_of_time_loses_when_the_game_is_next_read() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        game_id, ann, bob = await two_humans(api)
        await api.play(game_id, ann, "D1-D4")
        clock.now += 29
        await api.play(game_id, bob, "A1-D1")  # in time: Ann has 30 seconds again
        clock.now += 31
        shown = await api.view(game_id)
        assert shown["moves"] == ["D1-D4", "A1-D1", "timeout 0"]
        assert shown["over"]
        assert shown["outcome"]["winners"] == [1]
        assert shown["deadline"] is None
        with pytest.raises(ConflictError, match="over"):
            await api.play(game_id, ann, "F2-C1")


@in_own_loop
async def test_a_late_move_is_refused_and_computers_are_not_timed() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        created = await api.create({"game": "triggle", "seats": [{"name": "Ann"},
                                    {"kind": "random"}], "clock": {"per_move": 30}})  # fmt: skip
        game_id, ann = created["id"], created["seats"][0]["token"]
        await api.play(game_id, ann, "D1-D4")
        shown = await api.wait_for(game_id, lambda view: view["ply"] == 2)
        assert shown["deadline"] == clock.now + 30  # the computer answered: Ann's clock runs
        clock.now += 30
        with pytest.raises(ConflictError, match="over"):
            await api.play(game_id, ann, "A1-A4")
        assert (await api.view(game_id))["moves"][-1] == "timeout 0"


@in_own_loop
async def test_three_players_the_seat_out_of_time_leaves() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        created = await api.create({"game": "triggle(players=3)", "seats": [{}, {}, {}],
                                    "clock": {"per_move": 10}})  # fmt: skip
        clock.now += 11
        shown = await api.view(created["id"])
        assert shown["moves"] == ["timeout 0"]
        assert not shown["over"]
        assert shown["to_move"] == 1
        assert shown["deadline"] == clock.now + 10


@in_own_loop
async def test_an_undo_gives_the_seat_to_move_its_whole_time() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        with pytest.raises(BadRequestError, match="per_move"):
            await two_humans(api, clock={"per_move": 0})
        created = await api.create({"game": "triggle", "seats": [{"name": "Ann"},
                                    {"kind": "random"}], "clock": {"per_move": 30}})  # fmt: skip
        game_id, ann = created["id"], created["seats"][0]["token"]
        await api.play(game_id, ann, "D1-D4")
        await api.wait_for(game_id, lambda view: view["ply"] == 2)
        clock.now += 20
        taken = await api.act(game_id, "undo", ann)
        assert taken["ply"] == 0
        assert taken["deadline"] == clock.now + 30


@in_own_loop
async def test_the_server_timer_ends_the_game_without_a_request() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        game_id, _ann, _bob = await two_humans(api)
        page, watcher = await api.service.watch(game_id, Actor(), "here")
        clock.now += 29.9  # the timer rings in about 0.1 s of real time
        api.service.timers.set(game_id, clock.now + 0.1)
        for _ in range(200):
            await asyncio.sleep(0.02)
            clock.now += 0.02
            if len(watcher.outbox.messages) > 1:
                break
        pushed = json.loads(watcher.outbox.messages[-1])
        assert pushed["added"] == ["timeout 0"]
        assert pushed["outcome"]["winners"] == [1]
        api.service.unwatch(page, watcher)


@in_own_loop
async def test_a_deadline_passed_while_the_server_was_down_ends_the_game_at_start(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    path = tmp_path / "games.sqlite3"
    async with local(SQLiteStore(path), clock=clock) as first:
        game_id, ann, _bob = await two_humans(first)
        await first.play(game_id, ann, "D1-D4")
    first.service.store.close()
    clock.now += 3600
    store = SQLiteStore(path)
    async with local(store, clock=clock, start=True):  # the sweep finds the overdue seat
        for _ in range(250):
            found = store.get(game_id)
            if found is not None and found.result is not None:
                break
            await asyncio.sleep(0.02)
        assert found is not None
        assert found.moves == ["D1-D4", "timeout 1"]
        assert found.result is not None
        assert found.result.winners == (0,)


@in_own_loop
async def test_another_seat_resigning_gives_the_seat_to_move_no_more_time() -> None:
    clock = FakeClock()
    async with local(clock=clock) as api:
        created = await api.create({"game": "triggle(players=3)", "seats": [{}, {}, {}],
                                    "clock": {"per_move": 60}})  # fmt: skip
        deadline = (await api.view(created["id"]))["deadline"]
        clock.now += 20
        left = await api.act(created["id"], "resign", created["seats"][2]["token"])
        assert left["added"] == ["resign 2"]
        assert left["to_move"] == 0
        assert left["deadline"] == deadline
