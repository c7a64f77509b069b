"""Two players on two browsers, and a spectator: moves arrive live, undo by consent, reload."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Pages
from tests.e2e.driver import click_place, create_game, play_one_move
from tests.web.conftest import Server


def expect_ply(page: Page, ply: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#moves li")).to_have_count(ply)


def test_two_players_and_a_spectator_see_every_move_live(pages: Pages) -> None:
    rng = random.Random(7)
    ann = pages.open()
    created = create_game(ann, "triggle", "size=3", [("human", "Ann"), ("human", "Bob")])
    seat_links = ann.locator("#links a.seat-link")
    expect(seat_links).to_have_count(2)
    bob_link = ann.locator('#links a.seat-link[data-seat="1"]').get_attribute("href")
    assert bob_link == created["seats"][1]["link"]
    spectator_link = ann.locator("#links a.spectator-link").get_attribute("href")
    assert spectator_link == created["spectator_link"]
    assert bob_link is not None
    assert spectator_link is not None
    bob = pages.open(bob_link)
    watcher = pages.open(spectator_link)
    posted: list[str] = []  # the move requests: none, the pages play over their WebSockets
    for page in (ann, bob):
        page.on("request", lambda r: posted.append(r.url) if r.url.endswith("/moves") else None)
    for page in (ann, bob, watcher):
        expect_ply(page, 0)
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "false")
    expect(bob.locator("#seats .seat.mine .seat-name")).to_have_text("Bob")
    expect(bob.locator("#board .target")).to_have_count(0)
    expect(watcher.locator("#undo")).to_be_hidden()
    expect(watcher.locator("#watching")).to_be_visible()

    expect(ann.locator("body")).to_have_attribute("data-my-turn", "true")
    play_one_move(ann, rng)
    for page in (ann, bob, watcher):
        expect_ply(page, 1)
    first = ann.locator("#moves li .move-link").nth(0).inner_text()
    expect(bob.locator("#moves li .move-link").nth(0)).to_have_text(first)
    expect(watcher.locator("#last-move")).to_have_text(ann.locator("#last-move").inner_text())

    # Out of turn, Ann's page offers nothing and a click on a peg does nothing.
    expect(ann.locator("body")).to_have_attribute("data-my-turn", "false")
    expect(ann.locator("#board .target")).to_have_count(0)
    click_place(ann, "A1")
    expect(ann.locator("#board .selected")).to_have_count(0)

    expect(bob.locator("body")).to_have_attribute("data-my-turn", "true")
    play_one_move(bob, rng)
    for page in (ann, bob, watcher):
        expect_ply(page, 2)

    # Undo by consent: Ann asks, Bob declines, Ann asks again, Bob accepts.
    ann.click("#undo")
    expect(ann.locator("#undo-request")).to_contain_text("waiting")
    expect(bob.locator("#undo-request")).to_contain_text("Ann (Blue) asks to take back")
    bob.click("#decline-undo")
    expect(ann.locator("#undo-request")).to_be_hidden()
    expect_ply(ann, 2)
    ann.click("#undo")
    bob.click("#accept-undo")
    for page in (ann, bob, watcher):
        expect_ply(page, 0)  # back to Ann's turn: her move and Bob's are taken back
    expect(ann.locator("body")).to_have_attribute("data-my-turn", "true")

    play_one_move(ann, rng)
    bob.reload()
    expect_ply(bob, 1)
    expect(bob.locator("#moves li .move-link").nth(0)).to_have_text(
        ann.locator("#moves li .move-link").nth(0).inner_text()
    )
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "true")
    play_one_move(bob, rng)
    expect_ply(ann, 2)
    expect_ply(watcher, 2)
    expect(ann.locator("#error")).to_be_hidden()
    expect(bob.locator("#error")).to_be_hidden()
    assert posted == []
    # Each page made the board from the edits each change sent: it is the server's board.
    server_board = httpx.get(f"{pages.server.url}/api/games/{created['id']}/svg").text
    for page in (ann, bob, watcher):
        assert board_of(page) == board_of_text(page, server_board)


def board_of(page: Page) -> str:
    """The board a page shows, as the browser serialises it (ghosts and marks taken off)."""
    shown: str = page.evaluate(
        """() => {
            const svg = document.querySelector('#board svg').cloneNode(true);
            svg.querySelectorAll('.ghost-layer, .target-marks').forEach((node) => node.remove());
            svg.querySelectorAll('[class]').forEach((node) => node.removeAttribute('class'));
            svg.querySelectorAll('[tabindex]').forEach((node) => {
                ['tabindex', 'role', 'aria-label'].forEach((name) => node.removeAttribute(name));
            });
            svg.style.width = '';
            svg.removeAttribute('style');
            return svg.outerHTML;
        }"""
    )
    return shown


def board_of_text(page: Page, svg: str) -> str:
    """``svg`` as the browser serialises it."""
    shown: str = page.evaluate(
        """(text) => {
            const holder = document.createElement('div');
            holder.innerHTML = text;
            const svg = holder.querySelector('svg');
            svg.querySelectorAll('[class]').forEach((node) => node.removeAttribute('class'));
            return svg.outerHTML;
        }""",
        svg,
    )
    return shown


def test_a_forged_token_is_told_so(pages: Pages) -> None:
    ann = pages.open()
    created = create_game(ann, "trig", "", [("human", "Ann"), ("easy", "")])
    intruder = pages.open(f"/games/{created['id']}?token=forged")
    expect(intruder.locator("#error")).to_contain_text(
        "this token holds no seat in this game; this page only watches the game"
    )
    expect(intruder.locator("#watching")).to_be_visible()
    expect(intruder.locator("#board .target")).to_have_count(0)


def test_hot_seat_one_page_plays_both_seats(pages: Pages) -> None:
    page = pages.open()
    created = create_game(page, "tricolor", "size=2", [("human", "Ann"), ("human", "Bob")], True)
    assert created["seats"][0]["token"] == created["seats"][1]["token"]
    expect(page.locator("#seats .seat.mine")).to_have_count(2)
    rng = random.Random(3)
    for ply in (1, 2):
        expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
        play_one_move(page, rng)
        expect_ply(page, ply)
    expect(page.locator("#links a.seat-link")).to_have_count(1)


def test_the_page_reconnects_after_the_server_restarts(pages: Pages, tmp_path: Path) -> None:
    own = Server(tmp_path / "games.sqlite3").start()
    try:
        created = httpx.post(
            f"{own.url}/api/games",
            json={"game": "triggle(size=3)", "seats": [{"name": "Ann"}, {"name": "Bob"}]},
        ).json()
        ann = pages.open(created["seats"][0]["link"])
        expect(ann.locator("body")).to_have_attribute("data-connected", "true")
        own.kill()
        expect(ann.locator("body")).to_have_attribute("data-connected", "false")
        own.start()
        expect(ann.locator("body")).to_have_attribute("data-connected", "true", timeout=15_000)
        move = created["view"]["legal_moves"][0]
        answer = httpx.post(
            f"{own.url}/api/games/{created['id']}/moves",
            json={"token": created["seats"][0]["token"], "move": move},
        )
        assert answer.status_code == 200, answer.text
        expect_ply(ann, 1)
        expect(ann.locator("#moves li .move-link")).to_have_text([move])
    finally:
        own.stop()
