"""Open seats that a visitor joins, rematches that keep every player's token, late previews."""

from __future__ import annotations

import httpx

from tests.web.helpers import bearer, create, play, token, view


def test_an_open_seat_is_taken_by_the_first_visitor(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "open"}])
    game_id = created["id"]
    assert created["seats"][1]["token"] is None
    assert created["seats"][1]["open"]
    assert [seat["open"] for seat in view(client, game_id)["seats"]] == [False, True]
    play(client, game_id, token(created, 0), "D1-D4")
    joined = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bob"})
    assert joined.status_code == 200, joined.text
    bob = joined.json()["token"]
    assert joined.json()["link"].endswith(f"/games/{game_id}?token={bob}")
    seats = view(client, game_id)["seats"]
    assert (seats[1]["name"], seats[1]["open"]) == ("Bob", False)
    assert client.get(f"/api/games/{game_id}/seats", headers=bearer(bob)).json() == {"seats": [1]}
    play(client, game_id, bob, view(client, game_id)["legal_moves"][0])
    again = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Eve"})
    assert again.status_code == 409
    assert "Bob plays it" in again.json()["error"]


def test_a_player_who_joins_a_second_seat_keeps_one_token(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "open"}])
    ann = token(created, 0)
    joined = client.post(
        f"/api/games/{created['id']}/join", json={"seat": 1}, headers=bearer(ann)
    ).json()
    assert joined["token"] == ann
    assert view(client, created["id"])["seats"][1]["name"] == "Yellow"  # the colour by default
    seats = client.get(f"/api/games/{created['id']}/seats", headers=bearer(ann)).json()
    assert seats == {"seats": [0, 1]}


def test_joining_is_checked(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "open"}])
    url = f"/api/games/{created['id']}/join"
    for body, status in [
        ({"seat": 0}, 409),  # Ann's
        ({"seat": 2}, 400),
        ({"seat": True}, 400),
        ({"seat": "1"}, 400),
        ({"seat": 1, "name": 5}, 400),
        ({"seat": 1, "name": "x" * 500}, 400),
    ]:
        answer = client.post(url, json=body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["error"]
    assert client.post("/api/games/nope/join", json={"seat": 1}).status_code == 404
    assert view(client, created["id"])["seats"][1]["open"]


def test_a_rematch_swaps_the_colours_and_keeps_the_tokens(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    game_id, ann, bob = created["id"], token(created, 0), token(created, 1)
    early = client.post(f"/api/games/{game_id}/rematch", headers=bearer(ann))
    assert early.status_code == 409
    assert "not over" in early.json()["error"]
    client.post(f"/api/games/{game_id}/resign", headers=bearer(bob))
    assert client.post(f"/api/games/{game_id}/rematch").status_code == 401
    first = client.post(f"/api/games/{game_id}/rematch", headers=bearer(ann))
    assert first.status_code == 200, first.text
    rematch = first.json()["id"]
    assert [seat["name"] for seat in view(client, rematch)["seats"]] == ["Bob", "Ann"]
    second = client.post(f"/api/games/{game_id}/rematch", headers=bearer(bob)).json()
    assert second["id"] == rematch  # the same game for both
    assert view(client, game_id)["rematch"] == rematch
    seats = f"/api/games/{rematch}/seats"
    assert client.get(seats, headers=bearer(ann)).json() == {"seats": [1]}
    assert client.get(seats, headers=bearer(bob)).json() == {"seats": [0]}
    play(client, rematch, bob, "D1-D4")


def test_a_rematch_against_the_computer_moves_it_to_the_other_seat(
    client: httpx.Client,
) -> None:
    created = create(client, [{}, {"kind": "random"}], game="trig")
    game_id, mine = created["id"], token(created, 0)
    client.post(f"/api/games/{game_id}/resign", headers=bearer(mine))
    rematch = client.post(f"/api/games/{game_id}/rematch", headers=bearer(mine)).json()
    seats = view(client, rematch["id"])["seats"]
    assert [(seat["name"], seat["kind"]) for seat in seats] == [
        ("Computer: random", "random"),
        ("Black", "human"),  # a colour for a name follows the seat
    ]


def test_a_late_preview_is_a_conflict_not_a_refused_move(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    game_id = created["id"]
    svg = f"/api/games/{game_id}/svg"
    assert client.get(svg, params={"after": "D1-D4", "ply": 0}).status_code == 200
    play(client, game_id, token(created, 0), "D1-D4")
    late = client.get(svg, params={"after": "D1-D4", "ply": 0})
    assert late.status_code == 409
    assert "moved on" in late.json()["error"]
    assert client.get(svg, params={"after": "D1-D4"}).status_code == 422  # illegal now


def test_an_open_seats_clock_starts_when_somebody_takes_it(client: httpx.Client) -> None:
    created = create(client, [{"kind": "open"}, {"name": "Bob"}], clock={"per_move": 60})
    game_id = created["id"]
    assert view(client, game_id)["deadline"] is None  # nobody to time yet
    client.post(f"/api/games/{game_id}/join", json={"seat": 0, "name": "Ann"})
    joined = view(client, game_id)
    assert joined["deadline"] is not None
    assert 55 < joined["deadline"] - joined["now"] <= 60


def test_a_rematch_keeps_the_clock(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}], clock={"days_per_move": 2})
    game_id, ann = created["id"], token(created, 0)
    client.post(f"/api/games/{game_id}/resign", headers=bearer(ann))
    rematch = view(
        client, client.post(f"/api/games/{game_id}/rematch", headers=bearer(ann)).json()["id"]
    )
    assert rematch["clock"] == {"days_per_move": 2}
    assert rematch["deadline"] is not None
