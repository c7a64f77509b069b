"""What a request asks for, read once at the edge into typed values.

Every reader takes the request's JSON object (or query) and returns a frozen dataclass, or
raises :class:`~trigames.web.errors.BadRequestError` naming the field and what it must be.
What needs the game to judge (is this player spec in range, is the move legal) is left to the
service.

>>> read_move({"move": "D1-D4", "ply": 0})
MoveRequest(move='D1-D4', ply=0)
>>> read_clock({"per_move": 60}).seconds
60
>>> read_new_game({"game": "triggle", "seats": [{"name": "Ann"}, {"kind": "Easy"}]}).seats[1]
SeatChoice(kind='easy', name='', left_open=False)
>>> read_move({"move": 4})
Traceback (most recent call last):
...
trigames.web.errors.BadRequestError: 'move' must be a string in the game's notation
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from trigames.ai.registry import LEVEL_NAMES
from trigames.core.errors import RecordError
from trigames.core.phrases import Phrase
from trigames.core.spec import MAX_SPEC_LENGTH
from trigames.records import MAX_MOVE_LENGTH, GameRecord
from trigames.web.errors import BadRequestError, words_of
from trigames.web.limits import (
    MAX_ACCOUNT_NAME,
    MAX_CHOICE_PICTURES,
    MAX_CHOICE_QUERY,
    MAX_DAYS_PER_MOVE,
    MAX_PASSWORD,
    MAX_PER_MOVE,
    MAX_RECORD_MOVES,
    MIN_ACCOUNT_NAME,
    MIN_DAYS_PER_MOVE,
    MIN_PASSWORD,
    MIN_PER_MOVE,
    check_name,
)

#: The kind of a human seat.
HUMAN = "human"
#: The kind asked for at creation for a human seat left open: anyone may take it (``join``).
OPEN = "open"

Body = Mapping[str, Any]

#: What a request whose ``'move'`` is no string, or one too long, is told.
MOVE_TOO_LONG = Phrase(
    "'move' must be a move: a string of at most {most} characters", most=MAX_MOVE_LENGTH
)

#: An account's name: letters, digits, ``_`` and ``-`` (so no markup, no look-alike letters).
ACCOUNT_NAME = re.compile(rf"[A-Za-z0-9_-]{{{MIN_ACCOUNT_NAME},{MAX_ACCOUNT_NAME}}}", re.ASCII)


@dataclass(frozen=True)
class Clock:
    """A time limit per move: ``{"per_move": SECONDS}`` or ``{"days_per_move": DAYS}``."""

    key: str
    amount: int

    @property
    def seconds(self) -> int:
        """The seconds each move may take."""
        return self.amount if self.key == "per_move" else self.amount * 86_400

    def to_json(self) -> dict[str, int]:
        return {self.key: self.amount}


@dataclass(frozen=True)
class SeatChoice:
    """Who plays a seat: ``human`` (``left_open``: for whoever joins first) or a player spec,
    and a name (empty: the seat's colour, or the computer's kind)."""

    kind: str = HUMAN
    name: str = ""
    left_open: bool = False


@dataclass(frozen=True)
class NewGame:
    """``POST /api/games``: a game from a spec, or a record to go on with; ``seats`` is
    ``None`` when the request gives none (every seat human, or the record's players);
    ``review``: a record of a finished game is taken as it ended (to review it)."""

    spec: str | None
    record: GameRecord | None
    seats: tuple[SeatChoice, ...] | None
    hotseat: bool
    clock: Clock | None
    review: bool = False


@dataclass(frozen=True)
class MoveRequest:
    """A move in notation, and the ply it was chosen at (when given, a game that has moved on
    since refuses it)."""

    move: str
    ply: int | None = None


@dataclass(frozen=True)
class JoinRequest:
    """Take the open seat ``seat`` under ``name`` (empty: the seat's colour)."""

    seat: int
    name: str


@dataclass(frozen=True)
class Credentials:
    """An account's name and password, to sign up or log in with."""

    name: str
    password: str = field(repr=False)


@dataclass(frozen=True)
class ChallengeRequest:
    """A game an account offers: a spec, rated or casual, a clock, to one account (by name) or
    to anyone, and the seat its author takes (``None``: drawn at random)."""

    spec: str
    rated: bool = False
    clock: Clock | None = None
    to: str | None = None
    seat: int | None = None


@dataclass(frozen=True)
class ChallengeFilter:
    """Which open challenges a lobby lists: those whose author's rating in the game is within
    ``[min_rating, max_rating]`` (a bound left out bounds nothing)."""

    min_rating: int | None = None
    max_rating: int | None = None


@dataclass(frozen=True)
class BoardQuery:
    """``GET /api/games/{id}/svg``: the board after ``ply`` moves (``None``: now), or the
    preview of the move ``after`` asked for at ``ply``."""

    ply: int | None
    labels: bool
    after: str | None


def whole_number(value: Any) -> bool:
    """Whether ``value`` is an ``int`` of JSON (``true`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def item_too_long(key: str, index: int) -> Phrase:
    """What a request is told when item ``index`` of its list of moves ``key`` is no string,
    or one too long.

    >>> item_too_long("moves", 2)
    "'moves' item 2 must be a move: a string of at most 100 characters"
    """
    return Phrase(
        "'{key}' item {index} must be a move: a string of at most {most} characters",
        key=key,
        index=index,
        most=MAX_MOVE_LENGTH,
    )


def not_continued(error: Exception) -> Phrase:
    """What a request is told when the record it sends to go on with is refused: ``error``'s
    words (the engine's phrase, when it is one)."""
    return Phrase("the record cannot be continued: {error}", error=words_of(error))


def read_ply(body: Body, required: bool = False) -> int | None:
    """``"ply"``: the number of moves played when the request was made."""
    ply = body.get("ply")
    if ply is None and not required:
        return None
    if not whole_number(ply):
        raise BadRequestError(Phrase("'ply' must be a whole number: the moves played so far"))
    assert isinstance(ply, int)
    return ply


def read_move(body: Body) -> MoveRequest:
    move = body.get("move")
    if not isinstance(move, str):
        raise BadRequestError(Phrase("'move' must be a string in the game's notation"))
    return MoveRequest(move, read_ply(body))


def read_page_message(text: str) -> MoveRequest:
    """A move a page sends over its WebSocket (at most
    :data:`~trigames.web.limits.MAX_WS_MESSAGE` bytes): ``{"type": "move", "move": MOVE,
    "ply": N}``, ``ply`` the moves played when it was chosen.

    >>> read_page_message('{"type": "move", "move": "G6", "ply": 0}')
    MoveRequest(move='G6', ply=0)
    """
    try:
        body = orjson.loads(text)
    except ValueError:  # not JSON, or nested too deep, or a number too large for a move
        body = None
    if not isinstance(body, dict) or body.get("type") != "move":
        raise BadRequestError(
            Phrase("a page sends {shape}", shape='{"type": "move", "move": MOVE, "ply": N}')
        )
    return read_move(body)


def read_answer_ply(body: Body) -> int:
    """The ply of the undo request or draw offer an answer answers."""
    ply = read_ply(body, required=True)
    assert ply is not None
    return ply


def read_join(body: Body) -> JoinRequest:
    """The seat to take (whether the game has it is the game's to say) and the name."""
    seat, name = body.get("seat"), body.get("name")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise BadRequestError(Phrase("'seat' must be a seat number, from 0"))
    if name is not None and not isinstance(name, str):
        raise BadRequestError(Phrase("'name' must be a string"))
    return JoinRequest(seat, _name(name or ""))


def read_credentials(body: Body, new: bool = False) -> Credentials:
    """An account's ``"name"`` and ``"password"``; for a ``new`` account, checked against the
    rules of names and passwords (a login's are only bounded: a wrong one is just wrong).

    >>> read_credentials({"name": "Ann_1", "password": "correct horse"}, new=True)
    Credentials(name='Ann_1')
    >>> read_credentials({"name": "<b>Ann</b>", "password": "correct horse"}, new=True)
    Traceback (most recent call last):
    ...
    trigames.web.errors.BadRequestError: a name has 3 to 20 letters, digits, '_' or '-'
    """
    name, password = body.get("name"), body.get("password")
    if not isinstance(name, str) or not isinstance(password, str):
        raise BadRequestError(Phrase("'name' and 'password' must be strings"))
    if len(password) > MAX_PASSWORD:
        raise BadRequestError(Phrase("a password has at most {most} characters", most=MAX_PASSWORD))
    if new and not ACCOUNT_NAME.fullmatch(name):
        raise BadRequestError(
            Phrase(
                "a name has {fewest} to {most} letters, digits, '_' or '-'",
                fewest=MIN_ACCOUNT_NAME,
                most=MAX_ACCOUNT_NAME,
            )
        )
    if new and len(password) < MIN_PASSWORD:
        raise BadRequestError(
            Phrase("a password has at least {fewest} characters", fewest=MIN_PASSWORD)
        )
    return Credentials(name[: MAX_ACCOUNT_NAME + 1], password)


def read_challenge(body: Body) -> ChallengeRequest:
    """A challenge: ``{"game": SPEC, "rated": BOOL, "clock": CLOCK, "to": NAME, "seat": N}``,
    all but ``game`` optional (whether the spec is a game is the game's to say).

    >>> read_challenge({"game": "triggle", "rated": True, "to": "Bob"})
    ChallengeRequest(spec='triggle', rated=True, clock=None, to='Bob', seat=None)
    """
    spec, rated = body.get("game"), body.get("rated", False)
    to, seat = body.get("to"), body.get("seat")
    if not isinstance(spec, str) or len(spec) > MAX_SPEC_LENGTH:
        raise BadRequestError(Phrase("'game' must be a spec string such as 'triggle'"))
    if not isinstance(rated, bool):
        raise BadRequestError(Phrase("'rated' must be true or false"))
    if to is not None and (not isinstance(to, str) or not ACCOUNT_NAME.fullmatch(to)):
        raise BadRequestError(Phrase("'to' must be the name of an account, or null for anyone"))
    if seat is not None and (not whole_number(seat) or seat not in (0, 1)):
        raise BadRequestError(
            Phrase("'seat' must be 0 or 1, the seat you take, or null for chance")
        )
    return ChallengeRequest(spec, rated, read_clock(body.get("clock")), to, seat)


def read_email_settings(body: Body) -> tuple[str | None, bool]:
    """``{"email": ADDRESS or null, "email_digest": BOOL}`` (whether the address is one is
    the mail module's to say).

    >>> read_email_settings({"email": "ann@example.com", "email_digest": True})
    ('ann@example.com', True)
    """
    email, digest = body.get("email"), body.get("email_digest", False)
    if email is not None and (not isinstance(email, str) or len(email) > 254):
        raise BadRequestError(
            Phrase("'email' must be an email address (254 characters at most) or null")
        )
    if not isinstance(digest, bool):
        raise BadRequestError(Phrase("'email_digest' must be true or false"))
    return email or None, digest


def read_days(body: Body) -> int:
    """``{"days": N}``, a whole number (whether the days are left is the account's to say)."""
    days = body.get("days")
    if not whole_number(days):
        raise BadRequestError(Phrase("'days' must be a whole number of days"))
    assert isinstance(days, int)
    return days


def read_text(body: Body, key: str, most: int) -> str:
    """``body[key]``, a string of at most ``most`` characters."""
    value = body.get(key)
    if not isinstance(value, str) or len(value) > most:
        raise BadRequestError(
            Phrase("'{key}' must be a string of at most {most} characters", key=key, most=most)
        )
    return value


def read_challenge_filter(query: Mapping[str, str]) -> ChallengeFilter:
    """``?min_rating=N&max_rating=N`` of a listing of challenges, each a whole number."""
    bounds: list[int | None] = []
    for key in ("min_rating", "max_rating"):
        text = query.get(key)
        if text is not None and not (text.isdigit() and len(text) <= 5):
            raise BadRequestError(
                Phrase("'{key}' must be a whole number of at most 5 digits", key=key)
            )
        bounds.append(None if text is None else int(text))
    return ChallengeFilter(*bounds)


def read_clock(value: Any) -> Clock | None:
    """A clock asked for at creation, checked against its bounds."""
    if value is None:
        return None
    bounds = {
        "per_move": (MIN_PER_MOVE, MAX_PER_MOVE, Phrase("seconds")),
        "days_per_move": (MIN_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE, Phrase("days")),
    }
    shape = Phrase(
        "'clock' must be {seconds} ({fewest} to {most}) or {days} ({fewest_days} to {most_days}), "
        "or null",
        seconds='{"per_move": SECONDS}',
        fewest=MIN_PER_MOVE,
        most=MAX_PER_MOVE,
        days='{"days_per_move": DAYS}',
        fewest_days=MIN_DAYS_PER_MOVE,
        most_days=MAX_DAYS_PER_MOVE,
    )
    if not isinstance(value, dict) or len(value) != 1:
        raise BadRequestError(shape)
    ((key, amount),) = value.items()
    if key not in bounds or not whole_number(amount):
        raise BadRequestError(shape)
    low, high, unit = bounds[key]
    if not low <= amount <= high:
        raise BadRequestError(
            Phrase(
                "'clock': {key} must be {low} to {high} {unit}, not {amount}",
                key=key,
                low=low,
                high=high,
                unit=unit,
                amount=amount,
            )
        )
    return Clock(key, amount)


def read_new_game(body: Body) -> NewGame:
    clock = read_clock(body.get("clock"))
    spec, record = body.get("game"), None
    if "record" in body:
        if "game" in body:
            raise BadRequestError(Phrase("give 'game' (a new game) or 'record' (one to continue)"))
        record = _record(body["record"])
    elif not isinstance(spec, str):
        raise BadRequestError(Phrase("'game' must be a spec string such as 'triggle'"))
    seats = body.get("seats")
    if seats is not None and (
        not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats)
    ):
        raise BadRequestError(
            Phrase("'seats' must be a list of {shape}", shape='{"kind": ..., "name": ...}')
        )
    hotseat, review = body.get("hotseat", False), body.get("review", False)
    if not isinstance(hotseat, bool) or not isinstance(review, bool):
        raise BadRequestError(Phrase("'hotseat' and 'review' must be true or false"))
    return NewGame(
        spec=None if record is not None else spec,
        record=record,
        seats=None if seats is None else tuple(_seat(n, s) for n, s in enumerate(seats)),
        hotseat=hotseat,
        clock=clock,
        review=review,
    )


def read_board_query(query: Mapping[str, str]) -> BoardQuery:
    text = query.get("ply")
    try:
        ply = None if text is None else int(text)
    except ValueError:
        raise BadRequestError(Phrase("ply must be a whole number")) from None
    after = query.get("after")
    if after is not None and len(after) > MAX_MOVE_LENGTH:
        raise BadRequestError(
            Phrase("'after' is a move: at most {most} characters", most=MAX_MOVE_LENGTH)
        )
    return BoardQuery(ply, query.get("labels", "true") != "false", after)


def read_choices_query(moves: list[str], version: str | None) -> tuple[list[str], int]:
    """``GET /api/games/{id}/choices?version=V&move=A&move=B...``: the moves (a move may hold
    commas, as TRANGLAR's take-overs do) and the version of the page that asks."""
    if len(moves) > MAX_CHOICE_PICTURES:
        raise BadRequestError(Phrase("at most {count} moves a request", count=MAX_CHOICE_PICTURES))
    if sum(len(move) + 1 for move in moves) > MAX_CHOICE_QUERY:
        raise BadRequestError(
            Phrase("the moves are at most {most} characters", most=MAX_CHOICE_QUERY)
        )
    try:
        return [move for move in moves if move], int(version or "")
    except ValueError:
        raise BadRequestError(
            Phrase("version must be a whole number (the view's version)")
        ) from None


def seat_kind(kind: str) -> str:
    """A seat's kind as sent (in a request's seats or a record's players), in the words the
    server keeps: ``human``, ``open`` and the levels in any case, lowered; any other player
    spec as sent (the player registry reads its kind in any case).

    >>> seat_kind(" Human "), seat_kind("EASY"), seat_kind("mcts(seconds=0.5)")
    ('human', 'easy', 'mcts(seconds=0.5)')
    """
    lowered = kind.strip().lower()
    return lowered if lowered in (*LEVEL_NAMES, OPEN, HUMAN) else kind.strip()


def _seat(number: int, seat: Mapping[str, Any]) -> SeatChoice:
    kind, name = seat.get("kind", HUMAN), seat.get("name")
    if not isinstance(kind, str) or (name is not None and not isinstance(name, str)):
        raise BadRequestError(
            Phrase("seat {number}: 'kind' and 'name' must be strings", number=number)
        )
    kind = seat_kind(kind)
    try:
        checked = _name(name or "")
    except BadRequestError as error:
        raise BadRequestError(
            Phrase("seat {number}: {error}", number=number, error=words_of(error))
        ) from None
    if kind == OPEN:
        return SeatChoice(HUMAN, checked, left_open=True)
    return SeatChoice(kind, checked)


def _name(name: str) -> str:
    try:
        return check_name(name)
    except ValueError as error:
        raise BadRequestError(words_of(error)) from None


def _record(value: Any) -> GameRecord:
    """A record to go on with, read (not yet replayed)."""
    if not isinstance(value, dict):
        raise BadRequestError(
            Phrase("'record' must be a game record: the JSON object a saved game holds")
        )
    try:
        record = GameRecord.from_json(value)
    except RecordError as error:
        raise BadRequestError(not_continued(error)) from None
    if len(record.moves) > MAX_RECORD_MOVES:
        raise BadRequestError(
            Phrase(
                "the record cannot be continued: a record to go on with has at most {count} moves",
                count=MAX_RECORD_MOVES,
            )
        )
    return record
