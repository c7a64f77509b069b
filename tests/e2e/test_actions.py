"""Hint, resign (with its in-page confirmation), save the record, new game, the rules pages."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Pages
from tests.e2e.driver import create_game, open_more_options, play_one_move, wait_for_my_turn
from trigames.games import GAMES


def test_hint_save_new_game_and_resign(pages: Pages) -> None:
    page = pages.open()
    create_game(page, "triggle", "size=3", [("human", "Ann"), ("random", "Robot")])
    assert wait_for_my_turn(page)
    play_one_move(page, random.Random(1))
    assert wait_for_my_turn(page)

    # The keyboard: Tab to a place, Enter clicks it, Escape cancels.
    page.locator("#board [tabindex='0']").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board .selected")).not_to_have_count(0)
    expect(page.locator("#cancel-input")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#board .selected")).to_have_count(0)

    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("Hint:")
    hinted = page.locator("#hint-text strong").inner_text().removeprefix("Hint: ")
    names = set(hinted.split("-"))
    marked = page.locator("#board .hint").evaluate_all("nodes => nodes.map(n => n.dataset.name)")
    assert names <= set(marked)

    with page.expect_download() as download:
        page.click("#save")
    saved = download.value.path()
    record = json.loads(saved.read_text())
    shown = page.locator("#moves li .move-link").all_inner_texts()
    assert record["moves"] == shown
    assert record["game"] == "triggle(size=3)"
    assert [player["name"] for player in record["players"]] == ["Ann", "Robot"]
    assert record["result"] is None

    page.click("#resign")
    expect(page.locator("#resign-confirm")).to_be_visible()
    page.click("#cancel-resign")
    expect(page.locator("#resign-confirm")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-over", "false")
    page.click("#resign")
    page.click("#confirm-resign")
    expect(page.locator("body")).to_have_attribute("data-over", "true")
    expect(page.locator("#turn")).to_have_text("Game over. Ann resigned: Robot wins.")
    expect(page.locator("#resign")).to_be_hidden()
    expect(page.locator("#replay")).to_be_visible()

    page.click("#new-game")
    page.wait_for_url("**/?game=*")
    expect(page.locator("#game")).to_have_value("triggle")
    expect(page.locator("#options")).to_have_value("size=3")
    expect(page.locator("#seat-kind-1")).to_have_value("random")
    expect(page.locator("#seat-name-0")).to_have_value("Ann")


def test_the_lobby_lists_games_and_explains_bad_options(pages: Pages) -> None:
    page = pages.open()
    created = create_game(page, "trig", "board=trigger", [("human", "Cy"), ("easy", "")])
    page.goto("/")
    # Nobody moved yet: the game is among the player's own, not the recent games.
    expect(page.locator(f'#your-games a.your-game[href="/games/{created["id"]}"]')).to_contain_text(
        "Cy"
    )
    expect(page.locator(f'#games a.game-link[href="/games/{created["id"]}"]')).to_have_count(0)
    open_more_options(page)
    page.select_option("#game", "tricolor")
    expect(page.locator("#option-size")).to_have_value("4")
    page.fill("#options", "size=99")
    expect(page.locator("#error")).to_contain_text("size")
    expect(page.locator("#create")).to_be_disabled()
    page.fill("#options", "players=3")
    expect(page.locator(".seat-row")).to_have_count(3)
    expect(page.locator("#error")).to_be_hidden()


@pytest.mark.parametrize("game", list(GAMES))
def test_rules_page_shows_diagrams(pages: Pages, game: str) -> None:
    page = pages.open(f"/rules/{game}")
    expect(page.locator("article.rules h1").first).to_be_visible()
    assert page.locator("article.rules svg").count() >= 1
    box = page.locator("article.rules svg").first.bounding_box()
    assert box is not None
    assert box["width"] > 100
