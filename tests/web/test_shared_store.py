"""Two services on one store, as two processes on one database are: each decides on the game
as stored, whatever it held in memory. On both stores (the revision check is the store's)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from trigames.web.service import ConflictError, GameService
from trigames.web.storage import open_store

HUMANS = [{"name": "Ann"}, {"name": "Bob"}]


@pytest.fixture
def pair(db: str) -> Iterator[tuple[GameService, GameService]]:
    first, second = GameService(open_store(db)), GameService(open_store(db))
    yield first, second
    for service in (first, second):
        service.close()
        service.store.close()


def tokens(created: dict[str, Any]) -> list[str]:
    return [seat["token"] for seat in created["seats"]]


def test_a_process_that_missed_a_move_still_accepts_the_next_one(
    pair: tuple[GameService, GameService],
) -> None:
    a, b = pair
    created = a.create({"game": "triggle", "seats": HUMANS})
    game_id, (ann, bob) = created["id"], tokens(created)
    b.view(game_id)  # b holds the game at ply 0 and hears nothing of a's moves
    a.play(game_id, ann, "D1-D4")
    assert b.view(game_id)["ply"] == 0  # b's view is behind...
    shown = b.play(game_id, bob, "A1-D1", ply=1)  # ...but b decides on the stored game
    assert shown["moves"] == ["D1-D4", "A1-D1"]
    assert a.view(game_id)["ply"] == 1  # a, behind now, reads the game again when it must
    with pytest.raises(ConflictError, match="not your turn"):
        a.play(game_id, bob, "A1-D4")
    assert a.view(game_id)["moves"] == ["D1-D4", "A1-D1"]


def test_the_same_seat_moving_at_two_processes_moves_once(
    pair: tuple[GameService, GameService],
) -> None:
    a, b = pair
    created = a.create({"game": "triggle", "seats": HUMANS})
    game_id, (ann, _) = created["id"], tokens(created)
    b.view(game_id)
    a.play(game_id, ann, "D1-D4")
    with pytest.raises(ConflictError):
        b.play(game_id, ann, "A1-D1")
    assert b.view(game_id)["moves"] == ["D1-D4"]
    assert b.store.revision(game_id) == 1


def test_an_undo_request_made_elsewhere_is_answered_here(
    pair: tuple[GameService, GameService],
) -> None:
    a, b = pair
    created = a.create({"game": "triggle", "seats": HUMANS})
    game_id, (ann, bob) = created["id"], tokens(created)
    a.play(game_id, ann, "D1-D4")
    b.view(game_id)
    a.undo(game_id, ann)  # asks bob, through a
    assert b.answer_undo(game_id, bob, True, 1)["moves"] == []


def test_a_change_heard_from_elsewhere_reaches_the_watchers(
    pair: tuple[GameService, GameService],
) -> None:
    a, b = pair
    created = a.create({"game": "triggle", "seats": HUMANS})
    game_id, (ann, _) = created["id"], tokens(created)
    seen: list[dict[str, Any]] = []
    unsubscribe = b.watch(game_id, seen.append)
    a.play(game_id, ann, "D1-D4")
    b.changed_elsewhere(game_id, 1)  # what the store's listener calls
    assert [view["moves"] for view in seen] == [["D1-D4"]]
    b.changed_elsewhere(game_id, 1)  # told twice: nothing new
    assert len(seen) == 1
    unsubscribe()
    a.play(game_id, tokens(created)[1], "A1-D1")
    b.changed_elsewhere(None, 0)  # "anything may have changed": read when next asked for
    assert b.view(game_id)["moves"] == ["D1-D4", "A1-D1"]
    assert b.view(game_id)["version"] == a.view(game_id)["version"] == 2


def test_a_rematch_asked_for_at_two_processes_is_one_game(
    pair: tuple[GameService, GameService],
) -> None:
    a, b = pair
    created = a.create({"game": "triggle", "seats": HUMANS})
    game_id, (ann, bob) = created["id"], tokens(created)
    a.resign(game_id, ann)
    b.view(game_id)
    first = a.rematch(game_id, ann)
    second = b.rematch(game_id, bob)  # b had not heard of the first
    assert first["id"] == second["id"]
    assert len(a.listing()) == 2
    assert a.view(game_id)["rematch"] == first["id"]
