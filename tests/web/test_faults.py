"""Faults during writes (issue 32): a full disk under SQLite, a PostgreSQL server down or hung.

The rule: every change is decided on a copy, written at the revision it was decided on, and
only then becomes the game in memory. So a write that fails leaves memory, views, clocks and the
pages watching exactly as they were, and answers 503 (``UnavailableError``, ``{"error": ...}``
over HTTP); once the store is back, what the pages show, the game's record and the database row
agree, and the next request works. Timeouts and the computer's moves, which run in the
background, wait for the store and land once it is back, exactly once. A hung database stops no
page that needs none, and answers 503 instead of holding requests.

Each kind of write (a move, accepting an undo, accepting a draw, taking an open seat, a rematch,
asking for an undo, offering a draw, resigning, a timeout, a computer's move) is tested on both
faults: a full disk (an SQLite file on a tmpfs the test fills: ``tests/web/faults.py`` says how)
and a database down (the server of this module's own PostgreSQL cluster stopped, then started
again). A busy server's connections must all work again once the database is back; and over
HTTP, a real server answers a full disk and a hung database (its processes stopped with
``SIGSTOP``) with a JSON 503, while the pages that need no database still answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import Server
from tests.web.faults import DownDatabase, Failures, Fault, FullDisk, tmpfs, until
from tests.web.helpers import bearer, create, token
from tests.web.inprocess import HUMANS, FakeClock, Local, in_own_loop, local
from trigames.records import GameRecord, Seat
from trigames.web.clocks import is_open
from trigames.web.computer import Question, Thought
from trigames.web.errors import UnavailableError
from trigames.web.offers import rematch_id
from trigames.web.pg_temp import NoPostgresError, TempCluster
from trigames.web.player_store import Alongside
from trigames.web.postgres import PostgresStore
from trigames.web.requests import ChallengeRequest, Credentials, JoinRequest, read_move
from trigames.web.rows import GameRow
from trigames.web.service import DATABASE_THREADS
from trigames.web.snapshot import Actor, Snapshot
from trigames.web.store import GameStore
from trigames.web.watchers import Watcher

#: Every game here has a clock, so that the tests see clocks kept too (the test's clock never
#: reaches it but in the timeout's test).
CLOCK = {"per_move": 600}
_databases = itertools.count()


# --- fixtures ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[TempCluster]:
    """A PostgreSQL cluster of this module's own: its tests stop and freeze it."""
    try:
        own = TempCluster(durable=False)
    except NoPostgresError as error:
        pytest.skip(f"PostgreSQL tests skipped: {error}")
    with own:
        yield own


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs of the test's own (unmounted at the end)."""
    with tmpfs(tmp_path / "disk") as folder:
        yield folder


@pytest.fixture(params=["disk-full", "database-down"])
def fault(request: pytest.FixtureRequest) -> Iterator[Fault]:
    """A new store of each kind, which the test breaks; mended at the end whatever happens."""
    if request.param == "disk-full":
        broken: Fault = FullDisk(request.getfixturevalue("disk"))
    else:
        own: TempCluster = request.getfixturevalue("cluster")
        broken = DownDatabase(own, own.create_database(f"faults{next(_databases)}"))
    try:
        yield broken
    finally:
        broken.heal()


@contextlib.asynccontextmanager
async def served(
    fault: Fault, clock: FakeClock, start: bool = False
) -> AsyncIterator[tuple[Local, GameStore]]:
    """A service on the fault's store; the store is mended before the service closes."""
    store = fault.open_store()
    try:
        async with local(store, clock=clock, start=start) as api:
            try:
                yield api, store
            finally:
                fault.heal()
    finally:
        store.close()


# --- what is compared --------------------------------------------------------------------------


@dataclass
class Memory:
    """What a process holds of a game: its view (without ``now``), its snapshot, its clock's
    timer, and the messages sent to a page watching it."""

    view: dict[str, Any]
    snapshot: Snapshot
    timer: object
    messages: int


async def memory(api: Local, game_id: str, watcher: Watcher) -> Memory:
    view = await api.view(game_id)
    del view["now"]
    live = api.service.games.games[game_id]
    timer = api.service.timers._timers.get(game_id)
    return Memory(view, live.snapshot, timer, len(watcher.outbox.messages))


def memory_now(api: Local, game_id: str, watcher: Watcher) -> Memory:
    """:func:`memory` without waiting (so that nothing runs meanwhile): the view as
    ``GET /api/games/{id}`` makes it, without reading the store."""
    live = api.service.games.games[game_id]
    view = json.loads(live.shown.whole(live.snapshot))
    timer = api.service.timers._timers.get(game_id)
    return Memory(view, live.snapshot, timer, len(watcher.outbox.messages))


def assert_unchanged(now: Memory, before: Memory, timer: bool = True) -> None:
    """The game in memory is exactly as it was (the same snapshot, the same view, nothing sent
    to its pages; with ``timer``, its clock's timer untouched)."""
    assert now.view == before.view
    assert now.snapshot is before.snapshot
    assert now.messages == before.messages
    if timer:
        assert now.timer is before.timer


async def read(store: GameStore, game_id: str) -> GameRow | None:
    """The game's row in the database, if any (read in a worker thread; again if that
    thread's connection broke when the server went away)."""
    for _ in range(2):
        with contextlib.suppress(*store.failures):
            return await asyncio.to_thread(store.get, game_id)
    return await asyncio.to_thread(store.get, game_id)


async def stored(store: GameStore, game_id: str) -> GameRow:
    """The game's row in the database."""
    row = await read(store, game_id)
    assert row is not None
    return row


async def assert_agree(api: Local, store: GameStore, game_id: str) -> dict[str, Any]:
    """What the pages see, the game's record and the database row agree; the view."""
    view = await api.view(game_id)
    record = GameRecord.from_json(await api.service.record(game_id))
    row = await stored(store, game_id)
    assert api.service.games.games[game_id].snapshot.row == row
    assert view["version"] == row.rev
    assert view["moves"] == record.moves == row.moves
    assert record.result == row.result
    assert view["outcome"] == (None if row.result is None else row.result.to_json())
    assert view["over"] == (row.result is not None)
    assert view["undo_request"] == row.undo_request
    assert view["draw_offer"] == row.draw_offer
    assert view["rematch"] == row.rematch
    assert view["clock"] == row.clock
    assert view["deadline"] == row.deadline
    assert record.players == [Seat(seat.name, seat.kind) for seat in row.seats]
    seats = [(seat.name, seat.kind, is_open(seat)) for seat in row.seats]
    assert [(seat["name"], seat["kind"], seat["open"]) for seat in view["seats"]] == seats
    assert view["date"] == record.date == row.date
    return view


def assert_one_change(watcher: Watcher, before: Memory, after: dict[str, Any]) -> None:
    """The page watching was sent one change, from the version before to the one after."""
    assert len(watcher.outbox.messages) == before.messages + 1
    pushed = json.loads(watcher.outbox.messages[-1])
    assert (pushed["type"], pushed["base"]) == ("change", before.view["version"])
    assert pushed["version"] == after["version"]


# --- the writes made by a request --------------------------------------------------------------


@dataclass
class Setup:
    """A game brought to just before a write: the request that writes, a check that it landed
    once (given the views before and after), and a check that nothing else was written when
    it failed."""

    game_id: str
    request: Callable[[], Awaitable[object]]
    landed: Callable[[dict[str, Any], dict[str, Any]], Awaitable[None]]
    untouched: Callable[[], Awaitable[None]] | None = None


async def humans(api: Local, seats: list[dict[str, Any]] = HUMANS) -> tuple[str, list[str]]:
    created = await api.create({"game": "triggle", "seats": seats, "clock": CLOCK})
    return created["id"], [seat["token"] for seat in created["seats"]]


async def before_a_move(api: Local) -> Setup:
    game_id, (ann, bob) = await humans(api)
    await api.play(game_id, ann, "D1-D4")

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert after["moves"] == ["D1-D4", "A1-D1"]
        assert (after["version"], after["to_move"]) == (before["version"] + 1, 0)

    return Setup(game_id, lambda: api.play(game_id, bob, "A1-D1", ply=1), landed)


async def before_an_undo_is_accepted(api: Local) -> Setup:
    game_id, (ann, bob) = await humans(api)
    await api.play(game_id, ann, "D1-D4")
    asked = await api.act(game_id, "undo", ann)
    assert asked["undo_request"] == 0  # it waits for Bob

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert (after["moves"], after["undo_request"]) == ([], None)
        assert (after["version"], after["to_move"]) == (before["version"] + 1, 0)

    return Setup(game_id, lambda: api.act(game_id, "answer_undo", bob, True, 1), landed)


async def before_an_undo_is_asked_for(api: Local) -> Setup:
    game_id, (ann, _) = await humans(api)
    await api.play(game_id, ann, "D1-D4")

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert (after["moves"], after["undo_request"]) == (["D1-D4"], 0)
        assert after["version"] == before["version"] + 1

    return Setup(game_id, lambda: api.act(game_id, "undo", ann), landed)


async def before_a_draw_is_offered(api: Local) -> Setup:
    game_id, (ann, _) = await humans(api)
    await api.play(game_id, ann, "D1-D4")

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert (after["moves"], after["draw_offer"]) == (["D1-D4"], [0])
        assert after["version"] == before["version"] + 1

    return Setup(game_id, lambda: api.act(game_id, "offer_draw", ann), landed)


async def before_a_resignation(api: Local) -> Setup:
    game_id, (ann, bob) = await humans(api)
    await api.play(game_id, ann, "D1-D4")

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert (after["moves"], after["over"]) == (["D1-D4", "resign 1"], True)
        assert (after["outcome"]["winners"], after["deadline"]) == ([0], None)
        assert after["version"] == before["version"] + 1

    return Setup(game_id, lambda: api.act(game_id, "resign", bob), landed)


async def before_a_draw_is_accepted(api: Local) -> Setup:
    game_id, (ann, bob) = await humans(api)
    await api.play(game_id, ann, "D1-D4")
    offered = await api.act(game_id, "offer_draw", ann)
    assert offered["draw_offer"] == [0]  # it waits for Bob

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert after["over"]
        assert after["moves"][:-1] == ["D1-D4"]
        assert after["outcome"]["winners"] == [0, 1]  # a draw: both share it
        assert (after["draw_offer"], after["deadline"]) == (None, None)
        assert after["version"] == before["version"] + 1

    return Setup(game_id, lambda: api.act(game_id, "answer_draw", bob, True, 1), landed)


async def before_a_seat_is_taken(api: Local) -> Setup:
    game_id, (ann, _) = await humans(api, [{"name": "Ann"}, {"kind": "open"}])
    await api.play(game_id, ann, "D1-D4")  # the open seat is to move: no clock runs
    joined: list[str] = []

    async def join() -> None:
        answer = await api.service.join(game_id, Actor(), JoinRequest(1, "Bob"))
        joined.append(answer["token"])

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert before["deadline"] is None
        assert (after["seats"][1]["name"], after["seats"][1]["open"]) == ("Bob", False)
        assert after["deadline"] == api.service.clock() + CLOCK["per_move"]  # Bob's clock runs
        assert after["version"] == before["version"] + 1
        assert await api.service.seats_of(game_id, Actor(joined[0])) == [1]

    return Setup(game_id, join, landed)


async def before_a_rematch(api: Local) -> Setup:
    game_id, (ann, bob) = await humans(api)
    await api.play(game_id, ann, "D1-D4")
    await api.act(game_id, "resign", bob)
    rematch = rematch_id(game_id)
    store = api.service.store

    async def untouched() -> None:
        assert rematch not in api.service.games.games
        assert await read(store, rematch) is None

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert (after["rematch"], after["version"]) == (rematch, before["version"] + 1)
        new = await stored(store, rematch)
        assert (new.rev, new.moves, [seat.name for seat in new.seats]) == (0, [], ["Bob", "Ann"])
        again = await api.service.rematch(game_id, Actor(bob))  # Bob finds the same game
        assert again == {"id": rematch}
        assert (await stored(store, game_id)).rev == after["version"]
        assert len(await api.service.listing()) == 2

    return Setup(game_id, lambda: api.service.rematch(game_id, Actor(ann)), landed, untouched)


async def before_a_claim(api: Local) -> Setup:
    game_id, (ann, _) = await humans(api)
    await api.play(game_id, ann, "D1-D4")
    made = await api.service.accounts.sign_up(Credentials("Ann_A", "correct horse"), "here")
    ann_logged_in = Actor(ann, made.account)

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert [seat["name"] for seat in after["seats"]] == ["Ann_A", "Bob"]
        assert (after["moves"], after["version"]) == (["D1-D4"], before["version"] + 1)
        assert after["deadline"] == before["deadline"]  # Bob's clock runs on as it did
        assert await api.service.seats_of(game_id, Actor(None, made.account)) == [0]

    return Setup(game_id, lambda: api.service.claim(game_id, ann_logged_in), landed)


async def before_a_rated_game_ends(api: Local) -> Setup:
    """The write that ends a rated game carries both ratings: all of it lands, or none."""
    made = [
        await api.service.accounts.sign_up(Credentials(name, "correct horse"), "here")
        for name in ("Ann_R", "Bob_R")
    ]
    ann, bob = (session.account for session in made)
    offered = await api.service.challenges.offer(ann, ChallengeRequest("triggle", True, seat=0))
    game_id = await api.service.challenges.accept(offered, bob)
    await api.service.play(game_id, Actor(None, ann), read_move({"move": "D1-D4"}))

    async def untouched() -> None:
        assert await api.service.database.run(lambda s: s.ratings_of(ann.id)) == {}

    async def landed(before: dict[str, Any], after: dict[str, Any]) -> None:
        assert (after["over"], after["outcome"]["winners"]) == (True, [0])
        winner = await api.service.database.run(lambda s: s.ratings_of(ann.id))
        loser = await api.service.database.run(lambda s: s.ratings_of(bob.id))
        assert (winner["triggle"].games, loser["triggle"].games) == (1, 1)  # rated once
        assert winner["triggle"].rating > 1500 > loser["triggle"].rating

    return Setup(game_id, lambda: api.service.resign(game_id, Actor(None, bob)), landed, untouched)


REQUESTS: dict[str, Callable[[Local], Awaitable[Setup]]] = {
    "move": before_a_move,
    "undo": before_an_undo_is_accepted,
    "draw": before_a_draw_is_accepted,
    "join": before_a_seat_is_taken,
    "rematch": before_a_rematch,
    "undo-asked": before_an_undo_is_asked_for,
    "draw-offered": before_a_draw_is_offered,
    "resign": before_a_resignation,
    "claim": before_a_claim,
    "rated-end": before_a_rated_game_ends,
}


@pytest.mark.parametrize("kind", list(REQUESTS))
@in_own_loop
async def test_a_write_that_fails_changes_nothing_and_the_next_one_lands(
    fault: Fault, kind: str
) -> None:
    async with served(fault, FakeClock()) as (api, store):
        setup = await REQUESTS[kind](api)
        game_id = setup.game_id
        page, watcher = await api.service.watch(game_id, Actor(), "here")
        before = await memory(api, game_id, watcher)
        row = await stored(store, game_id)
        fault.fail()
        try:
            with pytest.raises(UnavailableError):
                await setup.request()
            assert_unchanged(await memory(api, game_id, watcher), before)
        finally:
            fault.heal()
        assert await stored(store, game_id) == row  # nothing was written
        shown = await assert_agree(api, store, game_id)
        assert {**shown, "now": None} == {**before.view, "now": None}
        if setup.untouched is not None:
            await setup.untouched()

        await setup.request()  # the same request again: it works now
        after = await assert_agree(api, store, game_id)
        await setup.landed(before.view, after)
        assert_one_change(watcher, before, after)
        api.service.unwatch(page, watcher)


# --- the writes made in the background ---------------------------------------------------------


@in_own_loop
async def test_a_timeout_found_while_the_store_fails_lands_once_it_is_back(
    fault: Fault, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    async with served(fault, clock, start=True) as (api, store):  # with its sweeps, as a server
        failures = Failures(api.service.database)
        monkeypatch.setattr(api.service.database, "run", failures.run)
        game_id, (ann, _) = await humans(api)
        await api.play(game_id, ann, "D1-D4")  # Bob has 600 s
        page, watcher = await api.service.watch(game_id, Actor(), "here")
        before = await memory(api, game_id, watcher)
        row = await stored(store, game_id)
        fault.fail()
        try:
            clock.now += CLOCK["per_move"] + 1
            failed = failures.count
            api.service.timers.set(game_id, clock.now)  # the clock rings (the test moves time)
            await until(lambda: failures.count > failed, "the timeout's write to fail")
            # reading the game finds Bob out of time too, and cannot write that either
            assert_unchanged(await memory(api, game_id, watcher), before, timer=False)
            assert api.service.timers.armed(game_id)  # it rings again soon
        finally:
            fault.heal()
        live = api.service.games.games[game_id]
        await until(lambda: live.snapshot.over, "the timeout to land")
        after = await assert_agree(api, store, game_id)
        assert after["moves"] == [*row.moves, "timeout 1"]
        assert after["outcome"]["winners"] == [0]
        assert after["version"] == row.rev + 1
        assert_one_change(watcher, before, after)
        api.service.timers.set(game_id, clock.now)  # rung again, and swept: nothing more
        await api.service.leases.sweep(api.service._adopt, api.service._expire, clock)
        await asyncio.sleep(0.05)
        assert (await stored(store, game_id)).rev == row.rev + 1
        api.service.unwatch(page, watcher)


class Gate:
    """Holds the computer's answers until :attr:`open` is set (put :meth:`ask` in the place
    of the service's ``computer.ask``)."""

    def __init__(self, ask: Callable[..., Awaitable[Thought]]) -> None:
        self._ask = ask
        self.open = asyncio.Event()
        self.questions: list[Question] = []

    async def ask(self, question: Question, asker: str, *, people_wait: bool = True) -> Thought:
        self.questions.append(question)
        await self.open.wait()
        return await self._ask(question, asker, people_wait=people_wait)


@pytest.mark.parametrize("moment", ["thinking", "before-asked"])
@in_own_loop
async def test_a_computer_move_made_while_the_store_fails_lands_once_it_is_back(
    fault: Fault, moment: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``thinking``: the store fails while the computer thinks (its lease taken), so that the
    write of its move fails; ``before-asked``: it fails as soon as the computer is to move, so
    that taking the lease fails first."""
    async with served(fault, FakeClock()) as (api, store):
        failures = Failures(api.service.database)
        monkeypatch.setattr(api.service.database, "run", failures.run)
        gate = Gate(api.service.computer.ask)
        monkeypatch.setattr(api.service.computer, "ask", gate.ask)
        seats = [{"name": "Ann"}, {"kind": "random"}]
        game_id, (ann, _) = await humans(api, seats)
        page, watcher = await api.service.watch(game_id, Actor(), "here")
        await api.play(game_id, ann, "D1-D4")  # the computer is to move
        if moment == "thinking":
            await until(lambda: bool(gate.questions), "the computer to be asked")  # lease held
        live = api.service.games.games[game_id]
        before = memory_now(api, game_id, watcher)  # nothing awaited: the computer waits
        row = before.snapshot.row
        assert (before.view["thinking"], live.thinking) == (True, True)
        fault.fail()
        try:
            failed = failures.count
            gate.open.set()  # the computer answers: its move is written, and fails
            await until(lambda: failures.count >= failed + 2, "a write, then a retry, to fail")
            assert_unchanged(await memory(api, game_id, watcher), before)
            assert live.thinking  # it waits to try again
            assert len(gate.questions) == (1 if moment == "thinking" else 0)
        finally:
            fault.heal()
        await until(lambda: live.snapshot.ply == 2, "the computer's move to land")
        await until(lambda: not live.thinking, "the computer to be done")
        after = await assert_agree(api, store, game_id)
        assert after["moves"][0] == "D1-D4"
        assert len(after["moves"]) == 2
        assert after["version"] == row.rev + 1
        assert len(gate.questions) == 1  # thought once: the move thought of is the one written
        assert_one_change(watcher, before, after)
        assert after["deadline"] == api.service.clock() + CLOCK["per_move"]  # Ann's clock runs
        await asyncio.sleep(0.1)
        assert (await stored(store, game_id)).rev == row.rev + 1
        api.service.unwatch(page, watcher)


# --- every connection of a busy server ---------------------------------------------------------


@in_own_loop
async def test_requests_at_once_after_the_database_is_back_all_work(
    cluster: TempCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy server has a connection open in each of its database threads (here: moves in
    four games at once, each commit holding its thread a moment, as a flush to disk does).
    Stopping the database ends them all while they are idle; once it is back, the requests
    that come must all work, whichever thread each lands on."""
    fault = DownDatabase(cluster, cluster.create_database(f"busy{next(_databases)}"))
    try:
        async with served(fault, FakeClock()) as (api, store):
            games = [await humans(api) for _ in range(DATABASE_THREADS)]
            update = store.update

            def slow(row: GameRow, alongside: Alongside) -> None:
                update(row, alongside)
                time.sleep(0.1)

            monkeypatch.setattr(store, "update", slow)
            await asyncio.gather(*(api.play(game, ann, "D1-D4", 0) for game, (ann, _) in games))
            assert len(api.service.database.threads) == DATABASE_THREADS
            first, (_, bob) = games[0]
            fault.fail()
            try:
                with pytest.raises(UnavailableError):
                    await api.play(first, bob, "A1-D1", ply=1)
            finally:
                fault.heal()
            moves = [api.play(game, bob, "A1-D1", 1) for game, (_, bob) in games]
            answers = await asyncio.gather(*moves, return_exceptions=True)
            failed = [answer for answer in answers if isinstance(answer, BaseException)]
            assert not failed, f"{len(failed)} of {len(games)} moves failed: {failed[0]!r}"
            for game, _ in games:
                assert (await assert_agree(api, store, game))["moves"] == ["D1-D4", "A1-D1"]
    finally:
        fault.heal()


# --- over HTTP: a real server ------------------------------------------------------------------


def post_move(
    client: httpx.Client, game_id: str, seat_token: str, move: str, ply: int
) -> httpx.Response:
    return client.post(
        f"/api/games/{game_id}/moves", json={"move": move, "ply": ply}, headers=bearer(seat_token)
    )


def assert_503_json(answer: httpx.Response) -> None:
    assert answer.status_code == 503, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    error = answer.json()["error"]
    assert isinstance(error, str)
    assert error


def test_a_full_disk_answers_503_in_json_and_the_next_move_works(disk: Path) -> None:
    full = FullDisk(disk)
    server = Server(full.target).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            created = create(client, HUMANS)
            game_id, ann = created["id"], token(created, 0)
            full.fail()
            try:
                assert_503_json(post_move(client, game_id, ann, "D1-D4", 0))
                assert client.get("/api/catalog").status_code == 200
                assert client.get(f"/api/games/{game_id}").json()["moves"] == []
            finally:
                full.heal()
            answer = post_move(client, game_id, ann, "D1-D4", 0)
            assert answer.status_code == 200, answer.text
            assert answer.json()["added"] == ["D1-D4"]
            assert client.get(f"/api/games/{game_id}").json()["moves"] == ["D1-D4"]
    finally:
        server.stop()


def test_a_hung_database_answers_503_and_the_catalog_still_answers(cluster: TempCluster) -> None:
    url = cluster.create_database(f"hung{next(_databases)}")
    reader = PostgresStore(url)
    server = Server(url).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            created = create(client, HUMANS)
            game_id, ann, bob = created["id"], token(created, 0), token(created, 1)
            assert post_move(client, game_id, ann, "D1-D4", 0).status_code == 200
            cluster.freeze()
            try:
                assert client.get("/api/catalog").status_code == 200
                assert client.get("/api/spec", params={"game": "triggle"}).status_code == 200
                assert client.get("/").status_code == 200
                assert_503_json(post_move(client, game_id, bob, "A1-D1", 1))  # after up to 5 s
                assert_503_json(post_move(client, game_id, bob, "A1-D1", 1))  # at once
                assert client.get("/api/catalog").status_code == 200
            finally:
                cluster.thaw()
            # the call stuck in the hung database ends, and requests that need it work again
            deadline = time.monotonic() + 20
            while client.get("/api/games").status_code != 200:
                assert time.monotonic() < deadline, "the server did not recover"
                time.sleep(0.1)
            shown = client.get(f"/api/games/{game_id}").json()
            # Bob's move may have been written when the database woke up (it was under way)
            assert shown["moves"] in (["D1-D4"], ["D1-D4", "A1-D1"]), shown["moves"]
            if shown["ply"] == 1:
                seat, move = bob, "A1-D1"
            else:
                seat, move = ann, shown["legal_moves"][0]
            expected = [*shown["moves"], move]
            answer = post_move(client, game_id, seat, move, shown["ply"])
            while answer.status_code == 503:  # the server's connection is opened again
                assert time.monotonic() < deadline, answer.text
                time.sleep(0.1)
                answer = post_move(client, game_id, seat, move, shown["ply"])
            assert answer.status_code == 200, answer.text
            final = client.get(f"/api/games/{game_id}").json()
        row = reader.get(game_id)
        assert row is not None
        assert final["moves"] == row.moves == expected
        assert final["version"] == row.rev == len(expected)
    finally:
        cluster.thaw()
        server.stop()
        reader.close()
