"""The pages' language: French for a browser that asks for it (``Accept-Language``), the
header's switch that changes it and keeps it across pages, the account dialog (``account.js``)
in French; and screenshots of the lessons' index in French (``lang-fr-learn-*``)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Pages, shoot


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
    # a rules page stays English until it is translated, and says so
    page.goto("/rules/trig")
    expect(page.locator("main")).to_have_attribute("lang", "en")
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
