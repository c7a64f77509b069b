"""The games in memory, and their writes: decide on a copy, write, and only then apply.

:class:`Games` keeps a :class:`LiveGame` for each game served lately. Every change to a game
goes through :meth:`Games.change`, one at a time per game (a lock per game):

1. the request is decided on the game's snapshot (a pure function, which may refuse);
2. the new snapshot's row is written to the store, if the stored game is still at the
   revision it was decided on;
3. only then does the new snapshot become the game in memory, and the service is told
   (watchers, clock, computer).

A write that fails (a full disk, a database down or hung) leaves memory, views and clocks
exactly as they were, and the request is answered 503. A write another process overtook
(``StaleRowError``) reads the game again and decides anew; so does a refusal, when the store
holds a newer revision than memory (another process changed the game and this one has not heard
yet), so that no request is refused for a position its sender never saw.

- **Memory.** A game stays in memory while a page watches it, a computer thinks in it or a
  change is under way; of the others, the :data:`~trigames.web.limits.IDLE_GAMES` used last
  stay too, and older ones are read back from the store when asked for (one reading at a time
  per game, however many ask, replayed in a worker thread).
- **Several processes.** :meth:`Games.refresh` brings a game up to what the store holds when
  another process tells of a change.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from trigames.core.errors import TrigamesError
from trigames.core.limits import quote
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyState
from trigames.records import VERSION as RECORD_VERSION
from trigames.records import GameRecord, Seat, upgrade_v1
from trigames.web.database import Database, DatabaseTimeoutError
from trigames.web.errors import (
    ConflictError,
    NotFoundError,
    ServiceError,
    StaleGameError,
    UnavailableError,
    words_of,
)
from trigames.web.limits import IDLE_GAMES
from trigames.web.pictures import Checkpoints, Pictures
from trigames.web.player_store import Alongside
from trigames.web.rows import GameRow
from trigames.web.snapshot import Snapshot
from trigames.web.store import StaleRowError
from trigames.web.views import Shown
from trigames.web.watchers import Watcher

LOG = logging.getLogger(__name__)

#: Decides a change on a snapshot: the new snapshot, ``None`` for no change, or a
#: ``ServiceError`` saying why not.
Decision = Callable[[Snapshot], Snapshot | None]
#: Told when a change became the game in memory: the game, and its snapshot before.
Applied = Callable[["LiveGame", Snapshot], None]
#: Told before a game is read from the store: the moves to replay (may refuse: 429).
Replaying = Callable[[int], None]
#: Runs a task in the background (the service keeps it, and cancels it when it closes).
Spawn = Callable[[Coroutine[Any, Any, None]], None]

#: Times a change is decided again when another process overtook it.
ATTEMPTS = 4


class LiveGame:
    """A game in memory: its snapshot now, and what hangs on it."""

    def __init__(self, snapshot: Snapshot, checkpoints: Checkpoints, owner: str = "") -> None:
        self.snapshot = snapshot
        #: The address that created the game ("" when not known: read from the store).
        self.owner = owner
        self.lock = asyncio.Lock()
        self.watchers: list[Watcher] = []
        self.pictures = Pictures(checkpoints)
        #: Whether the computer was asked for a move (it is thinking, or waiting to).
        self.thinking = False
        #: Requests that hold the game (:meth:`Games.held`): it stays in memory meanwhile.
        self.users = 0
        #: The newest revision another process told of, when newer than the one in memory.
        self.behind = 0
        #: A write whose outcome is not known (the database hung): read the store first.
        self.unsure = False
        #: When each seat last asked for hints (monotonic seconds), for the rate limit.
        self.hints: dict[int, deque[float]] = {}
        #: What its pages were shown (views, board, last change), once per version.
        self.shown = Shown()

    @property
    def id(self) -> str:
        return self.snapshot.id

    @property
    def busy(self) -> bool:
        """Whether the game must stay in memory: watched, thought about, held by a request or
        being changed."""
        return bool(self.watchers) or self.thinking or self.users > 0 or self.lock.locked()


class Games:
    """Every game this process holds in memory, over one store."""

    def __init__(
        self,
        database: Database,
        applied: Applied,
        spawn: Spawn,
        clock: Callable[[], float] = time.time,
        idle: int = IDLE_GAMES,
    ) -> None:
        self.database = database
        self.clock = clock
        self.applied = applied
        self.spawn = spawn
        self.idle_games = idle
        self.games: dict[str, LiveGame] = {}
        #: The games nobody watches or changes, used last at the end.
        self._idle: OrderedDict[str, None] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}

    @contextlib.asynccontextmanager
    async def held(
        self, game_id: str, replaying: Replaying | None = None
    ) -> AsyncIterator[LiveGame]:
        """The game, from memory or else read from the store (``NotFoundError``), kept in
        memory while the request that holds it works on it: the game in memory is the one it
        changes and the one its pages watch, never one that left memory meanwhile."""
        while True:
            live = self.games.get(game_id)
            if live is None:
                loading = self._loading.get(game_id)
                if loading is None or loading.done():
                    loading = asyncio.ensure_future(self._load(game_id, replaying))
                    self._loading[game_id] = loading
                live = await asyncio.shield(loading)
                if self._loading.get(game_id) is loading:
                    del self._loading[game_id]
            if self.games.get(game_id) is live:  # not out of memory while it was read
                break
        live.users += 1
        self.settle(live)
        try:
            yield live
        finally:
            live.users -= 1
            self.settle(live)

    def add(self, snapshot: Snapshot, owner: str) -> LiveGame:
        """A game just stored (or read), now in memory."""
        checkpoints = Checkpoints(snapshot.row.spec)
        checkpoints.note(snapshot.state)
        live = LiveGame(snapshot, checkpoints, owner)
        self.games[live.id] = live
        self.settle(live)
        return live

    async def insert(self, snapshot: Snapshot, owner: str) -> LiveGame | None:
        """Store a new game and keep it in memory; ``None`` if its id is taken."""
        if not await self.database.run(lambda store: store.insert(snapshot.row)):
            return None
        return self.add(snapshot, owner)

    async def change(self, live: LiveGame, decide: Decision) -> tuple[Snapshot, Snapshot]:
        """Decide, write, then apply (see the module): the snapshot decided on, and the one
        now (the same one when the decision changed nothing)."""
        async with live.lock:
            for attempt in range(ATTEMPTS):
                if live.unsure or live.behind > live.snapshot.version:
                    await self._refresh(live)
                before = live.snapshot
                try:
                    after = decide(before)
                except ServiceError:
                    if attempt + 1 < ATTEMPTS and await self._newer_stored(live):
                        continue
                    raise
                if after is None:
                    return before, before
                try:
                    await self._write(before, after)
                except StaleRowError:
                    live.behind = max(live.behind, before.version + 1)
                    continue
                except DatabaseTimeoutError as error:
                    live.unsure = live.unsure or error.maybe_written
                    raise
                self._apply(live, before, after)
                return before, after
        raise StaleGameError(Phrase("the game changed meanwhile: look again"))

    async def _write(self, before: Snapshot, after: Snapshot) -> None:
        """Store ``after``'s row, if the stored game is at its revision (else
        ``StaleRowError``), with what goes along: the accounts that took a seat, and the
        ratings when it ends a rated game."""
        row = after.row
        known = {seat.account for seat in before.row.seats}
        alongside = Alongside(
            players=tuple(s.account for s in row.seats if s.account and s.account not in known),
            rated_result=row.rated and after.over and not before.over,
            at=self.clock(),
        )
        await self.database.run(lambda store: store.update(row, alongside))

    def watched_by(self, game_id: str, account_id: str) -> bool:
        """Whether a page of the account watches the game (in this process)."""
        live = self.games.get(game_id)
        if live is None:
            return False
        seats = {n for n, seat in enumerate(live.snapshot.row.seats) if seat.account == account_id}
        return any(seats.intersection(watcher.seats) for watcher in live.watchers)

    def changed_elsewhere(self, game_id: str | None, rev: int) -> None:
        """Another process changed game ``game_id`` to revision ``rev`` (``None``: any game may
        have changed). A watched game is read again now (its pages told); another one before
        it is next changed."""
        if game_id is None:
            found = list(self.games.values())
        else:
            live = self.games.get(game_id)
            found = [] if live is None or rev <= live.snapshot.version else [live]
        for live in found:
            newer = rev if game_id is not None else live.snapshot.version + 1
            live.behind = max(live.behind, newer)
            if live.watchers:
                self.spawn(self._refresh_watched(live))

    async def _refresh_watched(self, live: LiveGame) -> None:
        try:
            await self.refresh(live)
        except ServiceError as error:  # the store away for a moment: read when next changed
            LOG.warning("reading game %s again failed: %s", live.id, error)

    async def refresh(self, live: LiveGame) -> None:
        """Read the game again (another process changed it), and apply what changed."""
        async with live.lock:
            await self._refresh(live)

    async def _newer_stored(self, live: LiveGame) -> bool:
        """Whether the store holds a newer revision of the game than memory (another process
        changed it): then it is to be read again."""
        try:
            stored = await self.database.run(lambda store: store.revision(live.id))
        except UnavailableError:  # the refusal stands: it was decided on what memory holds
            return False
        if stored is None or stored <= live.snapshot.version:
            return False
        live.behind = max(live.behind, stored)
        return True

    async def _refresh(self, live: LiveGame) -> None:
        row = await self.database.run(lambda store: store.get(live.id))
        live.unsure = False
        live.behind = 0
        before = live.snapshot
        if row is None or row.rev == before.version:
            return
        known = before.row.moves
        if row.notation == RECORD_VERSION and row.moves[: len(known)] == known:
            state = before.state.clone()
            for move in row.moves[len(known) :]:
                state.play(move)
        else:
            row, state, _ = await self._replay(row)
        self._apply(live, before, Snapshot(row, state))

    def _apply(self, live: LiveGame, before: Snapshot, after: Snapshot) -> None:
        live.snapshot = after
        old, new = before.row.moves, after.row.moves
        if new[: len(old)] != old:  # moves were taken back
            kept = 0
            while kept < min(len(old), len(new)) and old[kept] == new[kept]:
                kept += 1
            live.pictures.forget_after(kept)
        live.pictures.checkpoints.note(after.state)
        self.applied(live, before)

    async def _load(self, game_id: str, replaying: Replaying | None) -> LiveGame:
        row = await self.database.run(lambda store: store.get(game_id))
        if row is None:
            raise NotFoundError(Phrase("there is no game {game}", game=quote(game_id)))
        if replaying is not None:
            replaying(len(row.moves))
        found = self.games.get(game_id)  # another request read it meanwhile
        if found is not None:
            return found
        row, state, checkpoints = await self._replay(row)
        live = self.add(Snapshot(row, state), owner="")
        live.pictures.checkpoints = checkpoints
        return live

    async def _replay(self, row: GameRow) -> tuple[GameRow, AnyState, Checkpoints]:
        """The stored game's position, replayed in a worker thread, with its checkpoints; a
        game stored by trigames 0.1 is converted (and stored converted)."""
        if row.notation == 1:
            row.moves, row.result = upgrade_v1(row.spec, row.moves, row.result)
            row.notation = RECORD_VERSION
            try:
                await self.database.run(lambda store: store.update(row))
            except StaleRowError:  # another process converted it first
                stored = await self.database.run(lambda store: store.get(row.id))
                if stored is not None:
                    return await self._replay(stored)
        try:
            state, checkpoints = await asyncio.to_thread(_replayed, row)
        except TrigamesError as error:
            raise ConflictError(
                Phrase(
                    "game {game} does not replay: {error}",
                    game=quote(row.id),
                    error=words_of(error),
                )
            ) from None
        return row, state, checkpoints

    def settle(self, live: LiveGame) -> None:
        """Note that ``live`` was used now: a busy game stays in memory, an idle one joins the
        idle games, of which the ones used longest ago leave memory beyond ``idle_games``."""
        if live.busy:
            self._idle.pop(live.id, None)
        else:
            self._idle[live.id] = None
            self._idle.move_to_end(live.id)
        while len(self._idle) > self.idle_games:
            oldest, _ = self._idle.popitem(last=False)
            dropped = self.games.get(oldest)
            if dropped is not None and not dropped.busy:
                del self.games[oldest]

    def forget(self, game_id: str) -> None:
        """Drop a game from memory (it no longer replays)."""
        self.games.pop(game_id, None)
        self._idle.pop(game_id, None)


def _replayed(row: GameRow) -> tuple[AnyState, Checkpoints]:
    """Replay a stored game, its moves and result checked as a record's are, keeping a
    checkpoint every few plies."""
    seats = [Seat(seat.name, seat.kind) for seat in row.seats]
    record = GameRecord(row.spec, seats, list(row.moves), row.result)
    checkpoints = Checkpoints(row.spec)
    state = None
    for state in record.positions():
        checkpoints.note(state)
    assert state is not None
    if state.outcome() != row.result:
        raise ConflictError(
            Phrase("game {game}: its stored result does not match its moves", game=quote(row.id))
        )
    return state, checkpoints
