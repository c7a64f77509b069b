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

A message about a number has a form for each of the language's plural categories (Babel's
``ngettext`` messages): ``tn("{count} move", "{count} moves", count)`` in JavaScript,
:meth:`Catalogue.ngettext` in Python. The engines' words are
:class:`~trigames.core.phrases.Phrase` s: their templates are messages too (sent to the pages
with the scripts' ones, since pages say them: ``say`` of ``words.js``), and :func:`say` puts a
phrase in a language on the server.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from babel.core import Locale, negotiate_locale
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

from trigames.core.phrases import Phrase, Value
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
    """The translated messages of one language (those marked fuzzy or left empty are not):
    ``words`` by their English, ``plurals`` the forms of each message about a number by its
    English singular, and the messages the pages say (the scripts' and the engines') as the
    JSON of the pages' data block, a plural's forms in a list."""

    lang: str
    words: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    script_words: str

    def gettext(self, text: str) -> str:
        """``text`` in this language, or as it is when it has no translation."""
        return self.words.get(text, text)

    def ngettext(self, one: str, many: str, count: int) -> str:
        """The form of a message about ``count`` things, in this language (``one`` or
        ``many`` when it has no translation).

        >>> CATALOGUES["fr"].ngettext("{count} mistake", "{count} mistakes", 0)
        '{count} erreur'
        >>> CATALOGUES["en"].ngettext("{count} mistake", "{count} mistakes", 0)
        '{count} mistakes'
        """
        forms = self.plurals.get(one)
        if forms is None:
            return one if count == 1 else many
        return forms[plural_index(self.lang, count)]


def plural_index(lang: str, count: int) -> int:
    """Which of a message's forms ``count`` takes in ``lang``: 0 for the plural category
    ``one`` of CLDR's rules, 1 for the others (the two categories of English and French; the
    pages choose by the same rules, ``Intl.PluralRules``).

    >>> plural_index("fr", 0), plural_index("fr", 2), plural_index("en", 0), plural_index("en", 1)
    (0, 1, 1, 0)
    """
    return 0 if Locale.parse(lang).plural_form(count) == "one" else 1


#: The web server's modules whose refusals are phrases (:mod:`trigames.web.errors`: an answer's
#: ``"said"``), which the pages say.
_REFUSING = (
    "account_api", "accounts", "app", "challenges", "computer", "database", "errors", "http",
    "learn_api", "limits", "live", "mail", "notices", "offers", "pictures", "players",
    "position_api", "puzzle_api", "requests", "reviews", "service", "snapshot", "turns",
    "watchers",
)  # fmt: skip
#: The web server's modules that make phrases for the pages to say (a challenge's sentence,
#: a refusal), whose messages go to the pages as the scripts' and the engines' do.
PAGE_PHRASES = (
    "src/trigames/web/player_views.py",
    *(f"src/trigames/web/{name}.py" for name in _REFUSING),
)


def _said_on_pages(locations: Sequence[tuple[str, int]]) -> bool:
    """Whether a message at ``locations`` is said by the pages: it is in a script, it is
    an engine's (the views carry the engines' phrases, which ``words.js`` translates), or one
    of :data:`PAGE_PHRASES`."""
    return any(
        path.endswith(".js") or not path.startswith("src/trigames/web/") or path in PAGE_PHRASES
        for path, _line in locations
    )


def read_catalogue(lang: str) -> Catalogue:
    """The catalogue of ``lang``, read from its ``messages.po``."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    words: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    script: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue  # the header (its id is empty), or a guess nobody checked
        if isinstance(message.id, str) and isinstance(message.string, str) and message.string:
            words[message.id] = message.string
            if _said_on_pages(message.locations):
                script[message.id] = message.string
        elif isinstance(message.id, tuple | list) and isinstance(message.string, tuple | list):
            if not all(message.string):
                continue
            forms = tuple(message.string)
            plurals[message.id[0]] = forms
            if _said_on_pages(message.locations):
                script[message.id[0]] = list(forms)
    # "<" escaped, so that no message can end the <script> element that carries them
    script_words = json.dumps(script, ensure_ascii=False).replace("<", "\\u003c")
    return Catalogue(lang, words, plurals, script_words)


#: Each language's catalogue (English's is empty: the sources' words are English).
CATALOGUES: Mapping[str, Catalogue] = {
    DEFAULT: Catalogue(DEFAULT, {}, {}, "{}"),
    **{lang: read_catalogue(lang) for lang in LANGUAGES if lang != DEFAULT},
}


def say(text: Value, lang: str) -> str:
    """``text`` in ``lang``: a :class:`~trigames.core.phrases.Phrase` from its template's
    translation and its values said in ``lang``; anything else as it is.

    >>> say(Phrase("White"), "fr"), say("Ann", "fr"), say(Phrase("White"), "en")
    ('Blanc', 'Ann', 'White')
    """
    if not isinstance(text, Phrase):
        return str(text)
    catalogue = CATALOGUES[lang]
    if text.plural is not None:
        template = catalogue.ngettext(*text.plural, int(text.values["count"]))
    else:
        template = catalogue.gettext(text.template)
    return template.format_map({name: say(value, lang) for name, value in text.values.items()})


def translator(lang: str) -> Callable[[str], str]:
    """The function that puts a message in ``lang`` (one of :data:`LANGUAGES`), called ``_``
    where it is used, so that ``pybabel extract`` finds the messages."""
    return CATALOGUES[lang].gettext


def plural_translator(lang: str) -> Callable[[str, str, int], str]:
    """The function that gives the form of a message about a number in ``lang``
    (:meth:`Catalogue.ngettext`), called ``ngettext`` where it is used, so that ``pybabel
    extract`` finds the messages; the form is then filled with ``str.format``.

    >>> ngettext = plural_translator("fr")
    >>> ngettext("{count} mistake", "{count} mistakes", 1).format(count=1)
    '1 erreur'
    """
    return CATALOGUES[lang].ngettext


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
