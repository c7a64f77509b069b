"""What a move needs stays in view, and the page says things clearly (issue 37, points 2 and 4).

At desktop size (a mouse) and phone size (a touch screen): every control that finishes a move
or answers an offer is inside the viewport, without scrolling, when it appears (the move bar
under the board, sticky at the bottom of a phone's screen); the board does not move when the
game ends; results, declines and joins are said with the players' names; prompts say "click"
with a mouse and "tap" on a touch screen."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import Pages, shoot
from tests.e2e.driver import click_place, create_game, play_one_move

#: The board's top, in the page (not the viewport), in CSS pixels.
BOARD_TOP_JS = "document.querySelector('#board').getBoundingClientRect().top + scrollY"


def in_view(controls: Locator) -> None:
    """Each of ``controls`` is shown, wholly inside the viewport, with the page unscrolled."""
    expect(controls.first).to_be_visible()
    for index in range(controls.count()):
        expect(controls.nth(index)).to_be_in_viewport(ratio=1)


def unscrolled(page: Page) -> None:
    page.evaluate("scrollTo(0, 0)")


def tap_a_tile(page: Page) -> None:
    """Tap a Trugo cell at the start: the three ways round its tile are offered."""
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    click_place(page, "dg74")
    expect(page.locator("#choices button.picture-choice")).to_have_count(3)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_choices_that_finish_a_move_appear_in_view(pages: Pages, size: str) -> None:
    page = pages.open("/", pages.context_at(size))
    verb = "tap" if size == "phone" else "click"

    # Trugo: the three ways round a tile, after a tap on its cell
    create_game(page, "trugo", "", [("human", "Ann"), ("human", "Bob")], hotseat=True)
    expect(page.locator("#turn")).to_contain_text(f"{verb} a cell, then pick")
    unscrolled(page)
    tap_a_tile(page)
    in_view(page.locator("#choices button.picture-choice"))
    in_view(page.locator("#cancel-input"))
    shoot(pages, page, "game-pending-choice", tap_a_tile)

    # TRANGLAR: Turn, Flip, Move and Play, after a piece is picked from the reserve
    create_game(page, "tranglar", "", [("human", "Ann"), ("human", "Bob")], hotseat=True)
    unscrolled(page)
    click_place(page, "G: large neutral trapeze")
    in_view(page.locator("#ghost-turn, #ghost-flip, #ghost-next, #ghost-play"))

    # Confirm each move: its Play button, under a Trig placement
    create_game(page, "trig", "", [("human", "Ann"), ("random", "")])
    page.check("#confirm-moves")
    unscrolled(page)
    target = page.locator("#board .target").first.get_attribute("data-name")
    assert target is not None
    click_place(page, target)
    in_view(page.locator("#confirm-move, #cancel-input"))
    page.click("#confirm-move")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    # the computer's full name in the move list, not cut to "Computer: me…"
    mover = page.locator('#moves li[data-mover="1"] .mover')
    expect(mover).to_have_text("Computer: random")
    assert mover.evaluate("node => node.scrollWidth <= node.clientWidth")

    # Resigning: the result's buttons in view, the board where it was, the player named
    unscrolled(page)
    top = page.evaluate(BOARD_TOP_JS)
    page.click("#resign")
    page.click("#confirm-resign")
    expect(page.locator("#result-headline")).to_have_text("Ann resigned: Computer: random wins")
    expect(page.locator("#turn")).to_have_text("Game over. Ann resigned: Computer: random wins.")
    unscrolled(page)
    in_view(page.locator("#rematch, #result-new-game"))
    assert page.evaluate(BOARD_TOP_JS) == top, "the result moved the board"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_offers_and_their_answers_appear_in_view_and_are_told(pages: Pages, size: str) -> None:
    rng = random.Random(5)
    ann = pages.open("/", pages.context_at(size))
    created = create_game(ann, "trig", "", [("human", "Ann"), ("open", "")])
    share = ann.locator("#links")
    expect(share.locator(".open-seat")).to_contain_text("Seat 1: open")
    bob = pages.open(created["spectator_link"], pages.context_at(size))
    bob.fill("#join-name", "Bob")
    bob.locator('#join-buttons button[data-seat="1"]').click()
    expect(bob.locator("#seats .seat.mine .seat-name")).to_have_text("Bob")
    # the creator's share box follows live: the seat is no longer open
    expect(share.locator(".joined-seat")).to_have_text("Seat 1: Bob joined")
    expect(share.locator(".open-seat")).to_have_count(0)

    play_one_move(ann, rng)
    expect(bob.locator("body")).to_have_attribute("data-my-turn", "true")
    for page in (ann, bob):
        unscrolled(page)
    ann.click("#undo")
    in_view(bob.locator("#accept-undo, #decline-undo"))
    bob.click("#decline-undo")
    expect(ann.locator("#answer-news")).to_have_text("Bob declined to take back your move.")
    in_view(ann.locator("#answer-news"))

    ann.click("#offer-draw")
    expect(ann.locator("#answer-news")).to_be_hidden()
    in_view(bob.locator("#accept-draw, #decline-draw"))
    bob.click("#decline-draw")
    expect(ann.locator("#answer-news")).to_have_text("Bob declined the draw.")
    expect(ann.locator("#draw-offer")).to_be_hidden()

    bob.click("#offer-draw")
    unscrolled(ann)
    in_view(ann.locator("#accept-draw, #decline-draw"))
    top = ann.evaluate(BOARD_TOP_JS)
    ann.click("#accept-draw")
    for page in (ann, bob):
        expect(page.locator("#result-headline")).to_have_text("Draw agreed between Ann and Bob")
        expect(page.locator("#turn")).to_have_text("Game over. Draw agreed between Ann and Bob.")
    expect(ann.locator("#answer-news")).to_be_hidden()
    unscrolled(ann)
    in_view(ann.locator("#rematch, #result-new-game"))
    assert ann.evaluate(BOARD_TOP_JS) == top, "the result moved the board"
    if size == "desktop":
        shoot(pages, ann, "game-finished")


#: Views of finished games, as the server sends them (the fields outcome.js reads; without
#: ``said``, the English reason is said as it is).
ENDINGS = [
    (
        {
            "seats": [{"name": "Ann"}, {"name": "Bob"}],
            "moves": ["A1-A3", "B2-B4"],
            "movers": [0, 1],
            "outcome": {
                "winners": [0],
                "scores": [5, 3],
                "reason": "Yellow used their last marker",
            },
            # the engine's reason as a phrase: its seat's colour becomes the player's name
            "said": {
                "reason": ["{seat} used their last marker", {"seat": ["Yellow"]}],
                "colors": [["Blue"], ["Yellow"]],
            },
        },
        ["Ann wins", "Bob used their last marker. Score: Ann 5, Bob 3."],
    ),
    (
        {
            "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
            "moves": ["G6", "resign 1", "F5", "timeout 2"],
            "movers": [0, 1, 2, 2],
            "outcome": {"winners": [0], "scores": [0, 0, 0], "reason": "Yellow ran out of time"},
        },
        ["Cy ran out of time: Ann wins", "Score: Ann 0, Bob 0, Cy 0."],
    ),
    (
        {
            "seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
            "moves": ["G6"],
            "movers": [0],
            "outcome": {"winners": [0, 2], "scores": [4, 1, 4], "reason": "the board is full"},
        },
        ["Draw between Ann and Cy", "The board is full. Score: Ann 4, Bob 1, Cy 4."],
    ),
]


def test_every_result_sentence_names_the_players(pages: Pages) -> None:
    page = pages.open("/")
    for view, sentences in ENDINGS:
        said = page.evaluate(
            "async (view) => (await import('/static/outcome.js')).resultText(view)", view
        )
        assert said == sentences
    declined = page.evaluate(
        """async () => (await import('/static/outcome.js')).declinedText(
          {seats: [{name: 'Ann'}, {name: 'Bob'}, {name: 'Cy'}]}, [1, 2], 'draw')"""
    )
    assert declined == "Bob or Cy declined the draw."
