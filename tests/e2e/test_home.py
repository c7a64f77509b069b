"""Living in the web app: a seat survives navigation, a watching page says so, the move list
says who moved and steps back while the game goes on, and the end of a game is an event."""

from __future__ import annotations

import random
from typing import Any

import httpx
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import (
    assert_no_sideways_scroll,
    create_game,
    open_more_options,
    play_one_move,
)

SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 900},
    "phone": {"width": 390, "height": 844},
}


def shoot(page: Page, name: str) -> None:
    """Screenshots of the page at desktop and phone size."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=SCREENSHOTS / f"{name}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES["desktop"])


def test_a_seat_survives_leaving_the_page(pages: Pages) -> None:
    page = pages.open()
    created = create_game(page, "triggle", "size=3", [("human", "Ann"), ("random", "")])
    game_id = created["id"]
    assert "token" not in page.url  # the seat's token stays out of the address bar
    play_one_move(page, random.Random(1))
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    rules = page.locator("header.site nav a").first
    expect(rules).to_have_attribute("target", "_blank")  # the rules open beside the game
    page.goto("/")
    mine = page.locator(f'#your-games a.your-game[href="/games/{game_id}"]')
    expect(mine).to_be_visible()
    expect(page.locator("#your-games li.your-turn .turn-phrase")).to_have_text(" — your turn")
    shoot(page, "lobby-your-games")
    mine.click()
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator("#seats .seat.mine .seat-name")).to_have_text("Ann")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator("#watching")).to_be_hidden()


def test_a_page_without_a_seat_says_it_watches(pages: Pages) -> None:
    ann = pages.open()
    created = create_game(ann, "trig", "", [("human", "Ann"), ("human", "Bob")])
    watcher = pages.open(created["spectator_link"])
    expect(watcher.locator("#watching")).to_be_visible()
    expect(watcher.locator("#watching")).to_contain_text("You are watching this game")
    expect(ann.locator("#watching")).to_be_hidden()


def test_the_move_list_says_who_moved_and_looks_back_while_the_game_goes_on(
    pages: Pages,
) -> None:
    ann = pages.open()
    created = create_game(ann, "trig", "", [("human", "Ann"), ("human", "Bob")])
    bob = pages.open(created["seats"][1]["link"])
    rng = random.Random(5)
    for mover in (ann, bob, ann):
        expect(mover.locator("body")).to_have_attribute("data-my-turn", "true")
        play_one_move(mover, rng)
    expect(ann.locator("#moves li")).to_have_count(3)
    movers = ann.locator("#moves li").evaluate_all("items => items.map(i => i.dataset.mover)")
    assert movers == ["0", "1", "0"]
    expect(ann.locator("#moves li").nth(1).locator(".mover")).to_have_text("Bob")
    ann.locator("#moves li .move-link").first.click()
    expect(ann.locator("body")).to_have_attribute("data-shown", "1")
    expect(ann.locator("#looking-back")).to_contain_text("after move 1 of 3")
    play_one_move(bob, rng)  # the live game goes on meanwhile
    expect(ann.locator("body")).to_have_attribute("data-ply", "4")
    expect(ann.locator("body")).to_have_attribute("data-shown", "1")
    ann.keyboard.press("ArrowRight")
    expect(ann.locator("body")).to_have_attribute("data-shown", "2")
    ann.keyboard.press("End")
    expect(ann.locator("body")).to_have_attribute("data-shown", "4")
    expect(ann.locator("#looking-back")).to_be_hidden()
    expect(ann.locator("body")).to_have_attribute("data-my-turn", "true")


def test_the_end_of_a_game_is_announced_with_what_won(pages: Pages) -> None:
    base = pages.server.url
    rng = random.Random(2)
    with httpx.Client(base_url=base) as client:
        view: dict[str, Any] = {"outcome": None}
        while not view["outcome"] or len(view["outcome"]["winners"]) != 1:  # not a draw
            body = {"game": "trig", "seats": [{"name": "Ann"}, {"name": "Bob"}], "hotseat": True}
            created = client.post("/api/games", json=body).json()
            token, view = created["seats"][0]["token"], created["view"]
            while not view["over"]:
                move = {"token": token, "move": rng.choice(view["legal_moves"]), "ply": view["ply"]}
                view = client.post(f"/api/games/{created['id']}/moves", json=move).json()
    page = pages.open(created["seats"][0]["link"])
    result = page.locator("#result")
    expect(result).to_be_visible()
    # said by the turn line, a live region (moves and results as they happen: #announcer)
    expect(page.locator("#turn")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#turn")).to_contain_text("wins")
    expect(page.locator("#result-headline")).to_contain_text("wins")
    expect(page.locator("#board [data-name].winning")).to_have_count(len(view["highlights"]))
    assert view["highlights"]
    expect(page.locator("#rematch")).to_be_visible()
    expect(page.locator("#result-new-game")).to_be_visible()
    shoot(page, "trig-result")


def test_variants_are_chosen_from_menus(pages: Pages) -> None:
    page = pages.open()
    open_more_options(page)
    page.select_option("#game", "triggle")
    expect(page.locator("#option-size")).to_have_attribute("max", "8")
    page.fill("#option-size", "3")
    page.check("#option-misere")
    expect(page.locator("#spec-shown")).to_have_text("Spec: triggle(size=3,misere=true)")
    expect(page.locator("#options")).to_have_value("size=3,misere=true")
    page.select_option("#game", "trig")
    page.select_option("#option-board", "triggest")
    expect(page.locator("#spec-shown")).to_have_text("Spec: trig(board=triggest)")
    page.fill("#options", "board=trigger")  # the spec typed sets the menus
    expect(page.locator("#option-board")).to_have_value("trigger")
    shoot(page, "lobby-menus")
    page.set_viewport_size(SIZES["phone"])
    assert_no_sideways_scroll(page)


def test_a_visitor_takes_an_open_seat(pages: Pages) -> None:
    ann = pages.open()
    created = create_game(ann, "trig", "", [("human", "Ann"), ("open", "")])
    links = ann.locator("#links")
    expect(links.locator(".open-seat")).to_contain_text("Seat 1: open")
    visitor = pages.open(created["spectator_link"])
    expect(visitor.locator("#watching")).to_be_visible()
    expect(visitor.locator("#open-seats")).to_be_visible()
    shoot(visitor, "open-seat")
    visitor.fill("#join-name", "Bob")
    visitor.locator('#join-buttons button[data-seat="1"]').click()
    expect(visitor.locator("#watching")).to_be_hidden()
    expect(visitor.locator("#seats .seat.mine .seat-name")).to_have_text("Bob")
    expect(ann.locator('#seats .seat[data-seat="1"] .seat-name')).to_have_text("Bob")
    rng = random.Random(3)
    play_one_move(ann, rng)
    expect(visitor.locator("body")).to_have_attribute("data-my-turn", "true")
    play_one_move(visitor, rng)
    expect(ann.locator("body")).to_have_attribute("data-ply", "2")


def test_a_rematch_brings_both_players_to_the_new_game(pages: Pages) -> None:
    ann = pages.open()
    created = create_game(ann, "triggle", "size=3", [("human", "Ann"), ("human", "Bob")])
    bob = pages.open(created["seats"][1]["link"])
    expect(bob.locator("body")).to_have_attribute("data-connected", "true")
    ann.click("#resign")
    ann.click("#confirm-resign")
    expect(bob.locator("#result-headline")).to_have_text("Ann resigned: Bob wins")
    expect(bob.locator("#rematch")).to_have_text("Rematch")
    bob.click("#rematch")
    bob.wait_for_url("**/games/**")
    expect(bob.locator("body")).to_have_attribute("data-ply", "0")
    assert created["id"] not in bob.url
    expect(bob.locator("#seats .seat.mine .seat-name")).to_have_text("Bob")
    expect(bob.locator("#seats .seat.mine")).to_have_attribute("data-seat", "0")
    expect(ann.locator("#rematch")).to_have_text("Go to the rematch")  # told live
    ann.click("#rematch")
    ann.wait_for_url(bob.url)
    expect(ann.locator("#seats .seat.mine")).to_have_attribute("data-seat", "1")
    play_one_move(bob, random.Random(4))
    expect(ann.locator("body")).to_have_attribute("data-my-turn", "true")
