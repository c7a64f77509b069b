"""The languages of the pages: English (the sources' own words) and French, one chosen per
request.

A page is in the language of the ``lang`` cookie (which the header's switch sets,
``static/language.js``), else the best one of the request's ``Accept-Language`` that the site
has (matched by Babel; a header longer than :data:`~trigames.web.limits.MAX_ACCEPT_LANGUAGE` is
ignored), else English.

The words are in gettext message catalogues, ``locale/LANG/LC_MESSAGES/messages.po``, made
and kept with pybabel (``make messages``; docs/developing.md, "Languages") and read once, at
import. Python translates with ``_ = translator(lang)``, then ``_("Log in")``; a message with
values says them ``{name}`` and is filled with ``str.format``. JavaScript translates with
``t("Log in")`` of ``static/words.js``, which reads the messages of the JavaScript sources
from the page's data block (:func:`words_block`). English needs no catalogue.

>>> choose_language(None, "fr-CH, fr;q=0.9, en;q=0.8")
'fr'
>>> choose_language("en", "fr")
'en'
>>> translator("fr")("Log in")
'Se connecter'
>>> translator("en")("Log in")
'Log in'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path

from babel.core import negotiate_locale
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

from trigames.web.limits import MAX_ACCEPT_LANGUAGE

#: The languages of the pages, each with its own name for itself (the switch shows these).
LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français"}
#: The language of the sources, and of a request that says nothing the site has.
DEFAULT = "en"
#: The cookie of the language chosen with the header's switch.
LANG_COOKIE = "lang"
#: Where the catalogues are: ``locale/LANG/LC_MESSAGES/messages.po``.
LOCALE_DIR = Path(__file__).with_name("locale")


@dataclass(frozen=True)
class Catalogue:
    """The translated messages of one language (those marked fuzzy or left empty are not),
    and those of the JavaScript sources as the JSON of the pages' data block."""

    words: Mapping[str, str]
    script_words: str

    def gettext(self, text: str) -> str:
        """``text`` in this language, or as it is when it has no translation."""
        return self.words.get(text, text)


def read_catalogue(lang: str) -> Catalogue:
    """The catalogue of ``lang``, read from its ``messages.po``."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    words: dict[str, str] = {}
    script: dict[str, str] = {}
    for message in catalog:
        if not (isinstance(message.id, str) and isinstance(message.string, str)):
            continue  # the header (its id is empty) and plural forms, which no message uses yet
        if not message.id or not message.string or message.fuzzy:
            continue
        words[message.id] = message.string
        if any(path.endswith(".js") for path, _line in message.locations):
            script[message.id] = message.string
    # "<" escaped, so that no message can end the <script> element that carries them
    return Catalogue(words, json.dumps(script, ensure_ascii=False).replace("<", "\\u003c"))


#: Each language's catalogue (English's is empty: the sources' words are English).
CATALOGUES: Mapping[str, Catalogue] = {
    DEFAULT: Catalogue({}, "{}"),
    **{lang: read_catalogue(lang) for lang in LANGUAGES if lang != DEFAULT},
}


def translator(lang: str) -> Callable[[str], str]:
    """The function that puts a message in ``lang`` (one of :data:`LANGUAGES`), called ``_``
    where it is used, so that ``pybabel extract`` finds the messages."""
    return CATALOGUES[lang].gettext


def html_translator(lang: str) -> Callable[[str], str]:
    """:func:`translator`, its messages escaped for HTML (text or a quoted attribute's value).

    >>> html_translator("en")('Say "hello" & go')
    'Say &quot;hello&quot; &amp; go'
    """
    gettext = translator(lang)
    return lambda text: escape(gettext(text))


def english_mark(lang: str) -> str:
    """The attribute that marks an element whose text stays English (rules, lessons, the
    engines' words) on a page in ``lang``: none on an English page.

    >>> english_mark("fr"), english_mark("en")
    (' lang="en"', '')
    """
    return "" if lang == DEFAULT else f' lang="{DEFAULT}"'


def words_block(lang: str) -> str:
    """The data block with the JavaScript sources' messages in ``lang``, for ``words.js``: a
    ``<script>`` of JSON, which the pages' Content-Security-Policy lets be (it runs nothing);
    none for English.

    >>> words_block("en")
    ''
    >>> words_block("fr").startswith('<script type="application/json" id="words">{')
    True
    """
    if lang == DEFAULT:
        return ""
    return f'<script type="application/json" id="words">{CATALOGUES[lang].script_words}</script>'


def accepted(header: str) -> list[str]:
    """The language tags of an ``Accept-Language`` header, the most wanted first (by their
    ``q``, then in the header's order); those with ``q=0``, a ``q`` that is no number, and
    ``*`` are left out.

    >>> accepted("de;q=0.5, fr-CA, en;q=0.8, *;q=0.1, es;q=0, it;q=x")
    ['fr-CA', 'en', 'de']
    """
    weighted: list[tuple[float, str]] = []
    for part in header.split(","):
        tag, _, parameters = part.partition(";")
        tag, weight = tag.strip(), 1.0
        name, _, value = parameters.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                continue
        if tag and tag != "*" and weight > 0:
            weighted.append((weight, tag))
    weighted.sort(key=lambda pair: -pair[0])  # stable: equal weights keep the header's order
    return [tag for _weight, tag in weighted]


def choose_language(cookie: str | None, header: str | None) -> str:
    """The language of a page asked for with the ``lang`` cookie ``cookie`` and the
    ``Accept-Language`` header ``header``: the cookie's when it is one of :data:`LANGUAGES`,
    else the best of the header's that is one (``fr-BE`` is French), else English.

    >>> choose_language("fr", None), choose_language("xx", "fr;q=0.2, de")
    ('fr', 'fr')
    >>> choose_language(None, "de")
    'en'
    >>> choose_language(None, "fr," * 1000)
    'en'
    """
    if cookie is not None and cookie in LANGUAGES:
        return cookie
    if header is None or len(header) > MAX_ACCEPT_LANGUAGE:
        return DEFAULT
    found = negotiate_locale(accepted(header), list(LANGUAGES), sep="-")
    return found.lower() if found is not None and found.lower() in LANGUAGES else DEFAULT


def language_of(request: HTTPConnection) -> str:
    """The language of the page ``request`` asks for (:func:`choose_language`)."""
    return choose_language(request.cookies.get(LANG_COOKIE), request.headers.get("accept-language"))
