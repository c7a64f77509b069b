"""A game's review in the browser (issue 34): the graph under the board, the marks in the move
list, the engine's move drawn on the board, stepping from mistake to mistake, a link that
opens the review; for the five games, at desktop and phone sizes, light and dark."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, SIZES, Pages
from tests.e2e.driver import assert_no_sideways_scroll, open_more_options
from tests.web.conftest import Server
from trigames.games import load_game

GAMES = ["triggle(size=4)", "trig", "tricolor", "trugo", "tranglar"]


def finished_game(server: Server, spec: str, plies: int, seed: int) -> dict[str, Any]:
    """A game of random moves between two (or more) people, resigned by the first seat."""
    game = load_game(spec)
    seats = [{"kind": "human", "name": f"P{n + 1}"} for n in range(game.num_players)]
    with httpx.Client(base_url=server.url, timeout=30) as client:
        answer = client.post("/api/games", json={"game": spec, "seats": seats})
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        state, pick = game.new_initial_state(), random.Random(seed)
        while len(state.history) < plies and not state.is_over():
            move = str(pick.choice(state.legal_moves()))
            seat = state.current_player or 0
            body = {"token": created["seats"][seat]["token"], "move": move}
            assert client.post(f"/api/games/{created['id']}/moves", json=body).status_code == 200
            state.play(move)
        while not state.is_over():
            seat = state.current_player or 0
            body = {"token": created["seats"][seat]["token"]}
            assert client.post(f"/api/games/{created['id']}/resign", json=body).status_code == 200
            state.resign(seat)
        review = client.post(f"/api/games/{created['id']}/analysis", json={"level": "easy"})
        assert review.status_code == 200, review.text
    return created


def open_review(page: Page, game_id: str) -> None:
    page.goto(f"/games/{game_id}#review=easy")
    expect(page.locator("#review-graph svg")).to_be_visible(timeout=120_000)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("spec", GAMES)
def test_a_finished_game_is_reviewed_on_its_page(
    pages: Pages, server: Server, spec: str, size: str
) -> None:
    created = finished_game(server, spec, 10, seed=GAMES.index(spec))
    page = pages.open("/")
    page.set_viewport_size(SIZES[size])
    open_review(page, created["id"])
    plies = httpx.get(f"{server.url}/api/games/{created['id']}/analysis?level=easy").json()
    marked = [p for p in plies["plies"] if p["mark"]]
    expect(page.locator("#moves .move-mark")).to_have_count(len(marked))
    expect(page.locator("#review-graph circle.review-mark")).to_have_count(len(marked))
    expect(page.locator("#review-summary")).to_contain_text("Reviewed at level easy")
    # a click on the graph's left end goes to the start: the engine's first move is drawn
    page.locator("#review-graph svg").click(position={"x": 2, "y": 60})
    expect(page.locator("body")).to_have_attribute("data-shown", "0")
    expect(page.locator("#board svg .review-ghost circle").first).to_be_attached()
    expect(page.locator("#review-here")).to_contain_text("Move 1:")
    if marked:
        page.click("#review-next")
        shown = str(marked[0]["ply"] - 1) if marked[0]["ply"] > 1 else None
        if shown is not None:  # the position before the first marked move
            expect(page.locator("body")).to_have_attribute("data-shown", shown)
        expect(page.locator("#review-here")).to_contain_text(f"Move {marked[0]['ply']}:")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = spec.split("(")[0]
    assert_no_sideways_scroll(page)
    page.screenshot(path=SCREENSHOTS / f"review-{name}-light-{size}.png", full_page=True)


def test_the_review_at_phone_size_light_and_dark(pages: Pages, server: Server) -> None:
    created = finished_game(server, "triggle(size=4)", 16, seed=7)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        context = pages.browser.new_context(
            base_url=server.url, color_scheme=scheme, viewport=SIZES["phone"]
        )
        pages.contexts.append(context)
        page = pages.open("/", context)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            open_review(page, created["id"])
            page.click("#review-previous")  # to the position before the last marked move
            assert_no_sideways_scroll(page)
            page.screenshot(path=SCREENSHOTS / f"review-{scheme}-{size}.png", full_page=True)


def test_a_finished_record_opens_for_review_from_the_lobby(
    pages: Pages, server: Server, tmp_path: Any
) -> None:
    created = finished_game(server, "triggle(size=3)", 6, seed=11)
    record = httpx.get(f"{server.url}/api/games/{created['id']}/record").text
    saved = tmp_path / "finished.json"
    saved.write_text(record)
    page = pages.open("/")
    open_more_options(page)
    page.set_input_files("#record-file", str(saved))
    page.wait_for_url("**/games/**#review")
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review-graph svg")).to_be_visible(timeout=120_000)
    assert page.locator("body").get_attribute("data-over") == "true"
