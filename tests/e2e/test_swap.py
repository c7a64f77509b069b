"""The swap rule on the pages: the lobby's box for ``swap=true``, and the Swap button that takes
the first move over, in Triggle and Trig at desktop size (screenshots in
``test-artifacts/screenshots/swap-offered-*.png`` before the swap, ``swap-*.png`` after)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import click_place, create_game, open_more_options

SWAP_BUTTON = '#choices button.step[data-step="swap"]'


def test_the_lobby_offers_the_swap_rule_as_a_box(pages: Pages) -> None:
    page = pages.open()
    open_more_options(page)
    for game in ("triggle", "tricolor", "trig", "trugo", "tranglar"):
        page.select_option("#game", game)
        box = page.locator("#option-swap")
        expect(box).to_have_attribute("type", "checkbox")
        expect(box).not_to_be_checked()
        box.check()
        expect(page.locator("#options")).to_have_value("swap=true")
        box.uncheck()
        expect(page.locator("#options")).to_have_value("")


def first_move_then_swap(page: Page, game: str, clicks: list[str]) -> None:
    """Create a hot-seat game of ``game`` with the swap rule, play the first move by clicking
    ``clicks`` and take it over with the Swap button."""
    create_game(page, game, "swap=true", [("human", "Ann"), ("human", "Bob")], hotseat=True)
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator(SWAP_BUTTON)).to_have_count(0)  # nothing to swap yet
    for name in clicks:
        click_place(page, name)
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    button = page.locator(SWAP_BUTTON)
    expect(button).to_be_visible()
    expect(button).to_have_text("swap")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"swap-offered-{game}.png", full_page=True)
    button.click()
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    expect(page.locator("#moves li .move-link").last).to_have_text("swap")
    expect(page.locator(SWAP_BUTTON)).to_have_count(0)  # once only
    page.screenshot(path=SCREENSHOTS / f"swap-{game}.png", full_page=True)


@pytest.mark.parametrize(
    ("game", "clicks", "first"), [("triggle", ["D1", "D4"], "D1-D4"), ("trig", ["G6"], "G6")]
)
def test_the_swap_button_takes_the_first_move_over(
    pages: Pages, game: str, clicks: list[str], first: str
) -> None:
    page = pages.open()
    first_move_then_swap(page, game, clicks)
    board = page.locator("#board svg")
    expect(board).to_have_attribute("data-to-move", "0")
    expect(board).to_have_attribute("data-last-move", first)
    expect(page.locator("#last-move")).to_contain_text("swaps: the first move")
    if game == "trig":  # the peg changed colour
        expect(page.locator('#board [data-piece="peg"][data-at="G6"]')).to_have_attribute(
            "data-owner", "1"
        )
