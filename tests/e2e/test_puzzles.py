"""The puzzle pages in a real browser: a puzzle of each game solved by clicking on the study
board, the opponent's replies played by the page; a wrong move failing the puzzle and the
solution shown move by move; the ratings kept after a reload; puzzles one after another; the
pages' screenshots; and static/glicko.js rating as trigames.ratings does."""

from __future__ import annotations

import json
import random
import re
from typing import Any, Literal

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, SIZES, Pages
from tests.e2e.driver import assert_no_sideways_scroll, click_place
from trigames.core.protocol import AnyState
from trigames.learn.puzzles import PUZZLE_GAMES, Puzzle, check_attempt, find_puzzle, puzzles_for
from trigames.ratings import TAU, PlayerRating, glicko2, rate_game

BOARD = ".study-surface"
#: Whether a place is drawn on the study board (else its step is a button under it).
ON_BOARD_JS = """(name) => [...document.querySelectorAll('.study-surface [data-name]')]
  .some(n => n.dataset.name === name)"""


def a_puzzle(game: str) -> Puzzle:
    """A puzzle of ``game`` where the opponent replies (3 plies or more) if it has one."""
    found = puzzles_for(game)
    return next((puzzle for puzzle in found if puzzle.depth >= 3), found[0])


def wrong_move(puzzle: Puzzle) -> str:
    """A legal first move that fails ``puzzle``."""
    for move in puzzle.position().legal_moves():
        if not check_attempt(puzzle, [], str(move)).correct:
            return str(move)
    raise AssertionError(f"every move solves {puzzle.id}")


def ready(page: Page, played: int) -> None:
    """Wait until the page takes the solver's move after ``played`` moves of the solution."""
    expect(page.locator("#puzzle-page")).to_have_attribute("data-played", str(played))
    expect(page.locator("#puzzle-page")).to_have_attribute("data-state", "solving")
    expect(page.locator("#puzzle-board")).to_have_attribute("data-moving", "true")


def enter_move(page: Page, state: AnyState, move: str) -> None:
    """Enter ``move`` in ``state`` as a person does: click each of its input steps (a place on
    the board, or the button of a step that is not one), then its button if several moves
    are left."""
    chosen = next(legal for legal in state.legal_moves() if str(legal) == move)
    clicked: list[str] = []
    for names in state.game.input_steps(state, chosen):
        name = next(name for name in names if name not in clicked)
        if page.evaluate(ON_BOARD_JS, name):
            click_place(page, name, BOARD)
        else:
            page.click(f"#puzzle-board button.step[data-step={json.dumps(name)}]")
        clicked.append(name)
    candidate = page.locator(f"#puzzle-board button.candidate[data-move={json.dumps(move)}]")
    if candidate.count():
        candidate.click()


def solve(page: Page, puzzle: Puzzle) -> None:
    """Play the solver's moves of ``puzzle``'s solution by clicking, the page playing the
    replies."""
    state = puzzle.position()
    solver = state.to_move
    for ply, move in enumerate(puzzle.solution):
        if state.to_move == solver:
            ready(page, ply)
            enter_move(page, state, move)
        state.play(move)
    expect(page.locator("#puzzle-page")).to_have_attribute("data-state", "solved")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_a_puzzle_of_each_game_is_solved_by_clicking(pages: Pages, game: str, size: str) -> None:
    puzzle = a_puzzle(game)
    page = pages.open(f"/puzzles/p/{puzzle.id}")
    page.set_viewport_size(SIZES[size])
    expect(page.locator("#puzzle-prompt")).to_contain_text("Find the best move for ")
    expect(page.locator("#puzzle-link")).to_have_text(puzzle.id)
    solve(page, puzzle)
    expect(page.locator("#puzzle-result-headline")).to_have_text("Solved")
    expect(page.locator("#rating-change")).to_have_text(re.compile(r"^\+\d+$"))
    expect(page.locator("#puzzle-page")).to_have_attribute("data-played", str(puzzle.depth))
    assert_no_sideways_scroll(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"puzzle-{game}-light-{size}.png", full_page=True)


def test_a_wrong_move_fails_shows_the_solution_and_the_rating_stays(pages: Pages) -> None:
    puzzle = a_puzzle("triggle")
    page = pages.open(f"/puzzles/p/{puzzle.id}")
    ready(page, 0)
    enter_move(page, puzzle.position(), wrong_move(puzzle))
    root = page.locator("#puzzle-page")
    expect(root).to_have_attribute("data-state", "failed")
    expect(page.locator("#puzzle-result-headline")).to_have_text("Failed")
    expect(page.locator("#rating-change")).to_have_text(re.compile(r"^\u2212\d+$"))
    expect(page.locator("#solution-moves li")).to_have_count(puzzle.depth)
    # the solution is played move by move to its end, then stepped back by hand
    expect(root).to_have_attribute("data-solution-shown", str(puzzle.depth), timeout=30_000)
    expect(page.locator("#solution-moves li.current")).to_have_text(puzzle.solution[-1])
    page.click("#solution-back")
    expect(root).to_have_attribute("data-solution-shown", str(puzzle.depth - 1))
    rating = page.locator("#solver-rating").inner_text()
    assert re.fullmatch(r"1[0-4]\d\d\?", rating), rating  # below a newcomer's 1500
    # kept by the browser: after a reload the rating stays and the puzzle is no longer rated
    page.reload()
    expect(page.locator("#solver-rating")).to_have_text(rating)
    expect(page.locator("#puzzle-prompt")).to_contain_text("not rated")
    page.goto("/puzzles")
    shown = page.locator('.puzzle-game-rating[data-game="triggle"]')
    expect(shown).to_have_text(f"Your rating: {rating} · 1 tried")
    expect(page.locator('.puzzle-game-rating[data-game="trig"]')).to_have_text("Your rating: 1500?")


def test_the_game_page_plays_puzzles_one_after_another(pages: Pages) -> None:
    page = pages.open("/puzzles/tricolor")
    root = page.locator("#puzzle-page")
    expect(root).to_have_attribute("data-state", "solving")
    first = root.get_attribute("data-puzzle")
    assert first is not None
    solve(page, find_puzzle(first))
    page.click("#next-puzzle")
    expect(root).not_to_have_attribute("data-puzzle", first)
    expect(root).to_have_attribute("data-state", "solving")
    expect(page.locator("#puzzle-result")).to_be_hidden()
    expect(page.locator("#rating-change")).to_have_text("")


def test_unknown_puzzle_and_game_pages_are_not_found(pages: Pages) -> None:
    page = pages.open("/puzzles/chess")
    expect(page.locator("h1")).to_have_text("No such game")
    page.goto("/puzzles/p/triggle-9999")
    expect(page.locator("h1")).to_have_text("No such puzzle")


def shoot(page: Page, name: str, scheme: str) -> None:
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_load_state("networkidle")
        assert_no_sideways_scroll(page)
        page.screenshot(path=SCREENSHOTS / f"{name}-{scheme}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES["desktop"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_puzzle_pages(pages: Pages, scheme: Literal["light", "dark"]) -> None:
    """The index, a puzzle to solve and a failed one with its solution, at desktop and phone
    sizes, none scrolling sideways (test-artifacts/screenshots/puzzles-*.png)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = pages.browser.new_context(
        base_url=pages.server.url, color_scheme=scheme, viewport=SIZES["desktop"]
    )
    pages.contexts.append(context)
    puzzle = a_puzzle("trig")
    page = pages.open(f"/puzzles/p/{puzzle.id}", context)
    ready(page, 0)
    shoot(page, "puzzles-solve", scheme)
    enter_move(page, puzzle.position(), wrong_move(puzzle))
    expect(page.locator("#puzzle-page")).to_have_attribute(
        "data-solution-shown", str(puzzle.depth), timeout=30_000
    )
    shoot(page, "puzzles-failed", scheme)
    page.goto("/puzzles")
    expect(page.locator('.puzzle-game-rating[data-game="trig"]')).to_contain_text("1 tried")
    shoot(page, "puzzles-index", scheme)


#: Runs glicko.js on the cases in the page: ``[kind, arguments]`` -> its answers.
GLICKO_JS = """async (cases) => {
  const g = await import('/static/glicko.js');
  return cases.map(([kind, args]) => kind === 'glicko2'
    ? g.glicko2(...args)
    : g.rateGame(args[0], args[1], args[2], args[3]));
}"""

#: How near glicko.js's numbers must be to the server's (games and times exactly).
TOLERANCES = {"rating": 1e-6, "deviation": 1e-6, "volatility": 1e-9}
NOW = 1_750_000_000.0
DAY = 86_400.0


def glicko_cases() -> list[tuple[str, list[Any]]]:
    """The paper's example, no results, extreme inputs that take the bisection, and rated games
    between newcomers, settled players, after a long absence and at the caps."""
    cases: list[tuple[str, list[Any]]] = [
        ("glicko2", [1500, 200, 0.06, [[1400, 30, 1], [1550, 100, 0], [1700, 300, 0]], 0.5]),
        ("glicko2", [1500, 50, 0.06, [], TAU]),
        ("glicko2", [1500, 350, 0.06, [[1500, 350, 1]], TAU]),
        ("glicko2", [2900, 45, 0.0001, [[800, 45, 0]], 0.01]),
        ("glicko2", [800, 500, 5.0, [[2800, 30, 1], [2700, 40, 0.5]], 9.0]),
    ]
    rng = random.Random(34)
    for _ in range(25):
        players = []
        for _ in range(2):
            fresh = rng.random() < 0.25
            last = None if fresh else NOW - rng.uniform(0, 400) * DAY
            players.append(
                PlayerRating.new()
                if fresh
                else PlayerRating(
                    rng.uniform(600, 2600),
                    rng.uniform(45, 500),
                    rng.uniform(0.03, 0.1),
                    rng.randrange(1, 300),
                    last,
                )
            )
        score = rng.choice([0.0, 0.5, 1.0])
        cases.append(("rate", [players[0].to_json(), players[1].to_json(), score, NOW]))
    return cases


def python_answer(kind: str, args: list[Any]) -> list[dict[str, float]]:
    if kind == "glicko2":
        new = glicko2(args[0], args[1], args[2], [tuple(r) for r in args[3]], tau=args[4])
        return [new._asdict()]
    first, second = (PlayerRating.from_json(player) for player in args[:2])
    return [player.to_json() for player in rate_game(first, second, args[2], args[3])]


def test_glicko_js_rates_as_the_server_does(pages: Pages) -> None:
    page = pages.open("/")
    cases = glicko_cases()
    answers = page.evaluate(GLICKO_JS, cases)
    for (kind, args), answer in zip(cases, answers, strict=True):
        found = [answer] if kind == "glicko2" else answer
        for mine, theirs in zip(found, python_answer(kind, args), strict=True):
            for key, value in theirs.items():
                wanted = TOLERANCES.get(key)
                expected = value if wanted is None else pytest.approx(value, abs=wanted)
                assert mine[key] == expected, (kind, args, key)
