"""Choices seen before they are made (ghost.js): Trugo's three ways round a tile as pictures,
TRANGLAR pieces picked from the reserve's pictures and placed with Turn, Flip and a ghost, and
the triangles a Trig placement could capture drawn on the board. At desktop size with a mouse,
and at phone size with a touch screen (no hover: a first tap shows the ghost)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import save_shot
from tests.e2e.driver import click_place, create_game
from tests.e2e.test_trig_choice import MOVES, reach_the_choice


def press(page: Page, size: str, selector: str) -> None:
    """Tap on a phone, click on a desktop."""
    if size == "phone":
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def test_trugo_tile_chosen_from_pictures_of_its_three_ways(sized: tuple[str, Page]) -> None:
    size, page = sized
    create_game(page, "trugo", "", [("human", "Ann"), ("human", "Bob")], hotseat=True)
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    click_place(page, "dg74")
    pictures = page.locator("#choices button.picture-choice")
    expect(pictures).to_have_count(3)
    expect(pictures.locator("svg.choice-icon polygon").first).to_be_attached()
    west = '#choices button.picture-choice[data-step="light cap north-west"]'
    if size == "desktop":
        page.hover(west)  # pointing shows the ghost on the cell
        expect(page.locator("#board g.ghost-layer polygon")).to_have_count(5)
        save_shot(page, f"ghost-trugo-{size}")
        page.click(west)
    else:
        press(page, size, west)  # the first tap shows the ghost and plays nothing
        expect(page.locator("#board g.ghost-layer polygon")).to_have_count(5)
        expect(page.locator(west)).to_have_attribute("aria-pressed", "true")
        expect(page.locator("body")).to_have_attribute("data-ply", "0")
        save_shot(page, f"ghost-trugo-{size}")
        press(page, size, "#ghost-play")
    expect(page.locator("#moves li .move-link").last).to_have_text("dg74nw")


def test_tranglar_piece_placed_from_the_reserve_with_turn_flip_and_ghost(
    sized: tuple[str, Page],
) -> None:
    size, page = sized
    create_game(page, "tranglar", "", [("human", "Ann"), ("human", "Bob")], hotseat=True)
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    reserve = page.locator('#board [data-spot="reserve"]')
    expect(reserve).to_have_count(2)  # the two large neutral pieces to place
    click_place(page, "G: large neutral trapeze")
    play = page.locator("#ghost-play")
    expect(play).to_be_visible()
    expect(page.locator("#board g.ghost-layer polygon")).to_have_count(5)
    first = play.get_attribute("data-move")
    press(page, size, "#ghost-turn")
    expect(play).not_to_have_attribute("data-move", first or "")
    turned = play.get_attribute("data-move")
    press(page, size, "#ghost-flip")
    expect(play).not_to_have_attribute("data-move", turned or "")
    press(page, size, "#ghost-next")
    moved = play.get_attribute("data-move")
    page.keyboard.press("r")  # the keys turn the piece too
    expect(play).not_to_have_attribute("data-move", moved or "")
    chosen = play.get_attribute("data-move")
    assert chosen
    assert chosen.startswith("G")
    expect(page.locator("#board g.ghost-layer polygon")).to_have_count(5)
    save_shot(page, f"ghost-tranglar-{size}")
    press(page, size, "#ghost-play")
    expect(page.locator("#moves li .move-link").last).to_have_text(chosen)
    # the next piece: picked, then narrowed by a cell on the board as before
    click_place(page, "H: large neutral five-sided piece")
    expect(play).to_be_visible()
    target = page.locator("#board polygon.target").first.get_attribute("data-name")
    assert target is not None
    click_place(page, target)
    expect(page.locator("body")).to_have_attribute(
        "data-ply", re.compile("^[12]$")
    )  # 2 if one fits
    save_shot(page, f"ghost-tranglar-narrowed-{size}")
    # a piece of Petrol's own, turned before it goes down
    if page.evaluate("document.body.dataset.ply") == "1":
        page.locator("#ghost-play").click()
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    click_place(page, "L: large triangle")
    expect(play).to_have_attribute("data-move", re.compile("^L"))
    before = play.get_attribute("data-move")
    press(page, size, "#ghost-turn")
    expect(play).not_to_have_attribute("data-move", before or "")
    turned = play.get_attribute("data-move")
    press(page, size, "#ghost-flip")  # mirrored: the half square on the other diagonal
    expect(play).not_to_have_attribute("data-move", turned or "")
    chosen = play.get_attribute("data-move")
    save_shot(page, f"ghost-tranglar-own-piece-{size}")
    press(page, size, "#ghost-play")
    expect(page.locator("#moves li .move-link").last).to_have_text(chosen or "")
    expect(page.locator('#board [data-reserve="0"][data-kind="L"]')).to_have_attribute(
        "data-count", "3"
    )


def test_trig_capture_choice_drawn_as_its_triangle(sized: tuple[str, Page]) -> None:
    size, page = sized
    reach_the_choice(page)
    click_place(page, "G9")
    triangles = page.locator('#board g.ghost-layer[data-kind="finishing"] polygon')
    expect(triangles).to_have_count(1)  # F7-H7-G9 round G8
    decline = page.locator('#choices button.picture-choice[data-step="G9 (no capture)"]')
    expect(decline).to_be_visible()
    expect(decline).to_have_text("G9 (no capture)")  # the button says its words
    save_shot(page, f"ghost-trig-{size}")
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(MOVES)))
    click_place(page, "G8")
    expect(page.locator("#moves li .move-link").last).to_have_text("G9xG8")
