"""The puzzle pages (:func:`~trigames.web.pages.layout` around them, ``puzzles.js`` bringing
them to life with the study board and the API of :mod:`~trigames.web.puzzle_api`):

- ``/puzzles``: the games, with how many puzzles each has and the solver's rating in each (kept
  by the browser).
- ``/puzzles/{game}``: the game's puzzles one after another, near the solver's rating; 404 for
  no such game.
- ``/puzzles/p/{id}``: one puzzle, by its link; 404 for no such puzzle.

>>> [route.path for route in puzzle_page_routes()]
['/puzzles', '/puzzles/{game}', '/puzzles/p/{id}']
>>> 'href="/puzzles/trig"' in puzzles_index()
True
"""

from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from trigames.games import GAMES, list_games
from trigames.learn.puzzles import PUZZLE_GAMES, puzzles_for
from trigames.web import pages
from trigames.web.errors import NotFoundError
from trigames.web.i18n import (
    DEFAULT,
    english_mark,
    html_translator,
    language_of,
    plural_translator,
    translator,
)
from trigames.web.puzzle_api import puzzle_named

#: A game of the puzzles' index; its words are filled in by :func:`puzzles_index`.
PUZZLE_GAME = """<li><a class="puzzle-game" href="/puzzles/{game}">
<span class="puzzle-game-title">{short}</span>
<span class="muted">{count}</span>
<span class="puzzle-game-rating" data-game="{game}">{rating}</span></a></li>"""

#: The puzzles' index around its games; its words are filled in by :func:`puzzles_index`.
PUZZLES_INDEX = """<h1>{heading}</h1>
<p class="puzzle-intro">{intro}</p>
<ul class="puzzle-games" id="puzzle-games">
{items}
</ul>
<p class="muted small">{kept}</p>"""


def puzzles_index(lang: str = DEFAULT) -> str:
    """The games to solve puzzles of, each with its count and the solver's rating, in
    ``lang``."""
    _ = html_translator(lang)
    ngettext = plural_translator(lang)

    def puzzles_of(game: str) -> str:
        count = len(puzzles_for(game))
        return escape(ngettext("{count} puzzle", "{count} puzzles", count).format(count=count))

    items = "\n".join(
        PUZZLE_GAME.format(
            game=cls.name,
            short=escape(pages.short_title(cls.title)),
            count=puzzles_of(cls.name),
            rating=_("Your rating: {rating}").format(rating="1500?"),
        )
        for cls in list_games()
        if cls.name in PUZZLE_GAMES
    )
    main = PUZZLES_INDEX.format(
        heading=_("Puzzles"),
        intro=_(
            "Positions from real games between the computer players: find the best move, then"
            " the next, as the opponent answers. Each puzzle has one best first move (the only"
            " one that wins or that gains the most); your rating in each game rises with the"
            " puzzles you solve and falls with those you miss, and the next puzzles come near"
            " it."
        ),
        items=items,
        kept=_(
            'Your ratings are kept by this browser only (a rating with "?" is provisional: a'
            " few more puzzles settle it)."
        ),
    )
    gettext = translator(lang)  # the title unescaped: the layout escapes it
    return pages.layout(gettext("Puzzles"), main, "puzzles.js", lang=lang, main_lang=lang)


#: The page of puzzles one after another, or of one puzzle (``data-game``/``data-puzzle``);
#: its words are filled in by :func:`play_page`. The puzzle's themes are English until they
#: are translated (``{english}``).
PLAY = """<div class="puzzle-layout" id="puzzle-page" {target}>
<section class="board-column" aria-label="{board}">
<h1 id="puzzle-title">{title}</h1>
<p id="puzzle-prompt" class="turn puzzle-prompt" aria-live="polite">{loading}</p>
<div id="puzzle-board" class="puzzle-board"></div>
</section>
<aside class="side-column puzzle-side">
<p id="error" class="error" role="alert" hidden></p>
<section id="puzzle-result" class="panel puzzle-result" role="status" aria-live="polite" hidden>
<h2 id="puzzle-result-headline"></h2>
<p id="puzzle-result-text"></p>
</section>
<div class="puzzle-actions">
<button type="button" id="next-puzzle" class="primary" hidden>{next_puzzle}</button>
</div>
<section id="solution" class="panel solution" aria-labelledby="solution-heading" hidden>
<h2 id="solution-heading">{solution}</h2>
<ol id="solution-moves" class="solution-moves"></ol>
<div class="solution-steps">
<button type="button" id="solution-back" aria-label="{back_label}">{back}</button>
<button type="button" id="solution-forward" aria-label="{forward_label}">{forward}</button>
</div>
</section>
<dl class="puzzle-facts">
<dt>{your_rating}</dt>
<dd><span id="solver-rating">…</span> <span id="rating-change" class="rating-change"></span></dd>
<dt>{puzzle}</dt>
<dd><a id="puzzle-link" href="/puzzles">…</a></dd>
<dt>{its_rating}</dt>
<dd id="puzzle-rating">…</dd>
<dt>{themes}</dt>
<dd id="puzzle-themes" class="puzzle-themes"{english}></dd>
</dl>
<p><a href="/puzzles">{all_puzzles}</a> · <a id="rules-link" href="/rules/{game}">{rules}</a></p>
</aside>
</div>"""


def play_page(game: str, puzzle_id: str | None = None, lang: str = DEFAULT) -> str:
    """Puzzles of ``game`` one after another, or the one puzzle ``puzzle_id``, in ``lang``.

    >>> page = play_page("trig", "x1", "fr")
    >>> '<h1 id="puzzle-title">Problème de Trig' in page, '<main>' in page
    (True, True)
    """
    _ = translator(lang)
    short = pages.short_title(GAMES[game].title)
    target, title = f'data-game="{game}"', _("{game} puzzles").format(game=short)
    if puzzle_id is not None:
        target = f'{target} data-puzzle="{escape(puzzle_id)}"'
        title = _("{game} puzzle").format(game=short)
    _ = html_translator(lang)
    main = PLAY.format(
        target=target,
        title=escape(title),
        game=game,
        english=english_mark(lang),
        board=_("Board"),
        loading=_("Loading…"),
        next_puzzle=_("Next puzzle"),
        solution=_("Solution"),
        back_label=_("Previous move of the solution"),
        back=_("◀ Back"),
        forward_label=_("Next move of the solution"),
        forward=_("Next ▶"),
        your_rating=_("Your rating"),
        puzzle=_("Puzzle"),
        its_rating=_("Its rating"),
        themes=_("Themes"),
        all_puzzles=_("All the games' puzzles"),
        rules=_("Rules of {game}").format(game=escape(short)),
    )
    return pages.layout(title, main, "puzzles.js", lang=lang, main_lang=lang)


async def index(request: Request) -> Response:
    return HTMLResponse(puzzles_index(language_of(request)))


async def game_puzzles(request: Request) -> Response:
    game, lang = request.path_params["game"], language_of(request)
    if game not in PUZZLE_GAMES:
        _ = translator(lang)
        message = _("there are no puzzles of {game}; the games are {games}").format(
            game=repr(game[:40]), games=", ".join(PUZZLE_GAMES)
        )
        return HTMLResponse(pages.not_found(_("No such game"), message, lang), status_code=404)
    return HTMLResponse(play_page(game, lang=lang))


async def one_puzzle(request: Request) -> Response:
    lang = language_of(request)
    try:
        puzzle = puzzle_named(request.path_params["id"])
    except NotFoundError as error:
        _ = translator(lang)
        return HTMLResponse(pages.not_found(_("No such puzzle"), str(error), lang), status_code=404)
    return HTMLResponse(play_page(puzzle.game, puzzle.id, lang))


def puzzle_page_routes() -> list[BaseRoute]:
    return [
        Route("/puzzles", index),
        Route("/puzzles/{game}", game_puzzles),
        Route("/puzzles/p/{id}", one_puzzle),
    ]
