"""The game page with the keyboard alone, and what it tells a screen reader: a skip link, one Tab
stop on the board and the arrow keys between its places, typed moves, each move announced,
"Describe the board", and the arrow keys stepping the replay only from its own controls."""

from __future__ import annotations

from typing import Any, Literal

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import SCREENSHOTS, Pages
from tests.e2e.driver import assert_no_sideways_scroll
from tests.e2e.test_play import GAMES as PLAYED

#: (game, options): each game's first move, made with the keyboard (the small variants that
#: test_play.py plays to the end)
GAMES = PLAYED

#: Counts the page's requests still waiting for their answers (window.inflight), so that a
#: test waits for what a key press asked for (pictures of choices, a move) before the next.
COUNT_REQUESTS = """
window.inflight = 0;
const originalFetch = window.fetch;
window.fetch = (...args) => {
  window.inflight += 1;
  return originalFetch(...args).finally(() => { window.inflight -= 1; });
};
"""

#: Where the focus is: a board place (a target or a place chosen), a choice that takes the
#: move on (a step, a finished move, the piece shown, Play), another control, or nothing.
FOCUS_JS = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return "none";
  if (node.closest('#board')) {
    if (node.id === 'board') return "board";
    return node.classList.contains('target') ? "target" : "chosen";
  }
  if (node.matches('#choices :is(button.step, button.candidate, #ghost-play, #confirm-move)')) {
    return "choice";
  }
  return node.id ? `#${node.id}` : node.className || node.tagName;
}"""


def open_game(
    pages: Pages,
    game: str,
    options: str,
    size: str = "desktop",
    scheme: Literal["light", "dark"] = "light",
) -> Page:
    """A game of ``game`` against a computer (``Robo``, random), created through the API and
    opened at ``size`` in the colour ``scheme`` with Ann's seat; the page's requests counted
    (:data:`COUNT_REQUESTS`)."""
    context = pages.context_at(size, scheme)
    context.add_init_script(COUNT_REQUESTS)
    page = context.new_page()
    page.on("pageerror", lambda error: pages.errors.append(f"{page.url}: {error}"))
    spec = f"{game}({options})" if options else game
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "random", "name": "Robo"}]
    answer = page.request.post("/api/games", data={"game": spec, "seats": seats})
    assert answer.ok, answer.text()
    created: dict[str, Any] = answer.json()
    page.goto(f"/games/{created['id']}?token={created['seats'][0]['token']}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    return page


def press(page: Page, key: str) -> None:
    """Press ``key``, then wait until what it asked of the server came back."""
    page.keyboard.press(key)
    page.wait_for_function("() => window.inflight === 0")


def keyboard_move(page: Page) -> int:
    """Make a move with the keyboard alone, from a page just loaded: Tab to the skip link,
    Enter to the board, then Enter on the place the keyboard is on while it is a target, else
    Tab to a choice that takes the move on and Enter. Returns the keys pressed."""
    ply = page.evaluate("document.body.dataset.ply")
    press(page, "Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    press(page, "Enter")
    presses = 2
    while page.evaluate("document.body.dataset.ply") == ply:
        if page.evaluate("document.body.dataset.myTurn") != "true":  # the move is on its way
            page.wait_for_function("ply => document.body.dataset.ply !== ply", arg=ply)
            break
        assert presses < 30, (
            f"no move after {presses} keys; the focus is on {page.evaluate(FOCUS_JS)}"
        )
        focus = page.evaluate(FOCUS_JS)
        press(page, "Enter" if focus in ("target", "choice") else "Tab")
        presses += 1
    return presses


@pytest.mark.parametrize(
    ("game", "options", "size"),
    [(*game, "desktop") for game in GAMES] + [("trugo", GAMES[3][1], "phone")],
    ids=[f"{game}-desktop" for game, _ in GAMES] + ["trugo-phone"],
)
def test_a_first_move_with_the_keyboard_alone(
    pages: Pages, game: str, options: str, size: str
) -> None:
    page = open_game(pages, game, options, size)
    presses = keyboard_move(page)
    assert presses <= 12, f"{presses} keys for a first move of {game}"
    expect(page.locator("#moves li")).not_to_have_count(0)
    # the focus stays on the board: on a place to choose once it is Ann's turn again
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    # (once the answer's view is drawn: the places are made again for it)
    on_board = f"() => ['target', 'board'].includes(({FOCUS_JS})())"
    try:
        page.wait_for_function(on_board, polling=100)
    except PlaywrightTimeoutError:
        pytest.fail(f"after the move the focus is on {page.evaluate(FOCUS_JS)}")
    expect(page.locator("#board [role=button][tabindex='0']")).to_have_count(1)
    expect(page.locator("#error")).to_be_hidden()
    assert_no_sideways_scroll(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"keyboard-{game}-{size}.png", full_page=True)


def test_confirm_each_move_takes_one_more_enter(pages: Pages) -> None:
    page = open_game(pages, "trig", "")
    page.evaluate("localStorage.setItem('trigames:confirm-moves', 'true')")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator("#confirm-moves")).to_be_checked()
    # Tab, Enter (to the board), Enter (a cell), Enter (Play): the focus waits on Play, which
    # comes once the move's picture is drawn
    press(page, "Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    press(page, "Enter")
    expect(page.locator("#board [role=button][tabindex='0']")).to_be_focused()
    press(page, "Enter")
    expect(page.locator("#confirm-move")).to_be_focused()
    press(page, "Enter")
    expect(page.locator("#moves li").first).not_to_be_empty()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_arrow_keys_go_from_place_to_place_and_the_ring_shows(
    pages: Pages, scheme: Literal["light", "dark"]
) -> None:
    page = open_game(pages, "trig", "", scheme=scheme)
    press(page, "Tab")
    press(page, "Enter")
    first = page.evaluate("document.activeElement.dataset.name")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label == f"{first}: play {first}"
    tab_stops = page.locator("#board [tabindex='0']")
    expect(tab_stops).to_have_count(1)
    press(page, "ArrowDown")
    below = page.evaluate("document.activeElement.dataset.name")
    assert below[0] > first[0], f"down from {first} went to {below}"
    press(page, "ArrowRight")
    right = page.evaluate("document.activeElement.dataset.name")
    assert right[0] == below[0], f"right from {below} went to {right}"
    assert int(right[1:]) > int(below[1:]), f"right from {below} went to {right}"
    expect(tab_stops).to_have_count(1)
    press(page, "End")
    last = page.evaluate("document.activeElement.dataset.name")
    press(page, "Home")
    assert page.evaluate("document.activeElement.dataset.name") == first != last
    ring = page.locator("#board .focus-ring .ring")
    expect(ring).to_have_count(1)
    assert ring.evaluate("node => getComputedStyle(node).strokeWidth") == "3px"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"keyboard-focus-trig-{scheme}.png")


def test_a_typed_move_is_played_and_a_bad_one_explained(pages: Pages) -> None:
    page = open_game(pages, "trig", "")
    field = page.get_by_label("Type a move", exact=True)
    field.fill("Z99")
    field.press("Enter")
    error = page.locator("#move-text-error")
    expect(error).to_contain_text("'Z99' is not a legal move now")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("body")).to_have_attribute("data-ply", "0")
    field.fill(" g6 ")  # another letter case and spaces: the move it spells
    expect(error).to_be_hidden()
    field.press("Enter")
    expect(page.locator("#moves li").first).to_contain_text("G6")
    expect(page.locator("#announcer")).to_contain_text("Ann played G6")
    # the computer's answer is announced with its player's name
    expect(page.locator("#announcer")).to_contain_text("Robo played")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    field.fill("G6")  # taken now
    field.press("Enter")
    expect(error).to_contain_text("'G6' is not a legal move now")


def test_left_arrow_on_the_board_stays_live_and_replays_from_its_buttons(pages: Pages) -> None:
    page = open_game(pages, "triggle", "size=3")
    keyboard_move(page)
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    ply = page.evaluate("document.body.dataset.ply")
    focused = page.locator("#board [role=button][tabindex='0']")
    expect(focused).to_be_focused()
    press(page, "ArrowLeft")
    expect(page.locator("body")).to_have_attribute("data-shown", ply)
    expect(page.locator("#looking-back")).to_be_hidden()
    page.locator("#replay-first").focus()
    press(page, "ArrowLeft")  # on the replay's controls the arrow keys step through the game
    expect(page.locator("body")).to_have_attribute("data-shown", str(int(ply) - 1))
    press(page, "End")
    expect(page.locator("body")).to_have_attribute("data-shown", ply)


def test_describe_the_board_and_the_result_are_said(pages: Pages) -> None:
    page = open_game(pages, "trig", "")
    page.get_by_label("Type a move", exact=True).fill("G6")
    page.get_by_label("Type a move", exact=True).press("Enter")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    page.click("#describe")
    description = page.locator("#description")
    expect(description).to_have_attribute("aria-live", "polite")
    expect(description).to_contain_text("Your turn")
    expect(description).to_contain_text("White peg (1): G6")
    expect(description).to_contain_text("Black peg (1): ")
    expect(description).to_contain_text("Places to choose now")
    page.click("#resign")
    page.click("#confirm-resign")
    expect(page.locator("#announcer")).to_contain_text("Robo wins")
