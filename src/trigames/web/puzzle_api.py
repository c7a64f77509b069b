"""The HTTP API of puzzles (:mod:`trigames.learn.puzzles`; the pages are
:mod:`~trigames.web.puzzle_pages`):

- ``GET /api/puzzles?game=G[&count=N][&rating=R]``: ``{"puzzles": [...]}``, ``N`` puzzles of
  game ``G`` (1 to :data:`~trigames.web.limits.MAX_PUZZLES`, by default
  :data:`~trigames.web.limits.DEFAULT_PUZZLES`), of varied depths: near the solver's rating ``R``
  (a whole number from 0 to :data:`~trigames.web.limits.MAX_PUZZLE_RATING`) when it is given,
  else from all of the game's. 400 for an unknown game (naming the games) or a bad number.
- ``GET /api/puzzles/{id}``: one puzzle (404 for no such puzzle).
- ``POST /api/puzzles/{id}/check {"played": [...], "move": M}``: whether ``M`` is right after
  the solution's moves ``played`` (at most :data:`~trigames.web.limits.MAX_PUZZLE_PLIES`):
  ``{"correct", "done", "reply", "message", "message_said"}`` (the message also as a phrase, which
  a page says in its language); 400 for moves that are not the solution's so far.
  It replays the puzzle: it counts as a study board's position
  (:data:`~trigames.web.limits.POSITION_COST` replayed moves, plus the puzzle's) against the
  address's :data:`~trigames.web.limits.REPLAYED_MOVES_PER_MINUTE` (429 beyond).

Each puzzle is ``{"id", "game", "spec", "moves", "solution", "rating", "themes"}``.

>>> [(route.path, sorted(route.methods or ())) for route in puzzle_routes()]
... # doctest: +NORMALIZE_WHITESPACE
[('/api/puzzles', ['GET', 'HEAD']), ('/api/puzzles/{id}', ['GET', 'HEAD']),
 ('/api/puzzles/{id}/check', ['POST'])]
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Mapping, Sequence
from itertools import zip_longest
from typing import Any, TypedDict

from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from trigames.core.phrases import Phrase, Said, said
from trigames.learn.puzzles import (
    PUZZLE_GAMES,
    Attempt,
    Puzzle,
    PuzzleError,
    PuzzleJson,
    check_attempt,
    find_puzzle,
    puzzles_for,
)
from trigames.records import MAX_MOVE_LENGTH
from trigames.web.errors import BadRequestError, NotFoundError, words_of
from trigames.web.http import api, body_of
from trigames.web.limits import (
    DEFAULT_PUZZLES,
    MAX_PUZZLE_ID,
    MAX_PUZZLE_PLIES,
    MAX_PUZZLE_RATING,
    MAX_PUZZLES,
    POSITION_COST,
)
from trigames.web.position_api import charge
from trigames.web.requests import MOVE_TOO_LONG, item_too_long

#: The nearest puzzles to a rating a request draws from: this many per puzzle asked for.
NEAR_POOL = 4
_WHOLE = re.compile(r"\d{1,6}", re.ASCII)


class Puzzles(TypedDict):
    puzzles: list[PuzzleJson]


class AttemptView(TypedDict):
    """The answer to a solver's move: its ``message`` in English and as a phrase a page says in
    its language (``message_said``)."""

    correct: bool
    done: bool
    reply: str | None
    message: str
    message_said: Said


def read_game(query: Mapping[str, str]) -> str:
    """The game a query asks puzzles of.

    >>> read_game({"game": "trig"})
    'trig'
    >>> read_game({"game": "chess"})
    Traceback (most recent call last):
    ...
    trigames.web.errors.BadRequestError: game must be one of triggle, trig, tricolor, trugo, ...
    """
    game = query.get("game")
    if game not in PUZZLE_GAMES:
        raise BadRequestError(Phrase("game must be one of {games}", games=", ".join(PUZZLE_GAMES)))
    return game


def read_whole(query: Mapping[str, str], key: str, low: int, high: int) -> int | None:
    """The whole number ``query[key]`` from ``low`` to ``high`` (None when absent).

    >>> read_whole({"count": "5"}, "count", 1, 50), read_whole({}, "count", 1, 50)
    (5, None)
    >>> read_whole({"count": "51"}, "count", 1, 50)
    Traceback (most recent call last):
    ...
    trigames.web.errors.BadRequestError: count must be a whole number from 1 to 50
    """
    text = query.get(key)
    if text is None:
        return None
    if not _WHOLE.fullmatch(text) or not low <= int(text) <= high:
        raise BadRequestError(
            Phrase("{key} must be a whole number from {low} to {high}", key=key, low=low, high=high)
        )
    return int(text)


def read_attempt(body: Mapping[str, Any]) -> tuple[tuple[str, ...], str]:
    """The moves played so far and the move to check, from a check's body.

    >>> read_attempt({"played": ["A1-D1"], "move": "A1-A4"})
    (('A1-D1',), 'A1-A4')
    >>> read_attempt({"move": 3})
    Traceback (most recent call last):
    ...
    trigames.web.errors.BadRequestError: 'move' must be a move: a string of at most 100 characters
    """
    played, move = body.get("played", []), body.get("move")
    if not isinstance(played, list) or len(played) > MAX_PUZZLE_PLIES:
        raise BadRequestError(
            Phrase(
                "'{key}' must be a list of at most {count} moves",
                key="played",
                count=MAX_PUZZLE_PLIES,
            )
        )
    for index, item in enumerate([*played, move]):
        if not isinstance(item, str) or len(item) > MAX_MOVE_LENGTH:
            last = index == len(played)
            raise BadRequestError(MOVE_TOO_LONG if last else item_too_long("played", index))
    return tuple(played), str(move)


def choose(
    puzzles: Sequence[Puzzle], count: int, rating: int | None, rng: random.Random
) -> list[Puzzle]:
    """``count`` puzzles (or all there are), drawn from the :data:`NEAR_POOL` times ``count``
    nearest to ``rating`` when it is given, varied: taken in turn from each depth (the
    solution's length), each depth's puzzles shuffled.

    >>> from trigames.learn.puzzles import puzzles_for
    >>> chosen = choose(puzzles_for("triggle"), 6, 1500, random.Random(1))
    >>> len(chosen), len({p.id for p in chosen}), len({p.depth for p in chosen}) > 1
    (6, 6, True)
    """
    pool = list(puzzles)
    rng.shuffle(pool)  # ties in distance fall at random
    if rating is not None:
        pool = sorted(pool, key=lambda puzzle: abs(puzzle.rating - rating))[: NEAR_POOL * count]
    depths: dict[int, list[Puzzle]] = {}
    for puzzle in pool:
        depths.setdefault(puzzle.depth, []).append(puzzle)
    rounds = zip_longest(*(depths[depth] for depth in sorted(depths)))
    return [puzzle for turn in rounds for puzzle in turn if puzzle is not None][:count]


def puzzle_named(puzzle_id: str) -> Puzzle:
    """The puzzle called ``puzzle_id``; 404 for none."""
    if len(puzzle_id) > MAX_PUZZLE_ID:
        raise NotFoundError(
            Phrase("there is no puzzle {puzzle}…", puzzle=repr(puzzle_id[:MAX_PUZZLE_ID]))
        )
    try:
        return find_puzzle(puzzle_id)
    except PuzzleError as error:
        raise NotFoundError(words_of(error)) from None


def attempt_view(attempt: Attempt) -> AttemptView:
    return {
        "correct": attempt.correct,
        "done": attempt.done,
        "reply": attempt.reply,
        "message": attempt.message,
        "message_said": said(attempt.message),
    }


async def listing(request: Request) -> Puzzles:
    query = request.query_params
    game = read_game(query)
    count = read_whole(query, "count", 1, MAX_PUZZLES) or DEFAULT_PUZZLES
    rating = read_whole(query, "rating", 0, MAX_PUZZLE_RATING)
    chosen = choose(puzzles_for(game), count, rating, random.Random())
    return {"puzzles": [puzzle.to_json() for puzzle in chosen]}


async def one(request: Request) -> PuzzleJson:
    return puzzle_named(request.path_params["id"]).to_json()


async def check(request: Request) -> AttemptView:
    puzzle = puzzle_named(request.path_params["id"])
    played, move = read_attempt(await body_of(request))
    charge(request, POSITION_COST + len(puzzle.moves) + len(played))
    try:
        attempt = await asyncio.to_thread(check_attempt, puzzle, played, move)
    except PuzzleError as error:
        raise BadRequestError(words_of(error)) from None
    return attempt_view(attempt)


def puzzle_routes() -> list[BaseRoute]:
    return [
        Route("/api/puzzles", api(listing)),
        Route("/api/puzzles/{id}", api(one)),
        Route("/api/puzzles/{id}/check", api(check), methods=["POST"]),
    ]
