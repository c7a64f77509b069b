"""Playing through the pages as a person does: by clicking what the page offers."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page, expect

from trigames.games import load_game

#: The page's inputs: places marked as targets, word steps, and finished moves to choose from.
OPTIONS_JS = """() => ({
  places: [...new Set([...document.querySelectorAll('#board .target')]
    .map(n => n.dataset.name ?? n.dataset.at))],
  steps: [...document.querySelectorAll('#choices button.step')].map(b => b.dataset.step),
  candidates: [...document.querySelectorAll('#choices button.candidate')].map(b => b.dataset.move),
})"""

#: A point in the viewport where a click lands on the place called ``name`` or a piece on it
#: (not on a neighbour drawn over part of its bounding box), on the board ``board`` selects.
POINT_JS = """([name, board]) => {
  const nodes = [...document.querySelectorAll(`${board} [data-name]`)]
    .filter(n => n.dataset.name === name);
  const fractions = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8];
  for (const node of nodes) {
    node.scrollIntoView({block: 'nearest'});
    const box = node.getBoundingClientRect();
    for (const fy of fractions) for (const fx of fractions) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      const hit = document.elementFromPoint(x, y);
      const place = hit && hit.closest('[data-name], [data-at]');
      if (place && (place.dataset.name ?? place.dataset.at) === name) return [x, y];
    }
  }
  return null;
}"""


def open_more_options(page: Page) -> None:
    """Open the lobby's "More options", where the full form of a new game is."""
    if page.locator("#more-options").get_attribute("open") is None:
        page.click("#more-options > summary")


def create_game(
    page: Page, game: str, options: str, seats: list[tuple[str, str]], hotseat: bool = False
) -> dict[str, Any]:
    """Fill in the lobby's full form and create the game; returns what the server answered
    (from localStorage), once the game page shows the game."""
    page.goto("/")
    open_more_options(page)
    page.select_option("#game", game)
    page.fill("#options", options)
    page.wait_for_function(
        "n => document.querySelectorAll('.seat-row').length === n && !document.querySelector("
        "'#create').disabled",
        arg=len(seats),
    )
    for number, (kind, name) in enumerate(seats):
        page.select_option(f"#seat-kind-{number}", kind)
        page.fill(f"#seat-name-{number}", name)
    page.set_checked("#hotseat", hotseat)
    page.click("#create")
    page.wait_for_url("**/games/**")
    page.wait_for_selector("body[data-ply]")
    wanted = str(load_game(f"{game}({options})").spec)
    drawn = page.locator("#board svg").get_attribute("data-game")
    assert drawn == wanted, f"the lobby created {drawn!r}, not {wanted!r}"
    game_id = page.url.split("/games/")[1].split("?")[0]
    stored = page.evaluate(f"localStorage.getItem('trigames:game:{game_id}')")
    created: dict[str, Any] = json.loads(stored)
    return created


def click_place(page: Page, name: str, board: str = "#board") -> None:
    """Click the place ``name`` of the board ``board`` selects (the game page's, or a study
    board's: ``.study-surface``)."""
    point = page.evaluate(POINT_JS, [name, board])
    assert point is not None, f"no visible point of the board hits {name!r}"
    page.mouse.click(point[0], point[1])


def wait_for_my_turn(page: Page, seconds: float = 20) -> bool:
    """Wait until this page may move (True) or the game is over (False)."""
    page.wait_for_function(
        "() => document.body.dataset.myTurn === 'true' || document.body.dataset.over === 'true'",
        timeout=seconds * 1000,
    )
    over: str = page.evaluate("document.body.dataset.over")
    return over != "true"


def play_one_move(page: Page, rng: random.Random) -> str:
    """Click offered places and buttons at random until a move is played; returns the last
    thing clicked."""
    ply = page.evaluate("document.body.dataset.ply")
    while True:
        offered = page.evaluate(OPTIONS_JS)
        options = [
            (kind, name) for kind in ("places", "steps", "candidates") for name in offered[kind]
        ]
        assert options, "it is this page's turn, but it offers nothing to click"
        kind, name = rng.choice(options)
        if kind == "places":
            click_place(page, name)
        elif kind == "steps":
            page.click(f"#choices button.step[data-step={json.dumps(name)}]")
        else:
            page.click(f"#choices button.candidate[data-move={json.dumps(name)}]")
        page.wait_for_function(
            "ply => document.body.dataset.ply !== ply || document.querySelector("
            "'#board .target, #choices button.step, #choices button.candidate')",
            arg=ply,
        )
        if page.evaluate("document.body.dataset.ply") != ply:
            clicked: str = name
            return clicked


def play_until_over(page: Page, rng: random.Random, max_moves: int) -> int:
    """Play this page's moves by clicking until the game is over or ``max_moves`` are played;
    returns how many were played."""
    played = 0
    while played < max_moves and wait_for_my_turn(page):
        play_one_move(page, rng)
        played += 1
    return played


def assert_no_sideways_scroll(page: Page) -> None:
    """The page is no wider than the viewport the test set. (On a phone ``innerWidth`` grows
    with a page wider than the screen, so comparing with it would catch nothing.)"""
    size = page.viewport_size
    assert size is not None
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size["width"], f"the page is {width} px wide: it scrolls sideways"


def hotseat_after(page: Page, spec: str, moves: list[str]) -> None:
    """A hot-seat game of ``spec`` created through the API, ``moves`` played, open on ``page``
    with the token of both seats."""
    body = {"game": spec, "seats": [{"name": "Ann"}, {"name": "Bob"}], "hotseat": True}
    answer = page.request.post("/api/games", data=body)
    assert answer.ok, answer.text()
    created = answer.json()
    token = created["seats"][0]["token"]
    for ply, move in enumerate(moves):
        answer = page.request.post(
            f"/api/games/{created['id']}/moves", data={"token": token, "move": move, "ply": ply}
        )
        assert answer.ok, answer.text()
    page.goto(f"/games/{created['id']}?token={token}")
    expect(page.locator("body")).to_have_attribute("data-ply", str(len(moves)))
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
