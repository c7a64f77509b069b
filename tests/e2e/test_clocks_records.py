"""The lobby continues a saved game from a record file, and a clock counts down on the page."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import FilePayload, Page, expect

from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import open_more_options

SAVED = {
    "format": "trigames-record",
    "version": 2,
    "game": "triggle",
    "players": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
    "moves": ["D1-D4", "A1-D1"],
    "result": None,
    "date": "2026-01-02T03:04:05+00:00",
}


def upload(page: Page, name: str, content: bytes) -> None:
    open_more_options(page)
    page.wait_for_function("() => !document.querySelector('#create').disabled")
    payload: FilePayload = {"name": name, "mimeType": "application/json", "buffer": content}
    page.set_input_files("#record-file", files=[payload])


@pytest.mark.parametrize(("size", "width", "height"), [("desktop", 1280, 900), ("phone", 390, 844)])
def test_a_record_uploaded_in_the_lobby_goes_on_with_a_clock(
    pages: Pages, size: str, width: int, height: int
) -> None:
    page = pages.open("/")
    page.set_viewport_size({"width": width, "height": height})
    upload(page, "saved.json", json.dumps(SAVED).encode())
    expect(page.locator("#record-shown")).to_contain_text("Continuing triggle after 2 moves")
    expect(page.locator("#seat-name-0")).to_have_value("Ann")
    expect(page.locator("#seat-name-1")).to_have_value("Bob")
    expect(page.locator("#game")).to_be_disabled()
    expect(page.locator("#clock")).to_be_enabled()
    page.select_option("#clock", "per_move:60")
    page.screenshot(path=str(SCREENSHOTS / f"lobby-record-clock-{size}.png"), full_page=True)
    page.click("#create")
    page.wait_for_url("**/games/**")
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    expect(page.locator("#moves li")).to_have_count(2)
    countdown = page.locator('#seats .seat[data-seat="0"] .seat-clock')
    expect(countdown).to_be_visible()
    expect(countdown).to_have_text(re.compile(r"^(1:00|0:5\d) left to move$"))
    first = int(countdown.get_attribute("data-left") or "0")
    assert 50 <= first <= 60
    page.wait_for_function(  # it counts down
        "n => Number(document.querySelector('.seat-clock').dataset.left) < n", arg=first
    )
    expect(page.locator("#turn .turn-clock")).to_contain_text("left to move")
    expect(page.locator('#seats .seat[data-seat="1"] .seat-clock')).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / f"game-clock-{size}.png"), full_page=True)


def test_low_time_is_highlighted(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_function("() => !document.querySelector('#create').disabled")
    created = page.evaluate(
        """() => fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'triggle', seats: [{name: 'Ann'}, {name: 'Bob'}],
                                  clock: {per_move: 10}})}).then(r => r.json())"""
    )
    page.goto(created["spectator_link"])
    countdown = page.locator(".seat-clock")
    expect(countdown).to_have_class("seat-clock low")
    page.screenshot(path=str(SCREENSHOTS / "game-clock-low-desktop.png"), full_page=True)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not a trigames record (not JSON)"),
        (b'{"format": "chess"}', "it needs format, game, players and moves"),
        (json.dumps({**SAVED, "moves": ["D1-D4", "D1-D4"]}).encode(), "move 2 (D1-D4)"),
    ],
)
def test_a_bad_record_file_is_refused_clearly(pages: Pages, content: bytes, message: str) -> None:
    page = pages.open("/")
    upload(page, "bad.json", content)
    if b"D1-D4" in content:  # the page cannot tell: the server replays it and says why
        page.click("#create")
    expect(page.locator("#error")).to_contain_text(message)
    assert "/games/" not in page.url


def test_no_clock_for_a_game_against_the_computer_or_on_one_screen(pages: Pages) -> None:
    page = pages.open("/")
    open_more_options(page)
    page.wait_for_function("() => !document.querySelector('#create').disabled")
    expect(page.locator("#clock")).to_be_disabled()  # seat 1 is a computer by default
    page.select_option("#seat-kind-1", "human")
    expect(page.locator("#clock")).to_be_enabled()
    page.set_checked("#hotseat", True)
    expect(page.locator("#clock")).to_be_disabled()
