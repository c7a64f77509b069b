"""Ending a game in the browser: a draw offered and answered, a resignation with three
players (the others play on), and the seats numbered from 0 as everywhere else."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import create_game, play_one_move


def test_a_draw_is_offered_declined_then_agreed(pages: Pages) -> None:
    rng = random.Random(3)
    ann = pages.open()
    created = create_game(ann, "trig", "", [("human", "Ann"), ("human", "Bob")])
    bob_link = ann.locator('#links a.seat-link[data-seat="1"]')
    expect(bob_link).to_have_text("Seat 1: Bob")
    bob = pages.open(created["seats"][1]["link"])
    play_one_move(ann, rng)
    ann.click("#offer-draw")
    expect(ann.locator("#draw-offer-text")).to_have_text(
        "You offered a draw; waiting for Bob (Black)."
    )
    expect(ann.locator("#accept-draw")).to_be_hidden()
    expect(bob.locator("#draw-offer-text")).to_have_text("Ann (White) offers a draw.")
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.screenshot(path=str(SCREENSHOTS / "draw-offer-phone.png"), full_page=True)
    bob.click("#decline-draw")
    expect(ann.locator("#draw-offer")).to_be_hidden()
    expect(ann.locator("#offer-draw")).to_be_enabled()
    bob.click("#offer-draw")
    ann.click("#accept-draw")
    for page in (ann, bob):
        expect(page.locator("body")).to_have_attribute("data-over", "true")
        expect(page.locator("#turn")).to_have_text("Game over. Draw agreed between Ann and Bob.")
        expect(page.locator("#moves li .move-link").last).to_have_text("Draw agreed")
    ann.screenshot(path=str(SCREENSHOTS / "draw-agreed-desktop.png"), full_page=True)


def test_with_three_players_a_resigning_seat_leaves_and_the_others_finish(pages: Pages) -> None:
    page = pages.open()
    seats = [("human", "Ann"), ("random", "Bot one"), ("random", "Bot two")]
    create_game(page, "triggle", "size=3,players=3", seats)
    page.click("#resign")
    page.click("#confirm-resign")
    expect(page.locator("#seats .seat.out .seat-name")).to_have_text("Ann")
    expect(page.locator("#moves li .move-link").first).to_have_text("Ann (Blue) resigns")
    expect(page.locator("body")).to_have_attribute("data-over", "true", timeout=30_000)
    expect(page.locator("#resign")).to_be_hidden()
    expect(page.locator("#turn")).not_to_contain_text("Ann")
    page.screenshot(path=str(SCREENSHOTS / "three-players-resigned-desktop.png"), full_page=True)
