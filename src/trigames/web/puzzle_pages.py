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
from trigames.web.i18n import DEFAULT, language_of, translator
from trigames.web.puzzle_api import puzzle_named


def puzzles_index(lang: str = DEFAULT) -> str:
    """The games to solve puzzles of, each with its count and the solver's rating; the header
    in ``lang``."""
    items = "\n".join(
        f"""<li><a class="puzzle-game" href="/puzzles/{cls.name}">
<span class="puzzle-game-title">{escape(pages.short_title(cls.title))}</span>
<span class="muted">{len(puzzles_for(cls.name))} puzzles</span>
<span class="puzzle-game-rating" data-game="{cls.name}">Your rating: 1500?</span></a></li>"""
        for cls in list_games()
        if cls.name in PUZZLE_GAMES
    )
    main = f"""<h1>Puzzles</h1>
<p class="puzzle-intro">Positions from real games between the computer players: find the
best move, then the next, as the opponent answers. Each puzzle has one best first move (the
only one that wins or that gains the most); your rating in each game rises with the puzzles you
solve and falls with those you miss, and the next puzzles come near it.</p>
<ul class="puzzle-games" id="puzzle-games">
{items}
</ul>
<p class="muted small">Your ratings are kept by this browser only (a rating with "?" is
provisional: a few more puzzles settle it).</p>"""
    return pages.layout("Puzzles", main, "puzzles.js", lang=lang)


#: The page of puzzles one after another, or of one puzzle (``data-game``/``data-puzzle``).
PLAY = """<div class="puzzle-layout" id="puzzle-page" {target}>
<section class="board-column" aria-label="Board">
<h1 id="puzzle-title">{title}</h1>
<p id="puzzle-prompt" class="turn puzzle-prompt" aria-live="polite">Loading…</p>
<div id="puzzle-board" class="puzzle-board"></div>
</section>
<aside class="side-column puzzle-side">
<p id="error" class="error" role="alert" hidden></p>
<section id="puzzle-result" class="panel puzzle-result" role="status" aria-live="polite" hidden>
<h2 id="puzzle-result-headline"></h2>
<p id="puzzle-result-text"></p>
</section>
<div class="puzzle-actions">
<button type="button" id="next-puzzle" class="primary" hidden>Next puzzle</button>
</div>
<section id="solution" class="panel solution" aria-labelledby="solution-heading" hidden>
<h2 id="solution-heading">Solution</h2>
<ol id="solution-moves" class="solution-moves"></ol>
<div class="solution-steps">
<button type="button" id="solution-back" aria-label="Previous move of the solution">◀ Back</button>
<button type="button" id="solution-forward" aria-label="Next move of the solution">Next ▶</button>
</div>
</section>
<dl class="puzzle-facts">
<dt>Your rating</dt>
<dd><span id="solver-rating">…</span> <span id="rating-change" class="rating-change"></span></dd>
<dt>Puzzle</dt>
<dd><a id="puzzle-link" href="/puzzles">…</a></dd>
<dt>Its rating</dt>
<dd id="puzzle-rating">…</dd>
<dt>Themes</dt>
<dd id="puzzle-themes" class="puzzle-themes"></dd>
</dl>
<p><a href="/puzzles">All the games' puzzles</a> · <a id="rules-link" href="/rules/{game}">Rules
of {short}</a></p>
</aside>
</div>"""


def play_page(game: str, puzzle_id: str | None = None, lang: str = DEFAULT) -> str:
    """Puzzles of ``game`` one after another, or the one puzzle ``puzzle_id``; the header in
    ``lang``."""
    short = pages.short_title(GAMES[game].title)
    target, title = f'data-game="{game}"', f"{short} puzzles"
    if puzzle_id is not None:
        target, title = f'{target} data-puzzle="{escape(puzzle_id)}"', f"{short} puzzle"
    main = PLAY.format(target=target, title=escape(title), game=game, short=escape(short))
    return pages.layout(title, main, "puzzles.js", lang=lang)


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
