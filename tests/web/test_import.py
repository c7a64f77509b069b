"""A saved game goes on in the web app: ``POST /api/games`` with ``record`` in place of ``game``."""

from __future__ import annotations

from typing import Any

import httpx

import trigames
from tests.web.helpers import bearer, play, token, view, wait_for
from trigames.records import GameRecord, Seat


def saved(moves: list[str], players: list[Seat] | None = None, spec: str = "triggle") -> Any:
    """A record's JSON, with the result the moves give when they are legal ones."""
    record = GameRecord(spec, players or [Seat("Ann"), Seat("Bob")], moves)
    state = trigames.load_game(spec).new_initial_state()
    try:
        for move in moves:
            state.play(move)
    except trigames.TrigamesError:
        return record.to_json()
    record.result = state.outcome()
    return record.to_json()


def test_a_record_goes_on_from_its_last_position(client: httpx.Client) -> None:
    answer = client.post("/api/games", json={"record": saved(["D1-D4", "A1-D1"])})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["view"]["moves"] == ["D1-D4", "A1-D1"]
    assert [seat["name"] for seat in created["seats"]] == ["Ann", "Bob"]
    assert created["view"]["to_move"] == 0
    play(client, created["id"], token(created, 0), created["view"]["legal_moves"][0])
    assert view(client, created["id"])["ply"] == 3


def test_the_seats_chosen_replace_the_records_players(client: httpx.Client) -> None:
    body = {"record": saved(["D1-D4"]), "seats": [{"name": "Cy"}, {"kind": "random"}]}
    created = client.post("/api/games", json=body).json()
    assert [(s["name"], s["kind"]) for s in created["seats"]] == [
        ("Cy", "human"),
        ("Computer: random", "random"),
    ]
    # seat 1 (the computer) was to move: it has answered already
    wait_for(client, created["id"], lambda found: found["ply"] == 2)


def test_a_finished_record_is_a_finished_game(client: httpx.Client) -> None:
    created = client.post("/api/games", json={"record": saved(["resign 1"])}).json()
    assert created["view"]["over"]
    assert created["view"]["outcome"]["winners"] == [0]
    listing = client.get("/api/games/" + created["id"] + "/record").json()
    assert listing["moves"] == ["resign 1"]
    assert (
        client.post(
            f"/api/games/{created['id']}/moves",
            json={"move": "D1-D4"},
            headers=bearer(token(created, 0)),
        ).status_code
        == 409
    )


def test_bad_records_are_refused_with_a_reason(client: httpx.Client) -> None:
    good = saved(["D1-D4"])
    for body, said in [
        ({"record": good, "game": "triggle"}, "not both"),
        ({"record": "D1-D4"}, "must be a game record"),
        ({"record": {**good, "format": "x"}}, "not a trigames record"),
        ({"record": saved(["D1-D4", "D1-D4"])}, "does not replay"),
        ({"record": saved(["D1-D4"], [Seat("Ann")])}, "lists 1 players"),
        (
            {
                "record": {
                    **good,
                    "players": [{"name": "A"}, {"name": "B", "kind": "alphabeta(depth=99)"}],
                }
            },
            "seat 1",
        ),
        ({"record": saved(["A1-D1"] * 2001)}, "at most 2000 moves"),
    ]:
        answer = client.post("/api/games", json=body)
        assert 400 <= answer.status_code < 500, (said, answer.text)
        assert said in answer.json()["error"], (said, answer.text)
    big = saved(["D1-D4"] * 10_000)
    assert client.post("/api/games", json={"record": big}).status_code == 413
