"""What a request may cost the server is bounded (issue 32): a picture of an earlier ply
replays at most a checkpoint's worth of moves, never the whole game; games read back from the
store count against the address that asks; a move costs every watcher a small message."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.web.inprocess import HUMANS, Local, in_own_loop, local
from trigames.core.protocol import State
from trigames.web.errors import TooManyRequestsError
from trigames.web.limits import CHECKPOINT_PLIES
from trigames.web.quotas import Quota
from trigames.web.requests import BoardQuery
from trigames.web.snapshot import Actor


@pytest.fixture
def plays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the moves the engine plays (``counted[0]``)."""
    counted = [0]
    original = State.play

    def counting(self: Any, move: Any) -> None:
        counted[0] += 1
        original(self, move)

    monkeypatch.setattr(State, "play", counting)
    return counted


async def long_game(api: Local, spec: str = "trugo", seed: int = 3) -> tuple[str, int]:
    """A game played to its end by random moves (Trugo's default: about a hundred plies)."""
    created = await api.create({"game": spec, "seats": HUMANS})
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    rng = random.Random(seed)
    while not (shown := await api.view(game_id))["over"]:
        await api.play(game_id, tokens[shown["to_move"]], rng.choice(shown["legal_moves"]))
    return game_id, shown["ply"]


@in_own_loop
async def test_a_picture_of_an_earlier_ply_replays_at_most_a_checkpoints_worth(
    plays: list[int],
) -> None:
    async with local() as api:
        game_id, plies = await long_game(api)
        assert plies > 2 * CHECKPOINT_PLIES
        for ply in range(plies, 0, -7):
            before = plays[0]
            query = BoardQuery(ply=ply, labels=True, after=None)
            assert "<svg" in await api.service.board(game_id, query, "anyone")
            assert plays[0] - before < CHECKPOINT_PLIES  # the old server replayed `ply` moves
        before = plays[0]
        await api.service.board(game_id, BoardQuery(ply=plies - 7, labels=True, after=None))
        assert plays[0] == before  # asked again: drawn already


@in_own_loop
async def test_reading_long_games_back_from_the_store_counts_against_the_address() -> None:
    async with local() as api:
        game_id, plies = await long_game(api)
        api.service.replays = Quota(3 * plies, 60.0)  # a budget of three readings a minute
        games = api.service.games
        for _ in range(3):
            games.forget(game_id)  # out of memory: the next view reads and replays it
            await api.service.view(game_id, "reader")
        games.forget(game_id)
        with pytest.raises(TooManyRequestsError, match="read from the store"):
            await api.service.view(game_id, "reader")
        await api.service.view(game_id, "someone else")  # others are not held back


@in_own_loop
async def test_a_move_costs_each_watcher_a_few_kilobytes_on_triggles_board() -> None:
    """What every page is sent for a move on Triggle's default board, along seeded random
    games: 4 KB on average (issue 32's bound; the old server sent about 35 KB), and the board
    as the lines that changed."""
    sizes: list[int] = []
    async with local() as api:
        for seed in range(3):
            created = await api.create({"game": "triggle", "seats": HUMANS})
            game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
            pages = [await api.service.watch(game_id, Actor(token), "here") for token in tokens]
            rng = random.Random(seed)
            while not (shown := await api.view(game_id))["over"]:
                for _, watcher in pages:
                    watcher.outbox.messages.clear()
                await api.play(game_id, tokens[shown["to_move"]], rng.choice(shown["legal_moves"]))
                for _, watcher in pages:
                    (message,) = watcher.outbox.messages
                    assert json.loads(message)["type"] == "change"
                    sizes.append(len(message.encode()))
            for page, watcher in pages:
                api.service.unwatch(page, watcher)
    assert sum(sizes) / len(sizes) <= 4096
    assert max(sizes) <= 8192
