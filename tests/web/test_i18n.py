"""The pages' languages: the choice of a page's language (the ``lang`` cookie, then
``Accept-Language``, then English), the French catalogue complete and the template up to date
with the sources, and the pages served in the language asked for."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from babel.messages.pofile import read_po
from starlette.requests import Request

from trigames.web import i18n
from trigames.web.limits import MAX_ACCEPT_LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = i18n.LOCALE_DIR / "messages.pot"
#: A value in a message: ``{name}``.
VALUE = re.compile(r"\{\w+\}")


def ids_of(path: Path) -> set[str]:
    """The messages of a catalogue or template (its header left out)."""
    with path.open("rb") as file:
        return {str(message.id) for message in read_po(file) if message.id}


@pytest.mark.parametrize(
    ("cookie", "header", "chosen"),
    [
        (None, None, "en"),
        (None, "fr", "fr"),
        (None, "fr-CA,fr;q=0.9,en;q=0.8", "fr"),
        (None, "FR-be", "fr"),
        (None, "en;q=0.5, fr;q=0.9", "fr"),  # q-values, not the order
        (None, "en, fr", "en"),  # equal q-values: the header's order
        (None, "de-DE, fr;q=0.3, en;q=0.2", "fr"),  # German is not here: the next one
        (None, "de, es, *", "en"),
        (None, "fr;q=0, en;q=0.1", "en"),  # q=0: not wanted at all
        (None, "fr;q=nope, en;q=0.1", "en"),
        (None, ";;,,;q=", "en"),
        ("fr", "en", "fr"),  # the switch's cookie beats the header
        ("en", "fr", "en"),
        ("xx", "fr", "fr"),  # an unknown cookie counts for nothing
        ("", None, "en"),
    ],
)
def test_the_language_chosen(cookie: str | None, header: str | None, chosen: str) -> None:
    assert i18n.choose_language(cookie, header) == chosen


def test_a_long_header_is_ignored_without_being_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def unread(header: str) -> list[str]:
        raise AssertionError("a header over the limit was parsed")

    monkeypatch.setattr(i18n, "accepted", unread)
    huge = "fr;q=0.9, " * 1000  # 10 kB
    assert len(huge) > MAX_ACCEPT_LANGUAGE
    assert i18n.choose_language(None, huge) == "en"
    assert i18n.choose_language("fr", huge) == "fr"


def test_a_request_says_its_language_by_its_cookie_and_header() -> None:
    headers = [(b"accept-language", b"fr-FR,fr;q=0.9"), (b"cookie", b"lang=en; other=1")]
    request = Request({"type": "http", "headers": headers})
    assert i18n.language_of(request) == "en"
    assert i18n.language_of(Request({"type": "http", "headers": headers[:1]})) == "fr"


def test_every_message_has_its_french() -> None:
    path = i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale="fr")
    messages = [message for message in catalog if message.id]
    assert {str(message.id) for message in messages} == ids_of(TEMPLATE), "run `make messages`"
    untranslated = [message.id for message in messages if not message.string or message.fuzzy]
    assert not untranslated, f"translate these in {path}: {untranslated}"
    for message in messages:  # the same values in both
        english, french = (
            sorted(VALUE.findall(str(text))) for text in (message.id, message.string)
        )
        assert english == french, message.id
    assert i18n.translator("fr")("Log in") == "Se connecter"


def test_the_template_is_up_to_date_with_the_sources(tmp_path: Path) -> None:
    fresh = tmp_path / "messages.pot"
    command = [sys.executable, "-m", "babel.messages.frontend", "-q", "extract"]
    command += ["-F", "babel.cfg", "-o", str(fresh), "."]
    subprocess.run(command, cwd=ROOT, check=True)
    assert ids_of(fresh) == ids_of(TEMPLATE), "the messages changed: run `make messages`"


def test_no_message_hides_from_the_extraction() -> None:
    """``pybabel extract`` (on Python 3.11) does not look inside f-strings, nor at a call of
    ``translator(lang)(...)``: a message there would never be translated."""
    hidden = re.compile(r"\{_\(|translator\(\w+\)\(")
    for path in (ROOT / "src" / "trigames" / "web").glob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not hidden.search(line), f"{path.name}:{number}: {line.strip()}"


def test_the_pages_come_in_the_language_asked_for(client: httpx.Client) -> None:
    french = client.get("/learn", headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"})
    assert '<html lang="fr">' in french.text
    assert "<h1>Apprendre les jeux</h1>" in french.text
    assert '<script type="application/json" id="words">' in french.text
    english = client.get("/learn", headers={"Accept-Language": "de"})
    assert '<html lang="en">' in english.text
    assert 'id="words"' not in english.text
    chosen = client.get("/learn", headers={"Accept-Language": "fr", "Cookie": "lang=en"})
    assert "<h1>Learn the games</h1>" in chosen.text
    # the rules are still English, and say so, in a French page
    rules = client.get("/rules/trugo", headers={"Accept-Language": "fr"})
    assert '<html lang="fr">' in rules.text
    assert '<article class="rules" lang="en">' in rules.text
    assert "Apprendre Trugo sur le plateau" in rules.text
    assert "<title>Règles de Trugo" in rules.text
    missing = client.get("/rules/nothing", headers={"Accept-Language": "fr"})
    assert missing.status_code == 404
    assert "<h1>Jeu introuvable</h1>" in missing.text
    assert "Retour au salon" in missing.text
