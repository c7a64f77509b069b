"""A game at one revision: its stored row and its position, never changed once made.

Every change to a game is decided on a snapshot and makes a new one (:func:`advance`), which is
written to the store and only then becomes the game in memory: a failed write leaves the old
snapshot, and everything shown of it, as it was. Nothing may change a snapshot's row or state
in place: a decision clones the state and copies the row (with new lists).

Each human seat is bound to a secret token; the store keeps only its SHA-256 hash. A seat may
also belong to an account, whose session then acts for it as the token does: who asks is an
:class:`Actor`.

>>> from trigames import load_game
>>> from trigames.web.rows import GameRow, StoredSeat
>>> row = GameRow("g", "triggle", [StoredSeat("Ann", "human", hash_token("t")), StoredSeat("B")])
>>> first = start(row, load_game("triggle").new_initial_state(), now=0.0)
>>> first.seats_of(Actor("t")), first.to_move
([0], 0)
>>> state = first.state.clone(); state.play("D1-D4")
>>> second = advance(first, state, now=0.0)
>>> second.row.moves, first.row.moves  # the first snapshot is as it was
(['D1-D4'], [])
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trigames.ai.registry import SERVER_LIMITS, check_player_spec
from trigames.core.errors import PlayerSpecError, TrigamesError
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game
from trigames.records import GameRecord, Seat
from trigames.web.account_store import AccountRow
from trigames.web.clocks import HUMAN, turn_deadline
from trigames.web.errors import BadRequestError, RejectedSettingError, words_of
from trigames.web.requests import NewGame, SeatChoice, not_continued, seat_kind
from trigames.web.rows import GameRow, StoredSeat


@functools.lru_cache(maxsize=4096)
def hash_token(token: str) -> str:
    """The SHA-256 hash (hex) under which a token is stored (the latest kept: a page sends
    its token with every move)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret token for a seat (144 random bits, URL-safe)."""
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class Actor:
    """Who asks: the holder of a seat's token (from the seat's link), a logged-in account, both
    (a link game's page opened while logged in), or nobody (a visitor).

    >>> bool(Actor()), bool(Actor("t")), Actor("t")
    (False, True, Actor(token=<hidden>, account=None))
    """

    token: str | None = None
    account: AccountRow | None = None

    def __bool__(self) -> bool:
        return bool(self.token) or self.account is not None

    def __repr__(self) -> str:
        token = None if self.token is None else "<hidden>"
        return f"Actor(token={token}, account={self.account and self.account.name!r})"


@dataclass(frozen=True)
class Snapshot:
    """A game as stored at revision ``row.rev``, and its position after ``row.moves``."""

    row: GameRow
    state: AnyState

    @property
    def game(self) -> AnyGame:
        return self.state.game

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """The stored revision: grows with every change, the same in every process."""
        return self.row.rev

    @property
    def ply(self) -> int:
        return len(self.row.moves)

    @property
    def over(self) -> bool:
        return self.state.is_over()

    @property
    def to_move(self) -> int | None:
        """The seat to move, ``None`` once the game is over."""
        return None if self.over else self.state.current_player

    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and self.row.seats[seat].kind != HUMAN

    @property
    def computer_to_move(self) -> bool:
        return self.is_computer(self.to_move)

    @property
    def waiting_for(self) -> str:
        """The account whose move the game waits for (``""``: none, or not an account's)."""
        seat = self.to_move
        return "" if seat is None else self.row.seats[seat].account

    @property
    def computers_only(self) -> bool:
        """Whether every seat is a computer (nobody waits for their moves)."""
        return all(seat.kind != HUMAN for seat in self.row.seats)

    def humans(self) -> list[int]:
        return [n for n, seat in enumerate(self.row.seats) if seat.kind == HUMAN]

    def seats_of(self, actor: Actor) -> list[int]:
        """The seats ``actor`` holds: by its token, or by its account."""
        digest = hash_token(actor.token) if actor.token else ""
        account = actor.account.id if actor.account is not None else ""
        return [
            number
            for number, seat in enumerate(self.row.seats)
            if (digest and seat.token_hash and hmac.compare_digest(seat.token_hash, digest))
            or (account and seat.account == account)
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


def start(row: GameRow, state: AnyState, now: float) -> Snapshot:
    """A new game's first snapshot: the row filled in from ``state`` (moves, result, whose
    clock runs, whether a computer is to move)."""
    snapshot = Snapshot(row, state)
    row.moves = [str(move) for move in state.history]
    row.result = state.outcome()
    row.deadline = turn_deadline(row, snapshot.to_move, now)
    row.computer_turn = snapshot.computer_to_move
    row.waiting_for = snapshot.waiting_for
    return snapshot


def advance(
    before: Snapshot, state: AnyState, now: float, *, keep_clock: bool = False, **changes: Any
) -> Snapshot:
    """The snapshot after a change: ``state`` (a changed clone of ``before.state``, or
    ``before.state`` itself when the position stays) and the row's ``changes`` (``seats``,
    ``rematch``...). A pending undo request or draw offer lapses unless ``changes`` carry it
    on. The seat now to move gets its whole time when the moves changed (unless
    ``keep_clock``: the same seat is still to move) or ``deadline`` is given."""
    row = before.row
    moves = _moves(before, state)
    fields: dict[str, Any] = {
        "moves": moves,
        "result": state.outcome(),
        "undo_request": None,
        "draw_offer": None,
        "seats": list(row.seats),
        **changes,
    }
    after = Snapshot(_with(row, fields), state)
    if "deadline" not in changes and (after.over or (moves != row.moves and not keep_clock)):
        after.row.deadline = turn_deadline(after.row, after.to_move, now)
    after.row.computer_turn = after.computer_to_move
    after.row.waiting_for = after.waiting_for
    return after


def amend(snapshot: Snapshot, now: float, **changes: Any) -> Snapshot:
    """The position as it is, with the row's ``changes`` (``seats``, ``rematch``...); the
    pending undo request and draw offer stay unless ``changes`` name them."""
    kept: dict[str, Any] = {
        "undo_request": snapshot.row.undo_request,
        "draw_offer": snapshot.row.draw_offer,
        **changes,
    }
    return advance(snapshot, snapshot.state, now, **kept)


def _with(row: GameRow, fields: dict[str, Any]) -> GameRow:
    """A copy of ``row`` with ``fields`` changed (``dataclasses.replace``, without its cost:
    one is made for every change).

    >>> row = GameRow(id="g1", spec="triggle", seats=[])
    >>> _with(row, {"moves": ["D1-D4"]}).moves, row.moves
    (['D1-D4'], [])
    """
    assert fields.keys() <= vars(row).keys(), (
        f"a game row has no field {fields.keys() - vars(row).keys()}"
    )
    twin = object.__new__(GameRow)
    twin.__dict__ = {**vars(row), **fields}
    return twin


def _moves(before: Snapshot, state: AnyState) -> list[str]:
    """The moves of ``state`` written out: the moves it shares with ``before`` (a clone keeps
    their objects) as ``before``'s row wrote them, the others written now."""
    was, now = before.state.history, state.history
    if len(was) != len(before.row.moves):
        return [str(move) for move in now]
    shared = 0
    while shared < min(len(was), len(now)) and was[shared] is now[shared]:
        shared += 1
    return before.row.moves[:shared] + [str(move) for move in now[shared:]]


def seated(
    game: AnyGame, choices: Sequence[SeatChoice], hotseat: bool, clock: dict[str, int] | None
) -> tuple[GameRow, list[str | None]]:
    """A new game's row (a fresh id, no move yet) with the players ``choices`` name, and each
    seat's secret token: one per human seat, one for them all in hot seat, none for computers
    and seats left open. A computer's settings are checked against the server's ranges (422),
    and there must be a choice for every seat (400)."""
    if len(choices) != game.num_players:
        raise BadRequestError(
            Phrase(
                "{game} has {count} seats, not {given}",
                game=str(game.spec),
                count=game.num_players,
                given=len(choices),
            )
        )
    shared = new_token()
    tokens: list[str | None] = []
    seats = []
    for number, choice in enumerate(choices):
        if choice.kind != HUMAN:
            try:
                check_player_spec(choice.kind, game, limits=SERVER_LIMITS)
            except PlayerSpecError as error:
                raise RejectedSettingError(
                    Phrase("seat {number}: {error}", number=number, error=words_of(error))
                ) from None
        token = None
        if choice.kind == HUMAN and not choice.left_open:
            token = shared if hotseat else new_token()
        tokens.append(token)
        computer = f"Computer: {choice.kind}"
        name = choice.name or (game.player_name(number) if choice.kind == HUMAN else computer)
        seats.append(StoredSeat(name, choice.kind, "" if token is None else hash_token(token)))
    return GameRow(secrets.token_hex(6), str(game.spec), seats, clock=clock), tokens


def opening(request: NewGame) -> tuple[AnyGame, AnyState, tuple[SeatChoice, ...]]:
    """A new game's game, the position it starts from (a record's last, its moves replayed and
    checked), and who plays each seat unless the request says (the record's players)."""
    if request.record is None:
        try:
            game = load_game(request.spec or "")
        except TrigamesError as error:
            raise BadRequestError(words_of(error)) from None
        return game, game.new_initial_state(), (SeatChoice(),) * game.num_players
    try:
        state = request.record.replay()
    except TrigamesError as error:
        raise BadRequestError(not_continued(error)) from None
    outcome = state.outcome()
    if outcome is not None and not request.review:
        raise BadRequestError(
            Phrase(
                "the record's game is over ({reason}): there is nothing to continue (send "
                '"review": true to open it as it ended, to review it)',
                reason=outcome.reason,
            )
        )
    players = tuple(SeatChoice(seat_kind(p.kind or HUMAN), p.name) for p in request.record.players)
    return state.game, state, players
