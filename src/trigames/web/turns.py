"""The decisions that move a game on: a move, a computer's move, a resignation, a seat running
out of time, a visitor taking an open seat.

Each is a pure function of a :class:`~trigames.web.snapshot.Snapshot` (and the time now): it
returns the snapshot the change makes, or raises a
:class:`~trigames.web.errors.ServiceError` saying why not; nothing is written or changed here.

>>> from trigames.web.snapshot import hash_token, start
>>> from trigames.web.store import GameRow, StoredSeat
>>> from trigames import load_game
>>> row = GameRow("g", "triggle", [StoredSeat("Ann", "human", hash_token("a")), StoredSeat("Bo")])
>>> before = start(row, load_game("triggle").new_initial_state(), now=0.0)
>>> play(before, "a", MoveRequest("D1-D4"), now=0.0).row.moves
['D1-D4']
>>> play(before, "b", MoveRequest("D1-D4"), now=0.0)
Traceback (most recent call last):
...
trigames.web.errors.ForbiddenError: this token holds no seat in this game
"""

from __future__ import annotations

import dataclasses
from typing import Any

from trigames.core.endings import Ending, Timeout
from trigames.core.errors import TrigamesError
from trigames.web.clocks import HUMAN, is_open, turn_deadline
from trigames.web.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    MissingTokenError,
    RejectedMoveError,
)
from trigames.web.requests import JoinRequest, MoveRequest
from trigames.web.snapshot import Snapshot, advance, hash_token, new_token
from trigames.web.store import StoredSeat


def seats_held(snapshot: Snapshot, token: str | None) -> list[int]:
    """The seats ``token`` holds (401 without a token, 403 when it holds none)."""
    if not token:
        raise MissingTokenError("this needs the token of a seat (from the seat's link)")
    seats = snapshot.seats_of(token)
    if not seats:
        raise ForbiddenError("this token holds no seat in this game")
    return seats


def check_not_over(snapshot: Snapshot) -> None:
    if snapshot.over:
        outcome = snapshot.state.outcome()
        raise ConflictError(f"the game is over{': ' + outcome.reason if outcome else ''}")


def seats_in_game(snapshot: Snapshot, token: str | None) -> list[int]:
    """The seats ``token`` holds that are still in the game, which must not be over."""
    seats = seats_held(snapshot, token)
    check_not_over(snapshot)
    playing = [seat for seat in seats if seat not in snapshot.state.withdrawn]
    if not playing:
        raise ConflictError("you have already left this game")
    return playing


def check_ply(snapshot: Snapshot, ply: int) -> None:
    """``ply`` must be the number of moves played: a request made before the game moved on is
    refused (409), never applied to a position its sender did not see."""
    if ply != snapshot.ply:
        raise ConflictError(f"the game has moved on: it is at ply {snapshot.ply}, not {ply}")


def seat_label(snapshot: Snapshot, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return f"{snapshot.game.player_name(seat)} (seat {seat}, {snapshot.row.seats[seat].name})"


def play(snapshot: Snapshot, token: str | None, request: MoveRequest, now: float) -> Snapshot:
    """Play ``request.move`` for the seat to move, which ``token`` must hold."""
    seats = seats_held(snapshot, token)
    if request.ply is not None:
        check_ply(snapshot, request.ply)
    check_not_over(snapshot)
    mover = snapshot.to_move
    if mover not in seats:
        raise ConflictError(f"it is not your turn: {seat_label(snapshot, mover)} is to move")
    state = snapshot.state.clone()
    try:
        played = state.parse(request.move)
        if isinstance(played, Ending):
            raise RejectedMoveError(
                f"{request.move!r} is not a move: resign, offer a draw or take back through "
                "their own requests"
            )
        state.play(played)
    except TrigamesError as error:
        raise RejectedMoveError(str(error)) from None
    return advance(snapshot, state, now)


def computer_move(snapshot: Snapshot, version: int, move: str, now: float) -> Snapshot | None:
    """The computer's ``move``, thought about at ``version``; ``None`` when the game has moved
    on since (someone took back or resigned: it thinks again)."""
    if snapshot.version != version or not snapshot.computer_to_move:
        return None
    state = snapshot.state.clone()
    state.play(move)
    return advance(snapshot, state, now)


def resign(snapshot: Snapshot, token: str | None, now: float) -> Snapshot:
    """The token's seat resigns (the one to move, if it holds several and one is to move): with
    two players the game ends, with more the seat leaves and the rest play on."""
    playing = seats_in_game(snapshot, token)
    mover = snapshot.to_move
    state = snapshot.state.clone()
    state.resign(mover if mover in playing else playing[0])
    # another seat leaving does not give the seat to move more time
    return advance(snapshot, state, now, keep_clock=state.current_player == mover)


def time_out(snapshot: Snapshot, now: float) -> Snapshot | None:
    """The seat to move runs out of time (``timeout N``), if its deadline has passed; else
    ``None``."""
    deadline = snapshot.row.deadline
    seat = snapshot.to_move
    if deadline is None or seat is None or now < deadline:
        return None
    state = snapshot.state.clone()
    state.play(Timeout(seat))
    return advance(snapshot, state, now)


def join(
    snapshot: Snapshot, token: str | None, request: JoinRequest, now: float
) -> tuple[Snapshot, str]:
    """Take an open seat: the snapshot, and the token that holds the seat from now on (the
    request's, when it holds a seat of the game already: one page then plays both)."""
    check_not_over(snapshot)
    seats = snapshot.row.seats
    if not 0 <= request.seat < len(seats):
        raise BadRequestError(f"'seat' must be a seat number from 0 to {len(seats) - 1}")
    if not is_open(seats[request.seat]):
        taken = seats[request.seat].name
        raise ConflictError(f"seat {request.seat} is not open: {taken} plays it")
    held = token if token and snapshot.seats_of(token) else None
    holder = held or new_token()
    name = request.name or snapshot.game.player_name(request.seat)
    changed = list(seats)
    changed[request.seat] = StoredSeat(name, HUMAN, hash_token(holder))
    kept: dict[str, Any] = {
        "undo_request": snapshot.row.undo_request,
        "draw_offer": snapshot.row.draw_offer,
    }
    if snapshot.to_move == request.seat:  # its clock starts now
        seated = dataclasses.replace(snapshot.row, seats=changed)
        kept["deadline"] = turn_deadline(seated, request.seat, now)
    return advance(snapshot, snapshot.state, now, seats=changed, **kept), holder
