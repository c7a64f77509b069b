"""Trig in the browser: a placement that could capture shows the choice and never plays alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import click_place, create_game

#: After these moves White's G9 completes the triangle F7-H7-G9 round Black's G8.
MOVES = ["F7", "G8", "H7", "G6"]


def reach_the_choice(page: Page) -> None:
    """A hot-seat game on ``page`` with the moves played and White to move."""
    created = create_game(page, "trig", "", [("human", "Ann"), ("human", "Bob")], hotseat=True)
    token = created["seats"][0]["token"]
    for ply, move in enumerate(MOVES):
        answer = page.request.post(
            f"/api/games/{created['id']}/moves", data={"token": token, "move": move, "ply": ply}
        )
        assert answer.ok, answer.text()
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(MOVES)))
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")


@pytest.mark.parametrize(("size", "width", "height"), [("desktop", 1280, 900), ("phone", 390, 844)])
def test_clicking_a_cell_with_a_capture_shows_the_choice(
    pages: Pages, size: str, width: int, height: int
) -> None:
    page = pages.open()
    page.set_viewport_size({"width": width, "height": height})
    reach_the_choice(page)
    click_place(page, "G9")
    decline = page.locator('#choices button.step[data-step="G9 (no capture)"]')
    expect(decline).to_be_visible()
    expect(page.locator("#choices .choices-label")).to_have_text("Click a marked place, or:")
    expect(page.locator("#board polygon.target")).to_have_attribute("data-name", "G8")
    expect(page.locator("#board polygon.selected")).to_have_attribute("data-name", "G9")
    expect(page.locator("#choices button.candidate")).to_have_count(0)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"trig-capture-choice-{size}.png", full_page=True)
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(MOVES)))  # nothing played
    if size == "desktop":
        decline.click()
        expect(page.locator("#moves li .move-link").last).to_have_text("G9")
    else:
        click_place(page, "G8")
        expect(page.locator("#moves li .move-link").last).to_have_text("G9xG8")
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(MOVES) + 1))
