"""Moves that were hard to enter by pointing, entered by pointing: a TRANGLAR take-over (its
moves hold commas) and a Trugo tile removed by a click on the middle of its label; and the
alerts of a turn: the tab's title and the optional beep."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Pages, save_shot
from tests.e2e.driver import click_place, hotseat_after, play_one_move

#: After these moves Green may take over Petrol's piece Lb3nw in one way only (two small
#: triangles), and Petrol's Prc4ned4sw in six ways.
TAKE_OVER_OPENING = ["Ha1sa2", "Gc1ed1swd2ne", "Prc4ned4sw", "Tc3e", "Lb3nw"]


def start_take_over(page: Page) -> None:
    """Start a take-over from its button: the pictures of the take-overs (moves holding commas)
    are drawn, and the cells of the pieces that may be taken over marked."""
    button = page.locator('#choices button.step[data-step="take over a piece"]')
    expect(button).to_have_text("take over a piece")  # the button says its words
    with page.expect_response(lambda response: "/choices?" in response.url) as pictures:
        button.click()
    assert pictures.value.ok, pictures.value.text()
    for cell in ("b3n", "b3w", "c4n", "d4w"):
        expect(page.locator(f'#board polygon.target[data-name="{cell}"]')).to_have_count(1)


@pytest.mark.parametrize("way", ["board", "button"])
def test_tranglar_take_over_entered_by_pointing(sized: tuple[str, Page], way: str) -> None:
    """The one take-over of a piece is played by a click on one of its cells; one of several
    take-overs of a piece by its button, once the pictures of the ways are drawn."""
    size, page = sized
    hotseat_after(page, "tranglar", TAKE_OVER_OPENING)
    start_take_over(page)
    if way == "board":
        move = "xLb3nw=Tb3n,Tb3w"
        click_place(page, "b3w")
    else:
        move = "xPrc4ned4sw=Tc4n,Tc4e,Ld4sw"
        click_place(page, "d4s")
        expect(page.locator("#choices button.candidate")).to_have_count(6)
        save_shot(page, f"inputs-take-over-ways-{size}")
        # on a touch screen a first tap only shows the way (test_polish.py), a second plays it
        for _ in range(2 if size == "phone" else 1):
            page.locator(f'#choices button.candidate[data-move="{move}"]').click()
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(TAKE_OVER_OPENING) + 1))
    expect(page.locator("#moves li .move-link").last).to_have_text(move)
    expect(page.locator("#error")).to_be_hidden()


#: After these four tiles (the whole pool of ``trugo(tiles=4)``) each of them may be removed.
WANING_OPENING = ["o10e", "l11e", "l9e", "o12sw"]


def test_trugo_tile_removed_by_a_click_on_its_name(sized: tuple[str, Page]) -> None:
    """The middle of a tile, where its name is written, takes the click like the rest of it."""
    size, page = sized
    hotseat_after(page, "trugo(tiles=4)", WANING_OPENING)
    label = page.locator("#board svg text", has_text="o10")
    expect(label).to_have_count(1)
    expect(page.locator('#board [data-name="o10"].target')).to_have_count(1)
    box = label.bounding_box()
    assert box is not None
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    if size == "phone":
        page.touchscreen.tap(*centre)
    else:
        page.mouse.click(*centre)
    expect(page.locator("#moves li .move-link").last).to_have_text("-o10")
    expect(page.locator("#board [data-name='o10'][data-spot='tile']")).to_have_count(0)
    save_shot(page, f"inputs-trugo-removed-{size}")


def test_the_title_and_the_beep_follow_the_turn(pages: Pages) -> None:
    """Two people on their own devices and a spectator: the tab's title says "Your turn" to the
    one whose turn it is, to nobody once the game is over; the beep (once ticked) sounds for
    the other player's moves (a resignation too) only, never on a spectator's page."""
    creator = pages.open("/")
    body = {"game": "triggle", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    answer = creator.request.post("/api/games", data=body)
    assert answer.ok, answer.text()
    created = answer.json()
    path = f"/games/{created['id']}"
    ann, bob = (pages.open(f"{path}?token={seat['token']}") for seat in created["seats"])
    watcher = pages.open(path)
    your_turn, not_yours = re.compile(r"^Your turn · Triggle"), re.compile(r"^Triggle")
    for page in (ann, bob, watcher):
        expect(page.locator("body")).to_have_attribute("data-ply", "0")
        page.locator("#move-sound").check()
    expect(ann).to_have_title(your_turn)
    expect(bob).to_have_title(not_yours)
    expect(watcher).to_have_title(not_yours)
    rng = random.Random(37)
    play_one_move(ann, rng)
    expect(bob.locator("body")).to_have_attribute("data-beeps", "1")
    expect(bob).to_have_title(your_turn)
    expect(ann).to_have_title(not_yours)
    play_one_move(bob, rng)
    expect(ann.locator("body")).to_have_attribute("data-beeps", "1")
    expect(ann).to_have_title(your_turn)
    expect(watcher.locator("body")).to_have_attribute("data-ply", "2")
    expect(watcher).to_have_title(not_yours)
    ann.click("#resign")
    ann.click("#confirm-resign")
    for page in (ann, bob, watcher):
        expect(page.locator("body")).to_have_attribute("data-over", "true")
        expect(page).to_have_title(not_yours)
    expect(bob.locator("body")).to_have_attribute("data-beeps", "2")  # Ann's resignation
    assert ann.evaluate("document.body.dataset.beeps") == "1"
    assert watcher.evaluate("document.body.dataset.beeps") is None


def test_the_title_and_the_beep_against_the_computer(pages: Pages) -> None:
    """Against the computer the title says "Your turn" again, and the page beeps, once it has
    answered."""
    page = pages.open("/")
    body = {"game": "triggle", "seats": [{"name": "Ann"}, {"kind": "easy"}]}
    answer = page.request.post("/api/games", data=body)
    assert answer.ok, answer.text()
    created = answer.json()
    page.goto(f"/games/{created['id']}?token={created['seats'][0]['token']}")
    expect(page).to_have_title(re.compile(r"^Your turn · Triggle"))
    page.locator("#move-sound").check()
    play_one_move(page, random.Random(5))
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    expect(page.locator("body")).to_have_attribute("data-beeps", "1")
    expect(page).to_have_title(re.compile(r"^Your turn · Triggle"))
