"""Reviews on the server (issue 34): ``POST /api/games/{id}/analysis`` then ``GET`` until
done; the same review as ``trigames review`` at the same level, anyone's for a finished game,
its players' only while it runs, one at a time per client."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

from tests.web.helpers import bearer, create, play, token
from trigames.analysis.review import LEVELS, review_game
from trigames.games import load_game
from trigames.records import GameRecord

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def played(client: httpx.Client, spec: str, plies: int, seed: int = 1) -> dict[str, Any]:
    """A game of two people with ``plies`` random moves played (fewer if it ends first)."""
    created = create(client, HUMANS, spec)
    state = load_game(spec).new_initial_state()
    pick = random.Random(seed)
    while state.history.__len__() < plies and not state.is_over():
        move = str(pick.choice(state.legal_moves()))
        play(client, created["id"], token(created, state.current_player or 0), move)
        state.play(move)
    return created


def reviewed(client: httpx.Client, game_id: str, **query: str) -> dict[str, Any]:
    """Poll the game's review until it is done or failed."""
    deadline = time.monotonic() + 120
    while True:
        answer = client.get(f"/api/games/{game_id}/analysis", params=query)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        if found["status"] in ("done", "failed"):
            return found
        assert found["status"] in ("queued", "running")
        assert 0 <= found["progress"]["done"] <= found["progress"]["total"]
        assert time.monotonic() < deadline, "the review took too long"
        time.sleep(0.1)


def test_a_finished_games_review_is_the_command_lines(client: httpx.Client) -> None:
    created = played(client, "triggle(size=3)", 8)
    game_id = created["id"]
    client.post(f"/api/games/{game_id}/resign", json={"token": token(created, 0)})
    assert client.get(f"/api/games/{game_id}/analysis").status_code == 404
    answer = client.post(f"/api/games/{game_id}/analysis", json={"level": "easy"})  # anyone
    assert answer.status_code == 200, answer.text
    assert answer.json()["upto"] == 9
    assert answer.json()["progress"]["total"] == 10
    found = reviewed(client, game_id, level="easy")
    assert found["status"] == "done"
    assert found["error"] is None
    record = GameRecord.from_json(client.get(f"/api/games/{game_id}/record").json())
    expected = [ply.to_json() for ply in review_game(record, budget=LEVELS["easy"], seed=0)]
    assert [{k: v for k, v in p.items() if k != "best_places"} for p in found["plies"]] == expected
    states = [s.clone() for s in record.positions()]
    for ply in found["plies"][:-1]:  # the last is the resignation
        before = states[ply["ply"] - 1]
        assert ply["best"] in {str(m) for m in before.legal_moves()}
        assert set(ply["best_places"]) == set(ply["best"].split("-"))  # a band's two pegs
    again = client.post(f"/api/games/{game_id}/analysis", json={"level": "easy"})
    assert again.json()["status"] == "done"  # kept: asking again costs nothing


def test_a_game_in_progress_is_reviewed_for_its_players_only(client: httpx.Client) -> None:
    created = played(client, "triggle(size=3)", 4, seed=2)
    game_id = created["id"]
    path = f"/api/games/{game_id}/analysis"
    refused = client.post(path, json={"level": "easy"})
    assert refused.status_code == 401
    assert "token" in refused.json()["error"]
    assert client.post(path, json={"level": "easy", "token": "x" * 24}).status_code == 403
    asked = client.post(path, json={"level": "easy"}, headers=bearer(token(created, 1)))
    assert asked.status_code == 200
    assert asked.json()["upto"] == 4
    assert client.get(path, params={"level": "easy"}).status_code == 401
    client.headers.update(bearer(token(created, 0)))
    found = reviewed(client, game_id, level="easy")
    assert [p["ply"] for p in found["plies"]] == [1, 2, 3, 4]


def test_bad_requests_are_refused_with_reasons(client: httpx.Client) -> None:
    created = create(client, HUMANS, "triggle(size=3)")
    path = f"/api/games/{created['id']}/analysis"
    mine = bearer(token(created, 0))
    nothing = client.post(path, json={}, headers=mine)
    assert nothing.status_code == 409
    assert "no move" in nothing.json()["error"]
    level = client.post(path, json={"level": "expert"}, headers=mine)
    assert level.status_code == 400
    assert "easy, medium, hard" in level.json()["error"]
    assert client.get(path, params={"level": "x"}, headers=mine).status_code == 400
    assert client.post("/api/games/nosuchgame/analysis", json={}).status_code == 404


def test_one_review_at_a_time_per_client(client: httpx.Client) -> None:
    first = played(client, "triggle", 20, seed=3)
    second = played(client, "triggle(size=3)", 2, seed=4)
    asked = client.post(
        f"/api/games/{first['id']}/analysis", json={}, headers=bearer(token(first, 0))
    )
    assert asked.status_code == 200
    busy = client.post(
        f"/api/games/{second['id']}/analysis", json={}, headers=bearer(token(second, 0))
    )
    assert busy.status_code == 429
    assert "one review at a time" in busy.json()["error"]
    client.headers.update(bearer(token(first, 0)))
    assert reviewed(client, first["id"])["status"] == "done"
    again = client.post(
        f"/api/games/{second['id']}/analysis", json={}, headers=bearer(token(second, 0))
    )
    assert again.status_code == 200


def test_a_finished_record_opens_only_when_asked_for_review(client: httpx.Client) -> None:
    created = played(client, "triggle(size=3)", 4, seed=5)
    client.post(f"/api/games/{created['id']}/resign", json={"token": token(created, 0)})
    record = client.get(f"/api/games/{created['id']}/record").json()
    refused = client.post("/api/games", json={"record": record})
    assert refused.status_code == 400
    assert '"review": true' in refused.json()["error"]
    flag = client.post("/api/games", json={"record": record, "review": "yes"})
    assert flag.status_code == 400
    assert "'review' must be true or false" in flag.json()["error"]
    opened = client.post("/api/games", json={"record": record, "review": True})
    assert opened.status_code == 201
    assert opened.json()["view"]["over"] is True
    assert opened.json()["view"]["moves"] == record["moves"]
