"""A refusal of the server on a French page is French: the page says the answer's phrase
(``"said"``) with the page's words."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import Pages
from tests.e2e.test_language import open_in_french


def test_a_wrong_login_is_refused_in_french(pages: Pages) -> None:
    page = open_in_french(pages, "/learn")
    page.locator('#account-bar button[data-account="login"]').click()
    expect(page.locator("#account-dialog-title")).to_have_text("Se connecter")
    page.fill("#account-name", "nobody_here")
    page.fill("#account-password", "not the password")
    page.click("#account-submit")
    expect(page.locator("#account-error")).to_have_text("Erreur : nom ou mot de passe incorrect")
