"""``GET /api/games/{id}/choices``: pictures of legal moves, bounded and refused when stale."""

from __future__ import annotations

import httpx

from tests.web.helpers import create, play, token, view
from trigames.web.limits import MAX_CHOICE_PICTURES, MAX_CHOICE_QUERY
from trigames.web.requests import read_choices_query

HUMANS = [{"name": "Ann"}, {"name": "Bob"}]


def ask(client: httpx.Client, game_id: str, moves: list[str], version: int) -> httpx.Response:
    """One ``move`` parameter a move: a move may hold commas (TRANGLAR's take-overs)."""
    return client.get(f"/api/games/{game_id}/choices", params={"move": moves, "version": version})


def test_pictures_of_the_three_ways_round_a_trugo_tile(client: httpx.Client) -> None:
    created = create(client, HUMANS, game="trugo")
    shown = view(client, created["id"])
    answer = ask(client, created["id"], shown["legal_moves"], shown["version"])
    assert answer.status_code == 200, answer.text
    pictures = answer.json()["pictures"]
    assert sorted(pictures) == ["dg74e", "dg74nw", "dg74sw"]
    assert len({picture["ghost"] for picture in pictures.values()}) == 3  # each its own way
    for picture in pictures.values():
        assert picture["ghost"].startswith('<g class="ghost">')
        assert len(picture["box"]) == 4
        assert "shape" not in picture


def test_a_stale_page_is_told_the_game_moved_on(client: httpx.Client) -> None:
    created = create(client, HUMANS, game="trig")
    game_id = created["id"]
    old = view(client, game_id)["version"]
    play(client, game_id, token(created, 0), "G6")
    answer = ask(client, game_id, ["F7"], old)
    assert answer.status_code == 409
    assert "moved on" in answer.json()["error"]


def test_bad_requests_are_refused_with_a_reason(client: httpx.Client) -> None:
    created = create(client, HUMANS, game="trig")
    game_id = created["id"]
    version = view(client, game_id)["version"]
    illegal = ask(client, game_id, ["Z99"], version)
    assert illegal.status_code == 400
    assert "not a legal move" in illegal.json()["error"]
    no_version = client.get(f"/api/games/{game_id}/choices", params={"move": "G6"})
    assert no_version.status_code == 400
    assert "version" in no_version.json()["error"]
    too_many = ask(client, game_id, ["G6"] * (MAX_CHOICE_PICTURES + 1), version)
    assert too_many.status_code == 400
    assert f"at most {MAX_CHOICE_PICTURES}" in too_many.json()["error"]
    too_long = ask(client, game_id, ["G" * (MAX_CHOICE_QUERY + 1)], version)
    assert too_long.status_code == 400
    unknown = ask(client, "nosuchgame", ["G6"], version)
    assert unknown.status_code == 404
    nothing = ask(client, game_id, [], version)
    assert nothing.json()["pictures"] == {}


def test_a_move_that_holds_commas_is_one_move() -> None:
    moves, version = read_choices_query(["xLa3ne=Ta3n,Ta3s", "G6"], "4")
    assert (moves, version) == (["xLa3ne=Ta3n,Ta3s", "G6"], 4)
