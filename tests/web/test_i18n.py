"""The pages' languages: the choice of a page's language (the ``lang`` cookie, then
``Accept-Language``, then English), the French catalogue complete (each form of a message about
a number too) and the template up to date with the sources, the forms chosen by the number, and
the pages served in the language asked for."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import httpx
import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from starlette.requests import Request

from trigames.learn.puzzles import PUZZLE_GAMES, puzzles_for
from trigames.web import i18n
from trigames.web.limits import MAX_ACCEPT_LANGUAGE

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = i18n.LOCALE_DIR / "messages.pot"
#: A value in a message: ``{name}``.
VALUE = re.compile(r"\{\w+\}")
#: How the data block of the pages' words opens.
WORDS_OPEN = '<script type="application/json" id="words">'


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
    untranslated = [message.id for message in messages if not translated(message)]
    assert not untranslated, f"translate these in {path}: {untranslated}"
    for message in messages:  # each French form says the values of an English one
        english = [values_of(text) for text in forms(message.id)]
        for french in forms(message.string):
            assert values_of(french) in english, (message.id, french)
    assert i18n.translator("fr")("Log in") == "Se connecter"


def forms(text: str | Sequence[str] | None) -> tuple[str, ...]:
    """A message's text (its ``msgid`` or ``msgstr``) as its forms: one, or a plural's."""
    return (text or "",) if text is None or isinstance(text, str) else tuple(text)


def values_of(text: str) -> list[str]:
    """The values a form of a message says (``{count}``...), sorted by their names."""
    return sorted(VALUE.findall(text))


def translated(message: Message) -> bool:
    """Whether a message has its French: checked (not fuzzy), each of its forms filled."""
    return not message.fuzzy and all(forms(message.string))


def test_a_plural_message_is_translated_only_with_all_its_forms() -> None:
    assert translated(Message(("{count} peg", "{count} pegs"), ("{count} pion", "{count} pions")))
    assert not translated(Message(("{count} peg", "{count} pegs"), ("{count} pion", "")))
    assert not translated(Message(("{count} peg", "{count} pegs"), ("", "")))
    assert not translated(Message("Log in", ""))


def test_a_message_about_a_number_takes_its_form_in_each_language() -> None:
    french, english = i18n.plural_translator("fr"), i18n.plural_translator("en")
    said = {
        count: (
            french("{count} mistake", "{count} mistakes", count).format(count=count),
            english("{count} mistake", "{count} mistakes", count).format(count=count),
        )
        for count in (0, 1, 2, 1_000_000)
    }
    assert said == {
        0: ("0 erreur", "0 mistakes"),
        1: ("1 erreur", "1 mistake"),
        2: ("2 erreurs", "2 mistakes"),
        1_000_000: ("1000000 erreurs", "1000000 mistakes"),
    }
    # the pages' scripts get a plural's forms as a list (words.js's tn), the others as strings
    block = i18n.words_block("fr")
    words = json.loads(block.removeprefix(WORDS_OPEN).removesuffix("</script>"))
    assert words["{count} mistake"][:2] == ["{count} erreur", "{count} erreurs"]
    assert words["{names} won in {count} move"][:2] == [
        "{names} : victoire en {count} coup",
        "{names} : victoire en {count} coups",
    ]
    assert words["Log in"] == "Se connecter"


def test_a_french_page_counts_in_french(client: httpx.Client) -> None:
    page = client.get("/puzzles", headers={"Accept-Language": "fr"}).text
    for game in PUZZLE_GAMES:
        count = len(puzzles_for(game))
        assert count > 1
        assert f"{count} problèmes" in page
    english = client.get("/puzzles", headers={"Accept-Language": "en"}).text
    assert f"{len(puzzles_for(PUZZLE_GAMES[0]))} puzzles" in english


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
    # a cache keeps a copy a language; the API's JSON is the same in every language
    assert french.headers["vary"] == english.headers["vary"] == "Accept-Language, Cookie"
    assert "vary" not in client.get("/api/games").headers
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
