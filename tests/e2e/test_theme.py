"""The colour theme: the header's switch (Auto, Light, Dark) kept across a reload, the boards
recoloured in the dark, the rings that mark the places to click; and screenshots of the five
games in progress, light and dark, at both sizes (``theme-<game>-*``)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

import trigames
from tests.e2e.conftest import Pages, shoot
from tests.e2e.driver import hotseat_after

#: The games shown, each after this many moves of a seeded random game.
GAMES = {"trig": 24, "triggle": 30, "tricolor": 14, "trugo": 30, "tranglar": 8}

#: The relative luminance of an element's computed ``fill`` (an ``rgb(...)`` colour).
FILL_LUMINANCE_JS = """(selector) => {
  const node = document.querySelector(selector);
  const [r, g, b] = getComputedStyle(node).fill.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}"""


def game_in_progress(page: Page, game: str) -> None:
    """A hot-seat game of ``game`` with the moves of a seeded random game played (through the
    API), open on ``page`` with a seat to move."""
    state = trigames.load_game(game).new_initial_state()
    rng = random.Random(11)
    moves = []
    for _ in range(GAMES[game]):
        state.play(move := rng.choice(state.legal_moves()))
        moves.append(str(move))
        if state.is_over():
            pytest.fail(f"the seeded game of {game} ended after {len(moves)} moves")
    hotseat_after(page, game, moves)
    expect(page.locator("#board .target").first).to_be_attached()


def test_the_switch_sets_the_theme_and_keeps_it(pages: Pages) -> None:
    page = pages.open("/")
    root = page.locator("html")
    # a classic script in the head sets the theme before the page is drawn
    assert page.locator('head script[src$="/theme.js"]:not([type])').count() == 1
    expect(page.locator("#theme-choice")).to_have_value("auto")
    expect(root).not_to_have_attribute("data-theme", "dark")
    light = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    page.select_option("#theme-choice", "dark")
    expect(root).to_have_attribute("data-theme", "dark")
    dark = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert dark != light
    page.reload()
    expect(root).to_have_attribute("data-theme", "dark")
    expect(page.locator("#theme-choice")).to_have_value("dark")
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == dark
    page.select_option("#theme-choice", "auto")
    expect(root).not_to_have_attribute("data-theme", "dark")
    assert page.evaluate("localStorage.getItem('trigames-theme')") is None
    page.select_option("#theme-choice", "light")
    page.reload()
    expect(root).to_have_attribute("data-theme", "light")


def test_a_board_is_dark_in_the_dark_and_light_in_the_light(pages: Pages) -> None:
    page = pages.open("/")
    game_in_progress(page, "triggle")
    background = "#board svg[data-game] > rect.fill-background"
    field = "#board svg[data-game] polygon.fill-board"
    assert page.evaluate(FILL_LUMINANCE_JS, background) > 0.8
    assert page.evaluate(FILL_LUMINANCE_JS, field) > 0.6
    page.select_option("#theme-choice", "dark")
    assert page.evaluate(FILL_LUMINANCE_JS, background) < 0.05
    assert page.evaluate(FILL_LUMINANCE_JS, field) < 0.05
    # the system's dark, the switch on Auto
    dark = pages.browser.new_context(base_url=pages.server.url, color_scheme="dark")
    pages.contexts.append(dark)
    night = pages.open(page.url, dark)
    expect(night.locator("#board svg[data-game]")).to_be_attached()
    assert night.evaluate(FILL_LUMINANCE_JS, background) < 0.05


@pytest.mark.parametrize("game", ["trig", "tricolor", "tranglar"])
def test_every_place_to_click_carries_a_ring(pages: Pages, game: str) -> None:
    page = pages.open("/")
    game_in_progress(page, game)
    rings = page.locator("#board svg g.target-marks .target-ring")
    targets = page.locator("#board .target")
    expect(rings).to_have_count(targets.count())
    # the rings take no clicks: a click on a ring reaches the place under it
    assert page.evaluate(
        "getComputedStyle(document.querySelector('#board g.target-marks')).pointerEvents"
    ) == ("none")


@pytest.mark.parametrize("game", list(GAMES))
def test_screenshots_of_a_game_in_progress(pages: Pages, game: str) -> None:
    page = pages.open("/")
    game_in_progress(page, game)
    shoot(pages, page, f"theme-{game}")
