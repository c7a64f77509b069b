"""Both stores, SQLite and PostgreSQL, on the same tests: rows, revisions, leases, schema."""

from __future__ import annotations

import asyncio
import threading
import time

import psycopg
import pytest

from tests.web.inprocess import in_own_loop, local
from trigames.core.outcome import Outcome
from trigames.web import postgres
from trigames.web.rows import GameRow, StoredSeat
from trigames.web.storage import open_store
from trigames.web.store import GameStore, StaleRowError, StoreError


def a_row(game_id: str = "g1", **fields: object) -> GameRow:
    seats = [StoredSeat("Ann", "human", "ab" * 32), StoredSeat("Cy", "hard")]
    return GameRow(game_id, "triggle", seats, **fields)  # type: ignore[arg-type]


def test_a_row_reads_back_as_written(db: str) -> None:
    store = open_store(db)
    result = Outcome(winners=(1,), scores=(0, 3), reason="no legal band")
    row = a_row(
        moves=["D1-D4", "A1-D1"],
        result=result,
        undo_request=0,
        draw_offer=[1],
        rematch="g2",
        clock={"per_move": 60},
        deadline=1_800_000_000.125,
        computer_turn=True,
    )
    store.insert(row)
    assert store.get("g1") == row
    assert store.get("nothing") is None
    assert store.revision("g1") == 0
    store.close()


def test_an_update_raises_the_revision_and_a_stale_one_changes_nothing(db: str) -> None:
    store = open_store(db)
    row = a_row()
    store.insert(row)
    seen_before = store.get("g1")
    assert seen_before is not None
    row.moves.append("D1-D4")
    store.update(row)
    assert row.rev == 1
    seen_before.moves.append("A1-D1")
    with pytest.raises(StaleRowError):
        store.update(seen_before)
    found = store.get("g1")
    assert found is not None
    assert (found.moves, found.rev) == (["D1-D4"], 1)
    store.close()


def test_listings_and_unfinished_games(db: str) -> None:
    store = open_store(db)
    store.insert(a_row("old"))
    done = a_row("done", result=Outcome(winners=(0,), scores=(1, 0), reason="won"))
    store.insert(done)
    store.insert(a_row("moved", moves=["D1-D4"]))
    assert {r.id for r in store.unfinished()} == {"old", "moved"}
    assert [r.id for r in store.listing(finished=True)] == ["done"]
    assert {r.id for r in store.listing()} == {"old", "done", "moved"}
    assert [r.id for r in store.listing(finished=False, moved=True)] == ["moved"]
    store.close()


def test_a_lease_is_held_by_one_owner_until_it_lapses(db: str) -> None:
    store = open_store(db)
    store.insert(a_row("g1", computer_turn=True))
    store.insert(a_row("g2"))
    assert store.orphans() == ["g1"]  # a computer to move, nobody thinking
    assert store.claim("g1", "A", 0.5)
    assert not store.claim("g1", "B", 5)
    assert store.orphans() == []
    store.renew("A", 0.5)
    assert store.claim("g1", "A", 0.5)  # the holder extends it
    time.sleep(0.6)
    assert store.orphans() == ["g1"]  # lapsed: another process may adopt it
    assert store.claim("g1", "B", 5)
    assert not store.claim("g1", "A", 5)
    store.release("g1", "A")  # not A's any more: changes nothing
    assert not store.claim("g1", "A", 5)
    store.release("g1", "B")
    assert store.claim("g1", "A", 5)
    store.close()


@in_own_loop
async def test_a_service_plays_on_either_store_and_a_second_opening_migrates_nothing(
    db: str,
) -> None:
    store = open_store(db)
    async with local(store) as api:
        created = await api.create({"game": "trig", "seats": [{"name": "Ann"}, {"name": "Bob"}]})
        for seat in (0, 1):
            legal = (await api.view(created["id"]))["legal_moves"]
            await api.play(created["id"], created["seats"][seat]["token"], legal[0])
        moves = (await api.view(created["id"]))["moves"]
    assert len(moves) == 2
    store.close()
    again = open_store(db)
    found = again.get(created["id"])
    assert found is not None
    assert found.moves == moves
    assert found.rev == 2
    again.close()


def test_the_postgres_schema_is_versioned_and_migrated_once_by_servers_starting_together(
    pg_url: str,
) -> None:
    opened: list[GameStore] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            opened.append(open_store(pg_url))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with psycopg.connect(pg_url) as connection:
        versions = connection.execute("SELECT version FROM trigames_schema").fetchall()
    assert versions == [(len(postgres.MIGRATIONS),)]
    for store in opened:
        store.close()


def test_a_newer_postgres_schema_is_refused_with_a_clear_error(pg_url: str) -> None:
    open_store(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as connection:
        connection.execute("UPDATE trigames_schema SET version = 99")
    with pytest.raises(StoreError, match="upgrade trigames"):
        open_store(pg_url)


def test_an_unreachable_postgres_is_a_clear_error() -> None:
    from trigames.web.pg_temp import free_port

    with pytest.raises(StoreError, match=r"cannot connect to postgresql://ann:\*\*\*@"):
        open_store(f"postgresql://ann:secret@127.0.0.1:{free_port()}/games?connect_timeout=2")


def test_postgres_tells_every_listener_of_each_change(pg_url: str) -> None:
    writer, listener = open_store(pg_url), open_store(pg_url)
    heard: list[tuple[str | None, int]] = []

    async def listen_while_writing() -> None:
        task = asyncio.create_task(listener.listen(lambda g, r: heard.append((g, r))))
        while not heard:  # (None, 0) once listening: anything may have changed before
            await asyncio.sleep(0.01)
        row = a_row()
        writer.insert(row)
        row.moves.append("D1-D4")
        writer.update(row)
        for _ in range(200):
            if len(heard) == 3:
                break
            await asyncio.sleep(0.01)
        task.cancel()

    # in a thread of its own: no event loop of another test runs there
    thread = threading.Thread(target=asyncio.run, args=(listen_while_writing(),))
    thread.start()
    thread.join()
    assert heard == [(None, 0), ("g1", 0), ("g1", 1)]
    writer.close()
    listener.close()
