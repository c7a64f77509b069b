"""Two services on one store, as two processes on one database are: each decides on the game
as stored, whatever it held in memory. On both stores (the revision check is the store's)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.web.inprocess import HUMANS, Local, in_own_loop, local
from trigames.web.errors import ConflictError
from trigames.web.snapshot import Actor
from trigames.web.storage import open_store


@contextlib.asynccontextmanager
async def pair(db: str) -> AsyncIterator[tuple[Local, Local]]:
    async with local(open_store(db)) as first, local(open_store(db)) as second:
        yield first, second
    for api in (first, second):
        api.service.store.close()


def tokens(created: dict[str, Any]) -> list[str]:
    return [seat["token"] for seat in created["seats"]]


@in_own_loop
async def test_a_process_that_missed_a_move_still_accepts_the_next_one(db: str) -> None:
    async with pair(db) as (a, b):
        created = await a.create({"game": "triggle", "seats": HUMANS})
        game_id, (ann, bob) = created["id"], tokens(created)
        await b.view(game_id)  # b holds the game at ply 0 and hears nothing of a's moves
        await a.play(game_id, ann, "D1-D4")
        assert b.service.games.games[game_id].snapshot.ply == 0  # b's memory is behind...
        changed = await b.play(game_id, bob, "A1-D1", ply=1)  # ...but b decides on the store
        assert changed["ply"] == 2
        assert (await b.view(game_id))["moves"] == ["D1-D4", "A1-D1"]
        with pytest.raises(ConflictError, match="not your turn"):
            await a.play(game_id, bob, "A1-D4")  # a, behind now, reads the game again
        assert (await a.view(game_id))["moves"] == ["D1-D4", "A1-D1"]


@in_own_loop
async def test_the_same_seat_moving_at_two_processes_moves_once(db: str) -> None:
    async with pair(db) as (a, b):
        created = await a.create({"game": "triggle", "seats": HUMANS})
        game_id, (ann, _) = created["id"], tokens(created)
        await b.view(game_id)
        await a.play(game_id, ann, "D1-D4")
        with pytest.raises(ConflictError):
            await b.play(game_id, ann, "A1-D1")
        assert (await b.view(game_id))["moves"] == ["D1-D4"]
        assert b.service.store.revision(game_id) == 1


@in_own_loop
async def test_an_undo_request_made_elsewhere_is_answered_here(db: str) -> None:
    async with pair(db) as (a, b):
        created = await a.create({"game": "triggle", "seats": HUMANS})
        game_id, (ann, bob) = created["id"], tokens(created)
        await a.play(game_id, ann, "D1-D4")
        await b.view(game_id)
        await a.act(game_id, "undo", ann)  # asks bob, through a
        answered = await b.act(game_id, "answer_undo", bob, True, 1)
        assert (answered["kept"], answered["ply"]) == (0, 0)


@in_own_loop
async def test_a_change_heard_from_elsewhere_reaches_the_watchers(db: str) -> None:
    async with pair(db) as (a, b):
        created = await a.create({"game": "triggle", "seats": HUMANS})
        game_id, (ann, bob) = created["id"], tokens(created)
        page, watcher = await b.service.watch(game_id, Actor(), "here")
        assert len(watcher.outbox.messages) == 1  # the whole view
        await a.play(game_id, ann, "D1-D4")
        b.service.games.changed_elsewhere(game_id, 1)  # what the store's listener calls
        await b.wait_for(game_id, lambda view: view["ply"] == 1)
        assert len(watcher.outbox.messages) == 2
        assert '"added":["D1-D4"]' in watcher.outbox.messages[-1]
        b.service.games.changed_elsewhere(game_id, 1)  # told twice: nothing new
        assert len(watcher.outbox.messages) == 2
        b.service.unwatch(page, watcher)
        await a.play(game_id, bob, "A1-D1")
        b.service.games.changed_elsewhere(None, 0)  # "anything may have changed": read when asked
        assert (await b.view(game_id))["moves"] == ["D1-D4", "A1-D1"]
        assert (await b.view(game_id))["version"] == (await a.view(game_id))["version"] == 2


@in_own_loop
async def test_a_rematch_asked_for_at_two_processes_is_one_game(db: str) -> None:
    async with pair(db) as (a, b):
        created = await a.create({"game": "triggle", "seats": HUMANS})
        game_id, (ann, bob) = created["id"], tokens(created)
        await a.act(game_id, "resign", ann)
        await b.view(game_id)
        first = await a.service.rematch(game_id, Actor(ann))
        second = await b.service.rematch(game_id, Actor(bob))  # b had not heard of the first
        assert first["id"] == second["id"]
        assert len(await a.service.listing()) == 2
        assert (await a.view(game_id))["rematch"] == first["id"]
