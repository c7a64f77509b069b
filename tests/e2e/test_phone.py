"""The game pages on a phone (390 x 844, touch): no sideways scrolling, places a finger can hit,
a page that stays put after a move, and every game played by taps."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

import trigames
from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import assert_no_sideways_scroll
from tests.web.conftest import Server
from trigames.records import GameRecord, Seat

PHONE: ViewportSize = {"width": 390, "height": 844}
#: The smallest hit area a finger can be asked to hit, in CSS pixels.
FINGER = 24

#: Each game's default board against the computer.
GAMES = ["triggle", "trig", "tricolor", "trugo", "tranglar"]

#: Every place that takes a tap now and the size of its hit area, in CSS pixels: the box around
#: the elements carrying its name (a group's box takes its invisible hit disc in; a piece drawn
#: on a junction takes the junction's taps too).
TARGETS_JS = """() => {
  const boxes = new Map();
  for (const node of document.querySelectorAll('#board .target')) {
    const name = node.dataset.name ?? node.dataset.at;
    const box = node.getBoundingClientRect();
    const seen = boxes.get(name);
    boxes.set(name, seen ? [Math.min(seen[0], box.left), Math.min(seen[1], box.top),
      Math.max(seen[2], box.right), Math.max(seen[3], box.bottom)]
      : [box.left, box.top, box.right, box.bottom]);
  }
  return [...boxes].map(([name, [l, t, r, b]]) => [name, r - l, b - t]);
}"""

#: A tap on a place: the middle of the element carrying its name, if the tap lands on it.
TAP_JS = """(name) => {
  const node = [...document.querySelectorAll('#board .target')]
    .find(n => (n.dataset.name ?? n.dataset.at) === name);
  const box = node.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  const place = hit && hit.closest('[data-name], [data-at]');
  const seen = x >= 0 && x <= innerWidth && y >= 0 && y <= innerHeight;
  return seen && place && (place.dataset.name ?? place.dataset.at) === name ? [x, y] : null;
}"""


#: Where the page is scrolled to and where the board is on the screen.
WHERE_JS = "[scrollX, scrollY, document.querySelector('#board').getBoundingClientRect().top]"


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    context = browser.new_context(
        base_url=server.url, viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    context.set_default_timeout(15_000)
    yield context
    context.close()


def open_game(pages: Pages, context: BrowserContext, spec: str) -> Page:
    """A new game of ``spec``: this page's seat 0 against the ``random`` computer."""
    page = pages.open("/", context)
    created = page.evaluate(
        """async (spec) => {
          const catalog = await (await fetch('/api/spec?game=' + encodeURIComponent(spec))).json();
          const seats = catalog.seats.map((_, n) => n === 0 ? {kind: 'human'} : {kind: 'random'});
          const answer = await fetch('/api/games', {method: 'POST', body: JSON.stringify(
            {game: spec, seats}), headers: {'Content-Type': 'application/json'}});
          return answer.json();
        }""",
        spec,
    )
    page.goto(created["seats"][0]["link"])
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    return page


def tap_until_played(page: Page, rng: random.Random) -> None:
    """Tap offered places (and word steps) at random until a move is played, checking that
    every place offered is big enough and that the page does not move."""
    ply = page.evaluate("document.body.dataset.ply")
    scrolled = page.evaluate(WHERE_JS)
    while page.evaluate("document.body.dataset.ply") == ply:
        targets = page.evaluate(TARGETS_JS)
        for name, width, height in targets:
            assert width >= FINGER, (name, width, height)
            assert height >= FINGER, (name, width, height)
        steps = page.locator("#choices button.step, #choices button.candidate")
        if targets and (steps.count() == 0 or rng.random() < 0.7):
            name = rng.choice(targets)[0]
            point = page.evaluate(TAP_JS, name)
            if point is None:  # out of sight in a zoomed board: let the board scroll to it
                page.evaluate(
                    "n => [...document.querySelectorAll('#board .target')]"
                    ".find(e => (e.dataset.name ?? e.dataset.at) === n)"
                    ".scrollIntoView({block: 'nearest', inline: 'center'})",
                    name,
                )
                scrolled = page.evaluate(WHERE_JS)
                point = page.evaluate(TAP_JS, name)
            assert point is not None, f"{name} cannot be tapped"
            page.touchscreen.tap(point[0], point[1])
        else:  # a button below the board: the player scrolls to it first
            button = steps.nth(rng.randrange(steps.count()))
            button.scroll_into_view_if_needed()
            scrolled = page.evaluate(WHERE_JS)
            button.tap()
        page.wait_for_function(
            "ply => document.body.dataset.ply !== ply || document.querySelector("
            "'#board .target, #choices button.step, #choices button.candidate')",
            arg=ply,
        )
    assert page.evaluate(WHERE_JS) == scrolled, "the page moved after the move"


@pytest.mark.parametrize("spec", GAMES)
def test_each_game_is_played_by_taps_on_a_phone(
    pages: Pages, phone: BrowserContext, spec: str
) -> None:
    page = open_game(pages, phone, spec)
    assert_no_sideways_scroll(page)
    page.evaluate(
        "scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + scrollY - 80)"
    )
    rng = random.Random(7)
    for _ in range(3):
        if page.evaluate("document.body.dataset.over") == "true":
            break
        tap_until_played(page, rng)
        page.wait_for_function(
            "() => document.body.dataset.myTurn === 'true' || document.body.dataset.over === 'true'"
        )
        assert_no_sideways_scroll(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / f"{spec}-phone.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(200)
    page.screenshot(path=SCREENSHOTS / f"{spec}-desktop.png", full_page=True)


def test_a_tricolor_lozenge_is_played_by_tapping_it(pages: Pages, phone: BrowserContext) -> None:
    page = open_game(pages, phone, "tricolor")
    legal = page.evaluate(
        "fetch(location.pathname.replace('/games/', '/api/games/')).then(r => r.json())"
    )
    lozenge = legal["legal_moves"][len(legal["legal_moves"]) // 2]
    point = page.evaluate(TAP_JS, lozenge)
    assert point is not None
    page.touchscreen.tap(point[0], point[1])
    expect(page.locator("#moves li").first).to_contain_text(lozenge)


def test_the_guidance_line_says_what_to_do_now(pages: Pages, phone: BrowserContext) -> None:
    page = open_game(pages, phone, "trugo")
    turn = page.locator("#turn")
    expect(turn).to_have_text("Your turn: tap a cell, then pick the way its light cap points.")
    name = page.evaluate(TARGETS_JS)[0][0]
    point = page.evaluate(TAP_JS, name)
    page.touchscreen.tap(point[0], point[1])
    expect(turn).to_have_text("Your turn: choose one of the buttons below.")


def test_confirm_moves_shows_the_move_before_it_is_played(
    pages: Pages, phone: BrowserContext
) -> None:
    page = open_game(pages, phone, "trig")
    page.check("#confirm-moves")
    name = page.evaluate(TARGETS_JS)[0][0]
    page.touchscreen.tap(*page.evaluate(TAP_JS, name))
    expect(page.locator("#confirm-move")).to_have_text(f"Play {name}")
    expect(page.locator("#preview")).to_be_visible()
    expect(page.locator("#turn")).to_contain_text("check the move shown")
    assert page.evaluate("document.body.dataset.ply") == "0"
    page.screenshot(path=SCREENSHOTS / "confirm-move-phone.png", full_page=True)
    page.click("#cancel-input")
    expect(page.locator("#preview")).to_be_hidden()
    # the guidance is back: the input is as before the first tap (a tap before it settles, or
    # one taken for the second of a double tap, may be lost; the test waits for a new move)
    expect(page.locator("#turn")).to_have_text("Your turn: tap a cell to place a peg.")
    expect(page.locator("#confirm-move")).to_have_count(0)
    page.touchscreen.tap(*page.evaluate(TAP_JS, name))
    expect(page.locator("#confirm-move")).to_have_text(f"Play {name}")
    page.locator("#confirm-move").tap()
    expect(page.locator("#moves li").first).to_contain_text(name)
    page.reload()  # the setting is remembered
    expect(page.locator("#confirm-moves")).to_be_checked()


def test_a_hint_and_its_reason_fit_on_a_phone(pages: Pages, phone: BrowserContext) -> None:
    # A TRANGLAR game after the rules page's trap setup: Petrol's hint says what it covers,
    # traps and leaves Green, one of the longer explanations.
    state = trigames.load_game("tranglar").new_initial_state()
    for move in ["Ga1esb1nwa2n", "Hd3sd4", "Qd1", "Fc1nes"]:
        state.play(move)
    record = GameRecord.from_state(state, [Seat("Ann"), Seat("Robot", "random")]).to_json()
    page = pages.open("/", phone)
    created = page.evaluate(
        """async (record) => {
          const answer = await fetch('/api/games', {method: 'POST', body: JSON.stringify(
            {record, seats: [{kind: 'human'}, {kind: 'random'}]}),
            headers: {'Content-Type': 'application/json'}});
          return answer.json();
        }""",
        record,
    )
    page.goto(created["seats"][0]["link"])
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    page.locator("#hint").tap()
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Hint:", timeout=30_000)
    assert len(hint.inner_text()) > 80
    box = hint.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"]
    assert_no_sideways_scroll(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hint.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "hint-phone.png")


@pytest.mark.parametrize("name", ["triggle", "trig", "tricolor", "trugo", "tranglar"])
def test_the_rules_pages_never_scroll_sideways_on_a_phone(phone: BrowserContext, name: str) -> None:
    """Wide tables (the ladder, board sizes) and long code scroll inside the page."""
    page = phone.new_page()
    page.goto(f"/rules/{name}")
    page.locator("table").last.scroll_into_view_if_needed()
    assert_no_sideways_scroll(page)
    page.screenshot(path=SCREENSHOTS / f"rules-{name}-phone.png")
