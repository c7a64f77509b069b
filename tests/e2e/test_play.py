"""Each game created in the lobby and played to its end by clicking, against a computer."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import create_game, play_until_over

#: (game, small variant options): games of at most about 90 moves, half of them the page's
GAMES = [
    ("triggle", "size=3"),
    ("tricolor", "size=2"),
    ("trig", ""),
    ("trugo", "tiles=12,pieces=6,waning_limit=10"),
    ("tranglar", "quiet_limit=4"),
]


def check_replay(page: Page) -> None:
    """Step back to the start and forward again with the replay buttons and the move list."""
    ply = int(page.evaluate("document.body.dataset.ply"))
    expect(page.locator("#replay-ply")).to_have_text(f"{ply} / {ply}")
    page.click("#replay-first")
    expect(page.locator("#replay-ply")).to_have_text(f"0 / {ply}")
    expect(page.locator("body")).to_have_attribute("data-shown", "0")
    expect(page.locator("#replay-prev")).to_be_disabled()
    page.click("#replay-next")
    expect(page.locator("#replay-ply")).to_have_text(f"1 / {ply}")
    expect(page.locator("#moves li").nth(0)).to_have_class("current")
    page.locator("#moves li").nth(ply - 2).locator("button").click()
    expect(page.locator("#replay-ply")).to_have_text(f"{ply - 1} / {ply}")
    page.click("#replay-last")
    expect(page.locator("#replay-ply")).to_have_text(f"{ply} / {ply}")
    expect(page.locator("#replay-next")).to_be_disabled()


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_play_a_whole_game_by_clicking(pages: Pages, game: str, options: str) -> None:
    page = pages.open()
    create_game(page, game, options, [("human", "Ann"), ("random", "")])
    expect(page.locator("#seats .seat.mine .seat-name")).to_have_text("Ann")
    page.locator("#board svg").wait_for()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    played = play_until_over(page, random.Random(game), 100)
    page.screenshot(path=SCREENSHOTS / f"{game}.png", full_page=True)
    expect(page.locator("body")).to_have_attribute("data-over", "true")
    assert played > 0
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator("#error")).to_be_hidden()
    ply = int(page.evaluate("document.body.dataset.ply"))
    expect(page.locator("#moves li")).to_have_count(ply)
    check_replay(page)
