"""The computer's moves and hints, thought about off the event loop, each game in its turn.

A :class:`Computer` has a few *slots*, each a worker process of its own (by default one per
processor), where players think; the web server's process only waits for their answers, so no
search holds the interpreter lock that serves the pages. A slot keeps the positions and players
of the games it thought about last (a player that keeps its search tree between moves keeps it
there), and a game goes back to the slot that knows it when that slot is free.

Questions wait in a fair queue:

- a question some person waits for (a computer's reply in a game with a human seat, a hint)
  comes before any question of a game between computers only;
- among equals, the askers take turns (round robin over the address that created the game or
  asked for the hint), each asker's questions in the order asked;
- games between computers only never take the last free slot: with two slots or more, one is
  always left for the games people play.

>>> import asyncio
>>> async def ask() -> Thought:
...     computer = Computer(slots=1, processes=False)
...     try:
...         return await computer.ask(Question("g", "triggle", ("D1-D4",), "random"), "here")
...     finally:
...         computer.close()
>>> state = load_game("triggle").new_initial_state(); state.play("D1-D4")
>>> asyncio.run(ask()).move in {str(move) for move in state.legal_moves()}
True
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.process
import os
import random
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from trigames.ai.players import Player
from trigames.ai.registry import HINT_LEVEL, SERVER_LIMITS, hint_reason, make_player
from trigames.analysis.review import LEVELS, assess_position
from trigames.core.errors import PlayerSpecError
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyState
from trigames.games import load_game
from trigames.web.errors import ConflictError, TooManyRequestsError, UnavailableError
from trigames.web.leases import Leases
from trigames.web.limits import (
    HINT_WINDOW,
    HINTS_PER_WINDOW,
    HINTS_WAITING,
    RETRY_SECONDS,
    THINKING_SECONDS,
)
from trigames.web.live import Games, LiveGame
from trigames.web.snapshot import Actor, Snapshot
from trigames.web.turns import check_not_over, computer_move, seats_held

LOG = logging.getLogger(__name__)

#: Games a slot keeps the position and players of (a thread or process each).
KNOWN_GAMES = 32


@dataclass(frozen=True)
class Question:
    """What the computer is asked: the move of the player ``player`` (a player spec: the
    seat's kind) in game ``game_id`` after ``moves``, or (``hint``) the hint level's move and
    why, or (``review``, a review level) the position searched as a review searches it
    (:func:`~trigames.analysis.review.assess_position`)."""

    game_id: str
    spec: str
    moves: tuple[str, ...]
    player: str
    hint: bool = False
    review: str | None = None


@dataclass(frozen=True)
class Thought:
    """A move in notation (legal after the question's moves; empty for a review of a
    finished position) and, for a hint, why (a phrase:
    :func:`~trigames.ai.registry.hint_reason`); for a review, the move's continuation and
    every seat's chance to win."""

    move: str
    why: str = ""
    line: tuple[str, ...] = ()
    chances: tuple[float, ...] = ()


class ComputerFailedError(Exception):
    """The computer did not answer (its process died, or it took far too long)."""


# --- in a slot ---------------------------------------------------------------------------------


@dataclass
class _Known:
    """A game a slot thought about: its position after ``moves``, and its players by spec."""

    moves: tuple[str, ...]
    state: AnyState
    players: dict[str, Player] = field(default_factory=dict)


_local = threading.local()


def think(question: Question) -> Thought:
    """Answer ``question`` (in a slot: a worker process or thread)."""
    known = _position(question)
    game = known.state.game
    if question.review is not None:
        found = assess_position(
            known.state, budget=LEVELS[question.review], index=len(question.moves)
        )
        return Thought(found.best or "", line=found.line, chances=found.chances)
    if question.hint:
        adviser = make_player(HINT_LEVEL, None, game)
        move = adviser.choose(known.state.clone())
        return Thought(str(move), hint_reason(game, known.state, move, adviser.last_info))
    player = known.players.get(question.player)
    if player is None:
        try:
            player = make_player(question.player, None, game, limits=SERVER_LIMITS)
        except PlayerSpecError:  # stored before the server had its ranges
            LOG.warning("%s is out of the server's ranges; it plays as medium", question.player)
            player = make_player("medium", None, game, limits=SERVER_LIMITS)
        known.players[question.player] = player
    return Thought(str(player.choose(known.state.clone())))


def _position(question: Question) -> _Known:
    """The game's position after the question's moves, from what this slot knows of it."""
    games: OrderedDict[str, _Known] | None = getattr(_local, "games", None)
    if games is None:
        games = _local.games = OrderedDict()
    known = games.pop(question.game_id, None)
    if known is None or question.moves[: len(known.moves)] != known.moves:
        known = _Known((), load_game(question.spec).new_initial_state())
    for move in question.moves[len(known.moves) :]:
        known.state.play(move)
    known.moves = question.moves
    games[question.game_id] = known
    while len(games) > KNOWN_GAMES:
        games.popitem(last=False)
    return known


def _warm() -> None:
    """Load what thinking needs, so that the first question waits for no import."""
    load_game("triggle")


#: How much lower than the server's process a computer's process runs (``os.nice``).
WORKER_NICENESS = 10


# --- in the server's process -------------------------------------------------------------------


@dataclass
class _Job:
    question: Question
    asker: str
    people_wait: bool
    answer: asyncio.Future[Thought]


class _Slot:
    """One worker: a process of its own, fed questions through a pipe (or, for tests and
    scripts, a thread)."""

    def __init__(self, processes: bool) -> None:
        self.processes = processes
        self.job: _Job | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._pipe: Connection | None = None
        self._start()

    def _start(self) -> None:
        if not self.processes:
            self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
            return
        context = multiprocessing.get_context("spawn")
        self._pipe, theirs = context.Pipe()
        self._process = context.Process(
            target=_serve, args=(theirs,), name="trigames-computer", daemon=True
        )
        self._process.start()
        theirs.close()

    def submit(self, question: Question) -> asyncio.Future[Thought]:
        """Think about ``question`` in this slot; the answer, when it comes."""
        if self._threads is not None:
            return asyncio.wrap_future(self._threads.submit(think, question))
        pipe = self._pipe
        assert pipe is not None
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Thought] = loop.create_future()

        def readable() -> None:
            loop.remove_reader(pipe.fileno())
            try:
                found, value = pipe.recv()
            except (EOFError, OSError):
                found, value = "failed", "the computer's process ended"
            if answer.done():
                return
            if found == "thought":
                answer.set_result(value)
            else:
                answer.set_exception(ComputerFailedError(value))

        try:
            pipe.send(question)
        except OSError as error:  # the process died since its last answer
            answer.set_exception(ComputerFailedError(f"the computer's process ended: {error}"))
            return answer
        loop.add_reader(pipe.fileno(), readable)
        return answer

    def restart(self) -> None:
        """End a worker that hangs or died, and start a fresh one."""
        self.close()
        self._start()

    def close(self) -> None:
        if self._pipe is not None:
            with contextlib.suppress(RuntimeError):  # no event loop any more
                asyncio.get_running_loop().remove_reader(self._pipe.fileno())
            self._pipe.close()
            self._pipe = None
        if self._process is not None:
            self._process.kill()
            self._process.join(5)
            self._process = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None


def _serve(pipe: Connection) -> None:
    """A worker process: answer each question that comes through ``pipe`` until it closes.
    It runs at a lower priority (nice +10): when the processors are busy, the server's process
    answers the pages first and the computer thinks with what is left."""
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    _warm()
    while True:
        try:
            question = pipe.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, object] = ("thought", think(question))
        except Exception as error:  # a player that fails must not end the worker
            LOG.exception("thinking about game %s failed", question.game_id)
            answer = ("failed", f"{type(error).__name__}: {error}")
        pipe.send(answer)


class Computer:
    """Thinks in ``slots`` workers (processes, or threads with ``processes=False``)."""

    def __init__(self, slots: int = 2, *, processes: bool = True) -> None:
        self._slots = [_Slot(processes) for _ in range(max(1, slots))]
        #: Waiting questions: those people wait for first, then games between computers; in
        #: each, by asker (round robin), each asker's in order.
        self._waiting: dict[bool, OrderedDict[str, deque[_Job]]] = {
            True: OrderedDict(),
            False: OrderedDict(),
        }
        #: The slot that last thought about each game (it knows the position).
        self._knows: OrderedDict[str, int] = OrderedDict()
        self._closed = False

    async def ask(self, question: Question, asker: str, *, people_wait: bool = True) -> Thought:
        """The computer's answer to ``question``, asked by ``asker`` (a client address):
        ``people_wait`` is false for a game between computers only, which waits behind every
        other. Raises :class:`ComputerFailedError` if no answer comes."""
        job = _Job(question, asker, people_wait, asyncio.get_running_loop().create_future())
        self._waiting[people_wait].setdefault(asker, deque()).append(job)
        self._dispatch()
        return await job.answer

    def asked_by(self, asker: str) -> int:
        """How many questions of ``asker`` wait or are being thought about."""
        waiting = sum(len(queue.get(asker, ())) for queue in self._waiting.values())
        return waiting + sum(1 for s in self._slots if s.job is not None and s.job.asker == asker)

    def waiting(self) -> int:
        """Questions waiting for a slot."""
        return sum(len(jobs) for queue in self._waiting.values() for jobs in queue.values())

    def _next(self) -> _Job | None:
        """The next question to think about, if one may start now."""
        computers_only = sum(1 for s in self._slots if s.job is not None and not s.job.people_wait)
        classes = [True]
        if computers_only < max(1, len(self._slots) - 1):
            classes.append(False)
        for people_wait in classes:
            queue = self._waiting[people_wait]
            for asker in list(queue):
                jobs = queue.pop(asker)
                job = jobs.popleft()
                if jobs:
                    queue[asker] = jobs  # the asker's next question waits for its turn again
                if not job.answer.done():  # not given up on (a cancelled request)
                    return job
        return None

    def _dispatch(self) -> None:
        while not self._closed:
            free = [n for n, slot in enumerate(self._slots) if slot.job is None]
            if not free:
                return
            job = self._next()
            if job is None:
                return
            knows = self._knows.get(job.question.game_id)
            number = knows if knows in free else free[0]
            self._start(number, job)

    def _start(self, number: int, job: _Job) -> None:
        slot = self._slots[number]
        slot.job = job
        self._knows[job.question.game_id] = number
        self._knows.move_to_end(job.question.game_id)
        while len(self._knows) > 10 * KNOWN_GAMES:
            self._knows.popitem(last=False)
        running = slot.submit(job.question)
        asyncio.get_running_loop().create_task(self._finish(slot, job, running))

    async def _finish(self, slot: _Slot, job: _Job, running: asyncio.Future[Thought]) -> None:
        try:
            thought = await asyncio.wait_for(running, THINKING_SECONDS)
        except Exception as error:  # a process that died or hangs: start a fresh one
            LOG.error("the computer failed on game %s: %r", job.question.game_id, error)
            slot.restart()
            if not job.answer.done():
                job.answer.set_exception(ComputerFailedError(str(error) or type(error).__name__))
        else:
            if not job.answer.done():
                job.answer.set_result(thought)
        finally:
            slot.job = None
            self._dispatch()

    def close(self) -> None:
        self._closed = True
        for queue in self._waiting.values():
            for jobs in queue.values():
                for job in jobs:
                    job.answer.cancel()
        for slot in self._slots:
            slot.close()


def any_legal_move(state: AnyState) -> str:
    """A legal move when the computer fails (a game must never stall): a random one."""
    return str(random.choice(state.legal_moves()))


# --- the computer's seats of the games in memory -----------------------------------------------


class ComputerSeats:
    """Plays the computer's seats of the games in memory, and gives hints: asks the
    :class:`Computer`, then makes the move as any change is made (:meth:`Games.change
    <trigames.web.live.Games.change>`), trying again while the database is away."""

    def __init__(
        self,
        computer: Computer,
        games: Games,
        leases: Leases,
        clock: Callable[[], float],
        spawn: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        self.computer = computer
        self.games = games
        self.leases = leases
        self.clock = clock
        self.spawn = spawn
        self._hints = 0

    def move_if_due(self, live: LiveGame) -> None:
        """Start the computer's moves if a computer is to move and nobody thinks for it yet."""
        if live.snapshot.computer_to_move and not live.thinking:
            live.thinking = True
            self.spawn(self._moves(live))

    def thinking_for(self, asker: str) -> int:
        """Games of ``asker`` (their creator) whose computer thinks or waits to."""
        return sum(1 for live in self.games.games.values() if live.thinking and live.owner == asker)

    async def _moves(self, live: LiveGame) -> None:
        """The computer's moves while it is to move and this process holds the game's lease
        (else another process thinks for it)."""
        thought: tuple[int, str] | None = None
        failures = 0
        try:
            while live.snapshot.computer_to_move:
                try:
                    if not await self.leases.claim(live.id):
                        return
                    snapshot = live.snapshot
                    if thought is None or thought[0] != snapshot.version:
                        thought = (snapshot.version, await self._ask(live, snapshot))
                    await self._make(live, *thought)
                    failures = 0
                except UnavailableError:  # the database is away: the same move, a bit later
                    await asyncio.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
                    failures += 1
        finally:
            live.thinking = False
            with contextlib.suppress(UnavailableError):
                await self.leases.release(live.id)
            self.games.settle(live)

    async def _make(self, live: LiveGame, version: int, move: str) -> None:
        """Play ``move``, thought about at ``version``, unless the game has moved on since."""
        await self.games.change(live, lambda s: computer_move(s, version, move, self.clock()))

    async def _ask(self, live: LiveGame, snapshot: Snapshot) -> str:
        seat = snapshot.to_move
        assert seat is not None
        kind = snapshot.row.seats[seat].kind
        question = Question(live.id, snapshot.row.spec, tuple(snapshot.row.moves), kind)
        try:
            thought = await self.computer.ask(
                question, live.owner, people_wait=not snapshot.computers_only
            )
            return thought.move
        except ComputerFailedError:  # a game must never stall: any legal move
            return any_legal_move(snapshot.state)

    async def hint(self, live: LiveGame, actor: Actor, asker: str) -> Thought:
        """The hint level's move for the seat to move, which ``actor`` must hold, and why; 429
        when the seat asked for too many lately, or too many hints wait already."""
        snapshot = live.snapshot
        seats = seats_held(snapshot, actor)
        check_not_over(snapshot)
        seat = snapshot.to_move
        if seat not in seats:
            raise ConflictError(Phrase("hints are for the player to move"))
        asked = live.hints.setdefault(seat, deque())
        now = time.monotonic()
        while asked and asked[0] < now - HINT_WINDOW:
            asked.popleft()
        if len(asked) >= HINTS_PER_WINDOW:
            raise TooManyRequestsError(
                Phrase(
                    "a seat may ask for {count} hints a minute: ask again a little later",
                    count=HINTS_PER_WINDOW,
                )
            )
        if self._hints >= HINTS_WAITING:
            raise TooManyRequestsError(
                Phrase("the server is busy with other hints: ask again soon")
            )
        asked.append(now)
        question = Question(
            live.id, snapshot.row.spec, tuple(snapshot.row.moves), HINT_LEVEL, hint=True
        )
        self._hints += 1
        try:
            return await self.computer.ask(question, asker)
        except ComputerFailedError:
            raise UnavailableError(
                Phrase("the computer could not think of a hint: ask again")
            ) from None
        finally:
            self._hints -= 1
