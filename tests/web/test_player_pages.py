"""The players' HTML pages: a player's page, the leaderboards, one's account, and the service
worker; 404 pages for the players and games that are not."""

from __future__ import annotations

import re

import httpx
import pytest

from trigames.games import GAMES

PASSWORD = "correct horse battery"


def title_of(page: str) -> str:
    found = re.search(r"<title>(.*)</title>", page)
    assert found is not None
    return found.group(1)


def test_a_players_page_has_its_name_whatever_the_case_asked(client: httpx.Client) -> None:
    made = client.post(
        "/api/accounts",
        json={"name": "Pagey", "password": PASSWORD},
        headers={"Origin": str(client.base_url)},
    )
    assert made.status_code == 201, made.text
    for asked in ("Pagey", "pagey"):
        answer = client.get(f"/players/{asked}")
        assert answer.status_code == 200
        assert title_of(answer.text) == "Pagey · trigames"
        assert '<h1 id="player-name">Pagey</h1>' in answer.text
        assert '<script type="module" src="/static/player.js">' in answer.text


@pytest.mark.parametrize("name", ["nobody-here", "x", "<script>"])
def test_an_unknown_player_is_a_404_page(client: httpx.Client, name: str) -> None:
    answer = client.get(f"/players/{name}")
    assert answer.status_code == 404
    assert title_of(answer.text) == "No such player · trigames"
    assert "<script>" not in answer.text.split("</head>")[1]  # the name shown escaped
    assert 'href="/"' in answer.text


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_has_a_leaderboard_page_linking_the_others(
    client: httpx.Client, game: str
) -> None:
    answer = client.get(f"/leaderboard/{game}")
    assert answer.status_code == 200
    assert title_of(answer.text).endswith(" leaderboard · trigames")
    for other in GAMES:
        assert f'href="/leaderboard/{other}"' in answer.text
    assert f'<a href="/leaderboard/{game}" aria-current="page">' in answer.text
    assert '<script type="module" src="/static/leaderboard.js">' in answer.text


def test_the_leaderboards_begin_with_the_first_game(client: httpx.Client) -> None:
    answer = client.get("/leaderboard", follow_redirects=False)
    assert answer.status_code in (302, 307)
    assert answer.headers["location"] == "/leaderboard/triggle"


def test_an_unknown_games_leaderboard_is_a_404_page(client: httpx.Client) -> None:
    answer = client.get("/leaderboard/chess")
    assert answer.status_code == 404
    assert title_of(answer.text) == "No such game · trigames"
    assert "there is no game &#x27;chess&#x27;" in answer.text


def test_the_account_page(client: httpx.Client) -> None:
    answer = client.get("/account")
    assert answer.status_code == 200
    assert title_of(answer.text) == "Your account · trigames"
    for needed in ("email-form", "push-on", "vacation-form", "delete-form", "logged-out"):
        assert f'id="{needed}"' in answer.text
    assert '<script type="module" src="/static/settings.js">' in answer.text


@pytest.mark.parametrize("path", ["/", "/account", "/leaderboard/trig", "/rules/trugo"])
def test_every_page_has_the_account_bar(client: httpx.Client, path: str) -> None:
    page = client.get(path).text
    assert 'id="account-bar"' in page
    assert 'id="account-dialog"' in page
    assert '<script type="module" src="/static/account.js">' in page


def test_the_service_worker_is_served_from_the_root(client: httpx.Client) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "/"
    assert "notificationclick" in answer.text


@pytest.mark.parametrize(
    "script",
    ["account", "challenges", "chart", "leaderboard", "player", "push", "settings", "sound"],
)
def test_the_player_modules_are_served(client: httpx.Client, script: str) -> None:
    answer = client.get(f"/static/{script}.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
