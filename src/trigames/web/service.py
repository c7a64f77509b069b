"""Games served to players over the network, independent of HTTP.

A :class:`GameService` creates games, checks every request (who may move, is the move legal),
keeps each game's position in memory and every change in the store
(:class:`~trigames.web.store.GameStore`) before it answers, plays the computer's moves in worker
threads, and tells watchers (the WebSocket connections) about every change.

Each human seat is bound to a secret token, returned once when the game is created; the store
keeps only its SHA-256 hash. In a hot-seat game one token holds every human seat. A seat
created ``open`` has no token yet: the first visitor to :meth:`GameService.join` it gets one.

Decisions:

- **Undo.** A token whose opponents are all computers (or hot-seat) takes back moves at
  once: the last move, then further ones until one of its seats is to move (a seat that has
  not moved yet has nothing to take back). Otherwise the undo
  is a request the other side accepts or declines; a move played meanwhile cancels it.
- **Memory.** A game stays in memory while a page watches it or a computer thinks in it; of
  the others, the :data:`~trigames.web.limits.IDLE_GAMES` used last stay too, and older ones
  are read back from the store when asked for (at start, only games with a computer to move
  are loaded).
- **Hints** share the two worker threads with the computer players' moves but use at most
  one of them at a time, with a short queue; a seat may ask for a few a minute (429 beyond,
  see :mod:`trigames.web.limits`).
- **Answers name what they answer.** Accepting or declining an undo request or a draw offer
  carries the ply it was made at (``"ply"``): a request cancelled by a move meanwhile is not
  answered by mistake.
- **Rematch.** Any player of a finished game may ask for its rematch: the same game and
  players, each seat moved on by one (with two players, the colours swap), every token
  holding its player's new seat. The first request creates it, later ones answer the same
  game, and the finished game's view names it (``rematch``) for every page.
- **Resign, draws.** A resignation is the engine's (``resign N`` in the move list): with two
  players the game ends, with more the seat leaves and the rest play on. A draw offer waits for
  every other human seat still in the game to accept it (a computer seat accepts at once when
  it does not think itself ahead, see :func:`trigames.ai.players.accepts_draw`, and otherwise
  declines it); a move cancels it. A game ended by a resignation, a draw or time cannot be
  taken back, and undo never takes back a resignation.
- **Clocks.** A game may be created with a clock: ``{"per_move": SECONDS}`` or, for
  correspondence play, ``{"days_per_move": DAYS}`` (bounds in :mod:`trigames.web.limits`).
  Each time the turn passes to a human seat, that seat has the whole limit to move (no time is
  carried over); computers are not timed. A seat that runs out of time loses as the rules say
  (``timeout N`` in the move list: with two players the other wins, with more the seat leaves).
  The deadline is stored with the game, so it survives a restart: the server arms a timer for
  it and also checks it whenever the game is read. An undo request or a draw offer waiting for
  an answer does not stop the clock; moves taken back give the seat then to move its whole
  limit again.
- **Several processes.** Processes sharing one store (PostgreSQL) each keep the games they
  serve in memory. Every change is written only if the stored game is still at the revision
  it was decided on; otherwise the game is read again and the request decided anew (so two
  moves for one seat at once give one success and one 409). A process hears the others'
  changes from the store (:meth:`GameService.listen`): games that pages watch are read again
  at once and the watchers told, the others when next asked for. A refusal (409, 422, 403)
  is given only after checking that the stored game is no newer than the one it was decided
  on. The computer's moves are made by the process that holds the game's lease
  (:mod:`trigames.web.leases`).
- **Imported records.** ``create`` also takes ``{"record": RECORD}`` in place of ``"game"``:
  the record is read and replayed as a record file is (every move and the result checked), and
  the game goes on from its last position with the seats given (by default the record's
  players).

Without a running event loop (as here) computer moves are played at once:

>>> from trigames.web.store import SQLiteStore
>>> service = GameService(SQLiteStore(":memory:"))
>>> created = service.create({"game": "triggle", "seats": [{"name": "Ann"}, {"kind": "random"}]})
>>> ann = created["seats"][0]["token"]
>>> view = service.play(created["id"], ann, "D1-D4")
>>> len(view["moves"]), view["to_move"]
(2, 0)
>>> service.play(created["id"], "forged", "A1-D1")
Traceback (most recent call last):
...
trigames.web.service.ForbiddenError: this token holds no seat in this game
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec, TypeVar

from trigames.ai.players import Player, accepts_draw
from trigames.ai.registry import (
    HINT_LEVEL,
    LEVEL_NAMES,
    SERVER_LIMITS,
    check_player_spec,
    hint_reason,
    make_player,
)
from trigames.core.endings import AgreedDraw, Ending, Timeout
from trigames.core.errors import PlayerSpecError, RecordError, TrigamesError
from trigames.core.limits import quote
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game
from trigames.records import VERSION as RECORD_VERSION
from trigames.records import GameRecord, Seat, upgrade_v1
from trigames.web.leases import Leases
from trigames.web.limits import (
    HINT_WINDOW,
    HINTS_AT_ONCE,
    HINTS_PER_WINDOW,
    HINTS_WAITING,
    IDLE_GAMES,
    MAX_CHOICE_PICTURES,
    MAX_DAYS_PER_MOVE,
    MAX_PER_MOVE,
    MAX_RECORD_MOVES,
    MIN_DAYS_PER_MOVE,
    MIN_PER_MOVE,
    PICTURES_AT_ONCE,
    check_name,
)
from trigames.web.picture import png_of
from trigames.web.store import GameRow, GameStore, StaleRowError, StoredSeat

HUMAN = "human"
#: The kind asked for at creation for a human seat left open: anyone may take it (``join``).
OPEN = "open"
LOG = logging.getLogger(__name__)


class ServiceError(Exception):
    """A request that cannot be carried out; nothing was changed. ``status`` is HTTP's."""

    status = 400


class BadRequestError(ServiceError):
    status = 400


class MissingTokenError(ServiceError):
    status = 401


class ForbiddenError(ServiceError):
    status = 403


class NotFoundError(ServiceError):
    status = 404


class ConflictError(ServiceError):
    """Not now: out of turn, game over, nothing to accept..."""

    status = 409


class StaleGameError(ConflictError):
    """Another process changed the game while this one decided: it was read again, and the
    request may be decided anew."""


class PayloadTooLargeError(ServiceError):
    """A request body over :data:`~trigames.web.limits.MAX_BODY`."""

    status = 413


class RejectedMoveError(ServiceError):
    """A move the notation or the rules reject (the engine's reason is the message)."""

    status = 422


class RejectedSettingError(ServiceError):
    """A computer seat whose settings are out of the server's ranges (the message names the
    setting and its range)."""

    status = 422


class TooManyRequestsError(ServiceError):
    """More hints than a seat may ask for, or than the server computes at once."""

    status = 429


def hash_token(token: str) -> str:
    """The SHA-256 hash (hex) under which a token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret token for a seat (144 random bits, URL-safe)."""
    return secrets.token_urlsafe(18)


def is_open(seat: StoredSeat) -> bool:
    """Whether ``seat`` is a human seat nobody has taken yet."""
    return seat.kind == HUMAN and not seat.token_hash


Watcher = Callable[[dict[str, Any]], None]
_P = ParamSpec("_P")
_R = TypeVar("_R")


def _fresh(
    method: Callable[Concatenate[GameService, str, _P], _R],
) -> Callable[Concatenate[GameService, str, _P], _R]:
    """Decide a request on the game as stored: when it is refused (or its write finds the
    game changed meanwhile) and the store holds a newer revision than the one in memory, the
    game is read again and the request decided anew (a few times at most)."""

    @functools.wraps(method)
    def deciding(self: GameService, game_id: str, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        for attempt in range(4):
            try:
                return method(self, game_id, *args, **kwargs)
            except StaleGameError:
                if attempt == 3:
                    raise
            except ServiceError:
                if attempt == 3 or not self.catch_up(game_id):
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    return deciding


@dataclass
class LiveGame:
    """A game in memory: its stored row and its engine state, kept in step."""

    row: GameRow
    game: AnyGame
    state: AnyState
    players: dict[int, Player] = field(default_factory=dict)
    thinking: asyncio.Task[None] | None = None
    watchers: list[Watcher] = field(default_factory=list)
    #: When each seat last asked for hints (monotonic seconds), for the rate limit.
    hints: dict[int, deque[float]] = field(default_factory=dict)
    #: The last PNG picture of the board, with the version it shows.
    picture: tuple[int, bytes] | None = None
    _view: tuple[int, dict[str, Any]] | None = None
    _view_json: tuple[int, str] | None = None
    #: The newest revision another process told of, when newer than the one in memory.
    behind: int = 0

    @property
    def version(self) -> int:
        """The stored revision: grows on every change, the same in every process; a computer
        move computed for an older version is dropped."""
        return self.row.rev

    @property
    def over(self) -> bool:
        return self.state.is_over()

    @property
    def computer_to_move(self) -> bool:
        return not self.over and self.is_computer(self.state.current_player)

    @property
    def busy(self) -> bool:
        """Whether a page watches the game or a computer thinks in it (it then stays in memory)."""
        return bool(self.watchers) or self.thinking is not None

    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and self.row.seats[seat].kind != HUMAN

    def seats_of(self, token: str) -> list[int]:
        digest = hash_token(token)
        return [
            number
            for number, seat in enumerate(self.row.seats)
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest)
        ]

    def record(self) -> GameRecord:
        row = self.row
        return GameRecord(
            spec=row.spec,
            players=[Seat(seat.name, seat.kind) for seat in row.seats],
            moves=list(row.moves),
            result=row.result,
            date=row.date,
        )


class GameService:
    """Every game of one store. Call its methods from one thread (the event loop's)."""

    def __init__(
        self,
        store: GameStore,
        executor: ThreadPoolExecutor | None = None,
        clock: Callable[[], float] = time.time,
        leases: Leases | None = None,
    ) -> None:
        self.store = store
        #: The computer's moves this process makes.
        self.leases = leases or Leases(store)
        self._tasks: list[asyncio.Task[None]] = []
        #: The time now, in seconds since the epoch (tests pass a clock of their own).
        self.clock = clock
        #: The timer armed for each game with a deadline.
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self.executor = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="ai")
        self.games: dict[str, LiveGame] = {}
        #: The games in memory that nobody watches and no computer thinks in, used last at the
        #: end; beyond :data:`IDLE_GAMES` the oldest leave memory.
        self._idle: OrderedDict[str, None] = OrderedDict()
        self._hint_slots = asyncio.Semaphore(HINTS_AT_ONCE)
        self._picture_slots = asyncio.Semaphore(PICTURES_AT_ONCE)
        self._hints_asked = 0  # hints being computed or waiting for a slot

    # --- life cycle -----------------------------------------------------------------------

    def resume(self) -> int:
        """Restart the computer's moves in unfinished games (the others stay in the store until
        asked for); how many unfinished games there are."""
        rows = self.store.unfinished()
        for row in rows:
            if all(seat.kind == HUMAN for seat in row.seats) and row.deadline is None:
                continue
            try:
                live = self._load(row)
            except TrigamesError:
                continue  # a game that no longer replays stays in the store, untouched
            self._check_clock(live)
            self._kick(live)
            self._settle(live)
        return len(rows)

    def start(self) -> None:
        """On the event loop: hear the other processes' changes, renew this process's leases
        and adopt the games whose computer waits for a process."""
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self.store.listen(self.changed_elsewhere)),
            loop.create_task(self.leases.keep(self._adopt)),
        ]

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for live in self.games.values():
            if live.thinking is not None:
                live.thinking.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        try:
            self.leases.release_all()  # the others need not wait for them to lapse
        except Exception:
            LOG.exception("giving the computer's leases back failed; they will lapse")

    def changed_elsewhere(self, game_id: str | None, rev: int) -> None:
        """Another process changed game ``game_id`` to revision ``rev`` (``None``: any game
        may have changed). A game in memory that pages watch or a computer thinks in is read
        again now (and its watchers told); another one when next asked for."""
        if game_id is None:
            found = list(self.games.values())
        else:
            live = self.games.get(game_id)
            found = [] if live is None or rev <= live.row.rev else [live]
        for live in found:
            live.behind = max(live.behind, rev, live.row.rev + 1 if game_id is None else 0)
            if live.busy:
                try:
                    self._refresh(live)
                except Exception:  # the store away for a moment: read it when next asked for
                    LOG.exception("reading game %s again failed", live.row.id)
                    live.behind = max(live.behind, live.row.rev + 1)

    def _adopt(self, game_id: str) -> None:
        """Think for a game whose computer waits for a process (its lease lapsed)."""
        try:
            live = self._get(game_id)
            if self.store.revision(game_id) != live.row.rev:
                self._refresh(live)
        except ServiceError:
            return
        self._kick(live)

    # --- requests -------------------------------------------------------------------------

    def create(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """A new game from ``{"game": SPEC, "seats": [{"kind", "name"}...], "hotseat": bool,
        "clock": {"per_move": SECONDS} or {"days_per_move": DAYS}}``; with ``"record"`` (a
        game record's JSON object) in place of ``"game"``, the record's game goes on: its
        moves are played already, and its players sit in the seats unless ``seats`` says
        otherwise.

        A seat's kind is ``human``, ``open`` (a human seat for whoever joins first), or a
        computer player. Returns the id, the view, and each seat with its token (``null`` for
        computers and open seats).
        """
        clock = self._read_clock(request.get("clock"))
        if "record" in request:
            if "game" in request:
                raise BadRequestError("give 'game' (a new game) or 'record' (one to continue)")
            game, state, players = self._read_record(request["record"])
            default_seats = [{"name": p.name, "kind": p.kind or HUMAN} for p in players]
        else:
            spec = request.get("game")
            if not isinstance(spec, str):
                raise BadRequestError("'game' must be a spec string such as 'triggle'")
            try:
                game = load_game(spec)
            except TrigamesError as error:
                raise BadRequestError(str(error)) from None
            state = game.new_initial_state()
            default_seats = [{} for _ in range(game.num_players)]
        seats_in = request.get("seats", default_seats)
        if not isinstance(seats_in, list) or not all(isinstance(s, dict) for s in seats_in):
            raise BadRequestError('\'seats\' must be a list of {"kind": ..., "name": ...}')
        if len(seats_in) != game.num_players:
            raise BadRequestError(f"{game.spec} has {game.num_players} seats, not {len(seats_in)}")
        hotseat = request.get("hotseat", False)
        if not isinstance(hotseat, bool):
            raise BadRequestError("'hotseat' must be true or false")
        shared = new_token()
        tokens: list[str | None] = []
        seats: list[StoredSeat] = []
        for number, seat in enumerate(seats_in):
            kind, name = seat.get("kind", HUMAN), seat.get("name")
            if not isinstance(kind, str) or (name is not None and not isinstance(name, str)):
                raise BadRequestError(f"seat {number}: 'kind' and 'name' must be strings")
            lowered = kind.strip().lower()
            kind = lowered if lowered in (*LEVEL_NAMES, OPEN) else kind.strip()
            left_open = kind == OPEN
            if left_open:
                kind = HUMAN
            if kind != HUMAN:
                try:
                    check_player_spec(kind, game, limits=SERVER_LIMITS)
                except PlayerSpecError as error:
                    raise RejectedSettingError(f"seat {number}: {error}") from None
            try:
                name = check_name(name or "")
            except ValueError as error:
                raise BadRequestError(f"seat {number}: {error}") from None
            colour = game.player_name(number)
            name = name or (colour if kind == HUMAN else f"Computer: {kind}")
            token = None if kind != HUMAN or left_open else shared if hotseat else new_token()
            tokens.append(token)
            seats.append(StoredSeat(name, kind, "" if token is None else hash_token(token)))
        row = GameRow(secrets.token_hex(6), str(game.spec), seats, clock=clock)
        row.moves = [str(m) for m in state.history]
        live = LiveGame(row, game, state)
        row.deadline = self._turn_deadline(live)
        row.computer_turn = live.computer_to_move
        if not self.store.insert(row):
            raise ConflictError("a game with this id exists already: create it again")
        self.games[row.id] = live
        self._arm(live)
        self._kick(live)
        self._settle(live)
        return self._created(live, tokens)

    def _created(self, live: LiveGame, tokens: list[str | None]) -> dict[str, Any]:
        """The answer to a creation: the id, each seat with its token, and the view."""
        return {
            "id": live.row.id,
            "seats": [
                {"seat": n, "name": s.name, "kind": s.kind, "open": is_open(s), "token": t}
                for n, (s, t) in enumerate(zip(live.row.seats, tokens, strict=True))
            ],
            "view": self.view(live.row.id),
        }

    @_fresh
    def join(self, game_id: str, token: str | None, seat: Any, name: Any = None) -> dict[str, Any]:
        """Take the open seat ``seat`` under ``name``: ``{"seat", "token", "view"}``.

        A token that already holds a seat of the game holds this one too (one page plays
        both); otherwise the answer carries a new token, the seat's from now on.
        """
        live = self._get(game_id)
        self._check_open(live)
        seats = live.row.seats
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise BadRequestError(f"'seat' must be a seat number from 0 to {len(seats) - 1}")
        if not is_open(seats[seat]):
            raise ConflictError(f"seat {seat} is not open: {seats[seat].name} plays it")
        if name is not None and not isinstance(name, str):
            raise BadRequestError("'name' must be a string")
        try:
            name = check_name(name or "") or live.game.player_name(seat)
        except ValueError as error:
            raise BadRequestError(str(error)) from None
        held = bool(token) and bool(live.seats_of(token or ""))
        token = token if held and token else new_token()
        seats[seat] = StoredSeat(name, HUMAN, hash_token(token))
        if live.state.current_player == seat:
            live.row.deadline = self._turn_deadline(live)  # its clock starts now
        self._commit(live)
        self._arm(live)
        return {"seat": seat, "token": token, "view": self.view(game_id)}

    @_fresh
    def rematch(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The rematch of a finished game, created by the first player who asks:
        ``{"id", "view"}``. Each player keeps their token, which holds their new seat."""
        live = self._get(game_id)
        self._seats(live, token)
        if not live.over:
            raise ConflictError("the game is not over yet: a rematch follows a finished game")
        if live.row.rematch is not None:
            return {"id": live.row.rematch, "view": self.view(live.row.rematch)}
        old = live.row.seats
        count = len(old)
        seats = []
        for number in range(count):
            before = old[(number - 1) % count]
            name = before.name
            if name == live.game.player_name((number - 1) % count):
                name = live.game.player_name(number)  # a colour for a name follows the seat
            seats.append(StoredSeat(name, before.kind, before.token_hash))
        # The rematch's id follows from the game's: two processes asked at once create one.
        rematch_id = hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:12]
        row = GameRow(rematch_id, live.row.spec, seats, clock=live.row.clock)
        fresh = LiveGame(row, live.game, live.game.new_initial_state())
        row.deadline = self._turn_deadline(fresh)
        row.computer_turn = fresh.computer_to_move
        if self.store.insert(row):
            self.games[row.id] = fresh
            self._arm(fresh)
        live.row.rematch = row.id
        self._commit(live)
        self._kick(self._get(row.id))
        self._settle(self._get(row.id))
        return {"id": row.id, "view": self.view(row.id)}

    def view(self, game_id: str) -> dict[str, Any]:
        """What a page shows: position, moves, legal moves, turn, scores, result, SVG, the
        clock (its limit, the deadline of the seat to move and the server's time ``now``, all
        in seconds since the epoch, so that a page counts down without trusting its own clock).
        """
        return {**self._view(self._get(game_id)), "now": round(self.clock(), 3)}

    def _view(self, live: LiveGame) -> dict[str, Any]:
        """The view without ``now``, made once per version."""
        if live._view is not None and live._view[0] == live.version:
            return live._view[1]
        game, state, row = live.game, live.state, live.row
        to_move = None if live.over else state.current_player
        outcome = state.outcome()
        legal = [] if to_move is None else state.legal_moves()
        view = {
            "id": row.id,
            "game": row.spec,
            "title": game.title,
            "seats": [
                {
                    "seat": n,
                    "name": s.name,
                    "kind": s.kind,
                    "color": game.player_name(n),
                    "swatch": game.seat_colours[n],
                    "open": is_open(s),
                }
                for n, s in enumerate(row.seats)
            ],
            "moves": list(row.moves),
            "movers": list(state.movers),
            "ply": len(row.moves),
            "to_move": to_move,
            "legal_moves": [str(m) for m in legal],
            "input_steps": [game.input_steps(state, m) for m in legal],
            "guide": None if to_move is None else game.input_guide(state),
            "scores": list(state.scores()),
            "status": game.status(state),
            "last_move": game.describe_last(state) if state.history else None,
            "outcome": None if outcome is None else outcome.to_json(),
            "highlights": [] if outcome is None else game.result_places(state),
            "over": live.over,
            "thinking": live.computer_to_move,
            "undo_request": row.undo_request,
            "draw_offer": row.draw_offer,
            "rematch": row.rematch,
            "clock": row.clock,
            "deadline": row.deadline,
            "in_game": list(state.seats_in_game()),
            "svg": game.render_svg(state),
            "date": row.date,
            "updated": row.updated,
            "version": live.version,
        }
        live._view = (live.version, view)
        return view

    def view_json(self, game_id: str) -> str:
        """The view as compact JSON text, encoded once per version for every answer and
        watcher (a view is tens of kilobytes, mostly SVG)."""
        live = self._get(game_id)
        if live._view_json is None or live._view_json[0] != live.version:
            text = json.dumps(self._view(live), ensure_ascii=False, separators=(",", ":"))
            live._view_json = (live.version, text)
        return f'{live._view_json[1][:-1]},"now":{round(self.clock(), 3)}}}'

    # --- clocks and imported records --------------------------------------------------------

    @staticmethod
    def _read_clock(value: Any) -> dict[str, int] | None:
        """A clock asked for at creation, checked against its bounds."""
        if value is None:
            return None
        bounds = {
            "per_move": (MIN_PER_MOVE, MAX_PER_MOVE, "seconds"),
            "days_per_move": (MIN_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE, "days"),
        }
        shape = (
            f"'clock' must be {{\"per_move\": SECONDS}} ({MIN_PER_MOVE} to {MAX_PER_MOVE}) or "
            f'{{"days_per_move": DAYS}} ({MIN_DAYS_PER_MOVE} to {MAX_DAYS_PER_MOVE}), or null'
        )
        if not isinstance(value, dict) or len(value) != 1:
            raise BadRequestError(shape)
        ((key, amount),) = value.items()
        if key not in bounds or not isinstance(amount, int) or isinstance(amount, bool):
            raise BadRequestError(shape)
        low, high, unit = bounds[key]
        if not low <= amount <= high:
            raise BadRequestError(f"'clock': {key} must be {low} to {high} {unit}, not {amount}")
        return {key: amount}

    @staticmethod
    def _read_record(value: Any) -> tuple[AnyGame, AnyState, list[Seat]]:
        """The game, last position and players of a record to continue (``BadRequestError``
        says what is wrong with it)."""
        if not isinstance(value, dict):
            raise BadRequestError(
                "'record' must be a game record: the JSON object a saved game holds"
            )
        try:
            record = GameRecord.from_json(value)
            if len(record.moves) > MAX_RECORD_MOVES:
                raise RecordError(f"a record to go on with has at most {MAX_RECORD_MOVES} moves")
            state = record.replay()
        except TrigamesError as error:
            raise BadRequestError(f"the record cannot be continued: {error}") from None
        if state.is_over():
            outcome = state.outcome()
            reason = f" ({outcome.reason})" if outcome is not None else ""
            raise BadRequestError(
                f"the record's game is over{reason}: there is nothing to continue"
            )
        return load_game(record.spec), state, record.players

    def _turn_deadline(self, live: LiveGame) -> float | None:
        """When the seat now to move runs out of time, if it is timed."""
        clock = live.row.clock
        seat = None if live.over else live.state.current_player
        if clock is None or seat is None or live.is_computer(seat) or is_open(live.row.seats[seat]):
            return None  # computers are not timed, nor a seat nobody has taken yet
        seconds = clock.get("per_move") or clock.get("days_per_move", 1) * 86_400
        return round(self.clock() + seconds, 3)

    def _arm(self, live: LiveGame) -> None:
        """(Re)arm the game's timer for its deadline (none without an event loop: the deadline
        is then checked whenever the game is read)."""
        game_id = live.row.id
        timer = self._timers.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        if live.row.deadline is None or live.over:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        delay = max(0.0, live.row.deadline - self.clock())
        self._timers[game_id] = loop.call_later(delay, self._expire, game_id)

    def _expire(self, game_id: str) -> None:
        """A game's timer rang: read the game, which checks its clock."""
        self._timers.pop(game_id, None)
        try:
            self._get(game_id)
        except ServiceError:
            return

    def _check_clock(self, live: LiveGame) -> None:
        """If the seat to move is past its deadline, it runs out of time (``timeout N``)."""
        deadline = live.row.deadline
        if deadline is None or live.over:
            return
        if self.clock() < deadline:
            if live.row.id not in self._timers:
                self._arm(live)
            return
        seat = live.state.current_player
        assert seat is not None
        live.state.play(Timeout(seat))
        live.row.undo_request = live.row.draw_offer = None
        try:
            self._commit(live, undo_moves=1)
        except StaleGameError:  # another process changed the game: look at it again
            self._check_clock(live)
            return
        self._kick(live)

    @_fresh
    def play(self, game_id: str, token: str | None, move: Any, ply: Any = None) -> dict[str, Any]:
        """Play ``move`` (notation) for the seat to move, which ``token`` must hold."""
        live = self._get(game_id)
        seats = self._seats(live, token)
        if not isinstance(move, str):
            raise BadRequestError("'move' must be a string in the game's notation")
        if ply is not None:
            self._check_ply(live, ply)
        self._check_open(live)
        mover = live.state.current_player
        if mover not in seats:
            raise ConflictError(f"it is not your turn: {self._seat_label(live, mover)} is to move")
        try:
            played = live.state.parse(move)
            if isinstance(played, Ending):
                raise RejectedMoveError(
                    f"{move!r} is not a move: resign, offer a draw or take back through their "
                    "own requests"
                )
            live.state.play(played)
        except TrigamesError as error:
            raise RejectedMoveError(str(error)) from None
        live.row.undo_request = live.row.draw_offer = None
        self._commit(live, undo_moves=1)
        self._kick(live)
        return self.view(game_id)

    @_fresh
    def undo(self, game_id: str, token: str | None) -> dict[str, Any]:
        """Take back moves at once against computers and in hot-seat; else ask the other side."""
        live = self._get(game_id)
        seats = self._seats(live, token)
        if live.state.ending is not None:
            raise ConflictError(f"the game is over: {live.state.ending.reason}")
        if not live.row.moves or isinstance(live.state.history[-1], Ending):
            raise ConflictError("there is no move to take back")
        if not self._has_moved(live.state, seats):
            raise ConflictError("you have not moved yet: there is no move of yours to take back")
        others = [
            n for n, s in enumerate(live.row.seats) if s.kind == HUMAN and n not in seats
        ]  # fmt: skip
        if not others:
            self._take_back(live, seats)
        elif live.row.undo_request is not None:
            raise ConflictError("an undo request is already waiting for an answer")
        else:
            live.row.undo_request = seats[0]
            self._commit(live)
        return self.view(game_id)

    @_fresh
    def answer_undo(
        self, game_id: str, token: str | None, accept: bool, ply: Any
    ) -> dict[str, Any]:
        """Accept or decline the other side's undo request, made at ``ply``."""
        live = self._get(game_id)
        seats = self._seats(live, token)
        self._check_ply(live, ply)
        asker = live.row.undo_request
        if asker is None:
            raise ConflictError("no undo request is waiting")
        if asker in seats:
            raise ConflictError("the other side must answer your undo request")
        live.row.undo_request = None
        if accept:
            self._take_back(live, [asker])
        else:
            self._commit(live)
        return self.view(game_id)

    @_fresh
    def resign(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The token's seat resigns (the one to move, if it holds several and one is to move).

        With two players the game ends; with more, the seat leaves and the rest play on.
        """
        live = self._get(game_id)
        playing = self._seats_in_game(live, token)
        state = live.state
        mover = state.current_player
        state.resign(mover if mover in playing else playing[0])
        live.row.undo_request = live.row.draw_offer = None
        # another seat leaving does not give the seat to move more time
        self._commit(live, undo_moves=1, keep_clock=state.current_player == mover)
        self._kick(live)
        return self.view(game_id)

    @_fresh
    def offer_draw(self, game_id: str, token: str | None) -> dict[str, Any]:
        """Offer a draw to the other seats still in the game; computer seats answer at once
        (``ConflictError`` if one declines), humans through :meth:`answer_draw`."""
        live = self._get(game_id)
        offering = self._seats_in_game(live, token)
        state = live.state
        if live.row.draw_offer is not None:
            raise ConflictError("a draw offer is already waiting for an answer")
        for seat in state.seats_in_game():
            if live.is_computer(seat) and not accepts_draw(state, seat):
                raise ConflictError(f"{self._seat_label(live, seat)} declines the draw")
        live.row.draw_offer = offering
        self._settle_draw(live)
        return self.view(game_id)

    @_fresh
    def answer_draw(
        self, game_id: str, token: str | None, accept: bool, ply: Any
    ) -> dict[str, Any]:
        """Accept or decline the draw another seat offered at ``ply``."""
        live = self._get(game_id)
        seats = self._seats(live, token)
        self._check_ply(live, ply)
        offer = live.row.draw_offer
        if offer is None:
            raise ConflictError("no draw offer is waiting")
        answering = [s for s in seats if s not in offer and s in live.state.seats_in_game()]
        if not answering:
            raise ConflictError("the draw offer waits for the other players' answer")
        if accept:
            live.row.draw_offer = [*offer, *answering]
            self._settle_draw(live)
        else:
            live.row.draw_offer = None
            self._commit(live)
        return self.view(game_id)

    def _settle_draw(self, live: LiveGame) -> None:
        """Store the offer, or end the game once every human seat in the game agreed."""
        offer = live.row.draw_offer
        assert offer is not None
        waiting = [
            s for s in live.state.seats_in_game() if not live.is_computer(s) and s not in offer
        ]
        if not waiting:
            live.state.play(AgreedDraw())
            live.row.draw_offer = live.row.undo_request = None
            self._commit(live, undo_moves=1)
        else:
            self._commit(live)

    async def hint(self, game_id: str, token: str | None) -> dict[str, str]:
        """The hint level's move (``HINT_LEVEL``, within 2 seconds) for the seat to move, which
        ``token`` must hold.

        ``TooManyRequestsError`` when the seat asked for too many lately, or when too many
        hints wait already (see :mod:`trigames.web.limits`)."""
        live = self._get(game_id)
        seats = self._seats(live, token)
        self._check_open(live)
        seat = live.state.current_player
        if seat not in seats:
            raise ConflictError("hints are for the player to move")
        asked = live.hints.setdefault(seat, deque())
        now = time.monotonic()
        while asked and asked[0] < now - HINT_WINDOW:
            asked.popleft()
        if len(asked) >= HINTS_PER_WINDOW:
            raise TooManyRequestsError(
                f"a seat may ask for {HINTS_PER_WINDOW} hints a minute: ask again a little later"
            )
        if self._hints_asked >= HINTS_AT_ONCE + HINTS_WAITING:
            raise TooManyRequestsError("the server is busy with other hints: ask again soon")
        asked.append(now)
        snapshot = live.state.clone()
        adviser = make_player(HINT_LEVEL, None, live.game)
        loop = asyncio.get_running_loop()
        self._hints_asked += 1
        try:
            async with self._hint_slots:
                move = await loop.run_in_executor(self.executor, adviser.choose, snapshot)
                why = await loop.run_in_executor(
                    self.executor, hint_reason, live.game, snapshot, move, adviser.last_info
                )
        finally:
            self._hints_asked -= 1
        return {"move": str(move), "why": why}

    async def picture(self, game_id: str) -> bytes:
        """The board now as a PNG picture (for shared links), made in a worker thread, a few
        at a time, and kept until the game changes."""
        live = self._get(game_id)
        if live.picture is None or live.picture[0] != live.version:
            version, svg = live.version, live.game.render_svg(live.state)
            loop = asyncio.get_running_loop()
            async with self._picture_slots:
                png = await loop.run_in_executor(None, png_of, svg)
            live.picture = (version, png)
        return live.picture[1]

    def record(self, game_id: str) -> dict[str, Any]:
        """The game as a record (:class:`~trigames.records.GameRecord` JSON)."""
        return self._get(game_id).record().to_json()

    def svg(
        self, game_id: str, ply: int | None = None, labels: bool = True, after: str | None = None
    ) -> str:
        """The board after ``ply`` moves (by default, now), as SVG; with ``after``, the board
        the legal move ``after`` would make now (a preview, nothing is played), where ``ply``
        is the number of moves played when the preview was asked for: a page that asks late,
        after the game moved on, gets a ``ConflictError`` (409), not a refused move."""
        live = self._get(game_id)
        if after is not None:
            if ply is not None and ply != len(live.row.moves):
                raise ConflictError(f"the game has moved on: it is at ply {len(live.row.moves)}")
            if live.over:
                raise ConflictError("the game is over: there is no move to preview")
            preview = live.state.clone()
            try:
                preview.play(after)
            except TrigamesError as error:
                raise RejectedMoveError(str(error)) from None
            return live.game.render_svg(preview, labels=labels)
        if ply is None or ply == len(live.row.moves):
            return live.game.render_svg(live.state, labels=labels)
        if not 0 <= ply <= len(live.row.moves):
            raise BadRequestError(f"ply must be between 0 and {len(live.row.moves)}")
        state = live.game.new_initial_state()
        for move in live.row.moves[:ply]:
            state.play(move)
        return live.game.render_svg(state, labels=labels)

    def choice_pictures(self, game_id: str, moves: list[str], version: int) -> dict[str, Any]:
        """Pictures of legal ``moves`` now (:meth:`Game.choice_pictures`), by move, for the
        page of ``version`` of the game: a ghost to lay over the board and its box. At most
        :data:`~trigames.web.limits.MAX_CHOICE_PICTURES` moves; 409 when the game has moved on
        (or is over), 400 for a move that is not legal."""
        live = self._get(game_id)
        if len(moves) > MAX_CHOICE_PICTURES:
            raise BadRequestError(f"at most {MAX_CHOICE_PICTURES} moves a request")
        if version != live.version or live.over:
            raise ConflictError("the game has moved on: these choices are no longer open")
        legal = {str(m): m for m in live.state.legal_moves()}
        chosen = []
        for text in moves:
            if text not in legal:
                raise BadRequestError(f"{text[:40]!r} is not a legal move now")
            chosen.append(legal[text])
        pictures = live.game.choice_pictures(live.state, chosen)
        return {
            "version": live.version,
            "pictures": {str(move): picture.to_json() for move, picture in pictures.items()},
        }

    def listing(self, finished: bool | None = None) -> list[dict[str, Any]]:
        """The latest games, without tokens: for a lobby and for replays. A stored game that
        cannot be read is left out (and logged), never breaking the list."""
        return [
            {
                "id": row.id,
                "game": row.spec,
                "players": [{"name": s.name, "kind": s.kind} for s in row.seats],
                "ply": len(row.moves),
                "result": None if row.result is None else row.result.to_json(),
                "date": row.date,
                "updated": row.updated,
            }
            for row in self.store.listing(finished)
        ]

    def watch(self, game_id: str, watcher: Watcher) -> Callable[[], None]:
        """Call ``watcher(view)`` after every change to the game; returns the unsubscribe."""
        live = self._get(game_id)
        live.watchers.append(watcher)
        self._settle(live)

        def unsubscribe() -> None:
            if watcher in live.watchers:
                live.watchers.remove(watcher)
            self._settle(live)

        return unsubscribe

    def seats_of(self, game_id: str, token: str) -> list[int]:
        """The seats ``token`` holds in the game (``ForbiddenError`` if none)."""
        return self._seats(self._get(game_id), token)

    # --- inside ---------------------------------------------------------------------------

    def _get(self, game_id: str) -> LiveGame:
        live = self.games.get(game_id)
        if live is None:
            row = self.store.get(game_id)
            if row is None:
                raise NotFoundError(f"there is no game {quote(game_id)}")
            try:
                live = self._load(row)
            except TrigamesError as error:
                raise ConflictError(f"game {quote(game_id)} does not replay: {error}") from None
        elif live.behind > live.row.rev:
            self._refresh(live)
        self._check_clock(live)
        self._settle(live)
        return live

    def _settle(self, live: LiveGame) -> None:
        """Note that ``live`` was used now: a busy game stays in memory, an idle one joins the
        idle games, of which the ones used longest ago leave memory beyond
        :data:`IDLE_GAMES`."""
        game_id = live.row.id
        if live.busy:
            self._idle.pop(game_id, None)
        else:
            self._idle[game_id] = None
            self._idle.move_to_end(game_id)
        while len(self._idle) > IDLE_GAMES:
            oldest, _ = self._idle.popitem(last=False)
            dropped = self.games.get(oldest)
            if dropped is not None and not dropped.busy:
                del self.games[oldest]

    def _load(self, row: GameRow) -> LiveGame:
        row, state = self._replay(row)
        live = LiveGame(row, load_game(row.spec), state)
        self.games[row.id] = live
        return live

    def _replay(self, row: GameRow) -> tuple[GameRow, AnyState]:
        """A stored game and its position (converting a game stored by trigames 0.1, which
        may give the row as another process converted it)."""
        if row.notation == 1:  # stored by trigames 0.1: convert as records of version 1 are
            row.moves, row.result = upgrade_v1(row.spec, row.moves, row.result)
            row.notation = RECORD_VERSION
            try:
                self.store.update(row)
            except StaleRowError:  # another process converted it first
                stored = self.store.get(row.id)
                if stored is not None:
                    return self._replay(stored)
        seats = [Seat(s.name, s.kind) for s in row.seats]
        return row, GameRecord(row.spec, seats, list(row.moves), row.result).replay()

    def catch_up(self, game_id: str) -> bool:
        """Read the game again if the store has a newer revision than memory (another process
        changed it and this one has not heard yet); whether it had."""
        live = self.games.get(game_id)
        if live is None or self.store.revision(game_id) in (None, live.row.rev):
            return False
        self._refresh(live)
        return True

    def _refresh(self, live: LiveGame) -> None:
        """Bring the game in memory up to the stored one (changed by another process), and
        tell its watchers. The moves added since are played on; otherwise it is replayed."""
        live.behind = 0
        row = self.store.get(live.row.id)
        if row is None or row.rev == live.row.rev:
            return
        known = live.row.moves
        try:
            if row.notation == RECORD_VERSION and row.moves[: len(known)] == known:
                for move in row.moves[len(known) :]:
                    live.state.play(move)
            else:
                row, live.state = self._replay(row)
        except TrigamesError:
            LOG.exception("game %s as stored no longer replays; it leaves memory", row.id)
            self.games.pop(row.id, None)
            self._idle.pop(row.id, None)
            return
        live.row = row
        self._arm(live)
        self._notify(live)

    @staticmethod
    def _seats(live: LiveGame, token: str | None) -> list[int]:
        if not token:
            raise MissingTokenError("this needs the token of a seat (from the seat's link)")
        seats = live.seats_of(token)
        if not seats:
            raise ForbiddenError("this token holds no seat in this game")
        return seats

    def _seats_in_game(self, live: LiveGame, token: str | None) -> list[int]:
        """The seats ``token`` holds that are still in the game, which must not be over."""
        seats = self._seats(live, token)
        self._check_open(live)
        playing = [seat for seat in seats if seat not in live.state.withdrawn]
        if not playing:
            raise ConflictError("you have already left this game")
        return playing

    @staticmethod
    def _has_moved(state: AnyState, seats: list[int]) -> bool:
        """Whether one of ``seats`` made a move still on the board, since the last ending."""
        scratch = state.clone()
        while scratch.history and not isinstance(scratch.history[-1], Ending):
            scratch.undo()
            if scratch.current_player in seats:
                return True
        return False

    @staticmethod
    def _check_ply(live: LiveGame, ply: Any) -> None:
        """``ply`` must be the number of moves played, a whole number (``true`` is not)."""
        if not isinstance(ply, int) or isinstance(ply, bool):
            raise BadRequestError("'ply' must be a whole number: the moves played so far")
        if ply != len(live.row.moves):
            at = len(live.row.moves)
            raise ConflictError(f"the game has moved on: it is at ply {at}, not {ply}")

    @staticmethod
    def _check_open(live: LiveGame) -> None:
        if live.over:
            outcome = live.state.outcome()
            raise ConflictError(f"the game is over{': ' + outcome.reason if outcome else ''}")

    def _seat_label(self, live: LiveGame, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return f"{live.game.player_name(seat)} (seat {seat}, {live.row.seats[seat].name})"

    def _take_back(self, live: LiveGame, seats: list[int]) -> None:
        """Undo the last move, then more until one of ``seats`` is to move."""
        state = live.state
        taken = 0
        while (
            state.history
            and not isinstance(state.history[-1], Ending)
            and (taken == 0 or state.current_player not in seats)
        ):
            state.undo()
            taken += 1
        live.row.undo_request = live.row.draw_offer = None
        live.row.result = state.outcome()
        live.row.moves = [str(m) for m in state.history]
        live.row.deadline = self._turn_deadline(live)
        self._write(live)
        self._arm(live)
        self._notify(live)
        self._kick(live)

    def _commit(self, live: LiveGame, undo_moves: int = 0, keep_clock: bool = False) -> None:
        """Store the game after a change (taking back ``undo_moves`` moves if that fails).

        After a move (``undo_moves``), the seat now to move has its whole time, unless
        ``keep_clock`` (the same seat is still to move)."""
        live.row.moves = [str(m) for m in live.state.history]
        live.row.result = live.state.outcome()
        if live.over or (undo_moves and not keep_clock):
            live.row.deadline = self._turn_deadline(live)
        try:
            self._write(live)
        except StaleGameError:
            raise
        except Exception:
            for _ in range(undo_moves):
                live.state.undo()
            stored = self.store.get(live.row.id)
            if stored is not None:
                live.row = stored
            raise
        if undo_moves or live.over:
            self._arm(live)
        self._notify(live)

    def _write(self, live: LiveGame) -> None:
        """Store the game's row, if no other process changed it since it was read; else read
        it again (the watchers are told) and raise ``StaleGameError``."""
        live.row.computer_turn = live.computer_to_move
        try:
            self.store.update(live.row)
        except StaleRowError:  # the moves in memory still match its state: _refresh works
            self._refresh(live)
            raise StaleGameError("the game changed meanwhile: look again") from None

    def _notify(self, live: LiveGame) -> None:
        view = {**self._view(live), "now": round(self.clock(), 3)}
        for watcher in list(live.watchers):
            watcher(view)

    def _player(self, live: LiveGame, seat: int) -> Player:
        if seat not in live.players:
            kind = live.row.seats[seat].kind
            try:
                live.players[seat] = make_player(kind, None, live.game, limits=SERVER_LIMITS)
            except PlayerSpecError:  # stored before the server had its ranges
                LOG.warning("seat %s of game %s: %s is out of range; it plays as medium",
                            seat, live.row.id, quote(kind))  # fmt: skip
                live.players[seat] = make_player("medium", None, live.game, limits=SERVER_LIMITS)
        return live.players[seat]

    def _kick(self, live: LiveGame) -> None:
        """Start the computer's moves if a computer is to move and no other process thinks
        for it (this process then holds the game's lease)."""
        if not live.computer_to_move:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (scripts, doctests): play at once
            while live.computer_to_move:
                seat = live.state.current_player
                assert seat is not None
                live.state.play(self._player(live, seat).choose(live.state.clone()))
                self._commit(live, undo_moves=1)
            return
        if live.thinking is None and self.leases.claim(live.row.id):
            live.thinking = loop.create_task(self._computer_moves(live))

    async def _computer_moves(self, live: LiveGame) -> None:
        loop = asyncio.get_running_loop()
        try:
            # the lease is extended before each move: one taken over (this process froze
            # past it) stops this one
            while live.computer_to_move and self.leases.claim(live.row.id):
                seat = live.state.current_player
                assert seat is not None
                version = live.version
                player = self._player(live, seat)
                try:
                    move = await loop.run_in_executor(
                        self.executor, player.choose, live.state.clone()
                    )
                except Exception:  # a player that fails must not stall the game
                    LOG.exception("the computer in seat %s of game %s failed", seat, live.row.id)
                    move = random.choice(live.state.legal_moves())
                if live.version != version:
                    continue  # someone undid or resigned meanwhile: look again
                live.state.play(move)
                live.row.undo_request = live.row.draw_offer = None
                try:
                    self._commit(live, undo_moves=1)
                except StaleGameError:
                    continue  # another process changed the game: look again
        finally:
            if live.thinking is asyncio.current_task():
                live.thinking = None
            self.leases.release(live.row.id)
            self._settle(live)
