"""The HTTP API of study boards: any position of any game, without a game on the server.

Lessons, puzzles and reviews of uploaded records show positions nobody plays on the server;
``static/study.js`` draws them, and takes moves by pointing as the game page does, from these:

- ``POST /api/positions {"game": SPEC, "position": POSITION, "moves": [MOVE, ...]}``: the
  position after ``moves`` (at most :data:`~trigames.web.limits.MAX_RECORD_MOVES`), played from
  ``position`` (``state.to_json()``, at most :data:`~trigames.web.limits.MAX_POSITION_BYTES`
  bytes of JSON) or, without it, from the start: a :class:`PositionView` (the board's SVG, who
  is to move, status, scores, result, the seats' colours and the turn's legal moves with the
  steps that enter them). Its ``position`` goes on: send it back with the next moves.
- ``POST /api/positions/choices``: the same, with ``"choices": [MOVE, ...]``, legal moves of
  that position (at most :data:`~trigames.web.limits.MAX_CHOICE_PICTURES`): their pictures to
  lay over the board (``{"pictures": {MOVE: PICTURE}}``, a move without one left out).

A spec, a position or a move the game cannot read is a 400 naming it; a move that does not
replay is a 422 naming its number. Each request counts as
:data:`~trigames.web.limits.POSITION_COST` replayed moves, plus its moves, against the
address's :data:`~trigames.web.limits.REPLAYED_MOVES_PER_MINUTE` (429 beyond).

>>> view = position_view(replayed(read_position({"game": "trig", "moves": ["G6"]})))
>>> view["to_move"], view["last_move"], view["seats"][1]["color"], len(view["legal_moves"])
(1, 'White G6', 'Black', 6)
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

import orjson
from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from trigames.core.errors import TrigamesError
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyState
from trigames.core.spec import MAX_SPEC_LENGTH
from trigames.games import load_game
from trigames.records import MAX_MOVE_LENGTH
from trigames.web.errors import (
    BadRequestError,
    RejectedMoveError,
    TooManyRequestsError,
    words_of,
)
from trigames.web.http import address_of, api, body_of, service_of
from trigames.web.limits import (
    MAX_CHOICE_PICTURES,
    MAX_POSITION_BYTES,
    MAX_RECORD_MOVES,
    POSITION_COST,
)
from trigames.web.requests import item_too_long
from trigames.web.views import Said, TurnView, engine_words, turn_of


@dataclass(frozen=True)
class PositionRequest:
    """A position asked for: the game's ``spec``, the ``position`` to start from (``None``:
    the start), the ``moves`` to play on it, and the legal moves whose pictures are wanted."""

    spec: str
    position: dict[str, Any] | None
    moves: tuple[str, ...]
    choices: tuple[str, ...] = ()


class PositionSeat(TypedDict):
    """A seat of the game: its number, its colour's name and the colour the board draws."""

    seat: int
    color: str
    swatch: str


class PositionView(TurnView):
    """A position, as a study board shows it (the fields are the game page's)."""

    game: str
    title: str
    position: dict[str, Any]
    svg: str
    to_move: int | None
    over: bool
    status: str
    last_move: str | None
    said: Said
    scores: list[int]
    outcome: dict[str, Any] | None
    highlights: list[str]
    seats: list[PositionSeat]


class ChoicePictures(TypedDict):
    """Pictures of legal moves, by move (``Game.choice_pictures``)."""

    pictures: dict[str, dict[str, Any]]


def read_moves(value: object, key: str, most: int) -> tuple[str, ...]:
    """``value`` as a list of at most ``most`` moves, each a string of at most
    :data:`~trigames.records.MAX_MOVE_LENGTH` characters (``None``: no move).

    >>> read_moves(["G6", "E4"], "moves", 10)
    ('G6', 'E4')
    >>> read_moves("G6", "moves", 10)
    Traceback (most recent call last):
    ...
    trigames.web.errors.BadRequestError: 'moves' must be a list of at most 10 moves
    """
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > most:
        raise BadRequestError(
            Phrase("'{key}' must be a list of at most {count} moves", key=key, count=most)
        )
    for index, move in enumerate(value):
        if not isinstance(move, str) or len(move) > MAX_MOVE_LENGTH:
            raise BadRequestError(item_too_long(key, index))
    return tuple(value)


def read_position(body: Mapping[str, Any], choices: bool = False) -> PositionRequest:
    """A position request's body, its bounds checked (the game reads it after).

    >>> read_position({"game": "trig", "position": 5})
    Traceback (most recent call last):
    ...
    trigames.web.errors.BadRequestError: 'position' must be a position object, or absent
    """
    spec, position = body.get("game"), body.get("position")
    if not isinstance(spec, str) or len(spec) > MAX_SPEC_LENGTH:
        raise BadRequestError(
            Phrase(
                "'game' must be a spec string such as 'triggle' (at most {most} characters)",
                most=MAX_SPEC_LENGTH,
            )
        )
    if position is not None:
        if not isinstance(position, dict):
            raise BadRequestError(Phrase("'position' must be a position object, or absent"))
        if len(orjson.dumps(position)) > MAX_POSITION_BYTES:
            raise BadRequestError(
                Phrase("'position' must be at most {most} bytes of JSON", most=MAX_POSITION_BYTES)
            )
    moves = read_moves(body.get("moves"), "moves", MAX_RECORD_MOVES)
    wanted = read_moves(body.get("choices"), "choices", MAX_CHOICE_PICTURES) if choices else ()
    return PositionRequest(spec, position, moves, wanted)


def replayed(request: PositionRequest) -> AnyState:
    """The position ``request`` asks for: 400 for a spec or a position the game cannot read,
    422 for a move that does not replay."""
    try:
        game = load_game(request.spec)
        state: AnyState = (
            game.new_initial_state()
            if request.position is None
            else game.state_from_json(request.position)
        )
    except TrigamesError as error:
        raise BadRequestError(words_of(error)) from None
    for number, move in enumerate(request.moves, 1):
        try:
            state.play(move)
        except TrigamesError as error:
            raise RejectedMoveError(
                Phrase(
                    "move {number} ({move}): {error}",
                    number=number,
                    move=repr(move[:40]),
                    error=words_of(error),
                )
            ) from None
    return state


def position_view(state: AnyState) -> PositionView:
    """What a study board shows of ``state``."""
    game, outcome = state.game, state.outcome()
    seats: list[PositionSeat] = [
        {"seat": seat, "color": game.player_name(seat), "swatch": game.seat_colours[seat]}
        for seat in range(game.num_players)
    ]
    return {
        "game": str(game.spec),
        "title": game.title,
        "position": state.to_json(),
        "svg": game.render_svg(state),
        "to_move": None if state.is_over() else state.current_player,
        "over": state.is_over(),
        **engine_words(state),
        "scores": list(state.scores()),
        "outcome": None if outcome is None else outcome.to_json(),
        "highlights": [] if outcome is None else game.result_places(state),
        "seats": seats,
        **turn_of(state),
    }


def choice_pictures(request: PositionRequest) -> ChoicePictures:
    """The pictures of the moves ``request.choices`` on its position (400 for one that is not
    legal there)."""
    state = replayed(request)
    legal = {str(move): move for move in state.legal_moves()}
    for text in request.choices:
        if text not in legal:
            raise BadRequestError(
                Phrase("{move} is not a legal move in this position", move=repr(text[:40]))
            )
    drawn = state.game.choice_pictures(state, [legal[text] for text in request.choices])
    return {"pictures": {str(move): picture.to_json() for move, picture in drawn.items()}}


def charge(request: Request, units: int) -> None:
    """Count ``units`` replayed moves against the client's address (429 beyond its share)."""
    if not service_of(request).replays.take(address_of(request), units):
        raise TooManyRequestsError(
            Phrase("you have asked the server for many positions lately: try again in a minute")
        )


async def position(request: Request) -> PositionView:
    asked = read_position(await body_of(request))
    charge(request, POSITION_COST + len(asked.moves))
    return await asyncio.to_thread(lambda: position_view(replayed(asked)))


async def choices(request: Request) -> ChoicePictures:
    asked = read_position(await body_of(request), choices=True)
    charge(request, POSITION_COST + len(asked.moves) + len(asked.choices))
    return await asyncio.to_thread(choice_pictures, asked)


def position_routes() -> list[BaseRoute]:
    post = ["POST"]
    return [
        Route("/api/positions", api(position), methods=post),
        Route("/api/positions/choices", api(choices), methods=post),
    ]
