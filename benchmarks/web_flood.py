"""Flood ``trigames serve`` with hostile requests while normal games play, and time the games.

The normal load is ``web_load.py``'s: ``--games`` network games (20 by default), every move
timed until both players' WebSockets have it (the *ack*), all from 127.0.0.1. Meanwhile, in a
process of their own (so that their own work does not hold up the normal players' client),
``--attackers`` tasks, each from a loopback address of its own (127.0.0.2, 127.0.0.3...: the
server limits each client address, and the normal players are not to pay for the attackers'
excesses), send over and over what an independent security review found could freeze or
exhaust the server:

- bodies over the size limit, declared or streamed; JSON nested thousands deep; integers of
  5,000 digits; a lone surrogate in a name;
- an 80,000-character spec, a 50,000-character seat kind and 50,000-character moves;
- computer seats with unbounded settings (``mcts(seconds=inf)``, ``c=nan``, ``iterations=1e40``);
- WebSocket clients that connect to a busy game and never read;
- new games of every Trugo pool size from 3 to 90, and thousands of games left idle;
- more WebSockets from one address than the server lets an address hold (``ws cap``: the ones
  past the cap are to be closed with code 4429), and new games faster than an address may
  create them (``game rate``: to be answered 429).

From one more address, bursts of 80 hints at once on a game against the computer, whose replies
are timed too.

The server started gets the limits per address ``--watchers-per-address`` and
``--games-per-minute`` (by default the server's own, 128 and 120, raised where the normal
load on 127.0.0.1 may need more). 429 (too many requests) is an expected answer to an attack,
and so is a WebSocket closed with 4429; a 5xx, or a WebSocket closed with 1011 (the server
failed), is not.

The script reports the normal games' ack p99 (goal: under 100 ms), how long the computer took
to answer a move during the hint bursts, what the attacks got back (status counts), whether
each limit attack that ran was refused at least once, and the server's memory (goal: under
300 MB): the peak resident memory (VmHWM) of its main process, and of its whole process tree
(the computer's worker processes are its children), both the sum of each process's peak (an
upper bound: the processes need not peak at once) and the peak of the tree's proportional
set size sampled every half second. The goal applies to the tree's sum of peaks. It starts
its own server.

    python benchmarks/web_flood.py                 # 20 games, 40 moves each, 4 attackers
    python benchmarks/web_flood.py --games 5 --moves 10 --json
    python benchmarks/web_flood.py --attack "ws cap" --attack "game rate" --no-hints

The exit status is 0 when both goals are met, no normal move failed, no attack got a 5xx and
every limit attack that ran was refused; 1 when not; 2 when the server cannot be started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Protocol

import httpx
from web_load import (
    LoadError,
    loop_factory,
    own_server,
    run_load,
    summary,
    tree_pids,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

HUMANS = [{"name": "Ann"}, {"name": "Bob"}]
#: The server's own limits per client address (``trigames serve``'s defaults).
WATCHERS_PER_ADDRESS = 128
GAMES_PER_MINUTE = 120
#: The attacks that try the limits per address, and the refusal each expects.
LIMIT_ATTACKS = {"ws cap": 4429, "game rate": 429}
#: WebSocket close codes that say the server failed.
SERVER_FAILED = {1011}


@dataclass(frozen=True)
class Origin:
    """Where an attacker comes from: its HTTP client (bound to its own address), the server's
    URL, its loopback address, and the server's limits per address."""

    client: httpx.AsyncClient
    url: str
    address: str
    watchers_per_address: int
    games_per_minute: int

    def ws_url(self, path: str) -> str:
        return "ws" + self.url.removeprefix("http") + path

    def connect(self, path: str, **options: Any) -> connect:
        """A WebSocket from this attacker's address."""
        return connect(self.ws_url(path), local_addr=(self.address, 0), proxy=None, **options)


Attack = Callable[[Origin], Awaitable[int]]


def client_from(address: str, url: str, timeout: float = 60) -> httpx.AsyncClient:
    """An HTTP client whose connections come from the loopback address ``address``."""
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=50)
    transport = httpx.AsyncHTTPTransport(local_address=address, limits=limits)
    return httpx.AsyncClient(base_url=url, timeout=timeout, transport=transport, trust_env=False)


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
    """Every hostile request, as (name, coroutine function of the attacker's origin)."""
    moves = f"/api/games/{game_id}/moves"
    surrogate = b'{"game": "trig", "seats": [{"name": "\\ud800"}, {}]}'
    return [
        ("1 MB body", lambda o: raw(o.client, moves, b"{" + b" " * 1_000_000 + b"}")),
        ("1 MB streamed", lambda o: streamed_body(o.client, moves)),
        ("nested JSON", lambda o: raw(o.client, moves, b"[" * 30_000 + b"]" * 30_000)),
        ("5,000 digits", lambda o: raw(o.client, moves, b'{"ply": ' + b"9" * 5_000 + b"}")),
        ("surrogate name", lambda o: raw(o.client, "/api/games", surrogate)),
        ("80k spec", lambda o: post(o, "/api/games", {"game": "triggle(" + "a=1," * 20_000})),
        ("50k seat kind", lambda o: post(o, "/api/games", seats("mcts(" + "c" * 50_000))),
        ("50k trig move", lambda o: post(o, moves, {"token": token, "move": "G" * 50_000})),
        ("50k trugo move", lambda o: post(o, moves, {"token": token, "move": "a1-" * 16_000})),
        ("seconds=inf", lambda o: post(o, "/api/games", seats("mcts(seconds=inf)"))),
        ("c=nan", lambda o: post(o, "/api/games", seats("mcts(c=nan)"))),
        ("iterations=1e40", lambda o: post(o, "/api/games", seats("mcts(iterations=1e40)"))),
        ("trugo sizes", trugo_sizes),
        ("idle games", idle_games),
        ("silent sockets", lambda o: silent_sockets(o, game_id)),
        ("ws cap", lambda o: sockets_past_the_cap(o, game_id)),
        ("game rate", games_past_the_rate),
    ]


def seats(kind: str) -> dict[str, Any]:
    return {"game": "trig", "seats": [{"name": "Ann"}, {"kind": kind}]}


async def post(origin: Origin, path: str, body: dict[str, Any]) -> int:
    return (await origin.client.post(path, json=body)).status_code


async def trugo_sizes(origin: Origin) -> int:
    status = 0
    for tiles in range(3, 91, 7):
        status = max(status, await post(origin, "/api/games", {"game": f"trugo(tiles={tiles})"}))
    return status


async def idle_games(origin: Origin) -> int:
    status = 0
    for _ in range(50):
        status = max(status, await post(origin, "/api/games", {"game": "trig", "seats": HUMANS}))
    return status


async def silent_sockets(origin: Origin, game_id: str) -> int:
    """Ten WebSockets on a busy game that never read, held for a few seconds."""
    async with contextlib.AsyncExitStack() as stack:
        for _ in range(10):
            await stack.enter_async_context(
                origin.connect(f"/api/games/{game_id}/ws", max_queue=1, max_size=None)
            )
        await asyncio.sleep(3)
    return 101


async def sockets_past_the_cap(origin: Origin, game_id: str) -> int:
    """More WebSockets at once from one address than it may hold: each reads its first message
    (the view) or is closed; held a second. 4429 if any was refused as it should be, else the
    worst close code seen (1011: the server failed), else 101 (every one accepted)."""
    codes: Counter[int] = Counter()

    async def one(stack: contextlib.AsyncExitStack) -> None:
        try:
            conn: ClientConnection = await stack.enter_async_context(
                origin.connect(f"/api/games/{game_id}/ws", max_size=None, open_timeout=30)
            )
            await asyncio.wait_for(conn.recv(), 30)
            codes[101] += 1
        except ConnectionClosed as closed:
            codes[closed.rcvd.code if closed.rcvd is not None else 1006] += 1
        except (OSError, TimeoutError, InvalidHandshake):
            codes[1006] += 1  # no connection, or no answer

    async with contextlib.AsyncExitStack() as stack:
        await asyncio.gather(*(one(stack) for _ in range(origin.watchers_per_address + 4)))
        await asyncio.sleep(1)
    failed = [code for code in codes if code in SERVER_FAILED]
    if failed:
        return failed[0]
    if codes[LIMIT_ATTACKS["ws cap"]]:
        return LIMIT_ATTACKS["ws cap"]
    return max(codes, default=101)


async def games_past_the_rate(origin: Origin) -> int:
    """New games from one address, ten at a time, until one is refused or more than the
    address may create in a minute were asked for: 429 if one was refused, as it should be,
    else the worst status."""
    statuses: Counter[int] = Counter()
    asked = 0
    while asked < origin.games_per_minute + 10 and not statuses[429]:
        batch = [post(origin, "/api/games", {"game": "trig", "seats": HUMANS}) for _ in range(10)]
        for status in await asyncio.gather(*batch):
            statuses[status] += 1
        asked += len(batch)
    return 429 if statuses[429] else max(statuses)


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
            # The answer is the change as the mover's page sees it (the whole view before
            # issue 32): without the legal moves while the computer is to move.
            view = answer.json()
            while view.get("legal_moves") is None or (view["to_move"] == 1 and not view["over"]):
                await asyncio.sleep(0.01)
                view = (await client.get(f"/api/games/{game_id}")).json()
            replies.append(time.perf_counter() - start)
            for done in await pending:
                status = done.status_code if isinstance(done, httpx.Response) else "error"
                statuses[f"hint {status}"] += 1


async def attacker(
    origin: Origin,
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
            status = await attack(origin)
        except (httpx.HTTPError, OSError, ConnectionClosed, TimeoutError) as error:
            statuses[f"{name} {type(error).__name__}"] += 1
            continue
        statuses[f"{name} {status}"] += 1


# --- memory -----------------------------------------------------------------------------------


def status_kb(pid: int, field: str) -> float:
    """A ``/proc/PID/status`` figure in kB (NaN where not known)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return float(line.split()[1])
    except OSError:
        pass
    return math.nan


def peak_memory_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    return status_kb(pid, "VmHWM") / 1024


def pss_mb(pid: int) -> float:
    """The process's proportional set size now, in MB (0 where not known)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class TreeMemory:
    """The memory of a process and its descendants: each process's peak (VmHWM) as last seen,
    and the peak of their summed proportional set size, sampled every ``interval`` s."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peaks: dict[int, float] = {}
        self.peak_pss = 0.0

    def sample(self) -> None:
        total = 0.0
        for pid in tree_pids(self.pid):
            peak = peak_memory_mb(pid)
            if not math.isnan(peak):
                self.peaks[pid] = max(self.peaks.get(pid, 0.0), peak)
            total += pss_mb(pid)
        self.peak_pss = max(self.peak_pss, total)

    async def watch(self, stop: asyncio.Event, interval: float = 0.5) -> None:
        while not stop.is_set():
            self.sample()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), interval)
        self.sample()


# --- the flood --------------------------------------------------------------------------------


def attacker_address(number: int) -> str:
    """The loopback address of attacker ``number`` (from 0): 127.0.0.2 and on."""
    number += 2
    return f"127.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"


class EventLike(Protocol):
    """An event shared between processes (``multiprocessing``'s)."""

    def set(self) -> None: ...
    def is_set(self) -> bool: ...


async def attack_until(
    url: str, args: argparse.Namespace, ready: EventLike, over: EventLike
) -> dict[str, Any]:
    """Every attacker and the hint bursts, from the moment ``ready`` is set until ``over``
    is; what they got back: the status counts and the computer's reply times."""
    statuses: Counter[str] = Counter()
    replies: list[float] = []
    stop = asyncio.Event()
    async with contextlib.AsyncExitStack() as stack:
        client = await stack.enter_async_context(client_from("127.0.0.1", url))
        target = await created(client, {"game": "trugo", "seats": HUMANS})
        busy_id, token = target["id"], target["seats"][0]["token"]
        flooding = []
        for number in range(args.attackers):
            address = attacker_address(number)
            origin = Origin(
                await stack.enter_async_context(client_from(address, url)),
                url,
                address,
                args.watchers_per_address,
                args.games_per_minute,
            )
            rng = random.Random(f"{args.seed}:attacker:{number}")
            flooding.append(
                asyncio.create_task(
                    attacker(origin, busy_id, token, rng, stop, statuses, args.attack or [])
                )
            )
        if not args.no_hints:
            hinter = await stack.enter_async_context(
                client_from(attacker_address(args.attackers), url)
            )
            flooding.append(asyncio.create_task(hint_bursts(hinter, stop, replies, statuses)))
        ready.set()
        try:
            while not over.is_set():
                await asyncio.sleep(0.05)
        finally:
            stop.set()
            await asyncio.gather(*flooding, return_exceptions=True)
    return {"statuses": dict(statuses), "replies": replies}


def attack_process(
    url: str, args: argparse.Namespace, ready: EventLike, over: EventLike, answer: Connection
) -> None:
    """The attackers' process: :func:`attack_until`, its figures (or its error) sent back."""
    try:
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            answer.send(runner.run(attack_until(url, args, ready, over)))
    except Exception as error:
        answer.send({"error": f"{type(error).__name__}: {error}"})
    finally:
        answer.close()


@contextlib.contextmanager
def attacking(url: str, args: argparse.Namespace) -> Iterator[Callable[[], dict[str, Any]]]:
    """The attackers at work in a process of their own (the normal players' client is then
    not held up by the attackers' own work: opening a hundred sockets, reading their views...),
    once they have begun; yields the function that stops them and returns what they got."""
    context = multiprocessing.get_context("spawn")
    ready, over = context.Event(), context.Event()
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(
        target=attack_process,
        args=(url, args, ready, over, sending),
        name="web_flood-attackers",
        daemon=True,
    )
    process.start()
    sending.close()

    def stopped() -> dict[str, Any]:
        over.set()
        if not receiving.poll(120):
            raise LoadError("the attackers did not stop within 120 s")
        found: dict[str, Any] = receiving.recv()
        if "error" in found:
            raise LoadError(f"the attackers failed: {found['error']}")
        return found

    try:
        while not ready.wait(0.1):
            if receiving.poll():
                stopped()  # the error it sent
            if not process.is_alive():
                raise LoadError("the attackers' process ended at start")
        yield stopped
    finally:
        over.set()
        process.join(30)
        if process.is_alive():
            process.kill()
            process.join(10)
        receiving.close()


async def flood(
    url: str, pid: int, args: argparse.Namespace, stopped: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """The normal games while the attackers attack; the figures."""
    stop = asyncio.Event()
    memory = TreeMemory(pid)
    watching = asyncio.create_task(memory.watch(stop))
    specs = ["triggle", "trig", "tricolor", "trugo", "tranglar"]
    try:
        results, elapsed = await run_load(
            url, specs, args.games, args.moves, args.seed, args.think, args.quiet
        )
    finally:
        found = await asyncio.to_thread(stopped)
        stop.set()
        await watching
    statuses: Counter[str] = Counter(found["statuses"])
    replies: list[float] = found["replies"]
    ack = summary(results.ack)
    server_errors = sum(n for key, n in statuses.items() if server_failed(key.rsplit(" ", 1)[1]))
    computer = summary(replies)
    limits_held = {}
    for name, refusal in LIMIT_ATTACKS.items():
        ran = sum(n for key, n in statuses.items() if key.startswith(f"{name} "))
        if ran:
            limits_held[name] = statuses[f"{name} {refusal}"] > 0
    return {
        "games": args.games,
        "moves": len(results.ack),
        "seconds": round(elapsed, 1),
        "attackers": args.attackers,
        "watchers_per_address": args.watchers_per_address,
        "games_per_minute": args.games_per_minute,
        "ack": ack,
        "computer_reply": computer,
        "attacks": dict(sorted(statuses.items())),
        "server_errors": server_errors,
        "limits_held": limits_held,
        "peak_memory_mb": round(peak_memory_mb(pid), 1),
        "tree_processes": len(memory.peaks),
        "tree_peak_memory_mb": round(sum(memory.peaks.values()), 1),
        "tree_peak_pss_mb": round(memory.peak_pss, 1),
        "failures": results.failures,
    }


def server_failed(status: str) -> bool:
    """Whether an attack's outcome says the server failed: a 5xx, or a WebSocket closed 1011."""
    return status.startswith("5") or (status.isdigit() and int(status) in SERVER_FAILED)


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
    parser.add_argument(
        "--watchers-per-address",
        type=int,
        metavar="N",
        help=f"the server's limit ({WATCHERS_PER_ADDRESS}, or what the normal games need)",
    )
    parser.add_argument(
        "--games-per-minute",
        type=int,
        metavar="N",
        help=f"the server's limit ({GAMES_PER_MINUTE}, or what the normal games may need)",
    )
    parser.add_argument("--limit", type=float, default=100.0, help="ack p99 goal in ms (100)")
    parser.add_argument("--memory", type=float, default=300.0, help="peak memory goal in MB (300)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if not (1 <= args.games <= 500 and 1 <= args.moves <= 1000 and 0 <= args.attackers <= 50):
        parser.error("--games 1-500, --moves 1-1000 and --attackers 0-50")
    if not 0 <= args.think <= 60:
        parser.error("--think must be from 0 to 60 seconds")
    names = {name for name, _ in attacks("g", "t")}
    for name in args.attack or []:
        if name not in names:
            parser.error(f"--attack {name}: no such attack")
    # The normal games (2 seats each) come from one address: two WebSockets a game, and
    # games of at least about 20 moves (random play), so a slot makes at most moves / 20 + 2.
    args.watchers_per_address = args.watchers_per_address or max(
        WATCHERS_PER_ADDRESS, 2 * args.games + 8
    )
    args.games_per_minute = args.games_per_minute or max(
        GAMES_PER_MINUTE, args.games * (args.moves // 20 + 2)
    )
    if args.watchers_per_address < 1 or args.games_per_minute < 1:
        parser.error("--watchers-per-address and --games-per-minute must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    limits = {
        "--watchers-per-address": args.watchers_per_address,
        "--games-per-minute": args.games_per_minute,
    }
    try:
        with (
            own_server(limits=limits) as (url, pid),
            attacking(url, args) as stopped,
            asyncio.Runner(loop_factory=loop_factory()) as runner,
        ):
            figures = runner.run(flood(url, pid, args, stopped))
    except LoadError as error:
        print(f"web_flood: {error}", file=sys.stderr)
        return 2
    figures["passed"] = (
        not figures["failures"]
        and figures["server_errors"] == 0
        and all(figures["limits_held"].values())
        and figures["ack"]["p99_ms"] <= args.limit
        and figures["tree_peak_memory_mb"] <= args.memory
    )
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        ack, reply = figures["ack"], figures["computer_reply"]
        played = f"{figures['moves']} moves in {figures['seconds']} s"
        hints = "" if args.no_hints else " and hint bursts"
        print(f"{figures['games']} normal games, {played}, {figures['attackers']} attackers{hints}")
        print(f"ack p50/p99/max: {ack['p50_ms']} / {ack['p99_ms']} / {ack['max_ms']} ms"
              f" (goal p99 under {args.limit:g})")  # fmt: skip
        print(f"computer's reply during 80 hints, p50/p99/max: {reply['p50_ms']} /"
              f" {reply['p99_ms']} / {reply['max_ms']} ms ({reply['count']} moves)")  # fmt: skip
        print(f"server peak memory: {figures['tree_peak_memory_mb']} MB over its"
              f" {figures['tree_processes']} processes (sum of peaks; goal under"
              f" {args.memory:g}), main process {figures['peak_memory_mb']} MB, sampled tree"
              f" PSS peak {figures['tree_peak_pss_mb']} MB")  # fmt: skip
        print(
            f"server errors (5xx, WebSockets closed 1011) from attacks: {figures['server_errors']}"
        )
        held = ", ".join(f"{name} {'refused' if ok else 'NOT REFUSED'}"
                         for name, ok in figures["limits_held"].items())  # fmt: skip
        print(f"limits per address ({figures['watchers_per_address']} WebSockets,"
              f" {figures['games_per_minute']} new games a minute):"
              f" {held or 'not tried'}")  # fmt: skip
        for key, count in figures["attacks"].items():
            print(f"  {key}: {count}")
        for failure in figures["failures"][:10]:
            print(f"failed: {failure}")
        print("PASS" if figures["passed"] else "FAIL")
    return 0 if figures["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
