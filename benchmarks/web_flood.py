"""Flood ``trigames serve`` with hostile requests while normal games play, and time the games.

The normal load is ``web_load.py``'s: ``--games`` network games (20 by default), every move
timed until both players' WebSockets have it (the *ack*). Meanwhile ``--attackers`` tasks
send, over and over, what an independent security review found could freeze or exhaust the
server:

- bodies over the size limit, declared or streamed; JSON nested thousands deep; integers of
  5,000 digits; a lone surrogate in a name;
- an 80,000-character spec, a 50,000-character seat kind and 50,000-character moves;
- computer seats with unbounded settings (``mcts(seconds=inf)``, ``c=nan``, ``iterations=1e40``);
- bursts of 80 hints at once on a game against the computer, whose replies are timed too;
- WebSocket clients that connect to a busy game and never read;
- new games of every Trugo pool size from 3 to 90, and thousands of games left idle.

The script reports the normal games' ack p99 (goal: under 100 ms), how long the computer took
to answer a move during the hint bursts, what the attacks got back (status counts), and the
server's peak memory (VmHWM of its process; goal: under 300 MB). It starts its own server.

    python benchmarks/web_flood.py                 # 20 games, 40 moves each, 4 attackers
    python benchmarks/web_flood.py --games 5 --moves 10 --json

The exit status is 0 when both goals are met, no normal move failed and no attack got a 5xx;
1 when not; 2 when the server cannot be started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import httpx
from web_load import LoadError, loop_factory, own_server, run_load, summary
from websockets.asyncio.client import connect

Attack = Callable[[httpx.AsyncClient, str], Awaitable[int]]
HUMANS = [{"name": "Ann"}, {"name": "Bob"}]


async def created(client: httpx.AsyncClient, body: dict[str, Any]) -> dict[str, Any]:
    answer = await client.post("/api/games", json=body)
    if answer.status_code != 201:
        raise LoadError(f"creating {body}: HTTP {answer.status_code} {answer.text}")
    found: dict[str, Any] = answer.json()
    return found


async def raw(client: httpx.AsyncClient, path: str, content: bytes | None = None) -> int:
    answer = await client.post(path, content=content, headers={"content-type": "application/json"})
    return answer.status_code


async def streamed_body(client: httpx.AsyncClient, path: str) -> int:
    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(64):
            yield b" " * 16_384

    answer = await client.post(path, content=chunks())
    return answer.status_code


def attacks(game_id: str, token: str) -> list[tuple[str, Attack]]:
    """Every hostile request, as (name, coroutine function of a client and the server URL)."""
    moves = f"/api/games/{game_id}/moves"
    surrogate = b'{"game": "trig", "seats": [{"name": "\\ud800"}, {}]}'
    return [
        ("1 MB body", lambda c, u: raw(c, moves, b"{" + b" " * 1_000_000 + b"}")),
        ("1 MB streamed", lambda c, u: streamed_body(c, moves)),
        ("nested JSON", lambda c, u: raw(c, moves, b"[" * 30_000 + b"]" * 30_000)),
        ("5,000 digits", lambda c, u: raw(c, moves, b'{"ply": ' + b"9" * 5_000 + b"}")),
        ("surrogate name", lambda c, u: raw(c, "/api/games", surrogate)),
        ("80k spec", lambda c, u: post(c, "/api/games", {"game": "triggle(" + "a=1," * 20_000})),
        ("50k seat kind", lambda c, u: post(c, "/api/games", seats("mcts(" + "c" * 50_000))),
        ("50k trig move", lambda c, u: post(c, moves, {"token": token, "move": "G" * 50_000})),
        ("50k trugo move", lambda c, u: post(c, moves, {"token": token, "move": "a1-" * 16_000})),
        ("seconds=inf", lambda c, u: post(c, "/api/games", seats("mcts(seconds=inf)"))),
        ("c=nan", lambda c, u: post(c, "/api/games", seats("mcts(c=nan)"))),
        ("iterations=1e40", lambda c, u: post(c, "/api/games", seats("mcts(iterations=1e40)"))),
        ("trugo sizes", trugo_sizes),
        ("idle games", idle_games),
        ("silent sockets", lambda c, u: silent_sockets(c, u, game_id)),
    ]


def seats(kind: str) -> dict[str, Any]:
    return {"game": "trig", "seats": [{"name": "Ann"}, {"kind": kind}]}


async def post(client: httpx.AsyncClient, path: str, body: dict[str, Any]) -> int:
    return (await client.post(path, json=body)).status_code


async def trugo_sizes(client: httpx.AsyncClient, url: str) -> int:
    status = 0
    for tiles in range(3, 91, 7):
        status = max(status, await post(client, "/api/games", {"game": f"trugo(tiles={tiles})"}))
    return status


async def idle_games(client: httpx.AsyncClient, url: str) -> int:
    status = 0
    for _ in range(50):
        status = max(status, await post(client, "/api/games", {"game": "trig", "seats": HUMANS}))
    return status


async def silent_sockets(client: httpx.AsyncClient, url: str, game_id: str) -> int:
    """Ten WebSockets on a busy game that never read, held for a few seconds."""
    ws_url = "ws" + url.removeprefix("http") + f"/api/games/{game_id}/ws"
    async with contextlib.AsyncExitStack() as stack:
        for _ in range(10):
            await stack.enter_async_context(connect(ws_url, max_queue=1, max_size=None))
        await asyncio.sleep(3)
    return 101


async def hint_bursts(
    client: httpx.AsyncClient, stop: asyncio.Event, replies: list[float], statuses: Counter[str]
) -> None:
    """Against an ``easy`` computer: a move, 80 hints at once, and the time the computer takes
    to answer the move; again and again."""
    while not stop.is_set():
        game = await created(client, {"game": "trig", "seats": [{"name": "Ann"}, {"kind": "easy"}]})
        game_id, token = game["id"], game["seats"][0]["token"]
        view = game["view"]
        while not view["over"] and not stop.is_set():
            headers = {"Authorization": f"Bearer {token}"}
            hints = [client.get(f"/api/games/{game_id}/hint", headers=headers) for _ in range(80)]
            pending = asyncio.gather(*hints, return_exceptions=True)
            start = time.perf_counter()
            body = {"token": token, "move": random.choice(view["legal_moves"]), "ply": view["ply"]}
            answer = await client.post(f"/api/games/{game_id}/moves", json=body)
            if answer.status_code != 200:
                break
            view = answer.json()
            while view["to_move"] == 1 and not view["over"]:
                await asyncio.sleep(0.01)
                view = (await client.get(f"/api/games/{game_id}")).json()
            replies.append(time.perf_counter() - start)
            for done in await pending:
                status = done.status_code if isinstance(done, httpx.Response) else "error"
                statuses[f"hint {status}"] += 1


async def attacker(
    client: httpx.AsyncClient,
    url: str,
    game_id: str,
    token: str,
    rng: random.Random,
    stop: asyncio.Event,
    statuses: Counter[str],
    only: Sequence[str],
) -> None:
    chosen = [(name, attack) for name, attack in attacks(game_id, token)
              if not only or name in only]  # fmt: skip
    while chosen and not stop.is_set():
        name, attack = rng.choice(chosen)
        try:
            status = await attack(client, url)
        except (httpx.HTTPError, OSError) as error:
            statuses[f"{name} {type(error).__name__}"] += 1
            continue
        statuses[f"{name} {status}"] += 1


def peak_memory_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def flood(url: str, args: argparse.Namespace) -> dict[str, Any]:
    statuses: Counter[str] = Counter()
    replies: list[float] = []
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        target = await created(client, {"game": "trugo", "seats": HUMANS})
        busy_id, token = target["id"], target["seats"][0]["token"]
        rngs = [random.Random(f"{args.seed}:attacker:{n}") for n in range(args.attackers)]
        flooding = [
            asyncio.create_task(
                attacker(client, url, busy_id, token, rng, stop, statuses, args.attack or [])
            )
            for rng in rngs
        ]
        if not args.no_hints:
            flooding.append(asyncio.create_task(hint_bursts(client, stop, replies, statuses)))
        specs = ["triggle", "trig", "tricolor", "trugo", "tranglar"]
        try:
            results, elapsed = await run_load(
                url, specs, args.games, args.moves, args.seed, args.think, args.quiet
            )
        finally:
            stop.set()
            await asyncio.gather(*flooding, return_exceptions=True)
    ack = summary(results.ack)
    server_errors = sum(n for key, n in statuses.items() if key.rsplit(" ", 1)[1].startswith("5"))
    computer = summary(replies)
    return {
        "games": args.games,
        "moves": len(results.ack),
        "seconds": round(elapsed, 1),
        "attackers": args.attackers,
        "ack": ack,
        "computer_reply": computer,
        "attacks": dict(sorted(statuses.items())),
        "server_errors": server_errors,
        "failures": results.failures,
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="normal games at once (20)")
    parser.add_argument("--moves", type=int, default=40, help="moves per normal game (40)")
    parser.add_argument("--attackers", type=int, default=4, help="attacking tasks (4)")
    parser.add_argument("--think", type=float, default=1.0, help="mean pause before a move (1 s)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (0)")
    parser.add_argument(
        "--attack",
        action="append",
        metavar="NAME",
        help="only this attack (repeatable): " + ", ".join(name for name, _ in attacks("g", "t")),
    )
    parser.add_argument("--no-hints", action="store_true", help="no hint bursts")
    parser.add_argument("--limit", type=float, default=100.0, help="ack p99 goal in ms (100)")
    parser.add_argument("--memory", type=float, default=300.0, help="peak memory goal in MB (300)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if not (1 <= args.games <= 500 and 1 <= args.moves <= 1000 and 0 <= args.attackers <= 50):
        parser.error("--games 1-500, --moves 1-1000 and --attackers 0-50")
    if not 0 <= args.think <= 60:
        parser.error("--think must be from 0 to 60 seconds")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        with own_server() as (url, pid), asyncio.Runner(loop_factory=loop_factory()) as runner:
            figures = runner.run(flood(url, args))
            figures["peak_memory_mb"] = round(peak_memory_mb(pid), 1)
    except LoadError as error:
        print(f"web_flood: {error}", file=sys.stderr)
        return 2
    figures["passed"] = (
        not figures["failures"]
        and figures["server_errors"] == 0
        and figures["ack"]["p99_ms"] <= args.limit
        and figures["peak_memory_mb"] <= args.memory
    )
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        ack, reply = figures["ack"], figures["computer_reply"]
        played = f"{figures['moves']} moves in {figures['seconds']} s"
        print(f"{figures['games']} normal games, {played}, {figures['attackers']} attackers and"
              " hint bursts")  # fmt: skip
        print(f"ack p50/p99/max: {ack['p50_ms']} / {ack['p99_ms']} / {ack['max_ms']} ms"
              f" (goal p99 under {args.limit:g})")  # fmt: skip
        print(f"computer's reply during 80 hints, p50/p99/max: {reply['p50_ms']} /"
              f" {reply['p99_ms']} / {reply['max_ms']} ms ({reply['count']} moves)")  # fmt: skip
        print(f"server peak memory {figures['peak_memory_mb']} MB (goal under {args.memory:g})")
        print(f"server errors (5xx) from attacks: {figures['server_errors']}")
        for key, count in figures["attacks"].items():
            print(f"  {key}: {count}")
        for failure in figures["failures"][:10]:
            print(f"failed: {failure}")
        print("PASS" if figures["passed"] else "FAIL")
    return 0 if figures["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
