"""Load test of ``trigames serve``: many network games at once, every move timed.

Each game has one human seat per player, each seat with its own token and its own WebSocket.
The seats play random legal moves (seeded) in turn over ``POST /api/games/{id}/moves``, all
games at once. For every move the script times, from the moment the request is sent:

- **http**: until the mover's HTTP answer has arrived;
- **ack**: until that answer *and* every seat's WebSocket has delivered the state with the
  new ply -- the move is then acknowledged to both players.

Before each move the player pauses, ``--think`` seconds on average (exponentially distributed,
default 1 s: faster than people play, so 50 games make about 35 moves a second, in bursts).
``--think 0`` plays flat out: then every game waits for the previous move's answer and sends
the next at once, so the times measure the queue (by Little's law the mean time is games /
throughput) -- that gives the server's capacity in moves per second, not the latency players see.

A game that ends before its ``--moves`` are played is replaced by a new one of the same kind,
so the load stays at ``--games`` games until the end. Without ``--url`` the script starts its
own ``trigames serve`` on a free port, and stops it at the end: with ``--workers N``
processes, on a temporary SQLite file, or on the PostgreSQL database ``--db URL``, or on a
throwaway PostgreSQL server of its own (``--postgres``: it needs PostgreSQL's server programs,
see :mod:`trigames.web.pg_temp`).

    python benchmarks/web_load.py                       # 50 games, the five games in turn
    python benchmarks/web_load.py --game trugo --moves 60
    python benchmarks/web_load.py --think 0             # capacity: moves per second
    python benchmarks/web_load.py --url http://127.0.0.1:8000 --json
    python benchmarks/web_load.py --postgres --workers 2 --games 200

The exit status is 0 when the ack time's 99th percentile is within ``--limit`` ms (default
100) and no move failed, 1 when not, 2 when the server cannot be reached or started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import ClientConnection, connect

from trigames.core.errors import TrigamesError
from trigames.games import list_games, load_game
from trigames.web.store import describe

#: A pushed message: ``{"type":"state",...,"view":{...,"ply":N,...}}`` (compact JSON).
STATE = '{"type":"state"'
PLY = re.compile(r'"ply":\s*(\d+)')

#: How long one move may wait for its answers before it counts as failed.
MOVE_TIMEOUT = 30.0


class LoadError(Exception):
    """The load test cannot run (no server, a request refused...)."""


@dataclass
class Seat:
    """One player's connection: its token, and when each ply reached its WebSocket."""

    token: str
    socket: ClientConnection
    arrived: dict[int, float] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False

    async def listen(self) -> None:
        """Note the arrival time of the first state with each ply until the socket closes."""
        try:
            async for message in self.socket:
                now = time.perf_counter()
                # Reading the ply alone is much cheaper than parsing 40 kB of JSON.
                found = None
                if isinstance(message, str) and message.startswith(STATE):
                    found = PLY.search(message)
                if found is not None:
                    ply = int(found[1])
                else:
                    data = json.loads(message)
                    if data.get("type") != "state":
                        continue
                    ply = data["view"]["ply"]
                if ply not in self.arrived:
                    self.arrived[ply] = now
                    self.changed.set()
        except Exception:  # a dropped connection ends the wait below with a failure
            pass
        finally:
            self.closed = True
            self.changed.set()

    async def wait_for(self, ply: int) -> float:
        """When the state with ``ply`` arrived (waiting for it if need be)."""
        while ply not in self.arrived:
            if self.closed:
                raise LoadError(f"a WebSocket closed before ply {ply} arrived")
            self.changed.clear()
            await self.changed.wait()
        return self.arrived[ply]


@dataclass
class Results:
    """Per-move times in seconds, and what went wrong."""

    http: list[float] = field(default_factory=list)
    ack: list[float] = field(default_factory=list)
    games_played: int = 0
    failures: list[str] = field(default_factory=list)


# --- the players ------------------------------------------------------------------------------


async def play_slot(
    client: httpx.AsyncClient,
    ws_url: str,
    spec: str,
    moves: int,
    rng: random.Random,
    think: float,
    results: Results,
    advance: Callable[[], None],
) -> None:
    """Play ``moves`` moves of ``spec`` games, one game after another, timing each move."""
    seats = load_game(spec).num_players
    played = 0
    while played < moves:
        body = {"game": spec, "seats": [{"kind": "human", "name": f"P{n}"} for n in range(seats)]}
        answer = await client.post("/api/games", json=body)
        if answer.status_code != 201:
            raise LoadError(f"creating a {spec} game: HTTP {answer.status_code} {answer.text}")
        created = answer.json()
        game_id: str = created["id"]
        view: dict[str, Any] = created["view"]
        results.games_played += 1
        async with contextlib.AsyncExitStack() as stack:
            players: list[Seat] = []
            for seat in created["seats"]:
                url = f"{ws_url}/api/games/{game_id}/ws?token={seat['token']}"
                conn = await stack.enter_async_context(
                    connect(url, max_size=None, open_timeout=MOVE_TIMEOUT)
                )
                players.append(Seat(seat["token"], conn))
            listeners = [asyncio.create_task(player.listen()) for player in players]
            try:
                await asyncio.wait_for(
                    asyncio.gather(*(p.wait_for(view["ply"]) for p in players)), MOVE_TIMEOUT
                )
                while played < moves and not view["over"] and view["legal_moves"]:
                    if think > 0:
                        await asyncio.sleep(rng.expovariate(1 / think))
                    mover = players[view["to_move"]]
                    move = rng.choice(view["legal_moves"])
                    ply = view["ply"] + 1
                    start = time.perf_counter()
                    answer = await client.post(
                        f"/api/games/{game_id}/moves",
                        json={"token": mover.token, "move": move, "ply": view["ply"]},
                    )
                    answered = time.perf_counter()
                    if answer.status_code != 200:
                        raise LoadError(f"{spec} {game_id} move {move!r}: {answer.text}")
                    view = answer.json()
                    pushed = await asyncio.wait_for(
                        asyncio.gather(*(p.wait_for(ply) for p in players)), MOVE_TIMEOUT
                    )
                    results.http.append(answered - start)
                    results.ack.append(max(answered, *pushed) - start)
                    played += 1
                    advance()
            finally:
                for task in listeners:
                    task.cancel()
                await asyncio.gather(*listeners, return_exceptions=True)


async def run_load(
    url: str, specs: Sequence[str], games: int, moves: int, seed: int, think: float, quiet: bool
) -> tuple[Results, float]:
    """Play every game slot at once; the results and the seconds the play took."""
    results = Results()
    ws_url = "ws" + url.removeprefix("http")
    # Idle connections are dropped before the server's keep-alive timeout (5 s) ends them,
    # or a request sent on one as the server closes it would fail.
    limits = httpx.Limits(
        max_connections=games + 10, max_keepalive_connections=games + 10, keepalive_expiry=2.0
    )
    async with httpx.AsyncClient(base_url=url, timeout=MOVE_TIMEOUT, limits=limits) as client:
        try:
            (await client.get("/api/games")).raise_for_status()
        except httpx.HTTPError as error:
            raise LoadError(f"no trigames server answers at {url}: {error}") from None
        progress = Progress(
            TextColumn("moves"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            disable=quiet,
        )
        with progress:
            task = progress.add_task("moves", total=games * moves)

            def advance() -> None:
                progress.advance(task)

            start = time.perf_counter()
            slots = [
                play_slot(
                    client,
                    ws_url,
                    specs[n % len(specs)],
                    moves,
                    random.Random(f"{seed}:{n}"),
                    think,
                    results,
                    advance,
                )
                for n in range(games)
            ]
            outcomes = await asyncio.gather(*slots, return_exceptions=True)
            elapsed = time.perf_counter() - start
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            results.failures.append(f"{type(outcome).__name__}: {outcome}")
    return results, elapsed


# --- the server -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def tree_cpu_seconds(pid: int | None) -> float:
    """The processor time (user and system) that process ``pid`` and its descendants have
    used so far; NaN where ``/proc`` cannot tell (not Linux) or with no process."""
    if pid is None:
        return math.nan
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return math.nan
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(tree_cpu_seconds(int(child)) for child in children)


@contextlib.contextmanager
def own_postgres() -> Iterator[tuple[str, int]]:
    """A throwaway PostgreSQL server with an empty database; yields the database's URL and
    the server's process id."""
    from trigames.web.pg_temp import NoPostgresError, TempCluster

    try:
        cluster = TempCluster(durable=True)
    except NoPostgresError as error:
        raise LoadError(str(error)) from None
    with cluster:
        url = cluster.create_database("load")
        pid = int((cluster.folder / "data" / "postmaster.pid").read_text().split()[0])
        yield url, pid


@contextlib.contextmanager
def own_server(db: str | None = None, workers: int = 1) -> Iterator[tuple[str, int]]:
    """``trigames serve`` on a free port with ``workers`` processes, on the database ``db``
    (default: a temporary SQLite file); yields its URL and its process id."""
    with tempfile.TemporaryDirectory(prefix="trigames-load-") as folder:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        log_path = Path(folder) / "server.log"
        command = [sys.executable, "-m", "trigames.cli.main", "serve", "--port", str(port)]
        command += ["--db", db or str(Path(folder) / "games.sqlite3")]
        command += ["--workers", str(workers)]
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ}
            )
        try:
            deadline = time.monotonic() + 30
            while True:
                if process.poll() is not None:
                    tail = log_path.read_text(errors="replace")[-2000:]
                    raise LoadError(f"trigames serve exited at start:\n{tail}")
                try:
                    httpx.get(f"{url}/api/games", timeout=1).raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise LoadError("trigames serve did not start within 30 s") from None
                    time.sleep(0.1)
            yield url, process.pid
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


# --- figures ----------------------------------------------------------------------------------


def percentile(sorted_values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile of values sorted in increasing order."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def summary(values: Sequence[float]) -> dict[str, float]:
    """Count and p50, p90, p99, max in milliseconds."""
    ordered = sorted(values)
    figures: dict[str, float] = {"count": len(ordered)}
    for p in (50, 90, 99):
        figures[f"p{p}_ms"] = round(percentile(ordered, p) * 1000, 2)
    figures["max_ms"] = round(ordered[-1] * 1000, 2) if ordered else math.nan
    return figures


def report(
    args: argparse.Namespace,
    specs: Sequence[str],
    results: Results,
    elapsed: float,
    url: str,
    cpu: dict[str, float],
) -> dict[str, Any]:
    ack = summary(results.ack)
    moves = len(results.ack)
    passed = not results.failures and ack["count"] > 0 and ack["p99_ms"] <= args.limit
    return {
        "server": url,
        "store": "postgresql" if args.postgres or args.db else "sqlite",
        "workers": args.workers,
        "games": args.games,
        "moves_per_game": args.moves,
        "specs": list(specs),
        "seed": args.seed,
        "think_s": args.think,
        "cpus": os.cpu_count(),
        "games_played": results.games_played,
        "moves": len(results.ack),
        "seconds": round(elapsed, 3),
        "moves_per_second": round(len(results.ack) / elapsed, 1) if elapsed > 0 else math.nan,
        "http": summary(results.http),
        "ack": ack,
        # processor time per move of the server started (all its processes) and of the
        # PostgreSQL server started, if any (NaN where not known)
        **{
            f"{name}_cpu_ms_per_move": round(seconds * 1000 / moves, 2) if moves else math.nan
            for name, seconds in cpu.items()
        },
        "limit_ms": args.limit,
        "passed": passed,
        "failures": results.failures,
    }


def print_report(figures: dict[str, Any]) -> None:
    specs = ", ".join(figures["specs"])
    print(
        f"server {figures['server']} ({figures['cpus']} CPUs;"
        f" {figures['workers']} process(es) on {figures['store']})"
    )
    print(
        f"{figures['games']} games at once ({specs}; {figures['think_s']:g} s mean pause"
        f" before a move), {figures['moves']} moves"
        f" in {figures['seconds']:.1f} s: {figures['moves_per_second']} moves/s"
        f" ({figures['games_played']} games played)"
    )
    print(f"{'':<32}{'count':>7}{'p50':>9}{'p90':>9}{'p99':>9}{'max':>9}  (ms)")
    for key, label in (("http", "mover's HTTP answer"), ("ack", "acknowledged to every player")):
        row = figures[key]
        cells = "".join(f"{row[name]:>9.1f}" for name in ("p50_ms", "p90_ms", "p99_ms", "max_ms"))
        print(f"{label:<32}{row['count']:>7}{cells}")
    if not math.isnan(figures["server_cpu_ms_per_move"]):
        print(
            f"processor time per move: server {figures['server_cpu_ms_per_move']:.1f} ms,"
            f" database {figures['database_cpu_ms_per_move']:.1f} ms"
        )
    for failure in figures["failures"][:10]:
        print(f"failed: {failure}")
    verdict = "PASS" if figures["passed"] else "FAIL"
    print(
        f"{verdict}: p99 acknowledgement {figures['ack']['p99_ms']:.1f} ms"
        f" (limit {figures['limit_ms']:g} ms)"
        + (f", {len(figures['failures'])} games failed" if figures["failures"] else "")
    )


# --- command line -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    names = [cls.name for cls in list_games()]
    parser = argparse.ArgumentParser(
        description="Load test of trigames serve: concurrent network games, every move timed "
        "until the mover's HTTP answer and until every player's WebSocket has the new state.",
    )
    parser.add_argument("--games", type=int, default=50, help="games at once (default 50)")
    parser.add_argument("--moves", type=int, default=40, help="moves per game (default 40)")
    parser.add_argument(
        "--game",
        action="append",
        metavar="SPEC",
        help=f"game spec; repeat to mix (default: the five in turn: {', '.join(names)})",
    )
    parser.add_argument(
        "--url", help="a running server, e.g. http://127.0.0.1:8000 (default: start one)"
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="the database of the server started (default: a temporary SQLite file); "
        "e.g. postgresql://USER@HOST:PORT/DBNAME",
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="start a throwaway PostgreSQL server for the server started",
    )
    parser.add_argument(
        "--workers", type=int, default=1, metavar="N", help="processes of the server started"
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="mean pause before each move, exponentially distributed (default 1; 0: flat out)",
    )
    parser.add_argument(
        "--limit", type=float, default=100.0, metavar="MS", help="p99 ack limit (default 100)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.games < 1 or args.moves < 1:
        parser.error("--games and --moves must be at least 1")
    if args.think < 0:
        parser.error("--think must not be negative")
    if args.url and (args.db or args.postgres or args.workers != 1):
        parser.error("--db, --postgres and --workers are for the server the script starts")
    if args.db and args.postgres:
        parser.error("--db or --postgres, not both")
    for spec in args.game or []:
        try:
            load_game(spec)
        except TrigamesError as error:
            parser.error(f"--game {spec}: {error}")
    return args


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop if it is installed (it comes with uvicorn[standard]): the client
    then takes less of the machine's CPU from the server."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    specs: list[str] = args.game or [cls.name for cls in list_games()]
    try:
        with contextlib.ExitStack() as stack:
            db, db_pid = args.db, None
            if args.postgres:
                db, db_pid = stack.enter_context(own_postgres())
            server_pid = None
            if args.url:
                url = args.url.rstrip("/")
            else:
                url, server_pid = stack.enter_context(own_server(db, args.workers))
                if db:
                    print(f"web_load: games stored in {describe(db)}", file=sys.stderr)
            pids = {"server": server_pid, "database": db_pid}
            before = {name: tree_cpu_seconds(pid) for name, pid in pids.items()}
            load = run_load(url, specs, args.games, args.moves, args.seed, args.think, args.quiet)
            with asyncio.Runner(loop_factory=loop_factory()) as runner:
                results, elapsed = runner.run(load)
            cpu = {name: tree_cpu_seconds(pid) - before[name] for name, pid in pids.items()}
    except LoadError as error:
        print(f"web_load: {error}", file=sys.stderr)
        return 2
    figures = report(args, specs, results, elapsed, url, cpu)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_report(figures)
    return 0 if figures["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
