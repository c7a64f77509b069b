"""The lessons pages (:func:`~trigames.web.pages.layout` around them, ``learn.js`` bringing
them to life with the study board and the API of :mod:`~trigames.web.learn_api`):

- ``/learn``: the five games, each with its lessons and the learner's progress (kept by the
  browser, and by the account when logged in).
- ``/learn/{game}``: the game's lessons, and the lesson played: its text, the board, a hint,
  the solution, the next step and the next lesson (``/learn/{game}#{id}`` opens lesson
  ``id``); 404 for a game without lessons.

>>> [route.path for route in learn_page_routes()]
['/learn', '/learn/{game}']
>>> 'href="/learn/triggle#triggle-1"' in learn_index()
True
"""

from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from trigames.games import GAMES
from trigames.learn.lessons import GAMES as TAUGHT
from trigames.learn.lessons import Lesson, lessons_for
from trigames.web import pages
from trigames.web.i18n import DEFAULT, english_mark, html_translator, language_of, translator


def short(game: str) -> str:
    """The short title of ``game``.

    >>> short("trig")
    'Trig, Trigger, Triggest'
    """
    return pages.short_title(GAMES[game].title)


def lesson_items(lessons: tuple[Lesson, ...]) -> str:
    """The lessons as list items, each a link to it with its summary and its mark (done or
    not, which ``learn.js`` sets)."""
    return "\n".join(
        f"""<li class="lesson-item" data-lesson="{lesson.id}">
<a class="lesson-link" href="/learn/{lesson.game}#{lesson.id}">{escape(lesson.title)}</a>
<span class="lesson-mark"></span>
<span class="lesson-summary muted">{escape(lesson.summary)}</span></li>"""
        for lesson in lessons
    )


#: A game's part of the lessons' index; its words are filled in by :func:`learn_index`.
LEARN_GAME = """<section class="panel learn-game" data-game="{game}" aria-labelledby="learn-{game}">
<h2 id="learn-{game}"><a href="/learn/{game}">{short}</a></h2>
<p class="muted learn-summary">{summary}</p>
<p class="learn-progress" data-game="{game}" aria-live="polite"></p>
<ol class="lesson-items"{english}>
{items}
</ol>
<p class="learn-game-links"><a class="button primary learn-start" href="/learn/{game}">{start}</a>
<a href="/rules/{game}">{rules}</a></p>
</section>"""

#: The lessons' index around the games' parts; its words are filled in by :func:`learn_index`.
LEARN_INDEX = """<h1>{heading}</h1>
<p class="learn-intro">{intro}</p>
<p id="error" class="error" role="alert" hidden></p>
<div class="learn-games" id="learn-index">
{sections}
</div>
<p class="muted small">{kept}</p>"""


def learn_index(lang: str = DEFAULT) -> str:
    """The five games, each with its summary and its lessons, in ``lang`` (the lessons stay
    English until they are translated, and say so)."""
    _ = html_translator(lang)
    english = english_mark(lang)
    sections = "\n".join(
        LEARN_GAME.format(
            game=game,
            short=escape(short(game)),
            english=english,
            summary=escape(pages.summary_sentence(GAMES[game].summary, lang)),
            items=lesson_items(lessons_for(game)),
            start=_("Start"),
            rules=_("The rules of {game}").format(game=escape(short(game))),
        )
        for game in TAUGHT
    )
    main = LEARN_INDEX.format(
        heading=_("Learn the games"),
        intro=_(
            "Short lessons on the board: each step shows a position, says what to do, and checks"
            " your move. Start with the first lesson of a game to learn its rules, then its first"
            " tactics."
        ),
        sections=sections,
        kept=_(
            "Your progress is kept by this browser, and by your account when you are logged in."
        ),
    )
    gettext = translator(lang)  # the title unescaped: the layout escapes it
    return pages.layout(gettext("Learn"), main, "learn.js", lang=lang, main_lang=lang)


#: The page of a game's lessons: the lesson played (its steps, the task, the board, what the
#: learner is told and the buttons) beside the list of lessons. The parts are placed by
#: style.css: the board beside the others on a wide screen, between the task and what the
#: learner is told on a phone. Its words are filled in by :func:`lessons_page`; ``{english}``
#: marks the lessons' own words (``learn.js`` shows them, in English until they are translated).
LESSONS = """<div class="learn-layout" id="lesson-page" data-game="{game}">
<div class="lesson-head">
<p class="lesson-crumbs"><a href="/learn">{learn}</a> &rsaquo; {short}</p>
<h1 id="lesson-title">{heading}</h1>
<ol id="lesson-steps" class="lesson-steps" aria-label="{steps}"></ol>
</div>
<p id="lesson-text" class="lesson-text" aria-live="polite"{english}>{loading}</p>
<section id="lesson-board" class="lesson-board" aria-label="{board}"></section>
<div class="lesson-talk">
<p id="error" class="error" role="alert" hidden></p>
<p id="lesson-message" class="lesson-message" role="status" aria-live="polite" hidden></p>
<div class="lesson-actions">
<button type="button" id="lesson-next" class="primary" hidden>{next}</button>
<button type="button" id="lesson-hint">{hint}</button>
<button type="button" id="lesson-solution">{solution}</button>
<button type="button" id="lesson-restart">{restart}</button>
</div>
<p id="lesson-hint-text" class="hint-text" aria-live="polite" hidden></p>
<p id="lesson-solution-text" class="solution-text" aria-live="polite" hidden></p>
</div>
<nav class="lesson-nav" aria-labelledby="lessons-heading">
<h2 id="lessons-heading">{heading}</h2>
<p class="learn-progress" data-game="{game}" aria-live="polite"></p>
<ol class="lesson-items" id="lesson-items"{english}>
{items}
</ol>
<p><a href="/rules/{game}">{rules}</a> · <a href="/learn">{all_games}</a></p>
</nav>
</div>"""


def lessons_page(game: str, lang: str = DEFAULT) -> str:
    """The lessons of ``game`` (one of :data:`~trigames.learn.lessons.GAMES`) in ``lang`` (the
    lessons themselves stay English until they are translated, and say so).

    >>> page = lessons_page("trugo", "fr")
    >>> '<h1 id="lesson-title">Leçons de Trugo</h1>' in page, "<main>" in page
    (True, True)
    >>> '<ol class="lesson-items" id="lesson-items" lang="en">' in page
    True
    """
    _ = html_translator(lang)
    title = escape(short(game))
    main = LESSONS.format(
        game=game,
        short=title,
        english=english_mark(lang),
        items=lesson_items(lessons_for(game)),
        learn=_("Learn"),
        heading=_("{game} lessons").format(game=title),
        steps=_("Steps"),
        loading=_("Loading…"),
        board=_("Board"),
        next=_("Next step"),
        hint=_("Hint"),
        solution=_("Show the solution"),
        restart=_("Start the step again"),
        rules=_("The rules of {game}").format(game=title),
        all_games=_("All the games"),
    )
    gettext = translator(lang)  # the title unescaped: the layout escapes it
    page_title = gettext("{game} lessons").format(game=short(game))
    return pages.layout(page_title, main, "learn.js", lang=lang, main_lang=lang)


def rules_link(game: str, lang: str = DEFAULT) -> str:
    """The line atop a game's rules that leads to its lessons, in ``lang``.

    >>> rules_link("trugo").startswith('<p class="rules-learn"><a href="/learn/trugo">Learn Trugo')
    True
    >>> "Apprendre Trugo sur le plateau" in rules_link("trugo", "fr")
    True
    """
    _ = html_translator(lang)
    words = _("Learn {game} on the board: lessons, step by step").format(game=escape(short(game)))
    return f'<p class="rules-learn"><a href="/learn/{game}">{words}</a></p>'


async def index(request: Request) -> Response:
    return HTMLResponse(learn_index(language_of(request)))


async def game_lessons(request: Request) -> Response:
    game, lang = request.path_params["game"], language_of(request)
    if game not in TAUGHT:
        _ = translator(lang)
        message = _("there are no lessons of {game}; the games are {games}").format(
            game=repr(game[:40]), games=", ".join(TAUGHT)
        )
        return HTMLResponse(pages.not_found(_("No such game"), message, lang), status_code=404)
    return HTMLResponse(lessons_page(game, lang))


def learn_page_routes() -> list[BaseRoute]:
    return [Route("/learn", index), Route("/learn/{game}", game_lessons)]
