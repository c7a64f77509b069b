"""Games served to players over the network, independent of HTTP: a thin facade.

:class:`GameService` takes each request to the collaborator whose job it is:

- :mod:`~trigames.web.requests` has read the request already, into typed values;
- :mod:`~trigames.web.accounts` signs players up, in and out; :mod:`~trigames.web.players`
  shows them and their ratings, :mod:`~trigames.web.challenges` starts their games;
- :mod:`~trigames.web.turns` and :mod:`~trigames.web.offers` decide what it changes, on a
  snapshot of the game (:mod:`~trigames.web.snapshot`);
- :mod:`~trigames.web.live` writes the change and only then applies it (decide, write,
  apply: a failed write changes nothing, 503);
- :mod:`~trigames.web.views` makes what pages are shown, once per version, and
  :mod:`~trigames.web.watchers` sends each change to the pages watching;
- :mod:`~trigames.web.clocks` times the seats; :mod:`~trigames.web.computer` plays the
  computer's seats and gives hints, thinking in worker processes; :mod:`~trigames.web.leases`
  says which process thinks for a game and sweeps the overdue clocks of every process;
  :mod:`~trigames.web.quotas` bounds what one client address may ask for.

Every method runs on the event loop, and none of them waits there for the disk, the database
(:mod:`~trigames.web.database`) or the computer.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from trigames.games import load_game
from trigames.web import errors, offers, pictures, turns, views
from trigames.web.accounts import Accounts
from trigames.web.challenges import Challenges
from trigames.web.clocks import Timers
from trigames.web.computer import Computer, ComputerSeats
from trigames.web.database import Database
from trigames.web.errors import (
    ConflictError,
    ForbiddenError,
    ServiceError,
    TooManyRequestsError,
    UnavailableError,
)
from trigames.web.leases import Leases
from trigames.web.limits import CHECKPOINT_PLIES, PICTURES_AT_ONCE, REPLAYED_MOVES_PER_MINUTE
from trigames.web.live import Decision, Games, LiveGame
from trigames.web.notices import Notices
from trigames.web.pictures import ChoicePictures
from trigames.web.players import Players
from trigames.web.quotas import Quota
from trigames.web.requests import (
    BoardQuery,
    JoinRequest,
    MoveRequest,
    NewGame,
    read_page_message,
)
from trigames.web.reviews import Reviews
from trigames.web.settings import Settings
from trigames.web.snapshot import Actor, Snapshot, opening, seated, start
from trigames.web.store import GameStore, SQLiteStore
from trigames.web.views import ListedGame
from trigames.web.watchers import Watcher, Watchers

LOG = logging.getLogger(__name__)
#: Worker threads for a PostgreSQL store (each with a connection); SQLite's file has one.
DATABASE_THREADS = 4


class GameService:
    """Every game of one store, served by one process."""

    def __init__(
        self,
        store: GameStore,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings = settings or Settings()
        self.clock = clock
        threads = 1 if isinstance(store, SQLiteStore) else DATABASE_THREADS
        self.database = Database(store, threads=threads)
        self.games = Games(self.database, self._applied, self._spawn, clock)
        self.accounts = Accounts(self.database, clock)
        self.players = Players(self.database, clock)
        self.challenges = Challenges(self.database, self._started, clock)
        self.notices = Notices(self.database, self.games.watched_by, settings, clock)
        self.leases = Leases(self.database)
        self.computer = Computer(settings.computers, processes=settings.computer_processes)
        self.seats = ComputerSeats(self.computer, self.games, self.leases, clock, self._spawn)
        self.reviews = Reviews(self.computer, self._spawn)
        self.watchers = Watchers(settings.watchers_per_address, settings.watchers_per_game)
        self.timers = Timers(lambda game_id: self._spawn(self._expire(game_id)), clock)
        self.new_games = Quota(settings.games_per_minute, 60.0)
        self.replays = Quota(REPLAYED_MOVES_PER_MINUTE, 60.0)
        self.picture_slots = asyncio.Semaphore(PICTURES_AT_ONCE)
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def store(self) -> GameStore:
        return self.database.store

    # --- life cycle -----------------------------------------------------------------------

    def start(self) -> None:
        """On the event loop: hear the other processes' changes, and sweep at once and then
        every few seconds for games whose computer waits for a process (a restart resumes
        them) and seats past their time (whichever process armed their clock)."""
        self._spawn(self.store.listen(self.games.changed_elsewhere))
        self._spawn(self.leases.keep(self._adopt, self._expire, self.clock))
        self._spawn(self.notices.keep_sending())

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self.timers.close()
        self.computer.close()
        with contextlib.suppress(UnavailableError):  # they lapse by themselves
            await self.leases.release_all()
        self.database.close()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _adopt(self, game_id: str) -> None:
        """Think for a game whose computer waits for a process (its lease lapsed)."""
        with contextlib.suppress(ServiceError):
            async with self.held(game_id, fresh=True) as live:
                self.seats.move_if_due(live)

    async def _expire(self, game_id: str) -> None:
        """A clock rang, or the sweep found a seat past its time (see :meth:`_time_out`)."""
        with contextlib.suppress(ServiceError):
            async with self.games.held(game_id) as live:
                await self._time_out(live)

    async def _time_out(self, live: LiveGame) -> None:
        """The seat to move runs out of time, if it still has (once, whoever finds it first);
        a database away tries again soon."""
        try:
            account = live.snapshot.waiting_for
            away = await self.notices.away_until(account) if account else None
            before, after = await self.games.change(
                live, lambda s: turns.time_out(s, self.clock(), away)
            )
        except UnavailableError:
            self.timers.set(live.id, self.clock() + 1.0)
            return
        if after is before and not after.over:  # rung a little early: ring again
            self.timers.set(live.id, after.row.deadline)

    def _started(self, snapshot: Snapshot, live: LiveGame | None = None) -> None:
        """A new game, stored already (an accepted challenge's, when ``live`` is not given)."""
        self._applied(live or self.games.add(snapshot, ""), snapshot)

    def _applied(self, live: LiveGame, before: Snapshot) -> None:
        """A change became the game in memory: tell its pages, set its clock, and let the
        computer move if it is to."""
        after = live.snapshot
        if live.watchers and before is not after:
            live.shown.changed(before, after)
            now = self.clock()
            for watcher in list(live.watchers):
                mover = after.to_move is not None and after.to_move in watcher.seats
                message = views.with_now(live.shown.change(before, after, mover), now)
                watcher.outbox.put(message, functools.partial(self._whole_message, live, watcher))
        self.timers.set(live.id, None if after.over else after.row.deadline)
        self.seats.move_if_due(live)
        if after.waiting_for and (before is after or after.waiting_for != before.waiting_for):
            self._spawn(self.notices.turn_passed(after))
        self.games.settle(live)

    # --- reading games --------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def held(
        self, game_id: str, address: str = "", *, fresh: bool = False
    ) -> AsyncIterator[LiveGame]:
        """The game, kept in memory while a request works on it (read from the store if need
        be: the moves replayed count against ``address``), its clock checked; ``fresh``: read
        again first if the store holds a newer revision (another process changed it and this
        one has not heard yet)."""

        def replaying(moves: int) -> None:
            if moves > CHECKPOINT_PLIES and not self.replays.take(address, moves):
                raise TooManyRequestsError(errors.LONG_GAMES_READ)

        async with self.games.held(game_id, replaying) as live:
            if fresh:
                with contextlib.suppress(UnavailableError):  # show what memory holds
                    stored = await self.database.run(lambda store: store.revision(game_id))
                    if stored is not None and stored != live.snapshot.version:
                        await self.games.refresh(live)
            deadline = live.snapshot.row.deadline
            if deadline is not None and not live.snapshot.over:
                if self.clock() >= deadline:
                    await self._time_out(live)
                elif not self.timers.armed(game_id):
                    self.timers.set(game_id, deadline)
            yield live

    async def view(self, game_id: str, address: str = "") -> str:
        """The whole view (:class:`~trigames.web.views.GameView`), encoded, with ``now``."""
        async with self.held(game_id, address, fresh=True) as live:
            return views.with_now(live.shown.whole(live.snapshot), self.clock())

    async def record(self, game_id: str, address: str = "") -> dict[str, Any]:
        """The game as a record (:class:`~trigames.records.GameRecord` JSON)."""
        async with self.held(game_id, address, fresh=True) as live:
            return live.snapshot.record().to_json()

    async def listing(self, finished: bool | None = None, moved: bool = False) -> list[ListedGame]:
        """The latest games, without tokens (``moved``: only those someone moved in)."""
        rows = await self.database.run(lambda store: store.listing(finished, moved=moved))
        return [views.listed(row) for row in rows]

    async def seats_of(self, game_id: str, actor: Actor) -> list[int]:
        """The seats ``actor`` holds in the game: a token's (``ForbiddenError`` if none), or an
        account's (none for a visitor)."""
        async with self.held(game_id) as live:
            snapshot = live.snapshot
            return turns.seats_held(snapshot, actor) if actor.token else snapshot.seats_of(actor)

    async def about(self, game_id: str, address: str = "") -> views.About:
        """What a shared link of the game's page shows: title, a line about it, version."""
        async with self.held(game_id, address) as live:
            return views.about(live.snapshot)

    # --- creating games -------------------------------------------------------------------

    async def create(self, request: NewGame, address: str) -> views.Created:
        """A new game (:class:`~trigames.web.requests.NewGame`), created by ``address``."""
        if not self.new_games.take(address):
            per_minute = self.settings.games_per_minute
            raise TooManyRequestsError(errors.games_a_minute(per_minute))
        moves = 0 if request.record is None else len(request.record.moves)
        if moves and not self.replays.take(address, moves):
            raise TooManyRequestsError(errors.MOVES_REPLAYED)
        game, state, defaults = await asyncio.to_thread(opening, request)  # a record replays
        choices = defaults if request.seats is None else request.seats
        clock = None if request.clock is None else request.clock.to_json()
        row, tokens = seated(game, choices, request.hotseat, clock)
        snapshot = start(row, state, self.clock())
        thinking = self.seats.thinking_for(address)
        if snapshot.computer_to_move and thinking >= self.settings.thinking_games:
            raise TooManyRequestsError(errors.computer_busy(thinking))
        live = await self.games.insert(snapshot, address)
        if live is None:
            raise ConflictError(errors.GAME_EXISTS)
        self._started(snapshot, live)
        view = views.with_now(live.shown.whole(live.snapshot), self.clock())
        return views.created(row, tokens, view)

    async def rematch(self, game_id: str, actor: Actor) -> views.Rematch:
        """The rematch of a finished game (see :mod:`~trigames.web.offers`): created by the
        first player who asks, found by the others."""
        async with self.held(game_id) as live:
            row = offers.rematch_row(live.snapshot, actor)
            snapshot = start(row, load_game(row.spec).new_initial_state(), self.clock())
            fresh = await self.games.insert(snapshot, live.owner)
            if fresh is not None:
                self._started(snapshot, fresh)

            def note(now: Snapshot) -> Snapshot | None:
                return None if now.row.rematch else offers.note_rematch(now, row.id, self.clock())

            await self.games.change(live, note)
        return {"id": row.id}

    # --- changing games -------------------------------------------------------------------

    async def _change(self, game_id: str, actor: Actor, decide: Decision) -> str:
        """Make a change; the answer: the change as the pages of ``actor`` see it (encoded)."""
        live, before, after = await self._made(game_id, decide)
        seats = after.seats_of(actor)
        mover = after.to_move is not None and after.to_move in seats
        return views.with_now(live.shown.change(before, after, mover), self.clock())

    async def _made(self, game_id: str, decide: Decision) -> tuple[LiveGame, Snapshot, Snapshot]:
        """Make a change: the game, and its snapshots before and after."""
        async with self.held(game_id) as live:
            before, after = await self.games.change(live, decide)
            return live, before, after

    async def play(self, game_id: str, actor: Actor, request: MoveRequest) -> str:
        return await self._change(game_id, actor, self._move(actor, request))

    def _move(self, actor: Actor, request: MoveRequest) -> Decision:
        return lambda s: turns.play(s, actor, request, self.clock())

    async def resign(self, game_id: str, actor: Actor) -> str:
        return await self._change(game_id, actor, lambda s: turns.resign(s, actor, self.clock()))

    async def undo(self, game_id: str, actor: Actor) -> str:
        return await self._change(game_id, actor, lambda s: offers.undo(s, actor, self.clock()))

    async def answer_undo(self, game_id: str, actor: Actor, accept: bool, ply: int) -> str:
        return await self._change(
            game_id, actor, lambda s: offers.answer_undo(s, actor, accept, ply, self.clock())
        )

    async def offer_draw(self, game_id: str, actor: Actor) -> str:
        return await self._change(
            game_id, actor, lambda s: offers.offer_draw(s, actor, self.clock())
        )

    async def answer_draw(self, game_id: str, actor: Actor, accept: bool, ply: int) -> str:
        return await self._change(
            game_id, actor, lambda s: offers.answer_draw(s, actor, accept, ply, self.clock())
        )

    async def join(self, game_id: str, actor: Actor, request: JoinRequest) -> views.Joined:
        """Take an open seat: the seat, and the token that holds it from now on."""
        holder: list[str] = []

        def decide(now: Snapshot) -> Snapshot:
            after, taken = turns.join(now, actor, request, self.clock())
            holder[:] = [taken]
            return after

        await self._change(game_id, actor, decide)
        return {"seat": request.seat, "token": holder[0]}

    async def claim(self, game_id: str, actor: Actor) -> str:
        """Keep the seats of the actor's token with its account (:func:`turns.claim`)."""
        return await self._change(game_id, actor, lambda s: turns.claim(s, actor, self.clock()))

    async def hint(self, game_id: str, actor: Actor, address: str) -> views.Hint:
        """The hint level's move for the seat to move, which ``actor`` must hold, and why."""
        async with self.held(game_id) as live:
            thought = await self.seats.hint(live, actor, address)
        return views.hint(thought.move, thought.why)

    # --- pictures -------------------------------------------------------------------------

    async def board(self, game_id: str, query: BoardQuery, address: str = "") -> str:
        """The board now, after ``query.ply`` moves, or a move's preview, as SVG."""
        async with self.held(game_id, address) as live:
            return pictures.board(live.snapshot, live.pictures, live.shown, query)

    async def choices(self, game_id: str, moves: list[str], version: int) -> ChoicePictures:
        """Pictures of legal ``moves`` now, for the page of ``version``."""
        async with self.held(game_id) as live:
            return pictures.choices(live.snapshot, moves, version)

    async def picture(self, game_id: str, address: str = "") -> bytes:
        """The board now as a PNG picture, for the links people share."""
        async with self.held(game_id, address) as live:
            svg = live.shown.drawing(live.snapshot).text()
            return await live.pictures.png(live.snapshot.version, svg, self.picture_slots)

    # --- pages watching -------------------------------------------------------------------

    async def watch(self, game_id: str, actor: Actor, address: str) -> tuple[LiveGame, Watcher]:
        """A page of ``address`` (of ``actor``: its seats, if any) watches the game: the whole
        view waits in its outbox, every change follows. 403 for a token that holds no seat,
        429 past the watchers an address or a game may have."""
        async with self.held(game_id, address, fresh=True) as live:
            seats = live.snapshot.seats_of(actor)
            if actor.token and not seats:
                raise ForbiddenError(errors.NO_SEAT)
            watcher = Watcher(address, seats)
            self.watchers.add(live.watchers, watcher)
            whole = self._whole_message(live, watcher)
            watcher.outbox.put(whole, lambda: self._whole_message(live, watcher))
            return live, watcher

    async def play_from_page(
        self, live: LiveGame, actor: Actor, watcher: Watcher, text: str
    ) -> None:
        """A move a page sent over its WebSocket
        (:func:`~trigames.web.requests.read_page_message`), for the seat its actor holds: the
        change reaches every page, this one too; a refusal reaches this page alone, as
        ``{"type": "error", "status", "error"}`` (a page need not make an HTTP request for
        each move)."""
        try:  # its pages hear of it: no answer to make
            await self._made(live.id, self._move(actor, read_page_message(text)))
        except ServiceError as error:
            refused = {"type": "error", "status": error.status, **errors.refusal(error)}
            watcher.outbox.put(json.dumps(refused), lambda: self._whole_message(live, watcher))

    def unwatch(self, live: LiveGame, watcher: Watcher) -> None:
        self.watchers.remove(live.watchers, watcher)
        self.games.settle(live)

    def _whole_message(self, live: LiveGame, watcher: Watcher) -> str:
        """``{"type": "view", "you": SEATS, "view": VIEW}``, the view encoded once per version."""
        view = views.with_now(live.shown.whole(live.snapshot), self.clock())
        return f'{{"type":"view","you":{json.dumps(watcher.seats)},"view":{view}}}'
