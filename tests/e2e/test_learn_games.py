"""Every game's lessons in the browser: the first two lessons of each of the five games played
through by pointing (places on the board, and the buttons of word steps: Trugo's ways round,
TRANGLAR's pieces), each step's end message shown; and, without a browser, every move a lesson
asks for can be entered by pointing at the board its step draws."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, SIZES, Pages
from tests.e2e.driver import assert_no_sideways_scroll, click_place
from tests.e2e.test_learn import BOARD, ready
from trigames.learn.lessons import GAMES, Step, lessons_for


def enter(page: Page, step: Step, played: list[str], move: str) -> None:
    """Enter ``move`` after ``played`` (the moves of the step so far) by pointing: a place of
    the board where a step names one, else the step's button; then the move's own button if
    the steps leave several moves."""
    state = step.start()
    for earlier in played:
        state.play(earlier)
    clicked: list[str] = []
    for names in state.game.input_steps(state, state.parse_move(move)):
        shown = page.evaluate(
            "([names, board]) => names.filter(n => document.querySelector("
            '`${board} [data-name="${CSS.escape(n)}"], ${board} [data-at="${CSS.escape(n)}"]`))',
            [[n for n in names if n not in clicked], BOARD],
        )
        if shown:
            click_place(page, shown[0], BOARD)
            clicked.append(shown[0])
            continue
        steps = [f"#lesson-board .choices button[data-step={json.dumps(name)}]" for name in names]
        finished = f"#lesson-board .choices button.candidate[data-move={json.dumps(move)}]"
        button = page.locator(",".join([*steps, finished])).first
        if "candidate" in str(button.get_attribute("class")):  # a word that finishes the move
            button.click()
            return
        clicked.append(str(button.get_attribute("data-step")))
        button.click()
    finish = page.locator(
        f"#lesson-board .choices button.candidate[data-move={json.dumps(move)}],"
        f"#lesson-board .choices #ghost-play[data-move={json.dumps(move)}]"
    )
    if finish.count():
        finish.first.click()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_the_first_lessons_of_every_game_play_by_pointing(
    pages: Pages, game: str, size: str
) -> None:
    page = pages.open(f"/learn/{game}#{game}-1")
    page.set_viewport_size(SIZES[size])
    for lesson in lessons_for(game)[:2]:
        expect(page.locator("#lesson-title")).to_have_text(lesson.title)
        for step in lesson.steps:
            expect(page.locator("#lesson-text")).to_have_text(step.text)
            played: list[str] = []
            state = step.start()
            learner = state.current_player
            for move in step.solution:
                if state.current_player == learner:
                    ready(page)
                    enter(page, step, played, move)
                else:  # the answer the page plays for the other side
                    expect(page.locator(f"{BOARD} svg")).to_have_attribute("data-last-move", move)
                played.append(move)
                state.play(move)
            expect(page.locator("#lesson-message")).to_have_text(step.done)
            page.click("#lesson-next")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert_no_sideways_scroll(page)
    page.screenshot(path=SCREENSHOTS / f"learn-{game}-light-{size}.png", full_page=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_move_is_on_its_board(game: str) -> None:
    for lesson in lessons_for(game):
        for step in lesson.steps:
            state = step.start()
            for move in step.solution:
                drawing = state.game.render_svg(state)
                for names in state.game.input_steps(state, state.parse_move(move)):
                    on_board = [n for n in names if f'data-name="{n}"' in drawing]
                    words = [n for n in names if " " in n or n.isalpha()]
                    assert on_board or words, f"{lesson.id}: {move}'s step {names} is nowhere"
                state.play(move)
