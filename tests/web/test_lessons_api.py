"""The study boards' positions, the lessons and the lessons an account finished, over HTTP on
a real server: their shapes, their bounds, and the checks of real lessons' moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.conftest import Server
from trigames import load_game
from trigames.learn.lessons import GAMES, find_lesson, lessons_for
from trigames.web.limits import MAX_POSITION_BYTES, MAX_RECORD_MOVES, REPLAYED_MOVES_PER_MINUTE

PASSWORD = "correct horse battery"


def position(client: httpx.Client, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    answer = client.post("/api/positions", json=body)
    assert answer.status_code == status, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_a_position_is_drawn_with_what_the_board_needs_to_take_a_move(
    client: httpx.Client,
) -> None:
    start = position(client, {"game": "trig"})
    assert start["game"] == "trig"
    assert start["to_move"] == 0
    assert start["over"] is False
    assert start["last_move"] is None
    assert start["svg"].startswith("<svg")
    assert [seat["color"] for seat in start["seats"]] == ["White", "Black"]
    assert start["seats"][0]["swatch"].startswith("#")
    assert len(start["input_steps"]) == len(start["legal_moves"]) > 0
    assert start["guide"] == "tap a cell to place a peg"
    state = load_game("trig").new_initial_state()
    assert start["position"] == state.to_json()
    # going on from the position the answer gave
    after = position(client, {"game": "trig", "position": start["position"], "moves": ["G6"]})
    state.play("G6")
    assert after["position"] == state.to_json()
    assert after["to_move"] == 1
    assert after["last_move"] == "White G6"
    assert "G6" not in after["legal_moves"]


def test_a_finished_position_says_who_won_and_offers_no_move(client: httpx.Client) -> None:
    step = find_lesson("triggle-6").steps[0]
    state = step.start()
    for move in step.solution:
        state.play(move)
    assert state.is_over()
    body = {"game": step.spec, "position": step.start().to_json(), "moves": list(step.solution)}
    shown = position(client, body)
    assert shown["over"] is True
    assert shown["to_move"] is None
    assert shown["outcome"]["winners"] == list(state.outcome().winners)  # type: ignore[union-attr]
    assert (shown["legal_moves"], shown["input_steps"], shown["guide"]) == ([], [], None)


def test_the_pictures_of_a_positions_choices(client: httpx.Client) -> None:
    start = position(client, {"game": "trugo"})
    moves = start["legal_moves"][:3]
    answer = client.post("/api/positions/choices", json={"game": "trugo", "choices": moves})
    assert answer.status_code == 200, answer.text
    pictures = answer.json()["pictures"]
    assert set(pictures) == set(moves)
    assert all(
        "<g" in picture["ghost"] and len(picture["box"]) == 4 for picture in pictures.values()
    )
    refused = client.post("/api/positions/choices", json={"game": "trugo", "choices": ["zz99"]})
    assert refused.status_code == 400
    assert "not a legal move" in refused.json()["error"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({}, 400, "'game' must be a spec string"),
        ({"game": "x" * 201}, 400, "at most 200 characters"),
        ({"game": "chess"}, 400, "chess"),
        ({"game": "triggle(size=99)"}, 400, "size"),
        ({"game": "trig", "position": [1]}, 400, "'position' must be a position object"),
        ({"game": "trig", "position": {"cells": 5}}, 400, "position"),
        ({"game": "trig", "position": {"x": "y" * MAX_POSITION_BYTES}}, 400, "at most 16384 bytes"),
        ({"game": "trig", "moves": "G6"}, 400, "'moves' must be a list"),
        ({"game": "trig", "moves": ["G6"] * (MAX_RECORD_MOVES + 1)}, 400, "at most 2000 moves"),
        ({"game": "trig", "moves": ["G6", 7]}, 400, "'moves' item 1"),
        ({"game": "trig", "moves": ["G" * 101]}, 400, "at most 100 characters"),
        ({"game": "trig", "moves": ["G6", "G6"]}, 422, "move 2 ('G6')"),
        ({"game": "trig", "moves": ["Q99"]}, 422, "move 1"),
    ],
)
def test_a_position_request_out_of_bounds_is_refused_before_work(
    client: httpx.Client, body: dict[str, Any], status: int, words: str
) -> None:
    answer = client.post("/api/positions", json=body)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"]


def test_a_position_body_that_is_not_json_is_a_400(client: httpx.Client) -> None:
    answer = client.post("/api/positions", content=b"{not json")
    assert answer.status_code == 400
    assert "not valid JSON" in answer.json()["error"]


def test_every_game_lists_its_lessons_in_the_api_shape(client: httpx.Client) -> None:
    for game in GAMES:
        answer = client.get("/api/lessons", params={"game": game})
        assert answer.status_code == 200, answer.text
        lessons = answer.json()["lessons"]
        assert [lesson["id"] for lesson in lessons] == [x.id for x in lessons_for(game)]
        for lesson in lessons:
            assert set(lesson) == {"id", "title", "summary", "steps"}
            for step in lesson["steps"]:
                assert {"text", "spec", "goal", "hint", "solution", "done"} <= set(step)
                assert set(step) <= {"text", "spec", "position", "goal", "hint", "solution", "done"}


def test_a_game_without_lessons_is_a_400_naming_the_games(client: httpx.Client) -> None:
    answer = client.get("/api/lessons", params={"game": "chess"})
    assert answer.status_code == 400
    assert "triggle, trig, tricolor, trugo and tranglar" in answer.json()["error"]
    assert client.get("/api/lessons").status_code == 400


def check(client: httpx.Client, lesson: str, step: int, body: dict[str, Any]) -> httpx.Response:
    return client.post(f"/api/lessons/{lesson}/steps/{step}/check", json=body)


def test_a_lessons_step_is_checked_move_by_move(client: httpx.Client) -> None:
    step = find_lesson("triggle-2").steps[0]  # close a triangle
    refused = check(client, "triggle-2", 1, {"played": [], "move": "A1-D3"})
    assert refused.status_code == 200, refused.text
    verdict = refused.json()
    assert (verdict["ok"], verdict["done"], verdict["reply"]) == (False, False, None)
    assert verdict["message"].startswith("A1-D3 is legal, but your score stays 0")
    illegal = check(client, "triggle-2", 1, {"played": [], "move": "Z9-Z1"}).json()
    assert illegal["ok"] is False
    assert illegal["message"]
    solved = check(client, "triggle-2", 1, {"played": [], "move": step.solution[0]}).json()
    assert solved == {
        "ok": True,
        "done": True,
        "reply": None,
        "message": step.done,
        "message_said": step.done,  # the lesson's own text (data, English), not a phrase
    }


def test_a_step_with_replies_answers_each_move_until_it_is_done(client: httpx.Client) -> None:
    lesson = find_lesson("triggle-5")  # a win in three moves, the other side answering
    solution = list(lesson.steps[0].solution)
    first = check(client, lesson.id, 1, {"played": [], "move": solution[0]}).json()
    assert (first["ok"], first["done"], first["reply"]) == (True, False, solution[1])
    last = check(client, lesson.id, 1, {"played": solution[:2], "move": solution[2]}).json()
    assert (last["ok"], last["done"]) == (True, True)


@pytest.mark.parametrize(
    ("path", "body", "status", "words"),
    [
        ("/api/lessons/triggle-99/steps/1/check", {"move": "A1-A4"}, 404, "triggle-99"),
        ("/api/lessons/x/steps/1/check", {"move": "A1-A4"}, 404, "'x'"),
        (f"/api/lessons/{'t' * 50}/steps/1/check", {"move": "A1-A4"}, 404, "no lesson"),
        ("/api/lessons/triggle-1/steps/0/check", {"move": "A1-A4"}, 404, "steps 1 to 3"),
        ("/api/lessons/triggle-1/steps/12345/check", {"move": "A1-A4"}, 404, "steps 1 to 3"),
        ("/api/lessons/triggle-1/steps/1/check", {}, 400, "'move' must be a move"),
        ("/api/lessons/triggle-1/steps/1/check", {"move": "A" * 101}, 400, "'move' must be"),
        ("/api/lessons/triggle-1/steps/1/check", {"move": "A1-A4", "played": "x"}, 400, "list"),
        (
            "/api/lessons/triggle-1/steps/1/check",
            {"move": "A1-A4", "played": ["x"] * 13},
            400,
            "at most 12 moves",
        ),
        (
            "/api/lessons/triggle-1/steps/1/check",
            {"move": "A1-A4", "played": ["C1-C4"]},
            400,
            "this step is done after 1 moves",
        ),
        (
            "/api/lessons/triggle-5/steps/1/check",
            {"move": "A1-A4", "played": ["Z9-Z1"]},
            400,
            "move 1 played in this step",
        ),
    ],
)
def test_a_check_that_does_not_fit_a_lesson_is_refused(
    client: httpx.Client, path: str, body: dict[str, Any], status: int, words: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"]


@pytest.fixture
def http(server: Server) -> Iterator[httpx.Client]:
    """A client of the server's own pages: it says where it comes from, as a browser does."""
    with httpx.Client(base_url=server.url, timeout=10, headers={"Origin": server.url}) as client:
        yield client


def test_an_account_keeps_the_lessons_it_finished(http: httpx.Client) -> None:
    assert http.get("/api/account/lessons").status_code == 401
    assert http.post("/api/account/lessons", json={"finished": []}).status_code == 401
    made = http.post("/api/accounts", json={"name": "Learner", "password": PASSWORD})
    assert made.status_code == 201, made.text
    assert http.get("/api/account/lessons").json() == {"finished": []}
    sent = {"finished": ["trig-1", "triggle-2", "triggle-2", "triggle-999", "chess-1"]}
    answer = http.post("/api/account/lessons", json=sent)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"finished": ["trig-1", "triggle-2"]}  # those that are lessons
    assert http.post("/api/account/lessons", json={"finished": ["tricolor-1"]}).json() == {
        "finished": ["tricolor-1", "trig-1", "triggle-2"]
    }
    for bad in ({}, {"finished": "trig-1"}, {"finished": [1]}, {"finished": ["t" * 41]},
                {"finished": ["trig-1"] * 201}):  # fmt: skip
        refused = http.post("/api/account/lessons", json=bad)
        assert refused.status_code == 400, bad
        assert "'finished' must be a list" in refused.json()["error"]
    # a change made with the session must come from this site's pages
    other = http.post("/api/account/lessons", json=sent, headers={"Origin": "https://evil.example"})
    assert other.status_code == 403


def test_positions_and_checks_count_against_the_address(tmp_path_factory: Any) -> None:
    """A client that asks for more work than its share a minute is refused (429), whatever it
    asks: moves that do not replay still count, since they are counted before the work."""
    server = Server(tmp_path_factory.mktemp("quota") / "games.sqlite3").start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            body = {"game": "trig", "moves": ["Q99"] * MAX_RECORD_MOVES}
            statuses = [
                client.post("/api/positions", json=body).status_code
                for _ in range(REPLAYED_MOVES_PER_MINUTE // MAX_RECORD_MOVES + 5)
            ]
            assert statuses[0] == 422
            assert statuses[-1] == 429
            refused = client.post("/api/positions", json=body)
            assert "try again in a minute" in refused.json()["error"]
    finally:
        server.stop()
