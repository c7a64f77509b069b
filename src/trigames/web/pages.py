"""The HTML pages of ``trigames serve``: one layout around the lobby, the game page, the rules
pages, the players' pages (a player, a leaderboard, one's account) and the "not found" page.
The pages come alive with the ES modules under ``static/``; every page's header has the
account bar (``account.js``: sign up, log in, log out).

>>> "<h1>Rules</h1>" in layout("Rules", "<h1>Rules</h1>")
True
>>> "No such game" in not_found("No such game", "there is no game 'x'")
True
>>> "&lt;b&gt;" in player_page("<b>")
True
"""

from __future__ import annotations

from functools import cache
from html import escape

from trigames.games import list_games, load_game
from trigames.learn.lessons import GAMES as TAUGHT
from trigames.web.i18n import DEFAULT, LANGUAGES, html_translator, translator, words_block
from trigames.web.limits import (
    LEADERBOARD_GAMES,
    MAX_ACCOUNT_NAME,
    MIN_ACCOUNT_NAME,
    MIN_PASSWORD,
)

STATIC = "/static"


#: The dialog of the account bar: log in, or sign up (``account.js`` switches it); its words
#: are filled in by :func:`account_dialog`. (A page's words are never ``_()`` calls inside an
#: f-string, where ``pybabel extract`` does not see them: they fill a template's slots.)
ACCOUNT_DIALOG = f"""<dialog id="account-dialog" class="account-dialog"
  aria-labelledby="account-dialog-title">
<form id="account-form" novalidate>
<h2 id="account-dialog-title">{{log_in}}</h2>
<label for="account-name">{{name}}</label>
<input id="account-name" name="name" autocomplete="username" maxlength="{MAX_ACCOUNT_NAME}"
  autocapitalize="none" spellcheck="false" required>
<label for="account-password">{{password}}</label>
<input id="account-password" name="password" type="password" autocomplete="current-password"
  required>
<p id="account-rules" class="muted" hidden>{{rules}}</p>
<p id="account-error" class="error" role="alert" hidden></p>
<div class="dialog-buttons">
<button type="submit" id="account-submit" class="primary">{{log_in}}</button>
<button type="button" id="account-cancel">{{cancel}}</button>
</div>
<button type="button" id="account-switch" class="link-button">{{sign_up}}</button>
</form>
</dialog>"""


@cache
def account_dialog(lang: str) -> str:
    """The dialog of the account bar (:data:`ACCOUNT_DIALOG`) in ``lang`` (made once a
    language)."""
    _ = html_translator(lang)
    rules = _(
        "A name of {shortest} to {longest} letters, digits, _ or -; a password of at least"
        " {password} characters."
    ).format(shortest=MIN_ACCOUNT_NAME, longest=MAX_ACCOUNT_NAME, password=MIN_PASSWORD)
    return ACCOUNT_DIALOG.format(
        log_in=_("Log in"),
        name=_("Name"),
        password=_("Password"),
        rules=rules,
        cancel=_("Cancel"),
        sign_up=_("No account yet? Sign up"),
    )


def short_title(title: str) -> str:
    """A game's title without its subtitle.

    >>> short_title("Triggle (Hex Pegs, Tri-lastic)")
    'Triggle'
    """
    return title.split(" (")[0]


def theme_switch(lang: str) -> str:
    """The header's theme switch, in ``lang`` (``theme.js``, a classic script in the head: it
    sets the theme kept in localStorage before the page is drawn, and keeps this switch): Auto
    follows the system's ``prefers-color-scheme``."""
    _ = html_translator(lang)
    return """<label class="theme-switch">{theme}
<select id="theme-choice" name="theme">
<option value="auto">{auto}</option>
<option value="light">{light}</option>
<option value="dark">{dark}</option>
</select></label>""".format(theme=_("Theme"), auto=_("Auto"), light=_("Light"), dark=_("Dark"))


def language_switch(lang: str) -> str:
    """The header's language switch (``language.js``: it keeps the choice in the ``lang``
    cookie and loads the page again), each language named in its own words.

    >>> print(language_switch("fr").splitlines()[2])
    <option value="en" lang="en">English</option>
    """
    options = "\n".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>{name}</option>'
        for code, name in LANGUAGES.items()
    )
    _ = html_translator(lang)
    label = _("Language")
    return f"""<label class="language-switch">{label}
<select id="language-choice" name="lang">
{options}
</select></label>"""


#: The header of every page: the links to the lobby, the rules, the lessons, the puzzles and the
#: leaderboards, the account bar (``account.js``) and the switches; its words are filled in by
#: :func:`site_header`.
HEADER = """<header class="site">
<a class="home" href="/">trigames</a>
<nav class="rules-nav" aria-label="{rules_label}">{rules_lead} {rules}</nav>
<div class="header-end">
<nav class="players-nav" aria-label="{players}">
<a href="/learn">{learn}</a>
<a href="/puzzles">{puzzles}</a>
<a href="/leaderboard/{first}">{leaderboards}</a></nav>
<div id="account-bar" class="account-bar" aria-label="{account}" role="group"></div>
{theme}
{language}
</div>
</header>"""


@cache
def site_header(lang: str) -> str:
    """The header (:data:`HEADER`) in ``lang`` (made once a language).

    >>> '<a href="/learn">Apprendre</a>' in site_header("fr")
    True
    """
    _ = html_translator(lang)
    rules = " ".join(
        f'<a href="/rules/{cls.name}">{escape(short_title(cls.title))}</a>' for cls in list_games()
    )
    return HEADER.format(
        rules_label=_("Rules"),
        rules_lead=_("Rules:"),
        rules=rules,
        players=_("Players"),
        learn=_("Learn"),
        puzzles=_("Puzzles"),
        first=list_games()[0].name,
        leaderboards=_("Leaderboards"),
        account=_("Account"),
        theme=theme_switch(lang),
        language=language_switch(lang),
    )


def module_tag(script: str) -> str:
    return f'<script type="module" src="{STATIC}/{script}"></script>'


def layout(
    title: str,
    main: str,
    script: str | None = None,
    head: str = "",
    skip: str = "",
    lang: str = DEFAULT,
    main_lang: str = DEFAULT,
) -> str:
    """A whole page in ``lang``: the header with the links to the lobby, the rules and the
    leaderboards, the account bar and the switches, then ``main``, written in ``main_lang``
    (English until a page's main part is translated); ``head`` goes in the page's head (meta
    tags), ``skip`` (a skip link, :data:`SKIP_TO_BOARD`) before the header, the first thing Tab
    reaches.

    >>> page = layout("Rules", "<h1>Rules</h1>", lang="fr")
    >>> '<html lang="fr">' in page, '<main lang="en">' in page, "Règles" in page
    (True, True, True)
    """
    module = module_tag("account.js") + ("" if script is None else "\n" + module_tag(script))
    main_tag = "<main>" if main_lang == lang else f'<main lang="{main_lang}">'
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · trigames</title>
<link rel="icon" href="{STATIC}/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{STATIC}/style.css">
<script src="{STATIC}/theme.js"></script>
<script type="module" src="{STATIC}/marks.js"></script>
{module_tag("language.js")}
{words_block(lang)}
{head}
{module}
</head>
<body>
{skip}{site_header(lang)}
{account_dialog(lang)}
{main_tag}
{main}
</main>
</body>
</html>
"""


def not_found(title: str, message: str, lang: str = DEFAULT) -> str:
    """The page for an unknown game or rules page, in ``lang``: ``title`` and ``message`` come
    in it."""
    _ = html_translator(lang)
    back = _("Back to the lobby")
    return layout(
        title,
        f'<h1>{escape(title)}</h1>\n<p class="error">{escape(message)}.</p>\n'
        f'<p><a href="/">{back}</a></p>',
        lang=lang,
        main_lang=lang,
    )


CLOCKS = """<option value="">No clock</option>
<option value="per_move:30">30 seconds a move</option>
<option value="per_move:60">1 minute a move</option>
<option value="per_move:120">2 minutes a move</option>
<option value="per_move:300">5 minutes a move</option>
<option value="days_per_move:1">1 day a move (correspondence)</option>
<option value="days_per_move:2">2 days a move</option>
<option value="days_per_move:3">3 days a move</option>
<option value="days_per_move:7">7 days a move</option>"""

CHALLENGES = f"""<section class="panel" id="challenges-panel" aria-labelledby="challenges-heading">
<h2 id="challenges-heading">Challenges</h2>
<div class="challenges-layout">
<div class="challenges-open">
<form id="challenge-filter" class="challenge-filter" novalidate>
<span class="filter-label" id="filter-label">Players rated</span>
<label for="min-rating">from</label>
<input id="min-rating" type="number" min="0" max="4000" step="50" inputmode="numeric"
  placeholder="any" aria-describedby="filter-label">
<label for="max-rating">to</label>
<input id="max-rating" type="number" min="0" max="4000" step="50" inputmode="numeric"
  placeholder="any" aria-describedby="filter-label">
<button type="submit" id="filter-challenges">Filter</button>
</form>
<p id="challenge-error" class="error" role="alert" hidden></p>
<ul id="challenges" class="challenges"><li class="muted">Loading…</li></ul>
</div>
<div class="challenge-offer">
<h3>Offer a game</h3>
<p id="challenge-login" class="muted" hidden>
<button type="button" data-account="login">Log in</button> or
<button type="button" data-account="signup">sign up</button> to offer a game and to accept
one: rated games change both players' ratings.</p>
<form id="challenge-form" hidden novalidate>
<label for="challenge-game">Game</label>
<select id="challenge-game"></select>
<label class="check"><input type="checkbox" id="challenge-rated" checked>
Rated: the result changes both ratings (no take-backs)</label>
<label for="challenge-clock">Clock</label>
<select id="challenge-clock">
{CLOCKS}
</select>
<label for="challenge-to">Opponent <span class="muted">(a player's name, or empty for
anyone)</span></label>
<input id="challenge-to" maxlength="{MAX_ACCOUNT_NAME}" autocomplete="off" spellcheck="false"
  autocapitalize="none">
<label for="challenge-seat">Your seat</label>
<select id="challenge-seat">
<option value="">Chosen at random</option>
<option value="0">First: you move first</option>
<option value="1">Second</option>
</select>
<p id="challenge-form-error" class="error" role="alert" hidden></p>
<button type="submit" id="challenge-submit" class="primary">Offer the game</button>
</form>
</div>
</div>
</section>"""


@cache
def starting_board(name: str) -> str:
    """The engine's own drawing of the starting position of the game ``name`` (default options,
    no coordinates), for its card in the lobby: drawn once, then kept. Only the five games'
    names come here (``/boards/{game}.svg`` answers 404 to any other), so at most five are kept.

    >>> starting_board("trugo").startswith("<svg")
    True
    """
    game = load_game(name)
    return game.render_svg(game.new_initial_state(), labels=False)


def game_card(name: str, title: str, summary: str) -> str:
    """A game's card in the lobby: the picture of its board, its name and what it is about, the
    buttons that start a game at once (``lobby.js``), and its lessons (when it has some) and
    rules. ``data-seats`` is the number of seats of its default game.

    >>> card = game_card("trig", "Trig, Trigger, Triggest (The Summer-House Floor)", "place pegs")
    >>> 'data-seats="2"' in card and 'href="/learn/trig"' in card and "Place pegs." in card
    True
    """
    short = escape(short_title(title))
    learn = f'<a href="/learn/{name}">Learn</a> · ' if name in TAUGHT else ""
    return f"""<li class="game-card" data-game="{name}" data-seats="{load_game(name).num_players}">
<img class="card-board" src="/boards/{name}.svg" alt="The board of {short} at the start">
<div class="card-text">
<h2 id="card-{name}" class="card-title">{short}</h2>
<p class="card-summary">{escape(summary[:1].upper() + summary[1:])}.</p>
</div>
<div class="card-actions">
<button type="button" class="primary play-computer" aria-describedby="card-{name}">Play against
the computer</button>
<button type="button" class="play-friend" aria-describedby="card-{name}">Play a friend</button>
<p class="card-links">{learn}<a href="/rules/{name}">Rules</a></p>
</div>
<p class="card-error error" role="alert" hidden></p>
<div class="card-share" hidden></div>
</li>"""


#: The lobby's first lines, above the games' cards: what trigames is.
LOBBY_INTRO = """<h1>Play a game</h1>
<p class="lobby-learn">trigames: five abstract strategy games on triangle and hexagon boards.
Play the computer or a friend, and <a href="/learn">learn them a lesson at a time</a>.</p>"""

#: The lobby below the games' cards: one's games, the challenges, the full form of a new game
#: behind "More options", the recent games.
LOBBY = f"""<p class="muted small lobby-defaults">Against the computer you move first, the computer
plays at its easiest level, and there is no clock: a stronger computer, a variant or a clock are
under "More options", below.</p>
<p id="play-error" class="error" role="alert" hidden></p>
<section class="panel" id="your-games-panel" aria-labelledby="your-games-heading" hidden>
<h2 id="your-games-heading">Your games</h2>
<ul id="account-games" class="games"></ul>
<ul id="your-games" class="games"></ul>
</section>
{CHALLENGES}
<details id="more-options" class="panel more-options">
<summary><h2 id="new-heading">More options</h2> <span class="muted">any variant, seats, clock,
or a saved game to continue</span></summary>
<form id="new-game-form" novalidate>
<label for="game">Game</label>
<select id="game" name="game"></select>
<p id="game-summary" class="summary"></p>
<fieldset id="variant" class="variant">
<legend>Variant</legend>
<div id="option-controls" class="option-controls"></div>
<label for="options" class="spec-label">Options as written in a spec
<span class="muted">(for those who want them)</span></label>
<input id="options" name="options" autocomplete="off" spellcheck="false"
  placeholder="the defaults, or e.g. size=3,players=3">
<p id="spec-shown" class="spec-shown muted"></p>
</fieldset>
<fieldset id="seats-fieldset">
<legend>Seats</legend>
<div id="seat-rows"></div>
</fieldset>
<label class="check"><input type="checkbox" id="hotseat">
Hot seat: one screen for all human seats</label>
<label for="clock">Clock</label>
<select id="clock">
{CLOCKS}
</select>
<p id="clock-note" class="clock-note muted">A player who runs out of time loses; computers
are not timed. A clock needs two human players on their own screens.</p>
<fieldset id="record-fieldset" class="record">
<legend>Continue or review a saved game <span class="muted">(optional)</span></legend>
<label for="record-file">A record saved by trigames (JSON): a game that goes on is continued
here; a finished one opens for review</label>
<input type="file" id="record-file" accept=".json,application/json">
<p id="record-shown" class="muted" hidden></p>
<button type="button" id="record-clear" hidden>Start a new game instead</button>
</fieldset>
<p id="error" class="error" role="alert" hidden></p>
<button type="submit" id="create" class="primary">Create the game</button>
</form>
</details>
<section class="panel" aria-labelledby="games-heading">
<h2 id="games-heading">Recent games</h2>
<ul id="games" class="games"><li class="muted">Loading…</li></ul>
</section>
"""


@cache
def game_cards() -> str:
    """The five games' cards, as a list (made once).

    >>> game_cards().count('class="game-card"')
    5
    """
    cards = "\n".join(game_card(cls.name, cls.title, cls.summary) for cls in list_games())
    return f'<ul class="game-cards" aria-label="The games">\n{cards}\n</ul>'


def lobby(lang: str = DEFAULT) -> str:
    """The lobby: what trigames is, a card for each game, then :data:`LOBBY`; the header in
    ``lang``."""
    return layout("Lobby", f"{LOBBY_INTRO}\n{game_cards()}\n{LOBBY}", "lobby.js", lang=lang)


GAME = """<div class="game-layout">
<section class="board-column" aria-label="Board">
<h1 id="title">Loading…</h1>
<p id="turn" class="turn" aria-live="polite"></p>
<div id="watching" class="panel notice watching" hidden>
<p>You are watching this game. To play, open the link of your seat: whoever created the game has
one for each seat. A browser that holds a seat opens the game at its seat by itself.</p>
<div id="open-seats" hidden>
<p>A seat is open: take it to play.</p>
<label>Your name <input id="join-name" maxlength="40" autocomplete="nickname"></label>
<span id="join-buttons"></span>
</div>
</div>
<div id="board-area" class="board-area">
<div id="board" class="board"></div>
<div id="preview" class="board preview" hidden></div>
</div>
<button type="button" id="zoom" class="zoom" hidden></button>
<div id="move-bar" class="move-bar" role="group" aria-label="Your move and the players' offers">
<p id="error" class="error" role="alert" hidden></p>
<div id="choices" class="choices" aria-live="polite"></div>
<p id="looking-back" class="looking-back" hidden><span id="looking-back-text"></span>
<button type="button" id="back-to-game">Back to the game (End)</button></p>
<div id="undo-request" class="panel notice" hidden>
<p id="undo-request-text"></p>
<button type="button" id="accept-undo">Accept</button>
<button type="button" id="decline-undo">Decline</button>
</div>
<div id="draw-offer" class="panel notice" hidden>
<p id="draw-offer-text"></p>
<button type="button" id="accept-draw">Agree to a draw</button>
<button type="button" id="decline-draw">Decline</button>
</div>
<p id="answer-news" class="panel notice answer-news" role="status" hidden></p>
<section id="result" class="panel result" hidden>
<h2 id="result-headline"></h2>
<p id="result-how"></p>
<button type="button" id="rematch" class="primary">Rematch</button>
<button type="button" id="result-new-game">New game</button>
</section>
</div>
<section id="keyboard-tools" class="keyboard-tools" aria-label="Keyboard and screen readers">
<form id="type-move" class="type-move">
<label for="move-text">Type a move</label>
<input id="move-text" maxlength="80" autocomplete="off" autocapitalize="off" spellcheck="false"
  aria-describedby="move-text-help move-text-error">
<button type="submit">Play</button>
<button type="button" id="describe">Describe the board</button>
<span id="move-text-help" class="muted">written as in the move list (the rules say how)</span>
</form>
<p id="move-text-error" class="error" role="alert" hidden></p>
<div id="description" class="description" aria-live="polite" hidden></div>
<div id="announcer" class="visually-hidden" role="log" aria-live="polite"></div>
</section>
<div id="replay" class="replay" hidden>
<button type="button" id="replay-first" aria-label="First position">« First</button>
<button type="button" id="replay-prev" aria-label="Previous move">◀ Back</button>
<span id="replay-ply" class="replay-ply"></span>
<button type="button" id="replay-next" aria-label="Next move">Next ▶</button>
<button type="button" id="replay-last" aria-label="Last position">Last »</button>
</div>
<section id="review" class="review" aria-labelledby="review-heading" hidden>
<h2 id="review-heading">Review</h2>
<p id="review-status" class="muted" aria-live="polite"></p>
<progress id="review-progress" hidden></progress>
<p id="review-summary" class="muted"></p>
<div id="review-graph" class="review-graph"></div>
<p id="review-here" class="review-here" aria-live="polite"></p>
<div class="review-buttons">
<button type="button" id="review-previous">◀ Previous mistake</button>
<button type="button" id="review-next">Next mistake ▶</button>
<a id="review-link" href="#review">Link to this review</a>
</div>
</section>
</section>
<aside class="side-column">
<ul id="seats" class="seats" aria-label="Seats"></ul>
<p id="status" class="status"></p>
<p id="rated-note" class="muted" hidden>A rated game: its result changes both players' ratings,
and moves cannot be taken back.</p>
<p id="last-move" class="last-move"></p>
<div id="resign-confirm" class="panel notice" hidden>
<p>Resign this game?</p>
<button type="button" id="confirm-resign" class="danger">Yes, resign</button>
<button type="button" id="cancel-resign">No, play on</button>
</div>
<div class="actions">
<button type="button" id="undo">Undo</button>
<button type="button" id="hint">Hint</button>
<button type="button" id="review-game" hidden>Review</button>
<button type="button" id="offer-draw">Offer a draw</button>
<button type="button" id="resign">Resign</button>
<button type="button" id="new-game">New game</button>
<a id="save" class="button" download>Save record</a>
</div>
<label class="check" id="confirm-setting"><input type="checkbox" id="confirm-moves">
Confirm each move: show it on the board, then play it with a button</label>
<label class="check" id="sound-setting"><input type="checkbox" id="move-sound">
Beep when another player moves</label>
<p id="hint-text" class="hint-text" aria-live="polite" hidden></p>
<div id="links" class="links" hidden></div>
<h2>Moves</h2>
<ol id="moves" class="moves"></ol>
</aside>
</div>
"""


#: The game page's first Tab stop: the board takes the focus and hands it to a place to choose.
SKIP_TO_BOARD = '<a class="skip-link" href="#board">Skip to the board</a>\n'


def game_page(title: str, about: str, url: str, picture: str, lang: str = DEFAULT) -> str:
    """The game page, with what a shared link shows: the title, a line about the game and a
    picture of the board (Open Graph and Twitter card tags); the header in ``lang``."""
    tags = {
        "og:type": "website",
        "og:site_name": "trigames",
        "og:title": title,
        "og:description": about,
        "og:url": url,
        "og:image": picture,
        "twitter:card": "summary_large_image",
    }
    head = "\n".join(
        f'<meta property="{key}" content="{escape(value)}">' for key, value in tags.items()
    )
    head += f'\n<meta name="description" content="{escape(about)}">'
    return layout(title, GAME, "game.js", head, SKIP_TO_BOARD, lang=lang)


def rules_page(title: str, fragment: str, lang: str = DEFAULT) -> str:
    """The rules of the game ``title``: in English, whatever ``lang`` the rest of the page is
    in, until they are translated."""
    _ = translator(lang)
    page_title = _("Rules of {game}").format(game=title)
    main = f'<article class="rules">\n{fragment}\n</article>'
    return layout(page_title, main, lang=lang)


def player_page(name: str, lang: str = DEFAULT) -> str:
    """A player's page: ratings, the rating history's chart, the latest games
    (``player.js``); its header in ``lang``."""
    main = f"""<h1 id="player-name">{escape(name)}</h1>
<p id="error" class="error" role="alert" hidden></p>
<div class="player-layout">
<section class="panel" aria-labelledby="ratings-heading">
<h2 id="ratings-heading">Ratings</h2>
<div id="ratings"><p class="muted">Loading…</p></div>
<p class="muted small">A rating with "?" is provisional: a few more rated games settle it.</p>
</section>
<section class="panel" aria-labelledby="history-heading">
<h2 id="history-heading">Rating history</h2>
<div id="history-chart" class="chart-box"></div>
</section>
</div>
<section class="panel" aria-labelledby="recent-heading">
<h2 id="recent-heading">Latest games</h2>
<ul id="recent-games" class="games"><li class="muted">Loading…</li></ul>
</section>"""
    return layout(name, main, "player.js", lang=lang)


def leaderboard_page(game: str, lang: str = DEFAULT) -> str:
    """The leaderboard of ``game`` (one of the five), with links to the others'
    (``leaderboard.js``); its header in ``lang``."""
    titles = {cls.name: short_title(cls.title) for cls in list_games()}
    current = ' aria-current="page"'
    links = "\n".join(
        f'<a href="/leaderboard/{name}"{current if name == game else ""}>{escape(title)}</a>'
        for name, title in titles.items()
    )
    title = f"{titles[game]} leaderboard"
    main = f"""<h1>{escape(title)}</h1>
<nav class="tabs" aria-label="Leaderboards">
{links}
</nav>
<p id="error" class="error" role="alert" hidden></p>
<section class="panel">
<p class="muted">The players with at least {LEADERBOARD_GAMES} rated games of
{escape(titles[game])} whose rating is settled (shown without "?"), best first.</p>
<table class="leaders">
<thead><tr><th scope="col">Rank</th><th scope="col">Player</th><th scope="col">Rating</th>
<th scope="col">Rated games</th></tr></thead>
<tbody id="leaders-body"><tr><td colspan="4" class="muted">Loading…</td></tr></tbody>
</table>
</section>"""
    return layout(title, main, "leaderboard.js", lang=lang)


ACCOUNT = """<h1>Your account</h1>
<p id="error" class="error" role="alert" hidden></p>
<p id="deleted" class="notice panel" role="status" hidden></p>
<section id="logged-out" class="panel" hidden>
<p>You are not logged in: log in to see your account and its settings.</p>
<button type="button" class="primary" data-account="login">Log in</button>
<button type="button" data-account="signup">Sign up</button>
</section>
<div id="account-sections" class="account-layout" hidden>
<section class="panel whole-row" aria-labelledby="you-heading">
<h2 id="you-heading">You</h2>
<p>You play as <a id="account-player-link" href="/"></a> (your page, as others see it).</p>
<div id="account-ratings"></div>
<h3>Rating history</h3>
<div id="account-chart" class="chart-box"></div>
<h3>Latest games</h3>
<p id="account-history-status" class="status-line" role="status" hidden></p>
<ul id="account-games" class="games"><li class="muted">Loading…</li></ul>
</section>
<section class="panel" aria-labelledby="email-heading">
<h2 id="email-heading">Email</h2>
<form id="email-form" novalidate>
<label for="email">Email address</label>
<input id="email" type="email" autocomplete="email" maxlength="254" spellcheck="false">
<label class="check"><input type="checkbox" id="email-digest">
Email me a digest when it is my move</label>
<p id="email-status" class="status-line" role="status" hidden></p>
<button type="submit" class="primary" id="email-save">Save</button>
</form>
</section>
<section class="panel" aria-labelledby="push-heading">
<h2 id="push-heading">Browser notifications</h2>
<p id="push-status" class="status-line" role="status">…</p>
<button type="button" id="push-on" class="primary" hidden>Turn on notifications</button>
<button type="button" id="push-off" hidden>Turn off notifications in this browser</button>
</section>
<section class="panel" aria-labelledby="vacation-heading">
<h2 id="vacation-heading">Vacation</h2>
<p id="vacation-status" class="status-line" role="status"></p>
<form id="vacation-form" class="inline-form" novalidate>
<label for="vacation-days">Days away</label>
<input id="vacation-days" type="number" min="1" max="14" value="7" inputmode="numeric">
<button type="submit" id="vacation-start">Start my vacation</button>
</form>
<button type="button" id="vacation-end" hidden>End my vacation now</button>
</section>
<section class="panel danger-zone" aria-labelledby="delete-heading">
<h2 id="delete-heading">Delete your account</h2>
<p>Your games stay, with your name in them shown as "deleted"; your ratings, settings and
notifications go. This cannot be undone.</p>
<button type="button" id="delete-start" class="danger">Delete my account…</button>
<form id="delete-form" hidden novalidate>
<label for="delete-password">Your password, to confirm</label>
<input id="delete-password" type="password" autocomplete="current-password">
<label class="check"><input type="checkbox" id="delete-sure">
I want my account deleted, for good</label>
<p id="delete-error" class="error" role="alert" hidden></p>
<button type="submit" id="delete-confirm" class="danger">Delete my account</button>
<button type="button" id="delete-cancel">Keep my account</button>
</form>
</section>
</div>
"""


def account_page(lang: str = DEFAULT) -> str:
    """One's account and settings (``settings.js``), or a word to log in; its header in
    ``lang``."""
    return layout("Your account", ACCOUNT, "settings.js", lang=lang)
