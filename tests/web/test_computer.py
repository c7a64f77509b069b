"""The computer thinks in worker processes, each game in its turn: games between computers
never starve the games people play (issue 32), and count against whoever created them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import Server
from tests.web.helpers import create, play, token, view, wait_for
from tests.web.inprocess import in_own_loop
from trigames.web.computer import Computer, ComputerFailedError, Question

SLOW = "mcts(seconds=3)"


@in_own_loop
async def test_a_reply_people_wait_for_goes_before_games_between_computers() -> None:
    computer = Computer(slots=2, processes=False)
    try:
        finished: list[str] = []

        async def ask(game: str, player: str, asker: str, people_wait: bool) -> None:
            await computer.ask(Question(game, "trig", (), player), asker, people_wait=people_wait)
            finished.append(game)

        bots = [asyncio.ensure_future(ask(f"bots{n}", SLOW, "bot maker", False)) for n in range(3)]
        await asyncio.sleep(0.05)  # the games between computers asked first
        assert computer.asked_by("bot maker") == 3
        await ask("people", "random", "someone", True)
        assert finished == ["people"]  # no game between computers had its move yet
        for bot in bots:
            bot.cancel()
    finally:
        computer.close()


@in_own_loop
async def test_askers_take_turns() -> None:
    computer = Computer(slots=1, processes=False)
    try:
        order: list[str] = []

        async def ask(asker: str, number: int) -> None:
            await computer.ask(Question(f"{asker}{number}", "trig", (), "random"), asker)
            order.append(asker)

        await asyncio.gather(*(ask("flood", n) for n in range(4)), ask("quiet", 0))
        # the flood's first question was thinking, its second came next, then the other asker
        # (first come, first served would have made it wait for all four)
        assert order.index("quiet") == 2
    finally:
        computer.close()


@in_own_loop
async def test_a_worker_process_that_dies_is_replaced_and_the_question_fails_cleanly() -> None:
    computer = Computer(slots=1, processes=True)
    try:
        question = Question("g", "trig", (), "random")
        assert (await computer.ask(question, "here")).move
        slot = computer._slots[0]
        assert slot._process is not None
        slot._process.kill()
        slot._process.join(5)
        with pytest.raises(ComputerFailedError):
            await computer.ask(question, "here")
        assert (await computer.ask(question, "here")).move  # a fresh worker answers
    finally:
        computer.close()


def test_games_between_computers_do_not_starve_a_game_against_the_computer(
    tmp_path: Path,
) -> None:
    """Issue 32's case: eight games of ``mcts(seconds=10)`` against itself made a ``random``
    reply wait 39 s. Here three slow games between computers are thinking when a person moves
    against ``random``: the reply comes before any of them has made a move."""
    server = Server(tmp_path / "games.sqlite3").start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            bots = [create(client, [{"kind": SLOW}, {"kind": SLOW}])["id"] for _ in range(3)]
            person = create(client, [{"name": "Ann"}, {"kind": "random"}])
            play(client, person["id"], token(person, 0), "D1-D4")
            wait_for(client, person["id"], lambda shown: shown["ply"] == 2)
            assert [view(client, game)["ply"] for game in bots] == [0, 0, 0]
    finally:
        server.stop()


def test_one_address_may_have_only_so_many_games_waiting_for_the_computer(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "games.sqlite3", args=["--thinking-games", "2"]).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            for _ in range(2):
                create(client, [{"kind": SLOW}, {"kind": SLOW}])
            refused = client.post("/api/games", json={"game": "trig", "seats": [
                {"kind": "random"}, {"kind": "random"}]})  # fmt: skip
            assert refused.status_code == 429
            assert "wait for the computer" in refused.json()["error"]
            create(client, [{"name": "Ann"}, {"kind": "random"}])  # the person moves first
    finally:
        server.stop()
