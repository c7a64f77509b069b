"""The HTTP and WebSocket API against a real server on 127.0.0.1."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.conftest import Server
from tests.web.helpers import act, bearer, create, play, token, view, wait_for
from trigames.records import GameRecord

HUMANS = [{"name": "Ann"}, {"name": "Bob"}]


def test_create_gives_a_link_per_seat_and_one_for_spectators(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "hard"}])
    ann, computer = created["seats"]
    assert ann["token"]
    assert ann["link"].endswith(f"/games/{created['id']}?token={ann['token']}")
    assert computer["token"] is None
    assert computer["link"] is None
    assert created["spectator_link"].endswith(f"/games/{created['id']}")
    shown = view(client, created["id"])
    assert shown["ply"] == 0
    assert shown["to_move"] == 0
    assert len(shown["legal_moves"]) == 48
    assert shown["seats"][1]["name"] == "Computer: hard"
    assert shown["seats"][0]["swatch"] == "#2f6fd0"  # as the board draws Blue
    assert "<svg" in shown["svg"]
    assert "token" not in json.dumps(shown)


def test_two_seats_with_their_own_tokens(client: httpx.Client) -> None:
    created = create(client, HUMANS)
    ann, bob = token(created, 0), token(created, 1)
    assert ann != bob
    after = play(client, created["id"], ann, "d4-d1")
    assert after["moves"] == ["D1-D4"]
    assert after["to_move"] == 1
    assert after["last_move"]
    after = play(client, created["id"], bob, "A1-D1")
    assert after["moves"] == ["D1-D4", "A1-D1"]
    assert after["to_move"] == 0


def _bad_requests(game_id: str, ann: str, bob: str) -> list[tuple[str, str, Any, int, str]]:
    """(method, path, body, status, words of the error) for each bad request."""
    moves = f"/api/games/{game_id}/moves"
    return [
        ("POST", moves, b"{not json", 400, "not valid JSON"),
        ("POST", moves, b"[1, 2]", 400, "JSON object"),
        ("POST", moves, {"token": ann}, 400, "'move'"),
        ("POST", "/api/games/nosuchgame/moves", {"token": ann, "move": "A1-A4"}, 404, "no game"),
        ("POST", moves, {"token": ann, "move": "D1-D4"}, 422, "already covered"),
        ("POST", moves, {"token": ann, "move": "Z9-Q1"}, 422, ""),
        ("POST", moves, {"token": bob, "move": "A1-A4"}, 409, "not your turn"),
        ("POST", moves, {"token": "forged-token", "move": "A1-A4"}, 403, "no seat"),
        ("POST", moves, {"move": "A1-A4"}, 401, "token"),
        ("POST", f"/api/games/{game_id}/undo", {}, 401, "token"),
        ("POST", f"/api/games/{game_id}/undo/accept", {"token": bob, "ply": 2}, 409, "no undo"),
        ("POST", f"/api/games/{game_id}/undo/accept", {"token": bob}, 400, "'ply'"),
        ("POST", moves, {"token": ann, "move": "A1-A4", "ply": True}, 400, "'ply'"),
        ("POST", moves, {"token": 5, "move": "A1-A4"}, 400, "'token' must be a string"),
        ("POST", moves, b"[" * 50_000 + b"]" * 50_000, 413, "at most 65536 bytes"),
        ("POST", moves, b"[" * 30_000 + b"]" * 30_000, 400, "nested too deep"),
        ("POST", moves, b'{"ply": ' + b"9" * 5000 + b"}", 400, "a number too long"),
        ("POST", moves, b'{"move": "\\ud800", "token": "x"}', 400, "not valid JSON"),
        ("POST", f"/api/games/{game_id}/resign", {"token": "x" * 24}, 403, "no seat"),
        ("GET", f"/api/games/{game_id}/hint?token={ann}", None, 401, "token"),
        ("GET", f"/api/games/{game_id}/svg?ply=99", None, 400, "ply"),
        ("GET", "/api/games/nosuchgame/record", None, 404, "no game"),
        ("POST", "/api/games", {"game": "nosuchgame"}, 400, "nosuchgame"),
        ("POST", "/api/games", {"game": "triggle", "seats": [{}]}, 400, "2 seats"),
        ("POST", "/api/games", {"game": "triggle", "seats": [{}, {"kind": "wizard"}]}, 422, "wiz"),
        (
            "POST",
            "/api/games",
            {"game": "trig", "seats": [{}, {"kind": "mcts(seconds=inf)"}]},
            422,
            "'seconds' must be a number from 0.01 to 10 on a server",
        ),
        (
            "POST",
            "/api/games",
            {"game": "trig", "seats": [{}, {"kind": "mcts(c=nan)"}]},
            422,
            "'c'",
        ),
        (
            "POST",
            "/api/games",
            {"game": "trig", "seats": [{}, {"kind": "mcts(iterations=1e40)"}]},
            422,
            "'iterations'",
        ),
        (
            "POST",
            "/api/games",
            {"game": "trig", "seats": [{}, {"kind": "alphabeta(seconds=30)"}]},
            422,
            "on a server",
        ),
        (
            "POST",
            "/api/games",
            {"game": "trig", "seats": [{"name": "A\x1b[2J"}, {}]},
            400,
            "control",
        ),
        ("POST", "/api/games", {"game": "trig", "seats": [{"name": "x" * 41}, {}]}, 400, "40 char"),
    ]


def test_bad_requests_get_a_clear_4xx_and_change_nothing(client: httpx.Client) -> None:
    created = create(client, HUMANS)
    game_id, ann, bob = created["id"], token(created, 0), token(created, 1)
    play(client, game_id, ann, "D1-D4")
    play(client, game_id, bob, "A1-D1")
    before = view(client, game_id)
    games_before = len(client.get("/api/games").json()["games"])
    for method, path, body, status, words in _bad_requests(game_id, ann, bob):
        if isinstance(body, bytes):
            answer = client.request(method, path, content=body)
        else:
            answer = client.request(method, path, json=body)
        assert answer.status_code == status, (path, body, answer.text)
        assert words.lower() in answer.json()["error"].lower(), (path, body, answer.text)
        assert {**view(client, game_id), "now": 0} == {**before, "now": 0}, (
            path,
            body,
        )  # now moves
    assert len(client.get("/api/games").json()["games"]) == games_before


def test_websocket_pushes_every_change_to_every_page(server: Server, client: httpx.Client) -> None:
    created = create(client, HUMANS)
    game_id, ann = created["id"], token(created, 0)
    base = f"{server.ws_url}/api/games/{game_id}/ws"
    with connect(f"{base}?token={ann}") as player, connect(base) as spectator:
        first = json.loads(player.recv(timeout=5))
        assert (first["type"], first["you"]) == ("view", [0])
        assert first["view"]["ply"] == 0
        assert json.loads(spectator.recv(timeout=5))["you"] == []
        play(client, game_id, ann, "D1-D4")
        for page in (player, spectator):
            pushed = json.loads(page.recv(timeout=5))
            assert pushed["type"] == "change"
            assert (pushed["base"], pushed["version"]) == (0, 1)
            assert (pushed["kept"], pushed["added"], pushed["ply"]) == (0, ["D1-D4"], 1)
            assert pushed["legal_moves"] is None  # Bob, to move, has no page here
            assert len(pushed["board"]) > 0  # the board's lines that changed
    for url, code, reason in [
        (f"{base}?token=forged", 4403, "this token holds no seat in this game"),
        (f"{server.ws_url}/api/games/nosuchgame/ws", 4404, "there is no game 'nosuchgame'"),
    ]:  # refused connections are closed with 4000 + the HTTP status, which the page reads
        with connect(url) as refused, pytest.raises(ConnectionClosed) as closed:
            refused.recv(timeout=5)
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (code, reason)


def test_a_page_plays_over_its_websocket(server: Server, client: httpx.Client) -> None:
    created = create(client, HUMANS)
    game_id, ann, bob = created["id"], token(created, 0), token(created, 1)
    base = f"{server.ws_url}/api/games/{game_id}/ws"
    with connect(f"{base}?token={ann}") as mine, connect(f"{base}?token={bob}") as theirs:
        for page in (mine, theirs):
            assert json.loads(page.recv(timeout=5))["type"] == "view"
        mine.send(json.dumps({"type": "move", "move": "D1-D4", "ply": 0}))
        for page in (mine, theirs):  # the change reaches every page, the sender's too
            pushed = json.loads(page.recv(timeout=5))
            assert (pushed["type"], pushed["added"]) == ("change", ["D1-D4"])
        assert pushed["legal_moves"]  # Bob's page: his turn now
        for message, words in [
            ({"type": "move", "move": "A1-D1", "ply": 1}, "not your turn"),
            ({"type": "move", "move": "A1-D1", "ply": 0}, "moved on"),
            ({"type": "resign"}, '{"type": "move"'),
        ]:
            mine.send(json.dumps(message))
            refused = json.loads(mine.recv(timeout=5))
            assert refused["type"] == "error", refused
            assert words in refused["error"]
        for bad in ["not json", "[" * 3000, '{"type":"move","move":"A1-D1","ply":1' + "0" * 4000]:
            mine.send(bad + "}" * bad.startswith("{"))
            assert json.loads(mine.recv(timeout=5))["status"] == 400
        theirs.send(json.dumps({"type": "move", "move": "Q9-Q9", "ply": 1}))
        assert json.loads(theirs.recv(timeout=5))["status"] == 422
    assert view(client, game_id)["moves"] == ["D1-D4"]
    with connect(base) as spectator:  # a page without a seat plays nothing
        spectator.recv(timeout=5)
        spectator.send(json.dumps({"type": "move", "move": "A1-D1", "ply": 1}))
        assert json.loads(spectator.recv(timeout=5))["status"] == 401


def test_the_computer_replies_without_blocking(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "easy"}])
    game_id, ann = created["id"], token(created, 0)
    answer = play(client, game_id, ann, "D1-D4")
    assert answer["ply"] >= 1
    assert client.get("/api/games").status_code == 200  # the server answers while it thinks
    replied = wait_for(client, game_id, lambda v: v["ply"] == 2 and not v["thinking"])
    assert replied["to_move"] == 0
    assert replied["seats"][1]["kind"] == "easy"


def test_a_computer_in_seat_0_moves_first(client: httpx.Client) -> None:
    created = create(client, [{"kind": "random"}, {"name": "Bob"}])
    wait_for(client, created["id"], lambda v: v["ply"] == 1 and v["to_move"] == 1)


def test_a_seat_that_has_not_moved_has_nothing_to_take_back(client: httpx.Client) -> None:
    created = create(client, [{"kind": "random"}, {"name": "Bob"}])
    game_id, bob = created["id"], token(created, 1)
    before = wait_for(client, game_id, lambda v: v["ply"] == 1 and not v["thinking"])
    answer = client.post(f"/api/games/{game_id}/undo", json={"token": bob})
    assert answer.status_code == 409
    assert "you have not moved yet" in answer.json()["error"]
    assert view(client, game_id)["moves"] == before["moves"]


def test_undo_against_the_computer_is_immediate(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "random"}])
    game_id, ann = created["id"], token(created, 0)
    play(client, game_id, ann, "D1-D4")
    wait_for(client, game_id, lambda v: v["ply"] == 2 and not v["thinking"])
    answer = client.post(f"/api/games/{game_id}/undo", json={"token": ann})
    assert answer.status_code == 200, answer.text
    assert (answer.json()["kept"], answer.json()["added"]) == (0, [])
    assert answer.json()["to_move"] == 0
    assert answer.json()["legal_moves"]  # Ann is to move: her answer says what she may play
    assert view(client, game_id)["moves"] == []


def test_undo_between_friends_needs_the_other_sides_consent(client: httpx.Client) -> None:
    created = create(client, HUMANS)
    game_id, ann, bob = created["id"], token(created, 0), token(created, 1)
    play(client, game_id, ann, "D1-D4")
    asked = client.post(f"/api/games/{game_id}/undo", json={"token": ann}).json()
    assert asked["undo_request"] == 0
    assert asked["ply"] == 1
    own = client.post(f"/api/games/{game_id}/undo/accept", json={"token": ann, "ply": 1})
    assert own.status_code == 409
    late = client.post(f"/api/games/{game_id}/undo/accept", json={"token": bob, "ply": 0})
    assert late.status_code == 409  # an answer to a request made at another ply
    declined = client.post(f"/api/games/{game_id}/undo/decline", json={"token": bob, "ply": 1})
    assert declined.json()["undo_request"] is None
    assert declined.json()["ply"] == 1
    client.post(f"/api/games/{game_id}/undo", json={"token": ann})
    accepted = client.post(
        f"/api/games/{game_id}/undo/accept", json={"token": bob, "ply": 1}
    ).json()
    assert accepted["ply"] == 0
    assert accepted["to_move"] == 0
    assert accepted["undo_request"] is None


def test_hot_seat_one_token_plays_every_seat(client: httpx.Client) -> None:
    created = create(client, HUMANS, hotseat=True)
    game_id, both = created["id"], token(created, 0)
    assert token(created, 1) == both
    play(client, game_id, both, "D1-D4")
    play(client, game_id, both, "A1-D1")
    assert act(client, game_id, "undo", both)["moves"] == ["D1-D4"]


def test_resign_hint_record_svg_and_listing(client: httpx.Client) -> None:
    created = create(client, HUMANS)
    game_id, ann, bob = created["id"], token(created, 0), token(created, 1)
    play(client, game_id, ann, "D1-D4")
    hint = client.get(f"/api/games/{game_id}/hint", headers=bearer(bob))
    assert hint.status_code == 200, hint.text
    assert hint.json()["move"] in view(client, game_id)["legal_moves"]
    assert hint.json()["why"]
    assert client.get(f"/api/games/{game_id}/hint", headers=bearer(ann)).status_code == 409
    svg0 = client.get(f"/api/games/{game_id}/svg", params={"ply": 0})
    svg1 = client.get(f"/api/games/{game_id}/svg", params={"ply": 1})
    assert svg0.headers["content-type"].startswith("image/svg+xml")
    assert svg0.text != svg1.text
    assert "<svg" in svg0.text
    resigned = client.post(f"/api/games/{game_id}/resign", json={"token": bob}).json()
    assert resigned["over"]
    assert resigned["outcome"]["winners"] == [0]
    assert resigned["outcome"]["reason"].endswith("resigned")
    late = client.post(f"/api/games/{game_id}/moves", json={"token": ann, "move": "A1-A4"})
    assert late.status_code == 409
    assert "over" in late.json()["error"]
    record = GameRecord.from_json(client.get(f"/api/games/{game_id}/record").json())
    assert record.moves == ["D1-D4", "resign 1"]
    assert [p.name for p in record.players] == ["Ann", "Bob"]
    assert record.replay().outcome() == record.result
    finished = client.get("/api/games", params={"status": "finished"}).json()["games"]
    assert game_id in [game["id"] for game in finished]


def test_resignation_is_the_engines_in_every_game(client: httpx.Client) -> None:
    created = create(client, HUMANS, game="tranglar")
    answer = client.post(f"/api/games/{created['id']}/resign", json={"token": token(created, 0)})
    assert answer.json()["added"] == ["resign 0"]
    assert answer.json()["outcome"] == {
        "winners": [1],
        "scores": [0, 0],
        "reason": "Petrol resigned",
    }
    undo = client.post(f"/api/games/{created['id']}/undo", json={"token": token(created, 1)})
    assert undo.status_code == 409
    typed = create(client, HUMANS)
    answer = client.post(
        f"/api/games/{typed['id']}/moves", json={"token": token(typed, 0), "move": "resign"}
    )
    assert answer.status_code == 422
    assert "own requests" in answer.json()["error"]


def test_with_three_players_a_resigning_seat_leaves_and_the_rest_play_on(
    client: httpx.Client,
) -> None:
    created = create(
        client, [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], game="triggle(players=3)"
    )
    game_id = created["id"]
    play(client, game_id, token(created, 0), "D1-D4")
    left = client.post(f"/api/games/{game_id}/resign", json={"token": token(created, 2)}).json()
    assert not left["over"]
    assert left["in_game"] == [0, 1]
    assert left["to_move"] == 1
    play(client, game_id, token(created, 1), "A1-D1")
    assert view(client, game_id)["to_move"] == 0
    again = client.post(f"/api/games/{game_id}/resign", json={"token": token(created, 2)})
    assert again.status_code == 409
    ended = act(client, game_id, "resign", token(created, 1))
    assert ended["over"]
    assert ended["outcome"]["winners"] == [0]
    assert ended["moves"] == ["D1-D4", "resign 2", "A1-D1", "resign 1"]


def test_a_draw_is_offered_and_accepted_or_declined(client: httpx.Client) -> None:
    created = create(client, HUMANS)
    game_id, ann, bob = created["id"], token(created, 0), token(created, 1)
    play(client, game_id, ann, "D1-D4")
    offered = client.post(f"/api/games/{game_id}/draw", json={"token": ann}).json()
    assert offered["draw_offer"] == [0]
    assert not offered["over"]
    mine = client.post(f"/api/games/{game_id}/draw/accept", json={"token": ann, "ply": 1})
    assert mine.status_code == 409
    declined = client.post(
        f"/api/games/{game_id}/draw/decline", json={"token": bob, "ply": 1}
    ).json()
    assert declined["draw_offer"] is None
    assert not declined["over"]
    client.post(f"/api/games/{game_id}/draw", json={"token": bob})
    play(client, game_id, bob, "A1-D1")  # a move cancels the offer
    assert view(client, game_id)["draw_offer"] is None
    client.post(f"/api/games/{game_id}/draw", json={"token": bob})
    agreed = act(client, game_id, "draw/accept", ann, ply=2)
    assert agreed["over"]
    assert agreed["outcome"]["reason"] == "draw agreed"
    assert agreed["outcome"]["winners"] == [0, 1]
    assert agreed["moves"][-1] == "draw agreed"


def test_a_computer_accepts_a_draw_unless_it_is_ahead(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "random"}], game="trig")
    game_id, ann = created["id"], token(created, 0)
    agreed = client.post(f"/api/games/{game_id}/draw", json={"token": ann}).json()
    assert agreed["over"]
    assert agreed["outcome"]["reason"] == "draw agreed"


def test_aliases_are_specs_on_the_web_too(client: httpx.Client) -> None:
    created = create(client, HUMANS, game="Trigger")
    assert created["view"]["game"] == "trig(board=trigger)"
    assert client.get("/api/spec", params={"game": "triggest"}).json()["game"] == (
        "trig(board=triggest)"
    )
    assert client.get("/rules/trigger").status_code == 200
