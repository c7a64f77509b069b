"""The lessons pages in a real browser: a lesson played by clicking on the study board, a wrong
move refused with its reason, the hint, the solution, progress kept after a reload and merged
into an account, the newcomer's notice in the lobby; and screenshots of the pages."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Pages, shoot
from tests.e2e.driver import click_place, open_more_options
from trigames.learn.lessons import GAMES, check_move, find_lesson, lessons_for

BOARD = ".study-surface"


def ready(page: Page) -> None:
    """Wait until the board takes the learner's move."""
    expect(page.locator("#lesson-board")).to_have_attribute("data-moving", "true")


def enter(page: Page, lesson: str, step: int, move: str) -> None:
    """Enter ``move`` of step ``step`` (from 0) of ``lesson`` by clicking its places, as the
    move's input steps name them."""
    state = find_lesson(lesson).steps[step].start()
    clicked: list[str] = []
    for names in state.game.input_steps(state, state.parse_move(move)):
        name = next(name for name in names if name not in clicked)
        click_place(page, name, BOARD)
        clicked.append(name)


def wrong_move(lesson: str, step: int) -> str:
    """A legal move of the step's start that its goal refuses."""
    found = find_lesson(lesson).steps[step]
    state = found.start()
    for move in state.legal_moves():
        verdict = check_move(found, [], str(move))
        if not verdict.ok and "is legal, but" in verdict.message:
            return str(move)
    raise AssertionError(f"every legal move meets step {step} of {lesson}")


def help_after_a_wrong_move(page: Page) -> None:
    """In the first step of triggle-2: a wrong move, refused with its reason; then the hint
    and the solution, marked on the board."""
    ready(page)
    wrong = wrong_move("triggle-2", 0)
    enter(page, "triggle-2", 0, wrong)
    message = page.locator("#lesson-message")
    expect(message).to_have_class("lesson-message bad")
    expect(message).to_contain_text(f"{wrong} is legal, but")
    ready(page)
    step = find_lesson("triggle-2").steps[0]
    page.click("#lesson-hint")
    expect(page.locator("#lesson-hint-text")).to_have_text(f"Hint: {step.hint}")
    page.click("#lesson-solution")
    expect(page.locator("#lesson-solution-text")).to_contain_text(step.solution[0])
    expect(page.locator(f"{BOARD} .hint").first).to_be_visible()


def test_a_lesson_is_played_by_clicking_and_kept_after_a_reload(pages: Pages) -> None:
    page = pages.open("/learn")
    for game in GAMES:
        expect(page.locator(f'.learn-game[data-game="{game}"] .lesson-item')).to_have_count(
            len(lessons_for(game))
        )
    expect(page.locator(".learn-progress").first).to_have_text(
        f"{len(lessons_for(GAMES[0]))} lessons"
    )
    page.click('.learn-game[data-game="triggle"] .learn-start')
    page.wait_for_url("**/learn/triggle#triggle-1")
    lesson = find_lesson("triggle-1")
    expect(page.locator("#lesson-title")).to_have_text(lesson.title)
    for number, step in enumerate(lesson.steps):
        expect(page.locator("#lesson-text")).to_have_text(step.text)
        ready(page)
        enter(page, lesson.id, number, step.solution[0])
        expect(page.locator("#lesson-message")).to_have_text(step.done)
        expect(page.locator("#lesson-message")).to_have_class("lesson-message done")
        expect(page.locator("#lesson-steps li.done")).to_have_count(number + 1)
        page.click("#lesson-next")
    # the next lesson: a wrong move is refused with its reason, then the hint and the solution
    expect(page.locator("#lesson-title")).to_have_text(find_lesson("triggle-2").title)
    help_after_a_wrong_move(page)
    shoot(pages, page, "learn-lesson", help_after_a_wrong_move)
    step = find_lesson("triggle-2").steps[0]
    enter(page, "triggle-2", 0, step.solution[0])
    expect(page.locator("#lesson-message")).to_have_text(step.done)
    # the first lesson is done: this browser keeps it
    page.goto("/learn")
    done = page.locator('.lesson-item[data-lesson="triggle-1"]')
    expect(done).to_have_class("lesson-item done")
    expect(done.locator(".lesson-mark")).to_have_text("✓ done")
    expect(page.locator('.learn-progress[data-game="triggle"]')).to_contain_text("1 of")
    expect(page.locator('.learn-game[data-game="triggle"] .learn-start')).to_have_text("Go on")
    shoot(pages, page, "learn-index")
    # signing up keeps it with the account too
    page.click('#account-bar [data-account="signup"]')
    page.fill("#account-name", "Pupil_learn")
    page.fill("#account-password", "correct horse battery")
    page.click("#account-submit")
    expect(page.locator("#account-bar .account-name")).to_have_text("Pupil_learn")
    kept = page.request.get("/api/account/lessons").json()
    assert kept == {"finished": ["triggle-1"]}


def test_a_step_with_answers_plays_them_on_the_board(pages: Pages) -> None:
    page = pages.open("/learn/triggle#triggle-5")
    lesson = find_lesson("triggle-5")
    step = lesson.steps[0]
    ready(page)
    enter(page, lesson.id, 0, step.solution[0])
    last = page.locator("#lesson-board svg")
    expect(page.locator("#lesson-message")).to_contain_text(f"answers {step.solution[1]}")
    ready(page)  # the answer is on the board: the learner's turn again
    assert last.get_attribute("data-last-move") == step.solution[1]
    # the learner may take the other way: it is judged from where the board is
    page.click("#lesson-restart")
    expect(page.locator("#lesson-message")).to_be_hidden()
    ready(page)


def test_a_newcomer_is_offered_the_first_lesson_in_the_lobby(pages: Pages) -> None:
    page = pages.open("/")
    open_more_options(page)
    offer = page.locator("#lesson-offer")
    expect(offer).to_contain_text("New to Triggle?")
    expect(page.locator("#lesson-offer-link")).to_have_attribute("href", "/learn/triggle#triggle-1")
    page.click("#lesson-offer-dismiss")
    expect(offer).to_be_hidden()
    page.select_option("#game", "trugo")
    expect(offer).to_contain_text("New to Trugo?")
    page.click("#lesson-offer-link")
    page.wait_for_url("**/learn/trugo#trugo-1")
    expect(page.locator("#lesson-title")).to_have_text(find_lesson("trugo-1").title)
    page.goto("/")
    expect(page.locator(".lobby-learn a")).to_have_attribute("href", "/learn")
    open_more_options(page)
    expect(page.locator("#game")).to_have_value("triggle")
    expect(offer).to_be_hidden()  # Triggle's notice was put away


def test_the_rules_lead_to_the_lessons(pages: Pages) -> None:
    page = pages.open("/rules/tricolor")
    page.click(".rules-learn a")
    page.wait_for_url("**/learn/tricolor")
    expect(page.locator("#lesson-title")).to_have_text(find_lesson("tricolor-1").title)
    expect(page.locator('header.site a[href="/learn"]')).to_have_text("Learn")
