"""The HTTP API of lessons (:mod:`trigames.learn.lessons`; the pages are
:mod:`~trigames.web.learn_pages`):

- ``GET /api/lessons?game=G``: ``{"lessons": [...]}``, the game's lessons in teaching order
  (:class:`~trigames.learn.lessons.LessonJson`); 400 for a game without lessons, naming those
  with.
- ``POST /api/lessons/{id}/steps/{n}/check {"played": [...], "move": M}``: the verdict on the
  learner's move ``M`` in step ``n`` (from 1) of the lesson, after the step's moves ``played``
  so far (the learner's and the replies, at most
  :data:`~trigames.learn.lessons.SOLUTION_LIMIT`): ``{"ok", "done", "reply", "message",
  "message_said"}`` (the message also as a phrase, or the step's own English text). 404
  for no such lesson or step, 400 for moves ``played`` that do not fit the step. Each check
  counts as :data:`~trigames.web.limits.LESSON_CHECK_COST` replayed moves against the address's
  :data:`~trigames.web.limits.REPLAYED_MOVES_PER_MINUTE` (429 beyond).
- ``GET /api/account/lessons`` (logged in): ``{"finished": [ID, ...]}``, the lessons the
  account finished; ``POST /api/account/lessons {"finished": [ID, ...]}`` adds to them (at most
  :data:`~trigames.web.limits.MAX_LESSONS_SENT` ids, each at most
  :data:`~trigames.web.limits.MAX_LESSON_ID` characters; ids that name no lesson are left out)
  and answers the same. 401 without a session.

>>> [(route.path, sorted(route.methods or ())) for route in learn_routes()]
... # doctest: +NORMALIZE_WHITESPACE
[('/api/lessons', ['GET', 'HEAD']), ('/api/lessons/{id}/steps/{n}/check', ['POST']),
 ('/api/account/lessons', ['GET', 'HEAD']), ('/api/account/lessons', ['POST'])]
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any, TypedDict

from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from trigames.core.phrases import Phrase, Said, said
from trigames.learn.lessons import (
    SOLUTION_LIMIT,
    LessonError,
    LessonJson,
    Step,
    Verdict,
    check_move,
    find_lesson,
    lessons_for,
)
from trigames.records import MAX_MOVE_LENGTH
from trigames.web.account_api import account_of
from trigames.web.errors import BadRequestError, NotFoundError, words_of
from trigames.web.http import api, body_of, service_of
from trigames.web.limits import LESSON_CHECK_COST, MAX_LESSON_ID, MAX_LESSONS_SENT
from trigames.web.position_api import charge, read_moves
from trigames.web.requests import MOVE_TOO_LONG
from trigames.web.store import GameStore


class Lessons(TypedDict):
    lessons: list[LessonJson]


class VerdictView(TypedDict):
    """A verdict on a learner's move: its ``message`` in English and as a phrase a page says
    in its language (``message_said``; a plain string for the step's own ``done`` text, which
    the lesson's data gives in English)."""

    ok: bool
    done: bool
    reply: str | None
    message: str
    message_said: Said


class Finished(TypedDict):
    """The lessons an account finished, by id."""

    finished: list[str]


def read_game(query: Mapping[str, str]) -> str:
    """The game whose lessons a query asks for (whether it has any is the lessons' to say)."""
    game = query.get("game")
    if game is None:
        raise BadRequestError(Phrase("give the game: /api/lessons?game=triggle"))
    return game


def step_named(lesson_id: str, number: str) -> Step:
    """Step ``number`` (from 1) of the lesson ``lesson_id``; 404 for none.

    >>> step_named("triggle-1", "1").goal.kind
    'any'
    >>> step_named("triggle-1", "9")
    Traceback (most recent call last):
    ...
    trigames.web.errors.NotFoundError: lesson triggle-1 has steps 1 to 3
    """
    if len(lesson_id) > MAX_LESSON_ID:
        raise NotFoundError(
            Phrase("there is no lesson {lesson}…", lesson=repr(lesson_id[:MAX_LESSON_ID]))
        )
    try:
        lesson = find_lesson(lesson_id)
    except LessonError as error:
        raise NotFoundError(words_of(error)) from None
    count = len(lesson.steps)
    if not (number.isdigit() and len(number) <= 2 and 1 <= int(number) <= count):
        raise NotFoundError(
            Phrase("lesson {lesson} has steps 1 to {count}", lesson=lesson.id, count=count)
        )
    return lesson.steps[int(number) - 1]


def read_check(body: Mapping[str, Any]) -> tuple[tuple[str, ...], str]:
    """The moves of the step so far and the learner's move, from a check's body.

    >>> read_check({"played": ["A1-D1"], "move": "A1-A4"})
    (('A1-D1',), 'A1-A4')
    >>> read_check({"played": []})
    Traceback (most recent call last):
    ...
    trigames.web.errors.BadRequestError: 'move' must be a move: a string of at most 100 characters
    """
    played = read_moves(body.get("played", []), "played", SOLUTION_LIMIT)
    move = body.get("move")
    if not isinstance(move, str) or len(move) > MAX_MOVE_LENGTH:
        raise BadRequestError(MOVE_TOO_LONG)
    return played, move


def read_finished(body: Mapping[str, Any]) -> list[str]:
    """The ids of ``"finished"`` that name lessons (the others are left out: a browser may
    remember lessons that are gone).

    >>> read_finished({"finished": ["trig-1", "trig-999"]})
    ['trig-1']
    """
    ids = body.get("finished")
    if (
        not isinstance(ids, list)
        or len(ids) > MAX_LESSONS_SENT
        or not all(isinstance(item, str) and len(item) <= MAX_LESSON_ID for item in ids)
    ):
        raise BadRequestError(
            Phrase(
                "'finished' must be a list of at most {count} lesson ids, each at most {most} "
                "characters",
                count=MAX_LESSONS_SENT,
                most=MAX_LESSON_ID,
            )
        )
    return [lesson_id for lesson_id in dict.fromkeys(ids) if _is_lesson(lesson_id)]


def _is_lesson(lesson_id: str) -> bool:
    try:
        find_lesson(lesson_id)
    except LessonError:
        return False
    return True


def verdict_view(verdict: Verdict) -> VerdictView:
    """The JSON of ``verdict``.

    >>> verdict_view(Verdict(True, False, "A1-A4", Phrase("Good. You move again.")))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'ok': True, 'done': False, 'reply': 'A1-A4', 'message': 'Good. You move again.',
     'message_said': ['Good. You move again.']}
    """
    return {
        "ok": verdict.ok,
        "done": verdict.done,
        "reply": verdict.reply,
        "message": verdict.message,
        "message_said": said(verdict.message),
    }


async def listing(request: Request) -> Lessons:
    game = read_game(request.query_params)
    try:
        found = lessons_for(game[:MAX_LESSON_ID])
    except LessonError as error:
        raise BadRequestError(words_of(error)) from None
    return {"lessons": [lesson.to_json() for lesson in found]}


async def check(request: Request) -> VerdictView:
    step = step_named(request.path_params["id"], request.path_params["n"])
    played, move = read_check(await body_of(request))
    charge(request, LESSON_CHECK_COST)
    try:
        verdict = await asyncio.to_thread(check_move, step, played, move)
    except LessonError as error:
        raise BadRequestError(words_of(error)) from None
    return verdict_view(verdict)


async def finished(request: Request) -> Finished:
    account = await account_of(request)
    found = await service_of(request).database.run(lambda store: store.finished_lessons(account.id))
    return {"finished": found}


async def finish(request: Request) -> Finished:
    account = await account_of(request)
    service, ids = service_of(request), read_finished(await body_of(request))
    at = service.clock()

    def note(store: GameStore) -> list[str]:
        store.finish_lessons(account.id, ids, at)
        return store.finished_lessons(account.id)

    return {"finished": await service.database.run(note)}


def learn_routes() -> list[BaseRoute]:
    return [
        Route("/api/lessons", api(listing)),
        Route("/api/lessons/{id}/steps/{n}/check", api(check), methods=["POST"]),
        Route("/api/account/lessons", api(finished), methods=["GET"]),
        Route("/api/account/lessons", api(finish), methods=["POST"]),
    ]
