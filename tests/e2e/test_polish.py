"""What a first visit got wrong on screen (issue 37), at desktop size (a mouse) and phone size
(a touch screen): a spectator's board stays put when the game ends; on a phone the move bar
stays in sight wherever the page is scrolled to; the phone's header is one line, its links and
switches behind a Menu button; the lobby's pictures are framed in the dark; TRANGLAR's ways to
take over a piece are pictures, and a first tap on one only shows it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SIZES, Pages, shoot
from tests.e2e.driver import click_place, hotseat_after, play_one_move
from tests.e2e.test_inputs import TAKE_OVER_OPENING

#: The board's top, in the page (not the viewport), in CSS pixels.
BOARD_TOP_JS = "document.querySelector('#board').getBoundingClientRect().top + scrollY"

#: After these moves Green may take over Petrol's piece Prc4ned4sw in six ways.


def two_players(page: Page, game: str) -> dict[str, Any]:
    """A game of Ann and Bob, each on their own link, created through the API."""
    body = {"game": game, "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    answer = page.request.post("/api/games", data=body)
    assert answer.ok, answer.text()
    created: dict[str, Any] = answer.json()
    return created


@pytest.mark.parametrize("size", list(SIZES))
def test_a_spectators_board_stays_put_when_the_game_ends(pages: Pages, size: str) -> None:
    watcher = pages.open("/", pages.context_at(size))
    created = two_players(watcher, "trig")
    watcher.goto(created["spectator_link"])
    expect(watcher.locator("#watching")).to_be_visible()
    expect(watcher.locator("body")).to_have_attribute("data-ply", "0")
    top = watcher.evaluate(BOARD_TOP_JS)
    ann = created["seats"][0]
    answer = watcher.request.post(
        f"/api/games/{created['id']}/resign", data={"token": ann["token"]}
    )
    assert answer.ok, answer.text()
    expect(watcher.locator("body")).to_have_attribute("data-over", "true")
    expect(watcher.locator("#watching .watching-ended")).to_have_text(
        "This game is over: you watched it to its end."
    )
    expect(watcher.locator("#open-seats")).to_be_hidden()
    assert watcher.evaluate(BOARD_TOP_JS) == top, "the end of the game moved the board"
    if size == "desktop":
        shoot(pages, watcher, "polish-watched")


@pytest.mark.parametrize("size", list(SIZES))
def test_offers_appear_in_view_with_the_page_scrolled_to_its_end(pages: Pages, size: str) -> None:
    """Bob has scrolled to the end of the page (the action buttons, the move list): Ann's undo
    request and draw offer still appear on his screen, and the move bar hides nothing of the
    page."""
    ann = pages.open("/", pages.context_at(size))
    created = two_players(ann, "trig")
    ann.goto(created["seats"][0]["link"])
    bob = pages.open(created["seats"][1]["link"], pages.context_at(size))
    play_one_move(ann, random.Random(3))
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "true")
    bob.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    scrolled = bob.evaluate("scrollY")
    assert scrolled > 0, "the page is no longer than the screen: nothing to test"

    ann.click("#undo")
    expect(bob.locator("#accept-undo")).to_be_in_viewport(ratio=1)
    expect(bob.locator("#decline-undo")).to_be_in_viewport(ratio=1)
    bob.click("#decline-undo")
    expect(bob.locator("#undo-request")).to_be_hidden()

    ann.click("#offer-draw")
    expect(bob.locator("#accept-draw")).to_be_in_viewport(ratio=1)
    expect(bob.locator("#decline-draw")).to_be_in_viewport(ratio=1)
    # nothing of the page is under the bar: the page's end is above it, scrolled to the end
    bob.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    hidden = bob.evaluate(
        """() => document.querySelector('main').getBoundingClientRect().bottom
          - document.querySelector('#move-bar').getBoundingClientRect().top"""
    )
    if size == "phone":
        assert bob.evaluate("getComputedStyle(document.querySelector('#move-bar')).position") == (
            "fixed"
        )
        assert hidden <= 1, f"the move bar hides {hidden} px of the page"
    bob.click("#decline-draw")
    expect(bob.locator("#draw-offer")).to_be_hidden()


#: The lowest the lobby's first Play button and a game's board may start on a 390 x 844
#: phone, in CSS pixels (measured: 319 and 151, under a header of one line, 44 px; before the
#: Menu button the header alone took 170 to 240 px, and they started at 490 and 320 or so).
FIRST_PLAY_TOP = 340
BOARD_TOP = 170
HEADER_HEIGHT = 56


def test_the_phone_header_is_one_line_and_its_menu_opens_by_keyboard(pages: Pages) -> None:
    page = pages.open("/", pages.context_at("phone"))
    expect(page.locator("#account-bar button").first).to_be_visible()
    header = page.locator("header.site")
    height = header.evaluate("node => node.getBoundingClientRect().height")
    assert height <= HEADER_HEIGHT, f"the header is {height} px high"
    play = page.locator(".game-card .play-computer").first
    top = play.evaluate("node => node.getBoundingClientRect().top")
    assert top <= FIRST_PLAY_TOP, f"the first Play button starts at {top} px"

    menu = page.locator("#menu-button")
    rules = page.locator("header.site .rules-nav a").first
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(rules).to_be_hidden()
    expect(page.locator("#theme-choice")).to_be_hidden()
    # the keyboard: Tab reaches the button, Enter opens the menu, Tab goes into it, Escape
    # closes it and gives the focus back
    page.locator("header.site .home").focus()
    page.keyboard.press("Tab")
    expect(menu).to_be_focused()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(rules).to_be_visible()
    expect(page.locator("#language-choice")).to_be_visible()
    page.keyboard.press("Tab")
    expect(rules).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_focused()
    expect(rules).to_be_hidden()

    play.tap()
    page.wait_for_url("**/games/**")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    board = page.evaluate(BOARD_TOP_JS)
    assert board <= BOARD_TOP, f"the board starts at {board} px"


def test_the_desktop_header_has_no_menu_button(pages: Pages) -> None:
    page = pages.open("/", pages.context_at("desktop"))
    expect(page.locator("#menu-button")).to_be_hidden()
    expect(page.locator("header.site .rules-nav a").first).to_be_visible()
    expect(page.locator("#theme-choice")).to_be_visible()
    expect(page.locator("#account-bar button").first).to_be_visible()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_pictures_are_framed_in_the_dark(pages: Pages, size: str) -> None:
    """The engine's drawings keep their light paper: in the dark each sits in a frame of the
    dark board's colour, dimmed; in the light, none."""
    light = pages.open("/", pages.context_at(size))
    dark = pages.open("/", pages.context_at(size, "dark"))
    style = "node => [getComputedStyle(node).backgroundColor, getComputedStyle(node).filter]"
    assert light.locator(".card-board").first.evaluate(style) == ["rgba(0, 0, 0, 0)", "none"]
    assert dark.locator(".card-board").first.evaluate(style) == [
        "rgb(35, 33, 28)",
        "brightness(0.8)",
    ]
    if size == "desktop":
        shoot(pages, light, "polish-lobby")


def show_the_ways(page: Page) -> None:
    """Start a take-over of Petrol's parallelogram: its six ways are buttons."""
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    page.locator('#choices button.step[data-step="take over a piece"]').click()
    click_place(page, "d4s")
    expect(page.locator("#choices button.candidate")).to_have_count(6)
    expect(page.locator("#choices button.candidate svg.choice-icon")).to_have_count(6)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_ways_of_a_take_over_are_pictures_and_a_tap_shows_one(pages: Pages, size: str) -> None:
    page = pages.open("/", pages.context_at(size))
    hotseat_after(page, "tranglar", TAKE_OVER_OPENING)
    show_the_ways(page)
    icons = page.locator("#choices button.candidate svg.choice-icon")
    drawn = {icons.nth(n).inner_html() for n in range(6)}
    assert len(drawn) == 6, "two ways of the take-over have the same picture"
    move = "xPrc4ned4sw=Tc4n,Tc4e,Ld4sw"
    way = page.locator(f'#choices button.candidate[data-move="{move}"]')
    ply = str(len(TAKE_OVER_OPENING))
    if size == "phone":
        # the first tap shows the move (the position it makes, and its Play button) ...
        way.tap()
        expect(way).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#preview")).to_be_visible()
        expect(page.locator("#ghost-play")).to_have_text(f"Play {move}")
        expect(page.locator("#ghost-play")).to_be_in_viewport(ratio=1)
        assert page.evaluate("document.body.dataset.ply") == ply
        shoot(pages, page, "polish-take-over", show_the_ways)
        # ... the second plays it
        way.tap()
    else:
        way.click()
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(TAKE_OVER_OPENING) + 1))
    expect(page.locator("#moves li .move-link").last).to_have_text(move)
