"""The pages' language: French for a browser that asks for it (``Accept-Language``), the
header's switch that changes it and keeps it across pages, the account dialog (``account.js``)
in French; a lesson and a puzzle in French around their English content; the lobby in French,
whose card still starts a game in one click (``lang-fr-lobby-*``); the game page in French,
its move announced and its result said in French (``lang-fr-game-*``); and screenshots of
the lessons' index, a lesson and a puzzle in French (``lang-fr-learn-*``, ``lang-fr-lesson-*``,
``lang-fr-puzzle-*``)."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.conftest import SCREENSHOTS, SIZES, Pages, shoot
from tests.e2e.driver import click_place, open_more_options
from tests.e2e.test_learn import enter, ready, wrong_move
from tests.e2e.test_puzzles import a_puzzle, enter_move
from tests.e2e.test_puzzles import ready as ready_to_solve
from tests.e2e.test_puzzles import wrong_move as wrong_puzzle_move
from tests.e2e.test_review import finished_game, open_review
from tests.web.conftest import Server
from tests.web.helpers import create, play, token
from trigames.learn.lessons import find_lesson


def open_in_french(pages: Pages, path: str) -> Page:
    """``path`` in a browser whose language is French (it says so in ``Accept-Language``)."""
    context = pages.browser.new_context(base_url=pages.server.url, locale="fr-FR")
    context.set_default_timeout(15_000)
    pages.contexts.append(context)
    return pages.open(path, context)


def test_a_french_browser_gets_french_pages(pages: Pages) -> None:
    page = open_in_french(pages, "/learn")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("header.site .players-nav a").first).to_have_text("Apprendre")
    expect(page.locator("h1")).to_have_text("Apprendre les jeux")
    expect(page.locator("#language-choice")).to_have_value("fr")
    expect(page.get_by_label("Langue")).to_have_value("fr")
    # the scripts' words too (learn.js), and the lessons themselves stay English, saying so
    expect(page.locator(".learn-start").first).to_have_text("Commencer")
    expect(page.locator(".learn-progress").first).to_contain_text("leçons")
    expect(page.locator(".lesson-items").first).to_have_attribute("lang", "en")


def test_the_switch_changes_the_language_and_keeps_it(pages: Pages) -> None:
    page = pages.open("/learn")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_label("Language")).to_have_value("en")
    page.select_option("#language-choice", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("h1")).to_have_text("Apprendre les jeux")
    cookie = next(c for c in page.context.cookies() if c["name"] == "lang")
    assert (cookie["value"], cookie["sameSite"]) == ("fr", "Lax")
    for path in ("/puzzles", "/rules/trig", "/"):
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("header.site .players-nav a").nth(1)).to_have_text("Problèmes")
    # a rules page's frame is French, the rules stay English until translated, and say so
    page.goto("/rules/trig")
    expect(page.locator(".rules-learn")).to_contain_text("sur le plateau : leçons pas à pas")
    expect(page.locator("article.rules")).to_have_attribute("lang", "en")
    page.select_option("#language-choice", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("header.site .players-nav a").nth(1)).to_have_text("Puzzles")


def test_the_account_dialog_speaks_french(pages: Pages) -> None:
    page = open_in_french(pages, "/learn")
    bar = page.locator("#account-bar")
    expect(bar.locator('[data-account="signup"]')).to_have_text("Créer un compte")
    bar.locator('[data-account="login"]').click()
    dialog = page.locator("#account-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#account-dialog-title")).to_have_text("Se connecter")
    expect(dialog.get_by_label("Mot de passe")).to_be_visible()
    expect(dialog.locator("#account-switch")).to_have_text("Pas encore de compte ? Créez-en un")
    dialog.locator("#account-switch").click()
    expect(dialog.locator("#account-dialog-title")).to_have_text("Créer un compte")
    expect(dialog.locator("#account-submit")).to_have_text("Créer un compte")
    expect(dialog.locator("#account-rules")).to_contain_text("un mot de passe d\u2019au moins 8")
    expect(dialog.locator("#account-switch")).to_have_text("J\u2019ai un compte : me connecter")
    dialog.get_by_role("button", name="Annuler").click()
    expect(dialog).to_be_hidden()


def test_screenshots_of_the_lessons_index_in_french(pages: Pages) -> None:
    page = pages.open("/learn")
    page.select_option("#language-choice", "fr")  # the cookie goes to the dark one too
    expect(page.locator("h1")).to_have_text("Apprendre les jeux")
    shoot(pages, page, "lang-fr-learn")


def keep_french(pages: Pages, page: Page) -> None:
    """Give ``page``'s browser the switch's cookie for French, so that the dark screenshots of
    :func:`~tests.e2e.conftest.shoot` (a context without ``Accept-Language``) are French too."""
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": pages.server.url}])


def test_a_lesson_page_in_french_keeps_the_lesson_english(pages: Pages) -> None:
    page = open_in_french(pages, "/learn/triggle#triggle-2")
    lesson = find_lesson("triggle-2")
    expect(page.locator(".lesson-crumbs a")).to_have_text("Apprendre")
    expect(page.locator("#lessons-heading")).to_have_text("Leçons de Triggle")
    expect(page.locator("#lesson-hint")).to_have_text("Indice")
    expect(page.locator("#lesson-solution")).to_have_text("Voir la solution")
    expect(page.locator("#lesson-restart")).to_have_text("Recommencer l\u2019étape")
    # the lesson's own words are English, and say so
    expect(page.locator("#lesson-title")).to_have_text(lesson.title)
    expect(page.locator("#lesson-title")).to_have_attribute("lang", "en")
    expect(page.locator("#lesson-text")).to_have_attribute("lang", "en")
    expect(page.locator("#lesson-items")).to_have_attribute("lang", "en")
    expect(page.locator("#lesson-steps")).to_have_attribute(
        "aria-label", f"Étape 1 sur {len(lesson.steps)}"
    )
    # a wrong move: the server's reason and the advice in French; the hint, the lesson's, English
    ready(page)
    wrong = wrong_move("triggle-2", 0)
    enter(page, "triggle-2", 0, wrong)
    message = page.locator("#lesson-message")
    expect(message).to_contain_text("Essayez un autre coup, ou demandez un indice.")
    expect(message).to_contain_text(f"{wrong} est permis, mais ")
    expect(message.locator('[lang="en"]')).to_have_count(0)
    ready(page)
    expect(page.locator(".study-guide")).to_contain_text("À vous (")
    page.click("#lesson-hint")
    hint = page.locator("#lesson-hint-text")
    expect(hint).to_have_text(f"Indice : {lesson.steps[0].hint}")
    expect(hint.locator('span[lang="en"]')).to_have_text(lesson.steps[0].hint)
    page.click("#lesson-solution")
    expect(page.locator("#lesson-solution-text")).to_contain_text("est marqué sur le plateau")
    keep_french(pages, page)
    shoot(pages, page, "lang-fr-lesson")


def test_a_puzzle_page_in_french_keeps_the_puzzle_english(pages: Pages) -> None:
    puzzle = a_puzzle("triggle")
    page = open_in_french(pages, f"/puzzles/p/{puzzle.id}")
    expect(page.locator("#puzzle-title")).to_have_text("Problème de Triggle")
    expect(page.locator("#puzzle-prompt")).to_contain_text("Trouvez le meilleur coup pour ")
    expect(page.locator(".puzzle-facts dt").first).to_have_text("Votre classement")
    expect(page.locator("#puzzle-themes")).to_have_attribute("lang", "en")
    expect(page.locator("#puzzle-themes .tag")).to_have_count(len(puzzle.themes))
    # a wrong move fails it: the server's reason in French too
    ready_to_solve(page, 0)
    wrong = wrong_puzzle_move(puzzle)
    enter_move(page, puzzle.position(), wrong)
    expect(page.locator("#puzzle-page")).to_have_attribute("data-state", "failed")
    expect(page.locator("#puzzle-result-headline")).to_have_text("Manqué")
    result = page.locator("#puzzle-result-text")
    expect(result).to_contain_text("Votre classement : 1500? → ")
    expect(result).to_contain_text(f"{wrong} n\u2019est pas le meilleur coup ici : ce coup ")
    expect(result.locator('[lang="en"]')).to_have_count(0)
    expect(page.locator("#solution-heading")).to_have_text("Solution")
    expect(page.locator("#solution-back")).to_have_text("◀ Précédent")
    root = page.locator("#puzzle-page")
    expect(root).to_have_attribute("data-solution-shown", str(puzzle.depth), timeout=30_000)
    expect(page.locator(".study-guide")).to_contain_text(f"La solution, coup {puzzle.depth} sur")
    keep_french(pages, page)
    shoot(pages, page, "lang-fr-puzzle")
    page.goto("/puzzles")
    rating = page.locator('.puzzle-game-rating[data-game="triggle"]')
    expect(rating).to_contain_text("Votre classement : 1")
    expect(rating).to_contain_text(" · essayés : 1")


def test_a_review_in_french(pages: Pages, server: Server) -> None:
    created = finished_game(server, "triggle(size=4)", 10, seed=3)
    page = open_in_french(pages, "/")
    open_review(page, created["id"])
    summary = page.locator("#review-summary")
    expect(summary).to_contain_text("Analysée au niveau easy, ")
    # each count with its form: "1 erreur", "0 gaffe", "3 imprécisions", "10 coups"
    counts = re.findall(r"(\d+) (coup|gaffe|erreur|imprécision)(s?)\b", summary.inner_text())
    assert len(counts) == 4, summary.inner_text()
    assert all((int(count) > 1) == (plural == "s") for count, _word, plural in counts), counts
    expect(page.locator(".review-legend")).to_contain_text("Chances de gain de P1 (")
    page.locator("#review-graph svg").click(position={"x": 2, "y": 60})
    expect(page.locator("#review-here")).to_contain_text("Coup 1 : P1 a joué ")
    expect(page.locator("#review-here")).to_contain_text(" %.")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "lang-fr-review-light-desktop.png", full_page=True)


def french_game_against_the_computer(pages: Pages) -> Page:
    """A game of Trig, Ann against the computer Robo, open at Ann's seat in a French browser
    (which also holds the ``lang`` cookie, so that :func:`shoot`'s dark page is French too)."""
    page = open_in_french(pages, "/learn")
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": pages.server.url}])
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "random", "name": "Robo"}]
    answer = page.request.post("/api/games", data={"game": "trig", "seats": seats})
    assert answer.ok, answer.text()
    created = answer.json()
    page.goto(f"/games/{created['id']}?token={created['seats'][0]['token']}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    return page


def test_the_game_page_speaks_french(pages: Pages) -> None:
    page = french_game_against_the_computer(pages)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("main")).not_to_have_attribute("lang", "en")
    expect(page.locator(".skip-link")).to_have_text("Aller au plateau")
    for button, text in (
        ("#resign", "Abandonner"),
        ("#hint", "Indice"),
        ("#offer-draw", "Proposer la nulle"),
        ("#new-game", "Nouvelle partie"),
    ):
        expect(page.locator(button)).to_have_text(text)
    expect(page.locator("#seats .you-badge")).to_have_text("vous")
    expect(page.locator("#seats")).to_contain_text("ordinateur : hasard")
    expect(page.locator("#last-move")).to_have_text("Aucun coup pour l\u2019instant.")
    # the turn line is French, the game's own guide (the engine's phrase) too, said for a mouse
    turn = page.locator("#turn")
    expect(turn).to_have_text("À vous de jouer : cliquez sur une case pour y poser un pion.")
    expect(turn.locator('[lang="en"]')).to_have_count(0)
    expect(page.locator("#status")).to_have_text("Pions : Blanc 0, Noir 0")
    expect(page.locator("#status")).not_to_have_attribute("lang", "en")
    expect(page.locator("#seats")).to_contain_text("Blanc")
    # the move bar: a move pointed at, confirmed with its button, announced in French
    page.get_by_label("Confirmer chaque coup").check()
    place = page.evaluate("document.querySelector('#board .target').dataset.name")
    click_place(page, place)
    expect(page.locator("#confirm-move")).to_have_text(f"Jouer {place}")
    expect(page.locator("#cancel-input")).to_have_text("Annuler (Échap)")
    expect(turn).to_contain_text(f"vérifiez le coup montré, puis jouez-le ({place}) ou annulez")
    page.click("#confirm-move")
    announcer = page.locator("#announcer")
    expect(announcer).to_contain_text(f"Ann a joué {place}")
    expect(announcer).to_contain_text("Robo a joué")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    expect(page.locator("#last-move")).to_have_text(re.compile(r"^Noir [A-M]\d+"))
    expect(page.locator("#last-move")).not_to_have_attribute("lang", "en")
    expect(page.locator("#status")).to_have_text("Pions : Blanc 1, Noir 1")
    shoot(pages, page, "lang-fr-game")
    # a hint: why the move is worth playing, said from its phrase (why_said), not marked English
    page.click("#hint")
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Indice : ", timeout=30_000)
    expect(hint.locator('[lang="en"]')).to_have_count(0)
    # a finished game: its result sentence, in the turn line, the result panel and the news
    page.click("#resign")
    expect(page.locator("#resign-confirm")).to_contain_text("Abandonner cette partie ?")
    page.get_by_role("button", name="Oui, abandonner").click()
    expect(page.locator("#result-headline")).to_have_text("Ann a abandonné : Robo gagne")
    expect(turn).to_have_text("Partie finie. Ann a abandonné : Robo gagne.")
    expect(page.locator("#rematch")).to_have_text("Revanche")
    expect(page.locator("#moves li .move-link").last).to_have_text("Ann (Blanc) abandonne")
    expect(page.locator("#last-move")).to_have_text("Blanc abandonne")
    expect(announcer).to_contain_text("Ann a abandonné : Robo gagne")
    shoot(pages, page, "lang-fr-game-over")


def test_the_words_drawn_on_a_board_are_french(pages: Pages) -> None:
    page = open_in_french(pages, "/learn")
    for game, words in (
        ("tricolor", ["À jouer :", "orange"]),
        ("tranglar", ["Réserve de Pétrole", "Réserve de Vert", "À poser :"]),
    ):
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        answer = page.request.post("/api/games", data={"game": game, "seats": seats})
        assert answer.ok, answer.text()
        page.goto(f"/games/{answer.json()['id']}")
        drawn = page.locator("#board [data-said]")
        expect(drawn).to_have_text(words)
        expect(page.locator("#status")).not_to_contain_text("Score:")
    shoot(pages, page, "lang-fr-tranglar")


def test_a_games_buttons_are_french(pages: Pages) -> None:
    page = open_in_french(pages, "/learn")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "easy"}]
    answer = page.request.post("/api/games", data={"game": "trugo", "seats": seats})
    assert answer.ok, answer.text()
    created = answer.json()
    page.goto(f"/games/{created['id']}?token={created['seats'][0]['token']}")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    click_place(page, page.evaluate("document.querySelector('#board .target').dataset.name"))
    # the ways round of the tile: the engine's words, in French (the step itself is notation)
    steps = page.locator("#choices button.step")
    ways = ["est", "nord-ouest", "sud-ouest"]
    expect(steps).to_have_text([f"calotte claire côté {way}" for way in ways])
    expect(steps.first).to_have_attribute("data-step", "light cap east")
    guide = "À vous de jouer : choisissez un des boutons ci-dessous."
    expect(page.locator("#turn")).to_have_text(guide)


def test_the_lobby_speaks_french_and_one_click_still_starts_a_game(pages: Pages) -> None:
    with httpx.Client(base_url=pages.server.url) as client:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
        moved = create(client, seats, "trig")
        play(client, moved["id"], token(moved, 0), "G6")
        computer = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "random"}], "trig")
        play(client, computer["id"], token(computer, 0), "G6")
    recent = f'#games a[href="/games/{moved["id"]}"]'
    against = f'#games a[href="/games/{computer["id"]}"]'
    english = pages.open("/")
    expect(english.locator(recent)).to_have_text("Trig · Ann against Bob · move 1")
    expect(english.locator(against)).to_contain_text("Trig · Ann against Computer: random · ")
    trugo_summary = "Lay two-coloured hexagon tiles, then move and capture pieces on them."
    expect(english.locator('.game-card[data-game="trugo"] .card-summary')).to_have_text(
        trugo_summary
    )
    open_more_options(english)
    expect(english.locator("#game-summary")).to_have_text(
        "stretch bands over pegs; close triangles to claim them"
    )
    expect(english.locator("#option-controls .option-about").first).to_have_text(
        "pegs on each side of the hexagonal board (an integer from 3 to 8; default 4)"
    )
    expect(english.locator("#seat-rows .seat-colour").first).to_have_text("Blue")
    expect(english.locator("#seat-kind-1 option:checked")).to_have_text("Computer: medium")
    page = open_in_french(pages, "/")
    expect(page.locator("main")).not_to_have_attribute("lang", "en")
    expect(page.locator(".lobby-learn")).to_contain_text("cinq jeux de stratégie abstraits")
    trugo = page.locator('.game-card[data-game="trugo"]')
    expect(trugo.locator(".play-computer")).to_have_text("Jouer contre l\u2019ordinateur")
    expect(trugo.locator("img")).to_have_attribute("alt", "Le plateau de Trugo au départ")
    # the games' summaries, the engines' words, in French too
    expect(trugo.locator(".card-summary")).to_have_text(
        "Posez des tuiles hexagonales bicolores, puis déplacez et capturez des pièces dessus."
    )
    expect(trugo.locator(".card-summary")).not_to_have_attribute("lang", "en")
    expect(page.locator("#more-options > summary")).to_contain_text("Plus d\u2019options")
    expect(page.locator(recent)).to_have_text("Trig · Ann contre Bob · coup 1")
    # a computer's own name ("Computer: random", as the server keeps it) with its level in French
    expect(page.locator(against)).to_contain_text("Trig · Ann contre Ordinateur : hasard · ")
    # the scripts' words (lobby.js) behind "More options": the game's summary, its options'
    # help, the seats' colours and menus
    open_more_options(page)
    expect(page.locator("#game-summary")).to_have_text(
        "tendez des élastiques entre les picots ; fermez des triangles pour les prendre"
    )
    about = page.locator("#option-controls .option-about")
    expect(about.first).to_have_text(
        "picots sur chaque côté du plateau hexagonal (un nombre entier de 3 à 8 ; par défaut : 4)"
    )
    expect(about.nth(3)).to_contain_text("(vrai ou faux ; par défaut : vrai)")
    expect(page.locator("#seat-rows .seat-colour").first).to_have_text("Bleu")
    expect(page.locator("#seat-name-1")).to_have_attribute("placeholder", "Jaune")
    expect(page.locator("#seat-kind-1 option:checked")).to_have_text("Ordinateur : moyen")
    expect(page.locator('#seat-kind-1 option[value="easy"]')).to_have_text("Ordinateur : facile")
    expect(page.get_by_label("Qui joue à la place 0")).to_be_visible()
    page.set_viewport_size(SIZES["phone"])
    trugo.locator(".play-computer").click()
    page.wait_for_url("**/games/**")
    expect(page.locator("body")).to_have_attribute("data-my-turn", "true")
    assert page.locator("#board svg").get_attribute("data-game") == "trugo"


def test_screenshots_of_the_lobby_in_french(pages: Pages) -> None:
    page = pages.open("/")
    page.select_option("#language-choice", "fr")  # the cookie goes to the dark one too
    expect(page.locator("h1")).to_have_text("Jouer une partie")
    shoot(pages, page, "lang-fr-lobby")
    open_more_options(page)  # the full form's longer French labels fit too
    shoot(pages, page, "lang-fr-lobby-more-options", open_more_options)
