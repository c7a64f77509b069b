"""Accounts over HTTP on a real server: signing up, logging in and out, the session cookie,
the limits on guessing, and the same-origin check of every change made with the cookie."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator

import httpx
import pytest
from starlette.responses import Response
from websockets.sync.client import connect

from tests.web.conftest import Server
from tests.web.inprocess import in_own_loop, local
from trigames.web import accounts
from trigames.web.errors import TooManyRequestsError, UnauthorizedError
from trigames.web.http import SESSION_COOKIE, with_session
from trigames.web.requests import Credentials
from trigames.web.storage import open_store

PASSWORD = "correct horse battery"


@pytest.fixture
def http(server: Server) -> Iterator[httpx.Client]:
    """A client of the server's own pages: it says where it comes from, as a browser does."""
    with httpx.Client(base_url=server.url, timeout=10, headers={"Origin": server.url}) as client:
        yield client


def sign_up(http: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return http.post("/api/accounts", json={"name": name, "password": password})


def test_signing_up_logs_in_with_a_cookie_only_the_server_reads(http: httpx.Client) -> None:
    made = sign_up(http, "Ann_1")
    assert made.status_code == 201, made.text
    assert made.json() == {"name": "Ann_1"}
    cookie = made.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert "Path=/" in cookie
    assert "Secure" not in cookie  # plain HTTP here: --secure-cookies is for HTTPS
    assert http.get("/api/me").json() == {
        "name": "Ann_1",
        "ratings": {},
        "your_turn": [],
        "games": [],
    }


def test_a_cookie_is_secure_when_the_server_is_set_so() -> None:
    cookie = with_session(Response(), "secret", 60, secure=True).headers["set-cookie"]
    assert "Secure" in cookie
    assert "HttpOnly" in cookie
    assert "Max-Age=60" in cookie


@pytest.mark.parametrize(
    ("name", "password", "why"),
    [
        ("Al", PASSWORD, "3 to 20"),
        ("A" * 21, PASSWORD, "3 to 20"),
        ("<b>Ann</b>", PASSWORD, "3 to 20"),
        ("Ann Lee", PASSWORD, "3 to 20"),
        ("Ánn", PASSWORD, "3 to 20"),
        ("Ann2", "short12", "at least 8"),
        ("Ann3", "x" * 257, "at most 256"),
    ],
)
def test_names_and_passwords_out_of_the_rules_are_refused(
    http: httpx.Client, name: str, password: str, why: str
) -> None:
    refused = sign_up(http, name, password)
    assert refused.status_code == 400
    assert why in refused.json()["error"]


def test_names_are_unique_ignoring_case(http: httpx.Client) -> None:
    assert sign_up(http, "Bea").status_code == 201
    taken = sign_up(http, "bEA")
    assert taken.status_code == 409
    assert "taken" in taken.json()["error"]


def test_logging_in_and_out(server: Server, http: httpx.Client) -> None:
    assert sign_up(http, "Cid").status_code == 201
    http.cookies.clear()
    assert http.get("/api/me").status_code == 401
    wrong = http.post("/api/session", json={"name": "Cid", "password": "wrong password"})
    unknown = http.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()  # the answer tells no names
    logged = http.post("/api/session", json={"name": "cid", "password": PASSWORD})
    assert logged.status_code == 200
    assert logged.json() == {"name": "Cid"}
    secret = http.cookies[SESSION_COOKIE]
    assert http.get("/api/me").json()["name"] == "Cid"
    out = http.delete("/api/session")
    assert out.status_code == 200
    assert "Max-Age=0" in out.headers["set-cookie"] or "expires=" in out.headers["set-cookie"]
    # the old cookie, sent again, opens nothing: the session ended server side
    with httpx.Client(base_url=server.url, cookies={SESSION_COOKIE: secret}) as replay:
        assert replay.get("/api/me").status_code == 401


def test_ten_failures_lock_the_name_whatever_the_password(http: httpx.Client) -> None:
    assert sign_up(http, "Dee").status_code == 201
    http.cookies.clear()
    for _ in range(10):
        wrong = http.post("/api/session", json={"name": "Dee", "password": "not it at all"})
        assert wrong.status_code == 401
    right = http.post("/api/session", json={"name": "DEE", "password": PASSWORD})
    assert right.status_code == 429
    assert "try again in 15 minutes" in right.json()["error"]


def test_another_site_cannot_act_with_the_session(server: Server, http: httpx.Client) -> None:
    assert sign_up(http, "Eve_2").status_code == 201
    secret = http.cookies[SESSION_COOKIE]
    cookies = {SESSION_COOKIE: secret}
    evil = {"Origin": "http://evil.example"}
    with httpx.Client(base_url=server.url, cookies=cookies) as browser:
        # a form or a script on another site: refused, and the session lives on
        assert browser.delete("/api/session", headers=evil).status_code == 403
        created = browser.post("/api/games", json={"game": "trig"}, headers=evil)
        assert created.status_code == 403
        assert "another site" in created.json()["error"]
        # with the cookie, a change that says not where it comes from is refused too
        assert browser.post("/api/games", json={"game": "trig"}).status_code == 403
        # reading needs no check
        assert browser.get("/api/me").json()["name"] == "Eve_2"
    # logging a visitor into an account of another site's choosing is refused as well
    login = {"name": "Eve_2", "password": PASSWORD}
    assert httpx.post(f"{server.url}/api/session", json=login, headers=evil).status_code == 403
    # link games without a cookie are as they were: no origin needed
    assert httpx.post(f"{server.url}/api/games", json={"game": "trig"}).status_code == 201


def test_no_password_is_kept_in_clear(server: Server, http: httpx.Client) -> None:
    assert sign_up(http, "Fay", "a secret nobody knows").status_code == 201
    with sqlite3.connect(server.db) as db:
        (stored,) = db.execute("SELECT password_hash FROM accounts WHERE name = 'Fay'").fetchone()
        dump = "\n".join(db.iterdump())
    assert stored.startswith("$argon2id$")
    assert "a secret nobody knows" not in dump
    assert http.cookies[SESSION_COOKIE] not in dump  # sessions are kept as hashes too


@in_own_loop
async def test_an_address_that_fails_too_often_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(accounts, "LOGIN_FAILURES_PER_ADDRESS", 3)
    async with local() as api:
        logins = api.service.accounts
        await logins.sign_up(Credentials("Gil", PASSWORD), "10.0.0.1")
        for name in ("Hal", "Ida", "Jon"):  # three names, none of them an account
            with pytest.raises(UnauthorizedError):
                await logins.log_in(Credentials(name, PASSWORD), "10.0.0.9")
        with pytest.raises(TooManyRequestsError, match="from your address"):
            await logins.log_in(Credentials("Gil", PASSWORD), "10.0.0.9")
        assert (await logins.log_in(Credentials("Gil", PASSWORD), "10.0.0.1")).account.name == "Gil"


def test_accounts_are_kept_alike_in_both_stores(db: str) -> None:
    @in_own_loop
    async def check() -> None:
        async with local(open_store(db)) as api:
            made = await api.service.accounts.sign_up(Credentials("Kim", PASSWORD), "a")
            again = await api.service.accounts.log_in(Credentials("KIM", PASSWORD), "a")
            assert made.account.id == again.account.id
            found = await api.service.accounts.account_of(again.secret)
            assert found is not None
            assert found.name == "Kim"
            await api.service.accounts.log_out(again.secret)
            assert await api.service.accounts.account_of(again.secret) is None
            assert await api.service.accounts.account_of(made.secret) is not None

    check()


@contextlib.contextmanager
def logged_in(server: Server, name: str) -> Iterator[httpx.Client]:
    """A browser of the server's pages, logged in to a new account ``name``."""
    with httpx.Client(base_url=server.url, timeout=10, headers={"Origin": server.url}) as browser:
        assert sign_up(browser, name).status_code == 201
        yield browser


def test_a_seat_taken_while_logged_in_is_played_with_the_session(server: Server) -> None:
    with logged_in(server, "Lea") as lea:
        opened = {"game": "trig", "seats": [{"name": "Ann"}, {"kind": "open"}]}
        created = httpx.post(f"{server.url}/api/games", json=opened).json()
        game_id, ann = created["id"], created["seats"][0]["token"]
        joined = lea.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "ignored"})
        assert joined.status_code == 200, joined.text
        assert lea.get(f"/api/games/{game_id}/seats").json() == {"seats": [1]}
        view = lea.get(f"/api/games/{game_id}").json()
        assert view["seats"][1]["name"] == "Lea"  # an account's seat shows its name
        first = view["legal_moves"][0]
        played = httpx.post(
            f"{server.url}/api/games/{game_id}/moves", json={"move": first, "token": ann}
        )
        assert played.status_code == 200, played.text
        # no token: the session's cookie acts for the seat
        resigned = lea.post(f"/api/games/{game_id}/resign")
        assert resigned.status_code == 200, resigned.text
        assert resigned.json()["over"] is True
    # another account holds no seat here
    with logged_in(server, "Max") as other:
        refused = other.post(f"/api/games/{game_id}/draw")
        assert refused.status_code == 403
        assert "your account plays no seat" in refused.json()["error"]
        assert other.get(f"/api/games/{game_id}/seats").json() == {"seats": []}


def test_the_seats_of_a_link_are_kept_with_the_account_that_claims_them(server: Server) -> None:
    created = httpx.post(f"{server.url}/api/games", json={"game": "trig"}).json()
    game_id, ann = created["id"], created["seats"][0]["token"]
    claim = f"/api/games/{game_id}/claim"
    assert httpx.post(f"{server.url}{claim}", json={"token": ann}).status_code == 401
    with logged_in(server, "Noa") as noa:
        kept = noa.post(claim, json={"token": ann})
        assert kept.status_code == 200, kept.text
        assert kept.json()["seats"][0]["name"] == "Noa"
        assert noa.post(claim, json={"token": ann}).status_code == 200  # again: no change
        assert noa.get(f"/api/games/{game_id}/seats").json() == {"seats": [0]}
    with logged_in(server, "Oz_9") as oz:  # the link's token in other hands
        taken = oz.post(claim, json={"token": ann})
        assert taken.status_code == 409
        assert "another account" in taken.json()["error"]
    # the link still plays the seat, as before
    view = httpx.get(f"{server.url}/api/games/{game_id}").json()
    move = {"move": view["legal_moves"][0], "token": ann}
    assert httpx.post(f"{server.url}/api/games/{game_id}/moves", json=move).status_code == 200


def test_a_websocket_counts_the_cookie_only_from_this_sites_pages(server: Server) -> None:
    with logged_in(server, "Pia") as pia:
        opened = {"game": "trig", "seats": [{"kind": "open"}, {"name": "Bob"}]}
        game_id = httpx.post(f"{server.url}/api/games", json=opened).json()["id"]
        assert pia.post(f"/api/games/{game_id}/join", json={"seat": 0}).status_code == 200
        cookie = {"Cookie": f"{SESSION_COOKIE}={pia.cookies[SESSION_COOKIE]}"}
    url = f"{server.ws_url}/api/games/{game_id}/ws"
    for origin, seats in ((server.url, [0]), ("http://evil.example", [])):
        with connect(url, additional_headers={**cookie, "Origin": origin}) as socket:
            assert json.loads(socket.recv(timeout=5))["you"] == seats
