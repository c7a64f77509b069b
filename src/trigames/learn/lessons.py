"""Lessons: each game's rules and first tactics, taught by doing.

A game's lessons are read from ``data/lessons/{game}.json`` (see ``docs/lessons.md``). A
:class:`Lesson` is a few :class:`Step` objects; each step starts from a position, says what to
do, and names a :class:`Goal` that the learner's moves must meet. :func:`check_move` judges one
learner move: legal or not, meeting the goal or not, and what the other side answers (the
step's ``solution`` gives the replies).

The learner is the seat to move at the step's start. The moves of a ``solution`` are played in
turn, each by the seat the position has to move: the learner's moves alternating with the
replies, or two of the learner's in a row where a move earns another (a Tricolor crown). The
step is done after the learner's last move of the solution, or sooner when the game ends.

>>> lesson = find_lesson("triggle-2")
>>> step = lesson.steps[0]
>>> step.goal
Goal(kind='score', at_least=1, depth=0)
>>> verdict = check_move(step, [], step.solution[0])
>>> verdict.ok, verdict.done
(True, True)
>>> print(check_move(step, [], "C1-C4").message)  # doctest: +NORMALIZE_WHITESPACE
C1-C4 is legal, but your score stays 0: it claims nothing but lets Yellow close 1 triangle
with one band.
>>> check_move(step, [], "C1-C4").message.template  # a phrase, said in a page's language
'{move} is legal, but {why}: it {explanation}.'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal, NotRequired, TypedDict, get_args

from trigames.core.errors import TrigamesError
from trigames.core.limits import quote
from trigames.core.phrases import Phrase, words_of
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game
from trigames.learn.puzzle_search import MAX_DEPTH, RESULT, DepthSearch, SearchLimitError

GoalKind = Literal["any", "solution", "score", "win", "best"]

#: The games with lessons, in the order of the catalogue.
GAMES = ("triggle", "trig", "tricolor", "trugo", "tranglar")
#: A lesson has this many steps, at least and at most.
STEPS = (2, 6)
#: The most characters of each text of a lesson or a step (short enough for a phone).
TEXT_LIMITS = {"title": 40, "summary": 120, "text": 360, "hint": 200, "done": 200}
#: The most moves of a step's solution (the learner's and the replies).
SOLUTION_LIMIT = 12
#: The most positions one check may search (``best`` and ``win`` goals, the replies off the
#: solution's line): the content keeps well below it, and a learner's detour cannot pass it.
NODE_LIMIT = 200_000
#: How deep the reply is searched when the learner has left the solution's line.
REPLY_DEPTH = 2
#: The error of a check that met :data:`NODE_LIMIT`.
TOO_FAR = "this position is too far from the lesson's line to check"

__all__ = [
    "GAMES",
    "Goal",
    "GoalJson",
    "Lesson",
    "LessonError",
    "LessonJson",
    "Step",
    "StepJson",
    "Verdict",
    "check_move",
    "find_lesson",
    "lessons_for",
    "read_lessons",
]


class LessonError(TrigamesError):
    """No such game or lesson, a broken lesson file, or moves that do not fit a step."""


class GoalJson(TypedDict):
    """A goal as the data file and the API write it."""

    kind: GoalKind
    at_least: NotRequired[int]
    depth: NotRequired[int]


class StepJson(TypedDict):
    """A step as the API gives it: ``position`` only where the step does not start from the
    spec's start position."""

    text: str
    spec: str
    position: NotRequired[dict[str, Any]]
    goal: GoalJson
    hint: str
    solution: list[str]
    done: str


class LessonJson(TypedDict):
    """A lesson as the API gives it."""

    id: str
    title: str
    summary: str
    steps: list[StepJson]


@dataclass(frozen=True)
class Goal:
    """What the learner's moves must do: ``kind`` (see the module), the least gain of a
    ``score`` goal (``at_least``) and the plies a ``best`` goal searches (``depth``)."""

    kind: GoalKind
    at_least: int = 1
    depth: int = 0

    def to_json(self) -> GoalJson:
        """The goal as the data file writes it.

        >>> Goal("score", at_least=2).to_json(), Goal("best", depth=2).to_json()
        ({'kind': 'score', 'at_least': 2}, {'kind': 'best', 'depth': 2})
        """
        goal: GoalJson = {"kind": self.kind}
        if self.kind == "score":
            goal["at_least"] = self.at_least
        if self.kind == "best":
            goal["depth"] = self.depth
        return goal


@dataclass(frozen=True)
class Step:
    """One task of a lesson: its texts, the game ``spec`` (canonical), the start (a
    ``position``, or ``moves`` from the spec's start, or neither), the goal, and the solution
    with its accepted alternatives (``solutions``)."""

    text: str
    spec: str
    position: dict[str, Any] | None
    moves: tuple[str, ...]
    goal: Goal
    hint: str
    solution: tuple[str, ...]
    solutions: tuple[tuple[str, ...], ...]
    done: str

    @property
    def game(self) -> AnyGame:
        """The game of this step."""
        return load_game(self.spec)

    def start(self) -> AnyState:
        """The step's start position (a fresh copy: play on it freely)."""
        state: AnyState
        if self.position is not None:
            state = self.game.state_from_json(self.position)
            return state
        state = self.game.new_initial_state()
        for move in self.moves:
            state.play(move)
        return state

    def to_json(self) -> StepJson:
        """The step as the API gives it (``moves`` become the ``position`` they lead to)."""
        step: StepJson = {
            "text": self.text,
            "spec": self.spec,
            "goal": self.goal.to_json(),
            "hint": self.hint,
            "solution": list(self.solution),
            "done": self.done,
        }
        if self.position is not None or self.moves:
            step["position"] = self.start().to_json()
        return step

    def lines(self) -> tuple[tuple[str, ...], ...]:
        """The solution, then the other sequences a ``solution`` goal accepts."""
        return (self.solution, *self.solutions)


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``id`` (``{game}-{n}``), its game's name, title, summary and steps."""

    id: str
    game: str
    title: str
    summary: str
    steps: tuple[Step, ...]

    def to_json(self) -> LessonJson:
        """The lesson as the API gives it."""
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "steps": [step.to_json() for step in self.steps],
        }


@dataclass(frozen=True)
class Verdict:
    """What :func:`check_move` says of a learner's move: accepted (``ok``), the step finished
    (``done``), the other side's answer to play next (``reply``) and the ``message``: a
    :class:`~trigames.core.phrases.Phrase` (said in a page's language), except the step's own
    ``done`` text (the lesson's data, in English)."""

    ok: bool
    done: bool
    reply: str | None
    message: str


# --- finding lessons ------------------------------------------------------------------------


def lessons_for(game: str) -> tuple[Lesson, ...]:
    """The lessons of ``game`` (a name of :data:`GAMES`), in teaching order.

    >>> [lesson.id for lesson in lessons_for("trig")][:2]
    ['trig-1', 'trig-2']
    >>> lessons_for("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trigames.learn.lessons.LessonError: no lessons for 'chess'; there are lessons for triggle, ...
    """
    if game not in GAMES:
        known = f"{', '.join(GAMES[:-1])} and {GAMES[-1]}"
        raise LessonError(f"no lessons for {quote(game)}; there are lessons for {known}")
    return _load(game)


def find_lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id`` (``triggle-1``...).

    >>> find_lesson("trugo-1").title
    'Tiles and junctions'
    >>> find_lesson("trugo-99")
    Traceback (most recent call last):
    ...
    trigames.learn.lessons.LessonError: no lesson 'trugo-99': trugo has lessons trugo-1 to trugo-5
    """
    game = lesson_id.rpartition("-")[0]
    if game not in GAMES:
        raise LessonError(
            f"no lesson {quote(lesson_id)}: a lesson id is a game's name, '-', a number"
        )
    lessons = _load(game)
    for lesson in lessons:
        if lesson.id == lesson_id:
            return lesson
    raise LessonError(
        f"no lesson {quote(lesson_id)}: {game} has lessons {lessons[0].id} to {lessons[-1].id}"
    )


@cache
def _load(game: str) -> tuple[Lesson, ...]:
    source = f"learn/data/lessons/{game}.json"
    path = resources.files(__package__).joinpath("data", "lessons", f"{game}.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise LessonError(f"{source}: cannot read the lessons: {error}") from None
    return read_lessons(game, data, source)


# --- reading a lesson file ------------------------------------------------------------------


def read_lessons(game: str, data: object, source: str) -> tuple[Lesson, ...]:
    """The lessons of ``game`` in ``data`` (a lesson file's JSON), checked: every field of its
    type and length, the ids in order, every start position and every solution legal. Raises
    :class:`LessonError` naming ``source``, the lesson, the step and the field at fault.

    >>> read_lessons("trig", {"game": "trig", "lessons": []}, "test")
    Traceback (most recent call last):
    ...
    trigames.learn.lessons.LessonError: test: 'lessons' must be a non-empty list
    """
    top = _object(data, {"game", "lessons"}, set(), source)
    if top["game"] != game:
        raise LessonError(f"{source}: 'game' must be {game!r}, not {quote(top['game'])}")
    items = top["lessons"]
    if not isinstance(items, list) or not items:
        raise LessonError(f"{source}: 'lessons' must be a non-empty list")
    return tuple(
        _read_lesson(game, item, number, f"{source}: lesson {number}")
        for number, item in enumerate(items, 1)
    )


def _read_lesson(game: str, data: object, number: int, where: str) -> Lesson:
    item = _object(data, {"id", "title", "summary", "steps"}, set(), where)
    lesson_id = f"{game}-{number}"
    if item["id"] != lesson_id:
        raise LessonError(f"{where}: 'id' must be {lesson_id!r} (lessons count from 1 in order)")
    steps = item["steps"]
    low, high = STEPS
    if not isinstance(steps, list) or not low <= len(steps) <= high:
        raise LessonError(f"{where}: 'steps' must be a list of {low} to {high} steps")
    return Lesson(
        id=lesson_id,
        game=game,
        title=_text(item, "title", where),
        summary=_text(item, "summary", where),
        steps=tuple(
            _read_step(game, step, f"{where} ({lesson_id}), step {n}")
            for n, step in enumerate(steps, 1)
        ),
    )


def _read_step(game: str, data: object, where: str) -> Step:
    required = {"text", "goal", "hint", "solution", "done"}
    item = _object(data, required, {"spec", "position", "moves", "solutions"}, where)
    spec = item.get("spec", game)
    if not isinstance(spec, str):
        raise LessonError(f"{where}: 'spec' must be a game spec string")
    try:
        played = load_game(spec)
    except TrigamesError as error:
        raise LessonError(f"{where}: 'spec': {error}") from None
    if played.name != game:
        raise LessonError(f"{where}: 'spec' must be a spec of {game}, not {quote(spec)}")
    if played.num_players != 2:
        raise LessonError(f"{where}: 'spec': lessons are for two players")
    if "position" in item and "moves" in item:
        raise LessonError(f"{where}: give 'position' or 'moves', not both")
    position = item.get("position")
    if position is not None and not isinstance(position, dict):
        raise LessonError(f"{where}: 'position' must be a position object (state.to_json())")
    step = Step(
        text=_text(item, "text", where),
        spec=str(played.spec),
        position=position,
        moves=_moves(item, "moves", where) if "moves" in item else (),
        goal=_goal(item["goal"], f"{where}: 'goal'"),
        hint=_text(item, "hint", where),
        solution=_moves(item, "solution", where),
        solutions=_alternatives(item, where),
        done=_text(item, "done", where),
    )
    try:
        start = step.start()
    except TrigamesError as error:
        field = "position" if position is not None else "moves"
        raise LessonError(f"{where}: '{field}': {error}") from None
    if start.to_move is None:
        raise LessonError(f"{where}: the game is over at the step's start")
    if step.solutions and step.goal.kind != "solution":
        raise LessonError(f"{where}: 'solutions' is for goals of kind 'solution' only")
    for number, line in enumerate(step.lines()):
        field = "solution" if number == 0 else f"solutions[{number - 1}]"
        _check_line(start, line, f"{where}: '{field}'")
    if step.goal.kind == "win" and len(step.solution) > MAX_DEPTH:
        raise LessonError(f"{where}: a 'win' step has at most {MAX_DEPTH} moves")
    return step


def _check_line(start: AnyState, line: Sequence[str], where: str) -> None:
    """Each move of ``line`` is legal and written as the engine writes it, the game is not
    over before its last, a reply earns no extra move, and the last move is the learner's."""
    learner = start.to_move
    state = start.clone()
    mover = learner
    for number, move in enumerate(line, 1):
        if state.to_move is None:
            raise LessonError(f"{where}: the game is over before move {number}, {quote(move)}")
        mover = state.to_move
        try:
            written = str(state.parse_move(move))
            state.play(written)
        except TrigamesError as error:
            raise LessonError(f"{where}: move {number}: {error}") from None
        if written != move:
            raise LessonError(
                f"{where}: move {number}: write {move!r} as the engine does, {written!r}"
            )
        if mover != learner and state.to_move not in (learner, None):
            raise LessonError(f"{where}: move {number} is a reply that earns another move")
    if mover != learner:
        raise LessonError(f"{where}: the last move must be the learner's, not a reply")


def _object(data: object, required: set[str], optional: set[str], where: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: must be a JSON object, not {type(data).__name__}")
    missing = sorted(required - data.keys())
    if missing:
        raise LessonError(f"{where}: missing {', '.join(map(repr, missing))}")
    unknown = sorted(data.keys() - required - optional)
    if unknown:
        known = ", ".join(sorted(required | optional))
        raise LessonError(f"{where}: unknown {', '.join(map(repr, unknown))}; known: {known}")
    return data


def _text(item: Mapping[str, Any], key: str, where: str) -> str:
    text, limit = item[key], TEXT_LIMITS[key]
    if not isinstance(text, str) or not text.strip() or len(text) > limit:
        raise LessonError(f"{where}: {key!r} must be a text of 1 to {limit} characters")
    return text


def _moves(item: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    moves = item[key]
    if (
        not isinstance(moves, list)
        or not all(isinstance(move, str) for move in moves)
        or (key != "moves" and not 1 <= len(moves) <= SOLUTION_LIMIT)
    ):
        size = "" if key == "moves" else f" of 1 to {SOLUTION_LIMIT} moves"
        raise LessonError(f"{where}: {key!r} must be a list{size} in the game's notation")
    return tuple(moves)


def _alternatives(item: Mapping[str, Any], where: str) -> tuple[tuple[str, ...], ...]:
    lines = item.get("solutions", [])
    if not isinstance(lines, list):
        raise LessonError(f"{where}: 'solutions' must be a list of move lists")
    return tuple(_moves({"solutions": line}, "solutions", where) for line in lines)


def _goal(data: object, where: str) -> Goal:
    kinds = get_args(GoalKind)
    if not isinstance(data, dict) or data.get("kind") not in kinds:
        raise LessonError(f"{where}: must be an object whose 'kind' is one of {', '.join(kinds)}")
    kind: GoalKind = data["kind"]
    if kind == "score":
        at_least = _object(data, {"kind", "at_least"}, set(), where)["at_least"]
        if type(at_least) is not int or at_least < 1:
            raise LessonError(f"{where}: 'at_least' must be a whole number from 1")
        return Goal(kind, at_least=at_least)
    if kind == "best":
        depth = _object(data, {"kind", "depth"}, set(), where)["depth"]
        if type(depth) is not int or not 1 <= depth <= MAX_DEPTH:
            raise LessonError(f"{where}: 'depth' must be a whole number from 1 to {MAX_DEPTH}")
        return Goal(kind, depth=depth)
    _object(data, {"kind"}, set(), where)
    return Goal(kind)


# --- checking a learner's move --------------------------------------------------------------


def check_move(step: Step, played: Sequence[str], move: str) -> Verdict:
    """Judge the learner's ``move`` after ``played`` (this step's moves so far, the learner's
    and the replies, as the page played them).

    Raises :class:`LessonError` when ``played`` does not fit the step: an illegal move, more
    moves than the solution has, or a position where the learner is not to move. A ``move``
    that is not legal, or legal but short of the goal, gets ``ok=False`` and says why.
    """
    state, played, learner = _replay(step, played)
    other = step.game.player_name(1 - learner)
    try:
        parsed = state.parse_move(move)
        state.play(parsed)
    except TrigamesError as error:  # the engine's words: a phrase, kept one (str() is plain)
        words = words_of(error)
        return Verdict(False, False, None, words)
    state.undo()
    refusal = _refusal(step, state, played, parsed, learner)
    if refusal is not None:
        return Verdict(False, False, None, refusal)
    line = (*played, str(parsed))
    state.play(parsed)
    if step.goal.kind == "solution":
        finished = line in step.lines()
    else:
        finished = len(line) >= len(step.solution)
    if state.to_move is None or finished:
        return Verdict(True, True, None, step.done)
    if state.to_move == learner:
        return Verdict(True, False, None, Phrase("Good. You move again."))
    reply = _reply(step, state, line)
    answers = Phrase("Good. {seat} answers {move}.", seat=other, move=reply)
    return Verdict(True, False, reply, answers)


def _replay(step: Step, played: Sequence[str]) -> tuple[AnyState, tuple[str, ...], int]:
    """The position after ``played``, those moves as the engine writes them, and the
    learner's seat."""
    state = step.start()
    learner = state.to_move
    assert learner is not None  # checked when the step was read
    longest = max(len(line) for line in step.lines())
    if len(played) >= longest:
        raise LessonError(f"this step is done after {longest} moves; {len(played)} were played")
    written = []
    for number, move in enumerate(played, 1):
        try:
            parsed = state.parse_move(move)
            state.play(parsed)
        except TrigamesError as error:
            raise LessonError(f"move {number} played in this step: {error}") from None
        written.append(str(parsed))
    if state.to_move != learner:
        raise LessonError("after the moves played in this step, the learner is not to move")
    return state, tuple(written), learner


def _refusal(
    step: Step, state: AnyState, played: tuple[str, ...], move: Any, learner: int
) -> Phrase | None:
    """Why the legal ``move`` fails the step's goal, or ``None`` when it meets it."""
    goal = step.goal
    if goal.kind == "any":
        return None
    if goal.kind == "solution":
        line = (*played, str(move))
        if any(candidate[: len(line)] == line for candidate in step.lines()):
            return None
        return _legal_but(step, state, move, Phrase("it is not the move this step is after"))
    if goal.kind == "score":
        before = state.scores()[learner]
        gain = _after(state, move).scores()[learner] - before
        if gain >= goal.at_least:
            return None
        if gain <= 0:
            return _legal_but(step, state, move, Phrase("your score stays {score}", score=before))
        why = Phrase(
            "it scores {gain}, and this step asks for {goal}", gain=gain, goal=goal.at_least
        )
        return _legal_but(step, state, move, why)
    search = DepthSearch(node_limit=NODE_LIMIT)
    try:
        if goal.kind == "best":
            if search.move_value(state, move, goal.depth) >= search.value(state, goal.depth):
                return None
            return _legal_but(step, state, move, Phrase("there is a better move"))
        return _win_refusal(step, state, len(played), move, learner, search)
    except SearchLimitError:
        raise LessonError(TOO_FAR) from None


def _win_refusal(
    step: Step, state: AnyState, played: int, move: Any, learner: int, search: DepthSearch
) -> Phrase | None:
    """Why the legal ``move``, after ``played`` moves, fails a ``win`` goal, or ``None``."""
    left = len(step.solution) - played  # plies to the step's end, this move included
    if left > 1:
        if search.move_value(state, move, left) > RESULT // 2:
            return None
        other = step.game.player_name(1 - learner)
        return _legal_but(step, state, move, Phrase("it gives {seat} a way out", seat=other))
    outcome = _after(state, move).outcome()
    if outcome is None:
        return _legal_but(step, state, move, Phrase("the game goes on"))
    if outcome.winners != (learner,):
        return _legal_but(step, state, move, Phrase("you do not win"))
    return None


def _after(state: AnyState, move: Any) -> AnyState:
    """A copy of ``state`` with ``move`` played."""
    after = state.clone()
    after.play(move)
    return after


def _legal_but(step: Step, state: AnyState, move: Any, why: Phrase) -> Phrase:
    """The legal ``move`` refused for ``why``, with what it does (the game's explanation)."""
    explanation = step.game.explain_move(state, move)
    if not explanation:
        return Phrase("{move} is legal, but {why}.", move=str(move), why=why)
    return Phrase(
        "{move} is legal, but {why}: it {explanation}.",
        move=str(move),
        why=why,
        explanation=explanation,
    )


def _reply(step: Step, state: AnyState, line: tuple[str, ...]) -> str:
    """The other side's answer: the next move of the solution (or of an alternative) that
    the moves so far follow, else a best move of a search to the step's end, at most
    :data:`REPLY_DEPTH` plies deep."""
    for candidate in step.lines():
        if candidate[: len(line)] == line:
            return candidate[len(line)]
    depth = min(REPLY_DEPTH, len(step.solution) - len(line))
    try:
        return str(DepthSearch(node_limit=NODE_LIMIT).best(state, depth).move)
    except SearchLimitError:
        raise LessonError(TOO_FAR) from None
