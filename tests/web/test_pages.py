"""The HTML pages, the static files and the lobby's API (/api/catalog, /api/spec)."""

from __future__ import annotations

import re
import struct

import httpx
import pytest

from tests.web.helpers import create, play, token
from trigames.ai.registry import KINDS, LEVEL_NAMES
from trigames.games import GAMES


def test_the_lobby_page_loads_its_script_and_links_the_rules(client: httpx.Client) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    page = answer.text
    for needed in ('id="game"', 'id="options"', 'id="hotseat"', 'id="create"', 'id="games"'):
        assert needed in page
    assert '<script type="module" src="/static/lobby.js">' in page
    for name in GAMES:
        assert f'href="/rules/{name}"' in page


def test_the_lobby_cards_show_each_game_at_its_start(client: httpx.Client) -> None:
    page = client.get("/").text
    for name in GAMES:
        assert f'<img class="card-board" src="/boards/{name}.svg"' in page
        answer = client.get(f"/boards/{name}.svg")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("image/svg+xml")
        assert "max-age" in answer.headers["cache-control"]
        assert f'data-game="{name}"' in answer.text
    assert client.get("/boards/chess.svg").status_code == 404


def test_the_recent_games_leave_out_those_nobody_moved_in(client: httpx.Client) -> None:
    idle = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    moved = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    play(client, moved["id"], token(moved, 0), "D1-D4")
    listed = [game["id"] for game in client.get("/api/games?moved=true").json()["games"]]
    assert moved["id"] in listed
    assert idle["id"] not in listed
    assert idle["id"] in [game["id"] for game in client.get("/api/games").json()["games"]]
    refused = client.get("/api/games?moved=yes")
    assert refused.status_code == 400
    assert refused.json()["error"] == "moved must be 'true' or 'false'"


def test_the_game_page_has_the_board_and_the_controls(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"kind": "random"}])
    answer = client.get(f"/games/{created['id']}")
    assert answer.status_code == 200
    for needed in ("board", "choices", "turn", "status", "last-move", "moves", "seats", "undo"):
        assert f'id="{needed}"' in answer.text
    assert '<script type="module" src="/static/game.js">' in answer.text


def test_an_unknown_game_page_is_a_404_page(client: httpx.Client) -> None:
    answer = client.get("/games/nosuchgame")
    assert answer.status_code == 404
    assert "there is no game &#x27;nosuchgame&#x27;" in answer.text
    assert 'href="/"' in answer.text


@pytest.mark.parametrize(
    ("path", "media_type"),
    [
        ("/static/lobby.js", "text/javascript"),
        ("/static/game.js", "text/javascript"),
        ("/static/common.js", "text/javascript"),
        ("/static/style.css", "text/css"),
    ],
)
def test_static_files(client: httpx.Client, path: str, media_type: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith(media_type)


def test_the_catalog_lists_games_options_and_players(client: httpx.Client) -> None:
    catalog = client.get("/api/catalog").json()
    assert [game["name"] for game in catalog["games"]] == list(GAMES)
    triggle = catalog["games"][0]
    assert triggle["title"] == GAMES["triggle"].title
    size = next(option for option in triggle["options"] if option["name"] == "size")
    assert size["default"] == 4
    assert size["values"] == "an integer from 3 to 8"
    assert size["help"]
    assert catalog["players"] == {
        "human": "human",
        "levels": list(LEVEL_NAMES),
        "kinds": list(KINDS),
    }
    assert catalog["colours"]["blue"].startswith("#")


def test_spec_gives_the_canonical_form_and_the_seats(client: httpx.Client) -> None:
    answer = client.get("/api/spec", params={"game": "Triggle( players = 3, size=4 )"})
    assert answer.status_code == 200
    assert answer.json() == {
        "game": "triggle(players=3)",
        "title": GAMES["triggle"].title,
        "seats": ["Blue", "Yellow", "Red"],
        "seats_said": [["Blue"], ["Yellow"], ["Red"]],
        "swatches": ["#2f6fd0", "#e7b416", "#d23a2f"],
    }


@pytest.mark.parametrize(
    ("spec", "words"),
    [("triggle(size=99)", "size"), ("chess", "unknown game"), ("", "bad spec string")],
)
def test_a_bad_spec_is_explained(client: httpx.Client, spec: str, words: str) -> None:
    answer = client.get("/api/spec", params={"game": spec})
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_rules_pages(client: httpx.Client) -> None:
    for name in GAMES:
        answer = client.get(f"/rules/{name}")
        assert answer.status_code == 200
        assert '<article class="rules">' in answer.text
        assert "<svg" in answer.text
        assert f"<title>Rules of {GAMES[name].title}" in answer.text


def test_an_unknown_rules_page_is_a_404_page(client: httpx.Client) -> None:
    answer = client.get("/rules/chess")
    assert answer.status_code == 404
    assert "the games are triggle, trig, tricolor, trugo, tranglar" in answer.text


def test_seats_says_which_seats_a_token_holds(client: httpx.Client) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bob"}])
    game_id = created["id"]
    bob = created["seats"][1]["token"]
    mine = client.get(f"/api/games/{game_id}/seats", headers={"Authorization": f"Bearer {bob}"})
    assert mine.json() == {"seats": [1]}
    assert client.get(f"/api/games/{game_id}/seats").json() == {"seats": []}
    forged = client.get(f"/api/games/{game_id}/seats", headers={"Authorization": "Bearer forged"})
    assert forged.status_code == 403
    assert forged.json()["error"] == "this token holds no seat in this game"
    assert client.get("/api/games/nosuchgame/seats").status_code == 404


def test_a_shared_link_shows_the_game_and_a_picture_of_its_board(client: httpx.Client) -> None:
    created = client.post(
        "/api/games", json={"game": "trig", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    ).json()
    page = client.get(f"/games/{created['id']}").text
    assert '<meta property="og:title" content="Trig, Trigger, Triggest' in page
    assert "Ann vs Bob" in page
    french = client.get(f"/games/{created['id']}", headers={"Accept-Language": "fr"}).text
    assert "Trig, Trigger, Triggest (The Summer-House Floor) : Ann contre Bob" in french
    assert "trig, coup 1. Pions : Blanc 0, Noir 0" in french
    missing = client.get("/games/nosuchgame", headers={"Accept-Language": "fr"})
    assert missing.status_code == 404
    assert "il n\u2019y a pas de partie &#x27;nosuchgame&#x27;" in missing.text
    picture = re.search(r'<meta property="og:image" content="([^"]+)"', page)
    assert picture is not None
    png = client.get(picture[1].replace(str(client.base_url).rstrip("/"), ""))
    assert png.status_code == 200
    assert png.headers["content-type"] == "image/png"
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
    size = struct.unpack(">II", png.content[16:24])  # the IHDR chunk: width, height
    assert size == (1200, 630)  # what link previews show whole
    assert client.get("/games/nosuchgame/picture.png").status_code == 404


def test_every_page_has_a_favicon(client: httpx.Client) -> None:
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/").text
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")


def test_the_lobby_and_the_players_pages_come_in_french(client: httpx.Client) -> None:
    french = {"Accept-Language": "fr"}
    lobby = client.get("/", headers=french).text
    assert "<main>" in lobby  # no longer marked English
    assert "Jouer contre l\u2019ordinateur" in lobby
    assert "Parties récentes" in lobby
    assert 'alt="Le plateau de Trugo au départ"' in lobby
    # the games' summaries are French too (tests/web/test_lobby_words.py)
    assert lobby.count('<p class="card-summary">') == len(GAMES)
    assert '<option value="per_move:60">1 minute par coup</option>' in lobby
    # the cards are kept once a language: English after French is still English
    english = client.get("/").text
    assert "Play against the computer" in english
    assert "Jouer" not in english
    assert "<h1>Classement de Trugo</h1>" in client.get("/leaderboard/trugo", headers=french).text
    assert "Supprimer votre compte" in client.get("/account", headers=french).text
