"""The puzzles' HTTP API on a real server: the list's shape, count and bounds, puzzles near a
rating, one puzzle by id, the check of a move (right, the reply, solved, wrong), and a clear 400
or 404 for what a stranger may send."""

from __future__ import annotations

import httpx
import pytest

from trigames.learn.puzzles import PUZZLE_GAMES, Puzzle, check_attempt, find_puzzle, puzzles_for
from trigames.web.limits import DEFAULT_PUZZLES, MAX_PUZZLE_PLIES, MAX_PUZZLES

KEYS = {"id", "game", "spec", "moves", "solution", "rating", "themes"}


def long_puzzle(game: str = "triggle") -> Puzzle:
    """A puzzle of ``game`` where the opponent replies."""
    return next(puzzle for puzzle in puzzles_for(game) if puzzle.depth >= 3)


def check(client: httpx.Client, puzzle_id: str, body: object) -> httpx.Response:
    return client.post(f"/api/puzzles/{puzzle_id}/check", json=body)


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_the_list_has_puzzles_of_the_game_in_the_shipped_shape(
    client: httpx.Client, game: str
) -> None:
    answer = client.get("/api/puzzles", params={"game": game, "count": 4})
    assert answer.status_code == 200, answer.text
    found = answer.json()["puzzles"]
    assert len(found) == 4
    assert len({puzzle["id"] for puzzle in found}) == 4
    for puzzle in found:
        assert set(puzzle) == KEYS
        assert puzzle["game"] == game
        assert puzzle == find_puzzle(puzzle["id"]).to_json()


def test_the_count_defaults_and_is_bounded(client: httpx.Client) -> None:
    found = client.get("/api/puzzles", params={"game": "trig"}).json()["puzzles"]
    assert len(found) == min(DEFAULT_PUZZLES, len(puzzles_for("trig")))
    most = client.get("/api/puzzles", params={"game": "trig", "count": MAX_PUZZLES}).json()
    assert len(most["puzzles"]) == min(MAX_PUZZLES, len(puzzles_for("trig")))
    for count in ["0", str(MAX_PUZZLES + 1), "-1", "2.5", "ten", "", "9" * 40]:
        answer = client.get("/api/puzzles", params={"game": "trig", "count": count})
        assert answer.status_code == 400, count
        assert answer.json()["error"] == f"count must be a whole number from 1 to {MAX_PUZZLES}"


def test_an_unknown_or_missing_game_is_a_400_naming_the_games(client: httpx.Client) -> None:
    for params in [{"game": "chess"}, {}, {"game": "triggle(size=3)"}]:
        answer = client.get("/api/puzzles", params=params)
        assert answer.status_code == 400
        assert answer.json()["error"] == f"game must be one of {', '.join(PUZZLE_GAMES)}"


def test_puzzles_near_a_rating_are_nearer_than_at_random(client: httpx.Client) -> None:
    ratings = sorted(puzzle.rating for puzzle in puzzles_for("triggle"))
    for target in (ratings[0], ratings[-1]):
        found = client.get(
            "/api/puzzles", params={"game": "triggle", "count": 3, "rating": target}
        ).json()["puzzles"]
        # drawn from the 12 nearest: no farther than the 12th nearest
        farthest = sorted(abs(rating - target) for rating in ratings)[: 4 * 3][-1]
        assert all(abs(puzzle["rating"] - target) <= farthest for puzzle in found)
    for rating in ["-5", "4001", "1500.5", "x"]:
        answer = client.get("/api/puzzles", params={"game": "triggle", "rating": rating})
        assert answer.status_code == 400
        assert answer.json()["error"] == "rating must be a whole number from 0 to 4000"


def test_a_list_is_varied_in_depth(client: httpx.Client) -> None:
    depths = {len(puzzle.solution) for puzzle in puzzles_for("trugo")}
    found = client.get("/api/puzzles", params={"game": "trugo", "count": len(depths)}).json()
    assert {len(puzzle["solution"]) for puzzle in found["puzzles"]} == depths


def test_one_puzzle_by_id(client: httpx.Client) -> None:
    puzzle = puzzles_for("tranglar")[0]
    answer = client.get(f"/api/puzzles/{puzzle.id}")
    assert answer.status_code == 200
    assert answer.json() == puzzle.to_json()
    for unknown in ["tranglar-9999", "chess-0001", "x" * 41]:
        answer = client.get(f"/api/puzzles/{unknown}")
        assert answer.status_code == 404
        assert "no puzzle" in answer.json()["error"]


def test_the_solution_is_checked_move_by_move(client: httpx.Client) -> None:
    puzzle = long_puzzle()
    played: list[str] = []
    while True:
        move = puzzle.solution[len(played)]
        answer = check(client, puzzle.id, {"played": played, "move": move})
        assert answer.status_code == 200, answer.text
        attempt = answer.json()
        assert set(attempt) == {"correct", "done", "reply", "message", "message_said"}
        assert attempt["correct"] is True
        played.append(move)
        if attempt["done"]:
            break
        assert attempt["reply"] == puzzle.solution[len(played)]
        played.append(attempt["reply"])
    assert played == list(puzzle.solution)
    assert attempt == {
        "correct": True,
        "done": True,
        "reply": None,
        "message": attempt["message"],
        "message_said": attempt["message_said"],
    }
    assert "solved" in attempt["message"]


def test_a_wrong_move_is_not_correct_and_says_why(client: httpx.Client) -> None:
    puzzle = long_puzzle("trig")
    state = puzzle.position()
    wrong = next(
        str(move)
        for move in state.legal_moves()
        if not check_attempt(puzzle, [], str(move)).correct
    )
    answer = check(client, puzzle.id, {"played": [], "move": wrong})
    assert answer.status_code == 200
    attempt = answer.json()
    assert (attempt["correct"], attempt["done"], attempt["reply"]) == (False, False, None)
    assert attempt["message"].startswith(f"{wrong} is not the best move here")
    nonsense = check(client, puzzle.id, {"move": "Z99"}).json()
    assert nonsense["correct"] is False
    assert "is not a move here" in nonsense["message"] or "not legal" in nonsense["message"]


def test_a_check_that_does_not_follow_the_solution_is_a_400(client: httpx.Client) -> None:
    puzzle = long_puzzle()
    first = puzzle.solution[0]
    bad_bodies: list[tuple[object, str]] = [
        ({"played": ["A1-A2"], "move": first}, "not the start of the solution"),
        ({"played": list(puzzle.solution), "move": first}, "not the start of the solution"),
        ({"played": [puzzle.solution[0]], "move": first}, "the opponent's turn"),
        ({"move": 5}, "'move' must be a move"),
        ({}, "'move' must be a move"),
        ({"played": "A1-D1", "move": first}, "'played' must be a list"),
        ({"played": [first] * (MAX_PUZZLE_PLIES + 1), "move": first}, "at most 16 moves"),
        ({"played": [7], "move": first}, "'played' item 0 must be a move"),
        ({"played": [], "move": "A" * 101}, "at most 100 characters"),
        ([first], "the body must be a JSON object"),
    ]
    for body, error in bad_bodies:
        answer = check(client, puzzle.id, body)
        assert answer.status_code == 400, body
        assert error in answer.json()["error"], (body, answer.json())
    assert check(client, "triggle-9999", {"move": first}).status_code == 404
    assert client.get(f"/api/puzzles/{puzzle.id}/check").status_code == 405


def test_the_pages_are_served(client: httpx.Client) -> None:
    index = client.get("/puzzles")
    assert index.status_code == 200
    for game in PUZZLE_GAMES:
        assert f'href="/puzzles/{game}"' in index.text
        assert f"{len(puzzles_for(game))} puzzles" in index.text
    page = client.get("/puzzles/trugo")
    assert page.status_code == 200
    assert 'data-game="trugo"' in page.text
    assert "puzzles.js" in page.text
    puzzle = puzzles_for("trugo")[0]
    one = client.get(f"/puzzles/p/{puzzle.id}")
    assert one.status_code == 200
    assert f'data-puzzle="{puzzle.id}"' in one.text
    assert client.get("/puzzles/chess").status_code == 404
    assert client.get("/puzzles/p/nothing").status_code == 404
    assert '<a href="/puzzles">Puzzles</a>' in client.get("/").text
