"""The lessons: every file loads, every step's solution is accepted move by move, legal moves
that miss a step's goal are refused with a reason, and the API gives its shape."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from trigames.learn.lessons import (
    GAMES,
    Goal,
    Lesson,
    LessonError,
    Step,
    Verdict,
    check_move,
    find_lesson,
    lessons_for,
    read_lessons,
)

STEPS = [
    pytest.param(step, id=f"{lesson.id}.{number}")
    for game in GAMES
    for lesson in lessons_for(game)
    for number, step in enumerate(lesson.steps, 1)
]


def step_of(lesson_id: str, number: int) -> Step:
    return find_lesson(lesson_id).steps[number - 1]


def play_line(step: Step, line: tuple[str, ...]) -> Verdict:
    """Play ``line`` through :func:`check_move` as the page would: each learner move accepted,
    each reply the line's next move, the step done after the last."""
    played: list[str] = []
    verdict = None
    while len(played) < len(line):
        verdict = check_move(step, played, line[len(played)])
        assert verdict.ok, verdict.message
        played.append(line[len(played)])
        assert verdict.done == (len(played) == len(line)), verdict
        if verdict.reply is not None:
            assert verdict.reply == line[len(played)]
            played.append(verdict.reply)
    assert verdict is not None
    return verdict


def learner_points(step: Step) -> list[tuple[str, ...]]:
    """The moves played before each of the learner's moves of the solution."""
    start = step.start()
    learner = start.to_move
    points = []
    for number, move in enumerate(step.solution):
        if start.to_move == learner:
            points.append(step.solution[:number])
        start.play(move)
    return points


def refused_move(step: Step, played: tuple[str, ...]) -> tuple[str, Verdict] | None:
    """A legal move after ``played`` that the step refuses, with its verdict."""
    state = step.start()
    for move in played:
        state.play(move)
    for legal in state.legal_moves():
        verdict = check_move(step, played, str(legal))
        if not verdict.ok:
            return str(legal), verdict
    return None


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_lessons(game: str) -> None:
    lessons = lessons_for(game)
    assert len(lessons) >= 5
    assert [lesson.id for lesson in lessons] == [f"{game}-{n}" for n in range(1, len(lessons) + 1)]
    assert len({lesson.title for lesson in lessons}) == len(lessons)
    for lesson in lessons:
        assert lesson.game == game
        assert 2 <= len(lesson.steps) <= 6
        assert find_lesson(lesson.id) is lesson


@pytest.mark.parametrize("step", STEPS)
def test_solution_is_accepted(step: Step) -> None:
    verdict = play_line(step, step.solution)
    assert verdict.done
    assert verdict.message == step.done
    for line in step.solutions:
        assert play_line(step, line).done


@pytest.mark.parametrize("step", STEPS)
def test_wrong_move_is_refused(step: Step) -> None:
    if step.goal.kind == "any":
        return
    found = refused_move(step, ())
    assert found is not None, "every legal move meets the goal"
    move, verdict = found
    assert not verdict.done
    assert verdict.reply is None
    assert verdict.message.startswith(f"{move} is legal, but ")


@pytest.mark.parametrize("step", STEPS)
def test_illegal_move_is_refused(step: Step) -> None:
    verdict = check_move(step, [], "Z99")
    assert verdict == Verdict(False, False, None, verdict.message)
    assert "Z99" in verdict.message


def test_score_goal_counts_the_learner_points() -> None:
    step = step_of("triggle-2", 1)  # B1-E2 closes one triangle
    assert check_move(step, [], "B1-E2").ok
    asks_two = replace(step, goal=Goal("score", at_least=2))
    verdict = check_move(asks_two, [], "B1-E2")
    assert not verdict.ok
    assert verdict.message.startswith("B1-E2 is legal, but it scores 1, and this step asks for 2")
    verdict = check_move(step, [], "C1-C4")
    assert not verdict.ok
    assert verdict.message.startswith("C1-C4 is legal, but your score stays 0: it claims nothing")


def test_win_goal_needs_the_game_won() -> None:
    goes_on = replace(step_of("triggle-2", 1), goal=Goal("win"))
    verdict = check_move(goes_on, [], "B1-E2")
    assert not verdict.ok
    assert verdict.message.startswith("B1-E2 is legal, but the game goes on")
    # before the last move, a move is accepted only if the win stays forced
    verdict = check_move(step_of("trig-3", 2), [], "G5")
    assert not verdict.ok
    assert verdict.message.startswith("G5 is legal, but it gives Black a way out")


@pytest.mark.parametrize(
    ("moves", "last"),
    [
        # the twelfth band ends the game 6 to 6
        ("B2-E3 C1-C4 A1-D3 B1-E2 D1-D4 B1-B4 A3-D2 B4-E2 B3-E1 C2-C5 A2-D4", "A2-D1"),
        # the twelfth band ends the game 7 to 5 for Blue: Yellow, who lays it, loses
        ("B1-E2 B1-B4 B4-E2 A1-D3 A2-D1 D1-D4 C1-C4 A2-D4 B3-E1 C2-C5 A3-D2", "B2-E3"),
    ],
)
def test_win_goal_refuses_a_drawn_or_lost_end(moves: str, last: str) -> None:
    step = replace(
        step_of("triggle-2", 1), moves=tuple(moves.split()), goal=Goal("win"), solution=(last,)
    )
    verdict = check_move(step, [], last)
    assert not verdict.ok
    assert verdict.message.startswith(f"{last} is legal, but you do not win")


def test_best_goal_searches_the_position() -> None:
    # E1-E4 takes two triangles, C1-C4 only one
    step = replace(step_of("triggle-2", 3), goal=Goal("best", depth=1))
    assert check_move(step, [], "E1-E4").ok
    verdict = check_move(step, [], "C1-C4")
    assert not verdict.ok
    assert verdict.message.startswith("C1-C4 is legal, but there is a better move")


def test_solution_goal_takes_the_listed_lines_only() -> None:
    step = step_of("tricolor-2", 1)
    assert step.solutions == (("C3-D3",),)
    assert check_move(step, [], "C3-D3").ok
    verdict = check_move(step, [], "B4-C4")  # a hexagon, but not the crown asked for
    assert not verdict.ok
    assert "it is not the move this step is after" in verdict.message


def test_extra_moves_need_no_reply() -> None:
    step = step_of("tricolor-2", 2)  # three crowns round D4 in a row, the last a star
    verdict = check_move(step, [], "E3-E4")
    assert verdict == Verdict(True, False, None, "Good. You move again.")
    assert check_move(step, ["E3-E4", "D3-E3"], "C3-D3").done


def test_moves_are_read_in_any_case() -> None:
    step = step_of("triggle-5", 2)
    verdict = check_move(step, [], "a1-d3")
    assert verdict.ok
    assert verdict.reply == "B1-B4"
    assert check_move(step, ["a1-d3", "b1-b4"], "b4-e2").done


def test_a_reply_off_the_solution_comes_from_a_search() -> None:
    step = replace(step_of("triggle-5", 2), goal=Goal("any"))
    verdict = check_move(step, [], "B1-B4")
    assert verdict.ok
    assert not verdict.done
    state = step.start()
    state.play("B1-B4")
    assert verdict.reply in {str(move) for move in state.legal_moves()}
    assert verdict.message == f"Good. Blue answers {verdict.reply}."


@pytest.mark.parametrize(
    ("played", "message"),
    [
        (["A1-D3", "B1-B4", "B4-E2"], "this step is done after 3 moves; 3 were played"),
        (["A1-A4"], "move 1 played in this step: 'A1-A4' is not a band"),
        (["A1-D3"], "after the moves played in this step, the learner is not to move"),
    ],
)
def test_moves_played_must_fit_the_step(played: list[str], message: str) -> None:
    with pytest.raises(LessonError, match=message):
        check_move(step_of("triggle-5", 2), played, "B4-E2")


@pytest.mark.parametrize("step", STEPS)
def test_step_json(step: Step) -> None:
    shown = step.to_json()
    keys = {"text", "spec", "goal", "hint", "solution", "done"}
    if step.position is not None or step.moves:
        keys.add("position")
        assert shown["position"] == step.start().to_json()
    assert set(shown) == keys
    assert shown["spec"] == step.spec
    assert shown["solution"] == list(step.solution)
    assert shown["goal"]["kind"] == step.goal.kind
    assert step.game.state_from_json(shown.get("position", step.start().to_json())).to_move == (
        step.start().to_move
    )
    assert json.loads(json.dumps(shown)) == shown


def test_lesson_json() -> None:
    lesson = find_lesson("triggle-2")
    shown = lesson.to_json()
    assert list(shown) == ["id", "title", "summary", "steps"]
    assert shown["id"] == "triggle-2"
    assert len(shown["steps"]) == len(lesson.steps)
    first = shown["steps"][0]
    assert first["goal"] == {"kind": "score", "at_least": 1}
    assert first["spec"] == "triggle(size=3)"
    assert "position" not in find_lesson("triggle-1").to_json()["steps"][0]


def test_unknown_game_and_lesson() -> None:
    with pytest.raises(LessonError, match="no lessons for 'chess'; there are lessons for"):
        lessons_for("chess")
    with pytest.raises(LessonError, match="no lesson 'triggle-99': triggle has lessons triggle-1"):
        find_lesson("triggle-99")
    with pytest.raises(LessonError, match="no lesson 'hello'"):
        find_lesson("hello")


def lesson_file() -> dict[str, Any]:
    return {
        "game": "triggle",
        "lessons": [
            {
                "id": "triggle-1",
                "title": "A title",
                "summary": "A summary.",
                "steps": [
                    {
                        "text": "Close it.",
                        "spec": "triggle(size=3)",
                        "moves": ["A2-D1", "D1-D4"],
                        "goal": {"kind": "score", "at_least": 1},
                        "hint": "A hint.",
                        "solution": ["B1-E2"],
                        "done": "Done.",
                    },
                    {
                        "text": "Any band.",
                        "goal": {"kind": "any"},
                        "hint": "A hint.",
                        "solution": ["D1-D4", "A1-D1", "D1-G1"],
                        "done": "Done.",
                    },
                ],
            }
        ],
    }


def broken(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """The good lesson file with the item at ``path`` set to ``value`` (or removed: ...)."""
    data = copy.deepcopy(lesson_file())
    place = data
    for key in path[:-1]:
        place = place[key]
    if value is ...:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return data


def test_a_good_file_reads() -> None:
    (lesson,) = read_lessons("triggle", lesson_file(), "test")
    assert isinstance(lesson, Lesson)
    assert lesson.steps[1].spec == "triggle"
    assert lesson.steps[0].goal == Goal("score", at_least=1)


STEP = ("lessons", 0, "steps", 0)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "test: must be a JSON object, not list"),
        (broken(("game",), "trig"), "test: 'game' must be 'triggle'"),
        (broken(("lessons", 0, "id"), "triggle-2"), "lesson 1: 'id' must be 'triggle-1'"),
        (broken(("lessons", 0, "title"), ""), "'title' must be a text of 1 to 40 characters"),
        (broken(("lessons", 0, "color"), 1), "unknown 'color'"),
        (broken(("lessons", 0, "steps"), []), "'steps' must be a list of 2 to 6 steps"),
        (broken((*STEP, "hint"), ...), r"step 1: missing 'hint'"),
        (broken((*STEP, "text"), "x" * 400), "'text' must be a text of 1 to 360 characters"),
        (broken((*STEP, "spec"), "chess"), "step 1: 'spec': unknown game 'chess'"),
        (broken((*STEP, "spec"), "trig"), "'spec' must be a spec of triggle, not 'trig'"),
        (broken((*STEP, "spec"), "triggle(players=3)"), "lessons are for two players"),
        (broken((*STEP, "position"), {}), "give 'position' or 'moves', not both"),
        (broken((*STEP, "moves"), ["A2-D1", "A2-D1"]), "'moves': A2-D1 is not legal"),
        (broken((*STEP, "goal"), {"kind": "fun"}), "'goal': must be an object whose 'kind'"),
        (broken((*STEP, "goal"), {"kind": "score"}), "'goal': missing 'at_least'"),
        (broken((*STEP, "goal"), {"kind": "score", "at_least": 0}), "'at_least' must be"),
        (broken((*STEP, "goal"), {"kind": "best", "depth": 99}), "'depth' must be a whole"),
        (broken((*STEP, "goal"), {"kind": "any", "depth": 1}), "unknown 'depth'"),
        (broken((*STEP, "solution"), []), "'solution' must be a list of 1 to 12 moves"),
        (broken((*STEP, "solution"), ["b1-e2"]), "write 'b1-e2' as the engine does, 'B1-E2'"),
        (broken((*STEP, "solution"), ["A1-A4"]), "'solution': move 1: 'A1-A4' is not a band"),
        (broken((*STEP, "solution"), ["B1-E2", "A1-D3"]), "the last move must be the learner's"),
        (broken((*STEP, "solutions"), [["B1-E2"]]), "'solutions' is for goals of kind 'solution'"),
    ],
)
def test_a_broken_file_is_refused(data: object, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        read_lessons("triggle", data, "test")
