"""Load test of ``trigames serve``: many network games at once, every move timed.

Each game has one human seat per player, each seat with its own token and its own WebSocket.
Every seat's socket tracks the game as a page does, from what it receives: the whole view, or
(protocol of today) a change applied to the view it holds -- ``moves[:kept] + added``, the
board's line edits and so on, reading the whole view again (``GET /api/games/{id}``) when a
change does not apply to the version it holds. The server's protocol is read from each socket's
first message: ``{"type":"state",...}`` (before issue 32: the whole view after every change)
or ``{"type":"view",...}`` (since: the whole view, then changes). The seat to move takes its
legal moves from what its own socket received, picks one (seeded), and plays it with the ply
it saw, as a page does: over its own WebSocket (``{"type":"move",...}``, since issue 32) or
over ``POST /api/games/{id}/moves`` (before); all games at once. For every move the script
times, from the moment the move is sent:

- **http**: until the mover's answer has arrived (its HTTP answer, or the new ply on its own
  WebSocket);
- **ack**: until that answer *and* every seat's socket has applied the message with the new
  ply -- the move is then acknowledged to every player.

It also counts the **bytes per watcher per move**: the payload bytes of the text messages each
socket receives after its first (the whole view when it connects), summed over the sockets
and divided by moves x sockets, and the largest single such message. Payload bytes are the
message's UTF-8 bytes as the client reads them: the WebSocket client asks for
permessage-deflate, as browsers do, and counts the bytes *after* decompression (where the
server takes it up, the wire carries fewer; the report says on what share of the sockets it
did); ``--no-compression`` connects without it, so that the wire carries exactly the payload
(the server then spends no time compressing either).

The client is made to take as little of the machine as it can, so that on a machine it shares
with the server it does not become what limits a flat-out run: uvloop where installed, one
kept-alive HTTP/1.1 connection of its own per game slot (a tenth of httpx's cost a request),
no full collection of Python's garbage collector during the play (with hundreds of pages in
memory one pauses the client a tenth of a second, which the moves in flight would be charged
with). The ack times are also given for the moves sent once every game slot's first game was
open, without the burst of the games and sockets opening at the start.

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
see :mod:`trigames.web.pg_temp`). A server it starts gets limits per client address generous
enough for the load (every game and socket comes from 127.0.0.1), where it has such options;
the script waits until the server's processes are idle (its computer workers warmed up)
before the load starts, and reports the processor time per move of the server's whole process
tree, of the PostgreSQL server it started, and of the script itself (the client: when it is
near a whole processor, the client, not the server, limits a flat-out run).

**Comparison** (``--against SRC``): the same load (same seed, games, moves) against the server
of another source tree (``PYTHONPATH=SRC``, e.g. an older checkout's ``src``) and against this
one, alternately, ``--rounds`` times (other, this, other, this...), each run on a server of its
own with a fresh database; it prints each figure's median over the rounds for both and the
ratio this/other, and notes the commit each tree was at (``+changes`` when it differed). A run
in which games failed comes with the end of its server's log (errors, not the access log).

    python benchmarks/web_load.py                       # 50 games, the five games in turn
    python benchmarks/web_load.py --game trugo --moves 60
    python benchmarks/web_load.py --think 0             # capacity: moves per second
    python benchmarks/web_load.py --url http://127.0.0.1:8000 --json
    python benchmarks/web_load.py --postgres --workers 2 --games 200
    python benchmarks/web_load.py --against ../old/src --think 0 --games 20 --moves 30 --rounds 3

The exit status is 0 when the ack time's 99th percentile is within ``--limit`` ms (default
100) and no move failed (with ``--against``: when no move failed in any run), 1 when not, 2
when the server cannot be reached or started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import json
import math
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import httpx
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import trigames
from trigames.core.errors import TrigamesError
from trigames.games import list_games, load_game
from trigames.web.store import describe

#: The source tree whose server the script starts by default: the one it imports trigames
#: from itself (this checkout's, unless ``PYTHONPATH`` says otherwise).
THIS_TREE = str(Path(trigames.__file__).resolve().parents[1])

#: How long one move may wait for its answers before it counts as failed.
MOVE_TIMEOUT = 30.0

#: The protocols, named by the type of a socket's first message.
OLD, NEW = "state", "view"

#: What a change carries whole (as ``static/game.js`` applies it).
CHANGED = (
    "version", "ply", "to_move", "over", "thinking", "in_game", "scores", "status", "last_move",
    "outcome", "highlights", "undo_request", "draw_offer", "rematch", "clock", "deadline", "now",
)  # fmt: skip

#: Limits per client address of a server the script starts, where it has the option: every
#: game and socket of the load comes from one address.
LOAD_LIMITS: dict[str, int] = {"--games-per-minute": 100_000, "--watchers-per-address": 100_000}


class LoadError(Exception):
    """The load test cannot run (no server, a request refused...)."""


@dataclass
class Seat:
    """One player's page: its token, its WebSocket, the game as that socket told it, and when
    each ply reached it."""

    token: str
    socket: ClientConnection
    #: Reads the whole view again (``GET /api/games/{id}``), for a change that does not apply.
    reload: Callable[[], Awaitable[dict[str, Any]]]
    protocol: str | None = None
    #: The seats the token holds, as the first message said.
    you: list[int] = field(default_factory=list)
    #: The game as this page holds it (without the board: see ``lines``); ``None`` until the
    #: first message.
    view: dict[str, Any] | None = None
    #: The board's SVG as lines (protocol of today), which changes edit.
    lines: list[str] = field(default_factory=list)
    arrived: dict[int, float] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    error: str | None = None
    #: Payload bytes and count of the messages after the first, and the largest of them.
    received_bytes: int = 0
    received_messages: int = 0
    largest: int = 0
    #: Whole views read again over HTTP (a change for another version, or without the board).
    reloads: int = 0

    async def listen(self) -> None:
        """Take in every message until the socket closes, noting when each ply was shown."""
        try:
            async for message in self.socket:
                size = len(message) if isinstance(message, bytes) else utf8_length(message)
                if self.protocol is not None:
                    self.received_bytes += size
                    self.received_messages += 1
                    self.largest = max(self.largest, size)
                await self.take(json.loads(message))
        except (ConnectionClosed, ConnectionError):
            pass  # a dropped connection ends the wait below with a failure
        except Exception as error:  # a message this page cannot take in
            self.error = f"{type(error).__name__}: {error}"
        finally:
            self.closed = True
            self.changed.set()

    async def take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if self.protocol is None:
            if kind not in (OLD, NEW):
                raise LoadError(f"the first message is of type {kind!r}, not 'state' or 'view'")
            self.protocol = kind
            self.you = list(message["you"])
        if kind == self.protocol:
            self.accept(message["view"])
        elif kind == "change" and self.protocol == NEW:
            await self.apply(message)
        elif kind == "error":  # a move this page sent over its socket, refused
            self.error = f"HTTP {message.get('status')}: {message.get('error')}"
            self.changed.set()

    def accept(self, view: dict[str, Any]) -> None:
        """Show a whole view, unless a newer one is shown."""
        if self.view is not None and view.get("version", 0) < self.view.get("version", 0):
            return
        if self.protocol == NEW:
            self.lines = view.pop("svg").split("\n")
        self.view = view
        self.shown(view["ply"])

    async def apply(self, change: dict[str, Any]) -> None:
        """Make a change on the view held, as a page does."""
        view = self.view
        assert view is not None
        if change["version"] <= view["version"]:
            return  # shown already
        if change["base"] != view["version"] or change["board"] is None:
            self.reloads += 1
            self.accept(await self.reload())
            return
        after = dict(view)
        for key in CHANGED:
            after[key] = change[key]
        kept = change["kept"]
        after["moves"] = view["moves"][:kept] + change["added"]
        after["movers"] = view["movers"][:kept] + change["added_movers"]
        if change["seats"]:
            after["seats"] = change["seats"]
        after["legal_moves"] = change["legal_moves"] or []
        after["input_steps"] = change["input_steps"] or []
        after["guide"] = change["guide"]
        lines = self.lines
        for index, remove, added in reversed(change["board"]):
            lines[index : index + remove] = added
        self.view = after
        self.shown(after["ply"])

    def shown(self, ply: int) -> None:
        if ply not in self.arrived:
            self.arrived[ply] = time.perf_counter()
            self.changed.set()

    async def wait_for(self, ply: int | None) -> float:
        """When the view with ``ply`` was shown (``None``: any view), waiting if need be."""
        while (self.view is None) if ply is None else (ply not in self.arrived):
            if self.error is not None and not self.closed:
                raise LoadError(f"a move was refused: {self.error}")
            if self.closed:
                why = f": {self.error}" if self.error else ""
                what = "its first message" if ply is None else f"ply {ply}"
                raise LoadError(f"a WebSocket closed before {what} arrived{why}")
            self.changed.clear()
            await self.changed.wait()
        return self.arrived[ply] if ply is not None else 0.0


def utf8_length(text: str) -> int:
    """The length of ``text`` in UTF-8 bytes (without encoding it when it is ASCII)."""
    return len(text) if text.isascii() else len(text.encode())


@dataclass
class Results:
    """Per-move times in seconds, the WebSockets' traffic, and what went wrong."""

    http: list[float] = field(default_factory=list)
    ack: list[float] = field(default_factory=list)
    #: When each move was sent (``time.perf_counter()``), and when each game slot's first
    #: game was open (created, and every seat's socket had its first message).
    sent: list[float] = field(default_factory=list)
    opened: list[float] = field(default_factory=list)
    began: float = 0.0
    games_played: int = 0
    failures: list[str] = field(default_factory=list)
    protocols: set[str] = field(default_factory=set)
    #: Payload bytes and messages the sockets received after their first message, and the
    #: moves times sockets they were for.
    ws_bytes: int = 0
    ws_messages: int = 0
    ws_largest: int = 0
    watcher_moves: int = 0
    reloads: int = 0
    #: WebSockets opened, and those on which the server took up permessage-deflate.
    sockets: int = 0
    deflated: int = 0

    def ack_once_open(self) -> list[float]:
        """The ack times of the moves sent once every slot's first game was open: without
        the burst of games and sockets opening at the start."""
        if not self.opened:
            return []
        since = max(self.opened)
        return [ack for sent, ack in zip(self.sent, self.ack, strict=True) if sent >= since]

    def count(self, players: Sequence[Seat], moves: int) -> None:
        """Add a game's sockets' traffic, ``moves`` moves played."""
        for player in players:
            self.ws_bytes += player.received_bytes
            self.ws_messages += player.received_messages
            self.ws_largest = max(self.ws_largest, player.largest)
            self.reloads += player.reloads
            if player.protocol:
                self.protocols.add(player.protocol)
        self.watcher_moves += moves * len(players)


# --- the players ------------------------------------------------------------------------------


async def play_slot(
    client: Http,
    ws_url: str,
    spec: str,
    moves: int,
    rng: random.Random,
    think: float,
    results: Results,
    advance: Callable[[], None],
    compression: bool = True,
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
        results.games_played += 1

        async def reload(game_id: str = game_id) -> dict[str, Any]:
            whole = await client.get(f"/api/games/{game_id}")
            if whole.status_code != 200:
                raise LoadError(f"reading {game_id}: HTTP {whole.status_code} {whole.text}")
            view: dict[str, Any] = whole.json()
            return view

        players: list[Seat] = []
        in_game = 0
        async with contextlib.AsyncExitStack() as stack:
            for seat in created["seats"]:
                url = f"{ws_url}/api/games/{game_id}/ws?token={seat['token']}"
                conn = await stack.enter_async_context(
                    connect(
                        url,
                        max_size=None,
                        open_timeout=MOVE_TIMEOUT,
                        compression="deflate" if compression else None,
                        proxy=None,
                    )
                )
                players.append(Seat(seat["token"], conn, reload))
                response = conn.response
                extensions = (
                    response.headers.get("Sec-WebSocket-Extensions", "") if response else ""
                )
                results.sockets += 1
                results.deflated += "permessage-deflate" in extensions
            listeners = [asyncio.create_task(player.listen()) for player in players]
            try:
                await asyncio.wait_for(
                    asyncio.gather(*(p.wait_for(None) for p in players)), MOVE_TIMEOUT
                )
                if not played:
                    results.opened.append(time.perf_counter())
                while played < moves:
                    mover, view = to_move(players)
                    if mover is None:
                        break  # the game is over
                    if think > 0:
                        await asyncio.sleep(rng.expovariate(1 / think))
                    if not view["legal_moves"]:
                        raise LoadError(
                            f"{spec} {game_id}: seat {view['to_move']} is to move at ply"
                            f" {view['ply']} but its WebSocket gave it no legal moves"
                        )
                    move = rng.choice(view["legal_moves"])
                    ply = view["ply"] + 1
                    start = time.perf_counter()
                    if mover.protocol == NEW:  # as a page plays: over its own socket
                        message = {"type": "move", "move": move, "ply": view["ply"]}
                        await mover.socket.send(json.dumps(message))
                        answered = await asyncio.wait_for(mover.wait_for(ply), MOVE_TIMEOUT)
                    else:
                        answer = await client.post(
                            f"/api/games/{game_id}/moves",
                            json={"token": mover.token, "move": move, "ply": view["ply"]},
                        )
                        answered = time.perf_counter()
                        if answer.status_code != 200:
                            raise LoadError(f"{spec} {game_id} move {move!r}: {answer.text}")
                        if answer.json()["ply"] != ply:
                            raise LoadError(
                                f"{spec} {game_id} move {move!r}: answered {answer.text}"
                            )
                    pushed = await asyncio.wait_for(
                        asyncio.gather(*(p.wait_for(ply) for p in players)), MOVE_TIMEOUT
                    )
                    results.sent.append(start)
                    results.http.append(answered - start)
                    results.ack.append(max(answered, *pushed) - start)
                    played += 1
                    in_game += 1
                    advance()
            finally:
                for task in listeners:
                    task.cancel()
                await asyncio.gather(*listeners, return_exceptions=True)
                results.count(players, in_game)


def to_move(players: Sequence[Seat]) -> tuple[Seat | None, dict[str, Any]]:
    """The page of the seat to move (``None`` once the game is over), and its view."""
    for player in players:
        view = player.view
        assert view is not None
        if view["over"]:
            return None, view
        if view["to_move"] in player.you:
            return player, view
    raise LoadError(f"no page holds the seat to move, {players[0].view!r:.200}")


@dataclass
class Answer:
    """An HTTP answer: its status and body."""

    status_code: int
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode(errors="replace")

    def json(self) -> Any:
        return json.loads(self.content)


class Http:
    """The JSON requests of the game slots, through one aiohttp session: kept-alive
    connections, and a client that takes little of the machine from the server."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self.session = session

    async def get(self, path: str) -> Answer:
        return await self.request("GET", path)

    async def post(self, path: str, json: Any) -> Answer:
        return await self.request("POST", path, _json_bytes(json))

    async def request(self, method: str, path: str, body: bytes | None = None) -> Answer:
        headers = {} if body is None else {"Content-Type": "application/json"}
        async with self.session.request(method, path, data=body, headers=headers) as answer:
            return Answer(answer.status, await answer.read())


def _json_bytes(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


@contextlib.contextmanager
def no_full_collections() -> Iterator[None]:
    """No full collection of Python's cyclic garbage collector meanwhile (only the young
    generations'): with hundreds of pages' views in memory, one takes a tenth of a second or
    more, during which this client takes in no message, and the times of the moves in flight
    would be the client's pause rather than the server's answer. What it leaves is collected
    at the end."""
    gc.collect()
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], 1_000_000_000)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        gc.collect()


async def run_load(
    url: str,
    specs: Sequence[str],
    games: int,
    moves: int,
    seed: int,
    think: float,
    quiet: bool,
    compression: bool = True,
) -> tuple[Results, float]:
    """Play every game slot at once; the results and the seconds the play took."""
    results = Results()
    ws_url = "ws" + url.removeprefix("http")
    # Idle connections are dropped before the server's keep-alive timeout (5 s) ends them,
    # or a request sent on one as the server closes it would fail.
    connector = aiohttp.TCPConnector(limit=games + 10, keepalive_timeout=2.0)
    timeout = aiohttp.ClientTimeout(total=MOVE_TIMEOUT)
    async with aiohttp.ClientSession(url, connector=connector, timeout=timeout) as session:
        try:
            async with session.get("/api/games") as answer:
                answer.raise_for_status()
        except (aiohttp.ClientError, OSError) as error:
            raise LoadError(f"no trigames server answers at {url}: {error}") from None
        return await _play(Http(session), ws_url, specs, games, moves, seed, think, quiet,
                           compression, results)  # fmt: skip


async def _play(
    http: Http,
    ws_url: str,
    specs: Sequence[str],
    games: int,
    moves: int,
    seed: int,
    think: float,
    quiet: bool,
    compression: bool,
    results: Results,
) -> tuple[Results, float]:
    """Play every game slot at once, over ``http``."""
    progress = Progress(
        TextColumn("moves"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        disable=quiet,
        transient=True,
    )
    with progress, no_full_collections():
        task = progress.add_task("moves", total=games * moves)

        def advance() -> None:
            progress.advance(task)

        start = results.began = time.perf_counter()
        slots = [
            play_slot(
                http,
                ws_url,
                specs[n % len(specs)],
                moves,
                random.Random(f"{seed}:{n}"),
                think,
                results,
                advance,
                compression,
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


def tree_pids(pid: int) -> list[int]:
    """Process ``pid`` and its descendants (Linux; just ``pid`` where ``/proc`` cannot tell)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return [pid]
    return [pid, *(found for child in children for found in tree_pids(int(child)))]


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


def settle(pids: Sequence[int | None], timeout: float = 30.0) -> None:
    """Wait until the process trees ``pids`` are idle (a server's computer workers have
    warmed up, say): under 2% of a processor over two half-seconds in a row, or ``timeout``."""
    known = [pid for pid in pids if pid is not None]
    if not known:
        return

    def used() -> float:
        return sum(tree_cpu_seconds(pid) for pid in known)

    deadline = time.monotonic() + timeout
    last, calm = used(), 0
    while calm < 2 and not math.isnan(last) and time.monotonic() < deadline:
        time.sleep(0.5)
        now = used()
        calm = calm + 1 if now - last < 0.01 else 0
        last = now


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


def server_env(src: str | None) -> dict[str, str]:
    """The environment of a server of this tree (``None``) or of the source tree ``src``."""
    env = {**os.environ}
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    return env


@functools.cache
def serve_options(src: str | None) -> frozenset[str]:
    """The options ``trigames serve`` of this tree or of ``src`` knows (from its ``--help``)."""
    command = [sys.executable, "-m", "trigames.cli.main", "serve", "--help"]
    done = subprocess.run(
        command, env=server_env(src), capture_output=True, text=True, timeout=60, check=False
    )
    return frozenset(re.findall(r"--[a-z][a-z-]*", done.stdout))


@contextlib.contextmanager
def own_server(
    db: str | None = None,
    workers: int = 1,
    src: str | None = None,
    limits: Mapping[str, int] | None = None,
    log_to: Path | None = None,
) -> Iterator[tuple[str, int]]:
    """``trigames serve`` on a free port with ``workers`` processes, on the database ``db``
    (default: a temporary SQLite file), from this tree or the source tree ``src``; with the
    ``limits`` options it knows (``{"--games-per-minute": 1000}``...); its output in the file
    ``log_to`` (default: a temporary file); yields its URL and its process id."""
    with tempfile.TemporaryDirectory(prefix="trigames-load-") as folder:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        log_path = log_to or Path(folder) / "server.log"
        command = [sys.executable, "-m", "trigames.cli.main", "serve", "--port", str(port)]
        command += ["--db", db or str(Path(folder) / "games.sqlite3")]
        command += ["--workers", str(workers)]
        if limits:
            known = serve_options(src)
            for option, value in limits.items():
                if option in known:
                    command += [option, str(value)]
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=server_env(src)
            )
        try:
            deadline = time.monotonic() + 30
            while True:
                if process.poll() is not None:
                    tail = log_path.read_text(errors="replace")[-2000:]
                    raise LoadError(f"trigames serve exited at start:\n{tail}")
                try:
                    httpx.get(f"{url}/api/games", timeout=1, trust_env=False).raise_for_status()
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


def load_settings(args: argparse.Namespace, specs: Sequence[str]) -> dict[str, Any]:
    """What a run was asked to do, for its JSON figures."""
    return {
        "games": args.games,
        "moves_per_game": args.moves,
        "specs": list(specs),
        "seed": args.seed,
        "think_s": args.think,
        "compression": not args.no_compression,
        "cpus": os.cpu_count(),
    }


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
    watcher_moves = results.watcher_moves
    return {
        "server": url,
        "protocol": "/".join(sorted(results.protocols)) or None,
        "store": "postgresql" if args.postgres or args.db else "sqlite",
        "workers": args.workers,
        **load_settings(args, specs),
        "games_played": results.games_played,
        "moves": moves,
        "seconds": round(elapsed, 3),
        "moves_per_second": round(moves / elapsed, 1) if elapsed > 0 else math.nan,
        "http": summary(results.http),
        "ack": ack,
        # the same, of the moves sent once every game slot's first game was open
        "ack_once_open": summary(results.ack_once_open()),
        "opening_seconds": (
            round(max(results.opened) - results.began, 3) if results.opened else math.nan
        ),
        # processor time per move of the server started (all its processes), of the
        # PostgreSQL server started, if any, and of this script (NaN where not known)
        **{
            f"{name}_cpu_ms_per_move": round(seconds * 1000 / moves, 3) if moves else math.nan
            for name, seconds in cpu.items()
        },
        # payload bytes the sockets received after their first message, per socket and move
        "ws_bytes_per_watcher_move": (
            round(results.ws_bytes / watcher_moves, 1) if watcher_moves else math.nan
        ),
        "ws_messages_per_watcher_move": (
            round(results.ws_messages / watcher_moves, 3) if watcher_moves else math.nan
        ),
        "ws_largest_message_bytes": results.ws_largest,
        # the share of the sockets the server compressed (permessage-deflate)
        "ws_deflate": round(results.deflated / results.sockets, 3) if results.sockets else math.nan,
        "ws_reloads": results.reloads,
        "limit_ms": args.limit,
        "passed": passed,
        "failures": results.failures,
    }


def print_report(figures: dict[str, Any]) -> None:
    specs = ", ".join(figures["specs"])
    print(
        f"server {figures['server']} ({figures['cpus']} CPUs;"
        f" {figures['workers']} process(es) on {figures['store']};"
        f" protocol {figures['protocol']!s})"
    )
    print(
        f"{figures['games']} games at once ({specs}; {figures['think_s']:g} s mean pause"
        f" before a move), {figures['moves']} moves"
        f" in {figures['seconds']:.1f} s: {figures['moves_per_second']} moves/s"
        f" ({figures['games_played']} games played)"
    )
    print(f"{'':<32}{'count':>7}{'p50':>9}{'p90':>9}{'p99':>9}{'max':>9}  (ms)")
    rows = (
        ("http", "mover's answer"),
        ("ack", "acknowledged to every player"),
        ("ack_once_open", "  of moves once all games open"),
    )
    for key, label in rows:
        row = figures[key]
        cells = "".join(f"{row[name]:>9.1f}" for name in ("p50_ms", "p90_ms", "p99_ms", "max_ms"))
        print(f"{label:<32}{row['count']:>7}{cells}")
    print(f"every game slot's first game open (created, sockets connected) after"
          f" {figures['opening_seconds']:.1f} s")  # fmt: skip
    if not math.isnan(figures["server_cpu_ms_per_move"]):
        print(
            f"processor time per move: server {figures['server_cpu_ms_per_move']:.2f} ms,"
            f" database {figures['database_cpu_ms_per_move']:.2f} ms,"
            f" this client {figures['client_cpu_ms_per_move']:.2f} ms"
        )
    if not figures["compression"]:
        compressed = "no compression asked for"
    else:
        compressed = f"deflate asked for, taken up on {figures['ws_deflate']:.0%} of the sockets"
    print(
        f"WebSocket payload per watcher per move: {figures['ws_bytes_per_watcher_move']:,.0f}"
        f" bytes in {figures['ws_messages_per_watcher_move']:g} messages; largest message"
        f" {figures['ws_largest_message_bytes']:,} bytes ({compressed};"
        f" {figures['ws_reloads']} whole views read again)"
    )
    for failure in figures["failures"][:10]:
        print(f"failed: {failure}")
    for line in figures.get("server_log", []):
        print(f"server: {line}")
    verdict = "PASS" if figures["passed"] else "FAIL"
    print(
        f"{verdict}: p99 acknowledgement {figures['ack']['p99_ms']:.1f} ms"
        f" (limit {figures['limit_ms']:g} ms)"
        + (f", {len(figures['failures'])} games failed" if figures["failures"] else "")
    )


# --- one run, and a comparison of two trees -----------------------------------------------------


def measure(
    args: argparse.Namespace, specs: Sequence[str], src: str | None = None
) -> dict[str, Any]:
    """Play the load once: against ``--url``, or a server started from this tree or from the
    source tree ``src``; its figures (with the end of the server's log when a game failed)."""
    version = None if args.url else tree_version(src or THIS_TREE)
    with contextlib.ExitStack() as stack:
        log_path = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "server.log"
        db, db_pid = args.db, None
        if args.postgres:
            db, db_pid = stack.enter_context(own_postgres())
        server_pid = None
        if args.url:
            url = args.url.rstrip("/")
        else:
            url, server_pid = stack.enter_context(
                own_server(db, args.workers, src, LOAD_LIMITS, log_path)
            )
            if db:
                print(f"web_load: games stored in {describe(db)}", file=sys.stderr)
        pids = {"server": server_pid, "database": db_pid}
        settle(list(pids.values()))
        before = {name: tree_cpu_seconds(pid) for name, pid in pids.items()}
        client_before = time.process_time()
        load = run_load(
            url,
            specs,
            args.games,
            args.moves,
            args.seed,
            args.think,
            args.quiet,
            not args.no_compression,
        )
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            results, elapsed = runner.run(load)
        cpu = {name: tree_cpu_seconds(pid) - before[name] for name, pid in pids.items()}
        cpu["client"] = time.process_time() - client_before
        figures = report(args, specs, results, elapsed, url, cpu)
        if version is not None:
            figures["tree_version"] = version
        if results.failures and log_path.exists():
            figures["server_log"] = log_tail(log_path)
    return figures


#: A line of uvicorn's access log.
ACCESS_LINE = re.compile(r'^INFO: +[0-9a-f.:\[\]]+:\d+ - "')


def log_tail(path: Path, lines: int = 40) -> list[str]:
    """The last ``lines`` lines of a server's log that are not of its access log (errors,
    tracebacks)."""
    text = path.read_text(errors="replace").splitlines()
    return [line for line in text if not ACCESS_LINE.match(line)][-lines:]


def tree_version(src: str) -> str:
    """The commit a source tree is at, with ``+changes`` when it differs from it (``?`` where
    git cannot tell); read only: git writes nothing."""
    git = ["git", "--no-optional-locks", "-C", src]
    try:
        head = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        clean = subprocess.run([*git, "diff", "--quiet", "HEAD", "--", "."], check=False)
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("" if clean.returncode == 0 else "+changes")


#: The figures compared: key (a path into a run's figures), label, and what the issue asks
#: of the ratio this/other (or of this tree's figure), if anything.
COMPARED: list[tuple[tuple[str, ...], str]] = [
    (("server_cpu_ms_per_move",), "server CPU per move (ms)"),
    (("moves_per_second",), "moves per second"),
    (("http", "p50_ms"), "http p50 (ms)"),
    (("ack", "p50_ms"), "ack p50 (ms)"),
    (("ack", "p99_ms"), "ack p99 (ms)"),
    (("ws_bytes_per_watcher_move",), "bytes per watcher per move"),
    (("ws_largest_message_bytes",), "largest message (bytes)"),
    (("ws_messages_per_watcher_move",), "messages per watcher per move"),
    (("ws_deflate",), "sockets compressed (share)"),
    (("database_cpu_ms_per_move",), "database CPU per move (ms)"),
    (("client_cpu_ms_per_move",), "client CPU per move (ms)"),
]


def figure_at(figures: Mapping[str, Any], path: Sequence[str]) -> float:
    value: Any = figures
    for key in path:
        value = value[key]
    return float(value)


def median(values: Sequence[float]) -> float:
    known = [value for value in values if not math.isnan(value)]
    return statistics.median(known) if known else math.nan


def compare(args: argparse.Namespace, specs: Sequence[str]) -> dict[str, Any]:
    """The same load against the tree ``--against`` and this one, alternately, ``--rounds``
    times; every run's figures and, for each figure, the medians and their ratio."""
    trees = {"other": str(Path(args.against).resolve()), "this": THIS_TREE}
    runs: dict[str, list[dict[str, Any]]] = {"other": [], "this": []}
    for round_number in range(1, args.rounds + 1):
        for name, src in trees.items():
            figures = measure(args, specs, src)
            runs[name].append(figures)
            if not args.quiet:
                print(
                    f"web_load: round {round_number}/{args.rounds}, {name} tree"
                    f" ({figures['protocol']}): {figures['moves_per_second']} moves/s,"
                    f" server {figures['server_cpu_ms_per_move']:.2f} ms CPU a move,"
                    f" ack p99 {figures['ack']['p99_ms']:.1f} ms,"
                    f" {figures['ws_bytes_per_watcher_move']:,.0f} bytes per watcher per move",
                    file=sys.stderr,
                )
    table = []
    # a run in which games failed (the server refused them...) counts only if all did
    kept = {
        name: [run for run in done if not run["failures"]] or done for name, done in runs.items()
    }
    for path, label in COMPARED:
        other = median([figure_at(run, path) for run in kept["other"]])
        this = median([figure_at(run, path) for run in kept["this"]])
        ratio = this / other if other and not math.isnan(other) else math.nan
        table.append(
            {
                "figure": ".".join(path),
                "label": label,
                "other": other,
                "this": this,
                "ratio": round(ratio, 3) if not math.isnan(ratio) else math.nan,
            }
        )
    failures = [f for name in runs for run in runs[name] for f in run["failures"]]
    return {
        "other_tree": trees["other"],
        "other_version": versions(runs["other"]),
        "this_tree": THIS_TREE,
        "this_version": versions(runs["this"]),
        "rounds": args.rounds,
        **load_settings(args, specs),
        "medians": table,
        "runs": runs,
        "passed": not failures,
        "failures": failures,
    }


def versions(runs: Sequence[Mapping[str, Any]]) -> str:
    """The versions of a tree its runs were made at (it may change between them)."""
    return " ".join(dict.fromkeys(str(run.get("tree_version")) for run in runs))


def print_comparison(compared: dict[str, Any]) -> None:
    specs = ", ".join(compared["specs"])
    print(
        f"{compared['games']} games at once ({specs}), {compared['moves_per_game']} moves each,"
        f" {compared['think_s']:g} s mean pause, seed {compared['seed']},"
        f" {'deflate' if compared['compression'] else 'no compression'};"
        f" {compared['rounds']} round(s) alternating, {compared['cpus']} CPUs; medians"
    )
    protocols = {
        name: "/".join(sorted({str(run["protocol"]) for run in compared["runs"][name]}))
        for name in ("other", "this")
    }
    for name in ("other", "this"):
        print(
            f"{name + ':':<6} {compared[name + '_tree']} at {compared[name + '_version']}"
            f" (protocol {protocols[name]})"
        )
    print(f"{'':<32}{'other':>12}{'this':>12}{'this/other':>12}")
    for row in compared["medians"]:
        print(f"{row['label']:<32}{row['other']:>12,.2f}{row['this']:>12,.2f}{row['ratio']:>12.3f}")
    for failure in compared["failures"][:10]:
        print(f"failed: {failure}")
    for name in ("other", "this"):
        for run in compared["runs"][name]:
            for line in run.get("server_log", []):
                print(f"{name} server: {line}")
    print("PASS: no move failed" if compared["passed"] else "FAIL: some moves failed")


# --- command line -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    names = [cls.name for cls in list_games()]
    parser = argparse.ArgumentParser(
        description="Load test of trigames serve: concurrent network games, every move timed "
        "until the mover's answer (HTTP, or its own WebSocket) and until every player's "
        "WebSocket has the new state.",
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
        "--no-compression",
        action="store_true",
        help="WebSockets without permessage-deflate (the wire then carries the payload bytes)",
    )
    parser.add_argument(
        "--against",
        metavar="SRC",
        help="also run the load against the server of this source tree (PYTHONPATH=SRC), "
        "alternately with this tree's, and compare",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        metavar="N",
        help="with --against: runs against each tree (default 3)",
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
    if args.against is not None:
        if args.url or args.db:
            parser.error("--against starts both servers, each on a fresh database: no --url, --db")
        if not (Path(args.against) / "trigames").is_dir():
            parser.error(f"--against {args.against}: no trigames package in that folder")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
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
        if args.against is not None:
            compared = compare(args, specs)
        else:
            figures = measure(args, specs)
    except LoadError as error:
        print(f"web_load: {error}", file=sys.stderr)
        return 2
    if args.against is not None:
        if args.json:
            print(json.dumps(compared, indent=2))
        else:
            print_comparison(compared)
        return 0 if compared["passed"] else 1
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_report(figures)
    return 0 if figures["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
