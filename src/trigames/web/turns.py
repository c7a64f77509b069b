"""The decisions that move a game on: a move, a computer's move, a resignation, a seat running
out of time, a visitor taking an open seat, an account claiming the seats of a link.

Each is a pure function of a :class:`~trigames.web.snapshot.Snapshot` (and the time now): it
returns the snapshot the change makes, or raises a
:class:`~trigames.web.errors.ServiceError` saying why not; nothing is written or changed here.

>>> from trigames.web.snapshot import Actor, hash_token, start
>>> from trigames.web.rows import GameRow, StoredSeat
>>> from trigames import load_game
>>> row = GameRow("g", "triggle", [StoredSeat("Ann", "human", hash_token("a")), StoredSeat("Bo")])
>>> before = start(row, load_game("triggle").new_initial_state(), now=0.0)
>>> play(before, Actor("a"), MoveRequest("D1-D4"), now=0.0).row.moves
['D1-D4']
>>> play(before, Actor("b"), MoveRequest("D1-D4"), now=0.0)
Traceback (most recent call last):
...
trigames.web.errors.ForbiddenError: this token holds no seat in this game
"""

from __future__ import annotations

import dataclasses

from trigames.core.endings import Ending, Timeout
from trigames.core.errors import TrigamesError
from trigames.core.phrases import Phrase
from trigames.web.clocks import HUMAN, is_open, turn_deadline
from trigames.web.errors import (
    NO_SEAT,
    BadRequestError,
    ConflictError,
    ForbiddenError,
    MissingTokenError,
    RejectedMoveError,
    UnauthorizedError,
    words_of,
)
from trigames.web.requests import JoinRequest, MoveRequest
from trigames.web.rows import StoredSeat
from trigames.web.snapshot import Actor, Snapshot, advance, amend, hash_token, new_token


def seats_held(snapshot: Snapshot, actor: Actor) -> list[int]:
    """The seats ``actor`` holds (401 for nobody, 403 when it holds none)."""
    if not actor:
        raise MissingTokenError(
            Phrase(
                "this needs the token of a seat (from the seat's link), or to log in to the "
                "account that plays it"
            )
        )
    seats = snapshot.seats_of(actor)
    if not seats:
        raise ForbiddenError(
            NO_SEAT if actor.token else Phrase("your account plays no seat in this game")
        )
    return seats


def check_not_over(snapshot: Snapshot) -> None:
    if snapshot.over:
        outcome = snapshot.state.outcome()
        if outcome is None:
            raise ConflictError(Phrase("the game is over"))
        raise ConflictError(Phrase("the game is over: {reason}", reason=outcome.reason))


def seats_in_game(snapshot: Snapshot, actor: Actor) -> list[int]:
    """The seats ``actor`` holds that are still in the game, which must not be over."""
    seats = seats_held(snapshot, actor)
    check_not_over(snapshot)
    playing = [seat for seat in seats if seat not in snapshot.state.withdrawn]
    if not playing:
        raise ConflictError(Phrase("you have already left this game"))
    return playing


def check_ply(snapshot: Snapshot, ply: int) -> None:
    """``ply`` must be the number of moves played: a request made before the game moved on is
    refused (409), never applied to a position its sender did not see."""
    if ply != snapshot.ply:
        raise ConflictError(
            Phrase(
                "the game has moved on: it is at ply {ply}, not {given}",
                ply=snapshot.ply,
                given=ply,
            )
        )


def seat_label(snapshot: Snapshot, seat: int | None) -> Phrase:
    """Who sits at ``seat``, for a message: its colour, number and player's name."""
    if seat is None:
        return Phrase("nobody")
    return Phrase(
        "{colour} (seat {number}, {name})",
        colour=snapshot.game.player_name(seat),
        number=seat,
        name=snapshot.row.seats[seat].name,
    )


def play(snapshot: Snapshot, actor: Actor, request: MoveRequest, now: float) -> Snapshot:
    """Play ``request.move`` for the seat to move, which ``actor`` must hold."""
    seats = seats_held(snapshot, actor)
    if request.ply is not None:
        check_ply(snapshot, request.ply)
    check_not_over(snapshot)
    mover = snapshot.to_move
    if mover not in seats:
        raise ConflictError(
            Phrase("it is not your turn: {seat} is to move", seat=seat_label(snapshot, mover))
        )
    state = snapshot.state.clone()
    try:
        played = state.parse(request.move)
        if isinstance(played, Ending):
            raise RejectedMoveError(
                Phrase(
                    "{move} is not a move: resign, offer a draw or take back through their own "
                    "requests",
                    move=repr(request.move),
                )
            )
        state.play(played)
    except TrigamesError as error:
        raise RejectedMoveError(words_of(error)) from None
    return advance(snapshot, state, now)


def computer_move(snapshot: Snapshot, version: int, move: str, now: float) -> Snapshot | None:
    """The computer's ``move``, thought about at ``version``; ``None`` when the game has moved
    on since (someone took back or resigned: it thinks again)."""
    if snapshot.version != version or not snapshot.computer_to_move:
        return None
    state = snapshot.state.clone()
    state.play(move)
    return advance(snapshot, state, now)


def resign(snapshot: Snapshot, actor: Actor, now: float) -> Snapshot:
    """The actor's seat resigns (the one to move, if it holds several and one is to move): with
    two players the game ends, with more the seat leaves and the rest play on."""
    playing = seats_in_game(snapshot, actor)
    mover = snapshot.to_move
    state = snapshot.state.clone()
    state.resign(mover if mover in playing else playing[0])
    # another seat leaving does not give the seat to move more time
    return advance(snapshot, state, now, keep_clock=state.current_player == mover)


def time_out(snapshot: Snapshot, now: float, away_until: float | None = None) -> Snapshot | None:
    """The seat to move runs out of time (``timeout N``), if its deadline has passed; else
    ``None``. A correspondence game's player on vacation until ``away_until`` gets, instead,
    a move's whole time from the end of the vacation."""
    row = snapshot.row
    deadline, seat = row.deadline, snapshot.to_move
    if deadline is None or seat is None or now < deadline:
        return None
    if away_until is not None and row.clock and "days_per_move" in row.clock:
        return amend(snapshot, now, deadline=away_until + row.clock["days_per_move"] * 86_400)
    state = snapshot.state.clone()
    state.play(Timeout(seat))
    return advance(snapshot, state, now)


def join(
    snapshot: Snapshot, actor: Actor, request: JoinRequest, now: float
) -> tuple[Snapshot, str]:
    """Take an open seat: the snapshot, and the token that holds the seat from now on (the
    request's, when it holds a seat of the game already: one page then plays both). Taken
    while logged in, the seat belongs to the account too, under its name."""
    check_not_over(snapshot)
    seats = snapshot.row.seats
    if not 0 <= request.seat < len(seats):
        raise BadRequestError(
            Phrase("'seat' must be a seat number from 0 to {most}", most=len(seats) - 1)
        )
    if not is_open(seats[request.seat]):
        taken = seats[request.seat].name
        raise ConflictError(
            Phrase("seat {number} is not open: {name} plays it", number=request.seat, name=taken)
        )
    held = actor.token if actor.token and snapshot.seats_of(Actor(actor.token)) else None
    holder = held or new_token()
    account = actor.account
    name = request.name or snapshot.game.player_name(request.seat)
    changed = list(seats)
    if account is None:
        changed[request.seat] = StoredSeat(name, HUMAN, hash_token(holder))
    else:
        changed[request.seat] = StoredSeat(account.name, HUMAN, hash_token(holder), account.id)
    if snapshot.to_move == request.seat:  # its clock starts now
        seated = dataclasses.replace(snapshot.row, seats=changed)
        deadline = turn_deadline(seated, request.seat, now)
        return amend(snapshot, now, seats=changed, deadline=deadline), holder
    return amend(snapshot, now, seats=changed), holder


def claim(snapshot: Snapshot, actor: Actor, now: float) -> Snapshot:
    """The seats the actor's token holds become its account's, under the account's name: a
    game begun by link is kept with the account from now on (a finished one too, for the
    account's history). 401 without a session, 409 for a seat another account plays."""
    account = actor.account
    if account is None:
        raise UnauthorizedError(Phrase("log in first: a seat is kept with the account you are in"))
    if not actor.token:
        raise MissingTokenError(
            Phrase("this needs the token of the seats to keep (from their link)")
        )
    changed = list(snapshot.row.seats)
    for number in seats_held(snapshot, Actor(actor.token)):
        seat = changed[number]
        if seat.account and seat.account != account.id:
            raise ConflictError(Phrase("seat {number} is kept by another account", number=number))
        changed[number] = StoredSeat(account.name, seat.kind, seat.token_hash, account.id)
    if changed == snapshot.row.seats:
        return snapshot  # kept already
    return amend(snapshot, now, seats=changed)
