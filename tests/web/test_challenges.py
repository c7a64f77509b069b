"""Challenges, rated games and ratings over HTTP on a real server: two accounts play a rated
game from a challenge to a resignation, and both ratings move."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator

import httpx

from tests.web.conftest import Server

PASSWORD = "correct horse battery"
_names = itertools.count()


@contextlib.contextmanager
def player(server: Server, prefix: str) -> Iterator[tuple[httpx.Client, str]]:
    """A browser of the server's pages, logged in to a new account: it and the account's
    name."""
    name = f"{prefix}{next(_names)}"
    with httpx.Client(base_url=server.url, timeout=10, headers={"Origin": server.url}) as browser:
        made = browser.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text
        yield browser, name


def challenge(browser: httpx.Client, **fields: object) -> str:
    made = browser.post("/api/challenges", json={"game": "triggle", **fields})
    assert made.status_code == 201, made.text
    found: str = made.json()["id"]
    return found


def test_a_rated_game_from_a_challenge_moves_both_ratings(server: Server) -> None:
    with player(server, "Ann") as (ann, ann_name), player(server, "Bob") as (bob, bob_name):
        clock = {"days_per_move": 1}
        offered = challenge(ann, rated=True, clock=clock, seat=0)
        listed = {c["id"]: c for c in bob.get("/api/challenges").json()["challenges"]}
        assert listed[offered]["text"] == (
            f"{ann_name} (1500?) wants a rated Triggle game, 1 day a move"
        )
        assert listed[offered]["yours"] is False
        accepted = bob.post(f"/api/challenges/{offered}/accept")
        assert accepted.status_code == 200, accepted.text
        game_id = accepted.json()["game"]
        assert ann.get("/api/me").json()["your_turn"] == [game_id]  # seat 0: Ann moves first
        assert bob.get("/api/me").json()["your_turn"] == []
        view = ann.get(f"/api/games/{game_id}").json()
        assert [seat["name"] for seat in view["seats"]] == [ann_name, bob_name]
        assert view["clock"] == clock
        played = ann.post(
            f"/api/games/{game_id}/moves", json={"move": view["legal_moves"][0], "ply": 0}
        )
        assert played.status_code == 200, played.text
        assert bob.get("/api/me").json()["your_turn"] == [game_id]
        refused = bob.post(f"/api/games/{game_id}/undo")
        assert refused.status_code == 409
        assert "rated" in refused.json()["error"]
        assert bob.post(f"/api/games/{game_id}/resign").status_code == 200
        assert ann.post(f"/api/games/{game_id}/rematch").status_code == 200  # a later write
        mine = ann.get("/api/me").json()
        assert mine["ratings"]["triggle"]["rating"] > 1500
        assert mine["ratings"]["triggle"]["games"] == 1
        assert mine["ratings"]["triggle"]["provisional"] is True
        finished = next(game for game in mine["games"] if game["id"] == game_id)
        assert finished["over"] is True
        assert finished["rated"] is True
    page = httpx.get(f"{server.url}/api/players/{bob_name}").json()
    assert page["ratings"]["triggle"]["rating"] < 1500
    assert page["ratings"]["triggle"]["shown"].endswith("?")
    assert [point["game"] for point in page["history"]] == [game_id]
    assert next(g for g in page["games"] if g["id"] == game_id)["winners"] == [0]
    # the challenge was taken: it is no longer listed
    assert offered not in {
        c["id"] for c in httpx.get(f"{server.url}/api/challenges").json()["challenges"]
    }


def test_a_casual_game_changes_no_rating(server: Server) -> None:
    with player(server, "Cy") as (cy, cy_name), player(server, "Di") as (di, _):
        offered = challenge(cy, rated=False, seat=1)
        game_id = di.post(f"/api/challenges/{offered}/accept").json()["game"]
        view = di.get(f"/api/games/{game_id}").json()
        assert view["seats"][1]["name"] == cy_name
        assert di.post(f"/api/games/{game_id}/resign").status_code == 200
        assert cy.get("/api/me").json()["ratings"] == {}
        assert di.get("/api/me").json()["ratings"] == {}


def test_challenges_are_answered_by_whom_they_concern(server: Server) -> None:
    with (
        player(server, "Eve") as (eve, _),
        player(server, "Fox") as (fox, fox_name),
        player(server, "Gus") as (gus, _),
    ):
        assert (
            httpx.post(f"{server.url}/api/challenges", json={"game": "triggle"}).status_code == 401
        )
        for fields, status in [
            ({"game": "nosuchgame"}, 400),
            ({"game": "triggle", "to": "nobody_here"}, 404),
            ({"game": "triggle", "seat": 2}, 400),
            ({"game": "triggle", "rated": "yes"}, 400),
            ({"game": "triggle", "clock": {"days_per_move": 99}}, 400),
            ({"game": "tricolor(players=3)"}, 400),
        ]:
            assert eve.post("/api/challenges", json=fields).status_code == status, fields
        for_fox = challenge(eve, to=fox_name)
        assert fox_name in challenge_text(fox, for_fox)
        assert for_fox not in listed_ids(gus)  # not Gus's to see
        assert gus.post(f"/api/challenges/{for_fox}/accept").status_code == 403
        assert eve.post(f"/api/challenges/{for_fox}/accept").status_code == 409  # her own
        assert gus.post(f"/api/challenges/{for_fox}/cancel").status_code == 403
        assert fox.post(f"/api/challenges/{for_fox}/decline").status_code == 200
        assert fox.post(f"/api/challenges/{for_fox}/accept").status_code == 409  # declined
        open_one = challenge(eve)
        assert eve.post(f"/api/challenges/{open_one}/cancel").status_code == 200
        assert open_one not in listed_ids(gus)
        assert gus.post("/api/challenges/nosuch/accept").status_code == 404
        taken = challenge(eve)
        assert fox.post(f"/api/challenges/{taken}/accept").status_code == 200
        second = gus.post(f"/api/challenges/{taken}/accept")
        assert second.status_code == 409


def test_challenges_are_filtered_by_their_authors_rating(server: Server) -> None:
    with player(server, "Hal") as (hal, _), player(server, "Ida") as (ida, _):
        offered = challenge(hal)
        assert offered in listed_ids(ida, "?min_rating=1400&max_rating=1600")
        assert offered not in listed_ids(ida, "?min_rating=1600")
        assert ida.get("/api/challenges?min_rating=abc").status_code == 400


def test_a_leaderboard_needs_a_known_game_and_a_player_page_a_player(server: Server) -> None:
    board = httpx.get(f"{server.url}/api/leaderboard/triggle")
    assert board.status_code == 200
    assert board.json()["title"] == "Triggle"
    assert httpx.get(f"{server.url}/api/leaderboard/chess").status_code == 404
    assert httpx.get(f"{server.url}/api/players/nobody_here").status_code == 404
    assert httpx.get(f"{server.url}/api/players/%3Cb%3E").status_code == 404


def listed_ids(browser: httpx.Client, query: str = "") -> set[str]:
    answer = browser.get(f"/api/challenges{query}")
    assert answer.status_code == 200, answer.text
    return {c["id"] for c in answer.json()["challenges"]}


def challenge_text(browser: httpx.Client, challenge_id: str) -> str:
    listed: dict[str, str] = {
        c["id"]: c["text"] for c in browser.get("/api/challenges").json()["challenges"]
    }
    return listed[challenge_id]
