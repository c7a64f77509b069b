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
from trigames.web.i18n import (
    DEFAULT,
    LANGUAGES,
    english_mark,
    html_translator,
    say,
    translator,
    words_block,
)
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
#: leaderboards, the switches and the account bar (``account.js``); its words are filled in by
#: :func:`site_header`. On a phone the links and the switches are behind the Menu button
#: (``menu.js``: a disclosure, its state in ``aria-expanded``), so that the page starts high.
HEADER = """<header class="site">
<a class="home" href="/">trigames</a>
<button type="button" id="menu-button" class="bar-button menu-button" aria-expanded="false"
  aria-controls="site-menu"><span aria-hidden="true">☰</span> {menu}</button>
<div id="site-menu" class="site-menu">
<nav class="rules-nav" aria-label="{rules_label}">{rules_lead} {rules}</nav>
<div class="header-end">
<nav class="players-nav" aria-label="{players}">
<a href="/learn">{learn}</a>
<a href="/puzzles">{puzzles}</a>
<a href="/leaderboard/{first}">{leaderboards}</a></nav>
{theme}
{language}
</div>
</div>
<div id="account-bar" class="account-bar" aria-label="{account}" role="group"></div>
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
        menu=_("Menu"),
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
{module_tag("menu.js")}
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


def clock_choices(lang: str) -> str:
    """The clocks a new game or a challenge may have, as a menu's options in ``lang``.

    >>> print(clock_choices("fr").splitlines()[1])
    <option value="per_move:30">30 secondes par coup</option>
    """
    _ = html_translator(lang)
    choices = {
        "": _("No clock"),
        "per_move:30": _("30 seconds a move"),
        "per_move:60": _("1 minute a move"),
        "per_move:120": _("2 minutes a move"),
        "per_move:300": _("5 minutes a move"),
        "days_per_move:1": _("1 day a move (correspondence)"),
        "days_per_move:2": _("2 days a move"),
        "days_per_move:3": _("3 days a move"),
        "days_per_move:7": _("7 days a move"),
    }
    return "\n".join(f'<option value="{key}">{label}</option>' for key, label in choices.items())


#: The lobby's challenges: the open ones and the form to offer one; its words are filled in by
#: :func:`challenges_panel`.
CHALLENGES = f"""<section class="panel" id="challenges-panel" aria-labelledby="challenges-heading">
<h2 id="challenges-heading">{{challenges}}</h2>
<div class="challenges-layout">
<div class="challenges-open">
<form id="challenge-filter" class="challenge-filter" novalidate>
<span class="filter-label" id="filter-label">{{rated}}</span>
<label for="min-rating">{{from_}}</label>
<input id="min-rating" type="number" min="0" max="4000" step="50" inputmode="numeric"
  placeholder="{{any}}" aria-describedby="filter-label">
<label for="max-rating">{{to}}</label>
<input id="max-rating" type="number" min="0" max="4000" step="50" inputmode="numeric"
  placeholder="{{any}}" aria-describedby="filter-label">
<button type="submit" id="filter-challenges">{{filter}}</button>
</form>
<p id="challenge-error" class="error" role="alert" hidden></p>
<ul id="challenges" class="challenges"><li class="muted">{{loading}}</li></ul>
</div>
<div class="challenge-offer">
<h3>{{offer}}</h3>
<p id="challenge-login" class="muted" hidden>{{login}}</p>
<form id="challenge-form" hidden novalidate>
<label for="challenge-game">{{game}}</label>
<select id="challenge-game"></select>
<label class="check"><input type="checkbox" id="challenge-rated" checked>
{{rated_game}}</label>
<label for="challenge-clock">{{clock}}</label>
<select id="challenge-clock">
{{clocks}}
</select>
<label for="challenge-to">{{opponent}} <span class="muted">{{opponent_help}}</span></label>
<input id="challenge-to" maxlength="{MAX_ACCOUNT_NAME}" autocomplete="off" spellcheck="false"
  autocapitalize="none">
<label for="challenge-seat">{{your_seat}}</label>
<select id="challenge-seat">
<option value="">{{random}}</option>
<option value="0">{{first}}</option>
<option value="1">{{second}}</option>
</select>
<p id="challenge-form-error" class="error" role="alert" hidden></p>
<button type="submit" id="challenge-submit" class="primary">{{submit}}</button>
</form>
</div>
</div>
</section>"""


def challenges_panel(lang: str) -> str:
    """The lobby's challenges (:data:`CHALLENGES`) in ``lang``."""
    _ = html_translator(lang)
    log_in = _("Log in")
    sign_up = _("sign up")
    login = _(
        "{log_in} or {sign_up} to offer a game and to accept one: rated games change both"
        " players' ratings."
    ).format(
        log_in=f'<button type="button" data-account="login">{log_in}</button>',
        sign_up=f'<button type="button" data-account="signup">{sign_up}</button>',
    )
    return CHALLENGES.format(
        challenges=_("Challenges"),
        rated=_("Players rated"),
        from_=_("from"),
        to=_("to"),
        any=_("any"),
        filter=_("Filter"),
        loading=_("Loading…"),
        offer=_("Offer a game"),
        login=login,
        game=_("Game"),
        rated_game=_("Rated: the result changes both ratings (no take-backs)"),
        clock=_("Clock"),
        clocks=clock_choices(lang),
        opponent=_("Opponent"),
        opponent_help=_("(a player's name, or empty for anyone)"),
        your_seat=_("Your seat"),
        random=_("Chosen at random"),
        first=_("First: you move first"),
        second=_("Second"),
        submit=_("Offer the game"),
    )


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


def summary_sentence(summary: str, lang: str) -> str:
    """A game's ``summary`` (a phrase) said in ``lang`` as a sentence: its first letter a
    capital, a full stop at its end.

    >>> summary_sentence("place pegs from the Pillar outwards", "en")
    'Place pegs from the Pillar outwards.'
    """
    said = say(summary, lang)
    return f"{said[:1].upper()}{said[1:]}."


#: A game's card in the lobby; its words are filled in by :func:`game_card`.
GAME_CARD = """<li class="game-card" data-game="{name}" data-seats="{seats}">
<img class="card-board" src="/boards/{name}.svg" alt="{alt}">
<div class="card-text">
<h2 id="card-{name}" class="card-title">{short}</h2>
<p class="card-summary">{summary}</p>
</div>
<div class="card-actions">
<button type="button" class="primary play-computer"
  aria-describedby="card-{name}">{computer}</button>
<button type="button" class="play-friend" aria-describedby="card-{name}">{friend}</button>
<p class="card-links">{learn}<a href="/rules/{name}">{rules}</a></p>
</div>
<p class="card-error error" role="alert" hidden></p>
<div class="card-share" hidden></div>
</li>"""


def game_card(name: str, title: str, summary: str, lang: str = DEFAULT) -> str:
    """A game's card in the lobby, in ``lang``: the picture of its board, its name and what it
    is about (its ``summary``, a phrase said in ``lang``), the buttons that start a game at once
    (``lobby.js``), and its lessons (when it has some) and rules. ``data-seats`` is the number
    of seats of its default game.

    >>> card = game_card("trig", "Trig, Trigger, Triggest (The Summer-House Floor)", "place pegs")
    >>> 'data-seats="2"' in card and 'href="/learn/trig"' in card and "Place pegs." in card
    True
    >>> from trigames.core.phrases import Phrase
    >>> card = game_card("trugo", "Trugo", Phrase("tiles in the pool"), "fr")
    >>> "Jouer contre l\u2019ordinateur" in card, '<p class="card-summary">Tuiles' in card
    (True, True)
    """
    _ = html_translator(lang)
    short = escape(short_title(title))
    learn = _("Learn")
    return GAME_CARD.format(
        name=name,
        seats=load_game(name).num_players,
        alt=_("The board of {game} at the start").format(game=short),
        short=short,
        summary=escape(summary_sentence(summary, lang)),
        computer=_("Play against the computer"),
        friend=_("Play a friend"),
        learn=f'<a href="/learn/{name}">{learn}</a> · ' if name in TAUGHT else "",
        rules=_("Rules"),
    )


#: The lobby's first lines, above the games' cards: what trigames is; its words are filled in
#: by :func:`lobby`.
LOBBY_INTRO = """<h1>{heading}</h1>
<p class="lobby-learn">{what}
{how}</p>"""

#: The lobby below the games' cards: one's games, the challenges, the full form of a new game
#: behind "More options", the recent games; its words are filled in by :func:`lobby`.
LOBBY = """<p class="muted small lobby-defaults">{defaults}</p>
<p id="play-error" class="error" role="alert" hidden></p>
<section class="panel" id="your-games-panel" aria-labelledby="your-games-heading" hidden>
<h2 id="your-games-heading">{your_games}</h2>
<ul id="account-games" class="games"></ul>
<ul id="your-games" class="games"></ul>
</section>
{challenges}
<details id="more-options" class="panel more-options">
<summary><h2 id="new-heading">{more_options}</h2> <span class="muted">{more_about}</span>
</summary>
<form id="new-game-form" novalidate>
<label for="game">{game}</label>
<select id="game" name="game"></select>
<p id="game-summary" class="summary"></p>
<fieldset id="variant" class="variant">
<legend>{variant}</legend>
<div id="option-controls" class="option-controls"></div>
<label for="options" class="spec-label">{spec} <span class="muted">{spec_who}</span></label>
<input id="options" name="options" autocomplete="off" spellcheck="false"
  placeholder="{spec_example}">
<p id="spec-shown" class="spec-shown muted"></p>
</fieldset>
<fieldset id="seats-fieldset">
<legend>{seats}</legend>
<div id="seat-rows"></div>
</fieldset>
<label class="check"><input type="checkbox" id="hotseat">
{hotseat}</label>
<label for="clock">{clock}</label>
<select id="clock">
{clocks}
</select>
<p id="clock-note" class="clock-note muted">{clock_note}</p>
<fieldset id="record-fieldset" class="record">
<legend>{record} <span class="muted">{optional}</span></legend>
<label for="record-file">{record_file}</label>
<input type="file" id="record-file" accept=".json,application/json">
<p id="record-shown" class="muted" hidden></p>
<button type="button" id="record-clear" hidden>{record_clear}</button>
</fieldset>
<p id="error" class="error" role="alert" hidden></p>
<button type="submit" id="create" class="primary">{create}</button>
</form>
</details>
<section class="panel" aria-labelledby="games-heading">
<h2 id="games-heading">{recent}</h2>
<ul id="games" class="games"><li class="muted">{loading}</li></ul>
</section>
"""


@cache
def game_cards(lang: str = DEFAULT) -> str:
    """The five games' cards, as a list in ``lang`` (made once a language).

    >>> game_cards().count('class="game-card"')
    5
    """
    _ = html_translator(lang)
    cards = "\n".join(game_card(cls.name, cls.title, cls.summary, lang) for cls in list_games())
    label = _("The games")
    return f'<ul class="game-cards" aria-label="{label}">\n{cards}\n</ul>'


def lobby(lang: str = DEFAULT) -> str:
    """The lobby in ``lang``: what trigames is (:data:`LOBBY_INTRO`), a card for each game, then
    :data:`LOBBY`.

    >>> page = lobby("fr")
    >>> "<main>" in page, "Plus d\u2019options" in page, "30 secondes par coup" in page
    (True, True, True)
    """
    _ = html_translator(lang)
    learn = _("learn them a lesson at a time")
    intro = LOBBY_INTRO.format(
        heading=_("Play a game"),
        what=_("trigames: five abstract strategy games on triangle and hexagon boards."),
        how=_("Play the computer or a friend, and {learn}.").format(
            learn=f'<a href="/learn">{learn}</a>'
        ),
    )
    below = LOBBY.format(
        defaults=_(
            "Against the computer you move first, the computer plays at its easiest level, and"
            ' there is no clock: a stronger computer, a variant or a clock are under "More'
            ' options", below.'
        ),
        your_games=_("Your games"),
        challenges=challenges_panel(lang),
        more_options=_("More options"),
        more_about=_("any variant, seats, clock, or a saved game to continue"),
        game=_("Game"),
        variant=_("Variant"),
        spec=_("Options as written in a spec"),
        spec_who=_("(for those who want them)"),
        spec_example=_("the defaults, or e.g. size=3,players=3"),
        seats=_("Seats"),
        hotseat=_("Hot seat: one screen for all human seats"),
        clock=_("Clock"),
        clocks=clock_choices(lang),
        clock_note=_(
            "A player who runs out of time loses; computers are not timed. A clock needs two"
            " human players on their own screens."
        ),
        record=_("Continue or review a saved game"),
        optional=_("(optional)"),
        record_file=_(
            "A record saved by trigames (JSON): a game that goes on is continued here; a"
            " finished one opens for review"
        ),
        record_clear=_("Start a new game instead"),
        create=_("Create the game"),
        recent=_("Recent games"),
        loading=_("Loading…"),
    )
    main = f"{intro}\n{game_cards(lang)}\n{below}"
    _ = translator(lang)  # the title: plain text, which layout() escapes
    return layout(_("Lobby"), main, "lobby.js", lang=lang, main_lang=lang)


#: The game page's main part; its words are filled in by :func:`game_main`. What the engines
#: say through the server (the status, the last move, a hint's reason) stays English and says
#: so (``lang="en"``).
GAME = """<div class="game-layout">
<section class="board-column" aria-label="{board}">
<h1 id="title">{loading}</h1>
<p id="turn" class="turn" aria-live="polite"></p>
<div id="watching" class="panel notice watching" hidden>
<p>{watching}</p>
<div id="open-seats" hidden>
<p>{seat_open}</p>
<label>{your_name} <input id="join-name" maxlength="40" autocomplete="nickname"></label>
<span id="join-buttons"></span>
</div>
</div>
<div id="board-area" class="board-area">
<div id="board" class="board"></div>
<div id="preview" class="board preview" hidden></div>
</div>
<button type="button" id="zoom" class="zoom" hidden></button>
<div id="move-bar" class="move-bar" role="group" aria-label="{move_bar}">
<p id="error" class="error" role="alert" hidden></p>
<div id="choices" class="choices" aria-live="polite"></div>
<p id="looking-back" class="looking-back" hidden><span id="looking-back-text"></span>
<button type="button" id="back-to-game">{back_to_game}</button></p>
<div id="undo-request" class="panel notice" hidden>
<p id="undo-request-text"></p>
<button type="button" id="accept-undo">{accept}</button>
<button type="button" id="decline-undo">{decline}</button>
</div>
<div id="draw-offer" class="panel notice" hidden>
<p id="draw-offer-text"></p>
<button type="button" id="accept-draw">{agree_draw}</button>
<button type="button" id="decline-draw">{decline}</button>
</div>
<p id="answer-news" class="panel notice answer-news" role="status" hidden></p>
<section id="result" class="panel result" hidden>
<h2 id="result-headline"></h2>
<p id="result-how"></p>
<button type="button" id="rematch" class="primary">{rematch}</button>
<button type="button" id="result-new-game">{new_game}</button>
</section>
</div>
<section id="keyboard-tools" class="keyboard-tools" aria-label="{keyboard_tools}">
<form id="type-move" class="type-move">
<label for="move-text">{type_move}</label>
<input id="move-text" maxlength="80" autocomplete="off" autocapitalize="off" spellcheck="false"
  aria-describedby="move-text-help move-text-error">
<button type="submit">{play}</button>
<button type="button" id="describe">{describe}</button>
<span id="move-text-help" class="muted">{type_move_help}</span>
</form>
<p id="move-text-error" class="error" role="alert" hidden></p>
<div id="description" class="description" aria-live="polite" hidden></div>
<div id="announcer" class="visually-hidden" role="log" aria-live="polite"></div>
</section>
<div id="replay" class="replay" hidden>
<button type="button" id="replay-first" aria-label="{first_position}">{first}</button>
<button type="button" id="replay-prev" aria-label="{previous_move}">{back}</button>
<span id="replay-ply" class="replay-ply"></span>
<button type="button" id="replay-next" aria-label="{next_move}">{next}</button>
<button type="button" id="replay-last" aria-label="{last_position}">{last}</button>
</div>
<section id="review" class="review" aria-labelledby="review-heading" hidden>
<h2 id="review-heading">{review}</h2>
<p id="review-status" class="muted" aria-live="polite"></p>
<progress id="review-progress" hidden></progress>
<p id="review-summary" class="muted"></p>
<div id="review-graph" class="review-graph"></div>
<p id="review-here" class="review-here" aria-live="polite"></p>
<div class="review-buttons">
<button type="button" id="review-previous">{previous_mistake}</button>
<button type="button" id="review-next">{next_mistake}</button>
<a id="review-link" href="#review">{review_link}</a>
</div>
</section>
</section>
<aside class="side-column">
<ul id="seats" class="seats" aria-label="{seats}"></ul>
<p id="status" class="status"></p>
<p id="rated-note" class="muted" hidden>{rated_note}</p>
<p id="last-move" class="last-move"></p>
<div id="resign-confirm" class="panel notice" hidden>
<p>{resign_question}</p>
<button type="button" id="confirm-resign" class="danger">{resign_yes}</button>
<button type="button" id="cancel-resign">{resign_no}</button>
</div>
<div class="actions">
<button type="button" id="undo">{undo}</button>
<button type="button" id="hint">{hint}</button>
<button type="button" id="review-game" hidden>{review}</button>
<button type="button" id="offer-draw">{offer_draw}</button>
<button type="button" id="resign">{resign}</button>
<button type="button" id="new-game">{new_game}</button>
<a id="save" class="button" download>{save}</a>
</div>
<label class="check" id="confirm-setting"><input type="checkbox" id="confirm-moves">
{confirm_moves}</label>
<label class="check" id="sound-setting"><input type="checkbox" id="move-sound">
{beep}</label>
<p id="hint-text" class="hint-text" aria-live="polite" hidden></p>
<div id="links" class="links" hidden></div>
<h2>{moves}</h2>
<ol id="moves" class="moves"></ol>
</aside>
</div>
"""


@cache
def game_main(lang: str) -> str:
    """The game page's main part (:data:`GAME`) in ``lang`` (made once a language).

    >>> '<button type="button" id="resign">Abandonner</button>' in game_main("fr")
    True
    """
    _ = html_translator(lang)
    return GAME.format(
        board=_("Board"),
        loading=_("Loading…"),
        watching=_(
            "You are watching this game. To play, open the link of your seat: whoever created"
            " the game has one for each seat. A browser that holds a seat opens the game at its"
            " seat by itself."
        ),
        seat_open=_("A seat is open: take it to play."),
        your_name=_("Your name"),
        move_bar=_("Your move and the players' offers"),
        back_to_game=_("Back to the game (End)"),
        accept=_("Accept"),
        decline=_("Decline"),
        agree_draw=_("Agree to a draw"),
        rematch=_("Rematch"),
        new_game=_("New game"),
        keyboard_tools=_("Keyboard and screen readers"),
        type_move=_("Type a move"),
        play=_("Play"),
        describe=_("Describe the board"),
        type_move_help=_("written as in the move list (the rules say how)"),
        first_position=_("First position"),
        first=_("« First"),
        previous_move=_("Previous move"),
        back=_("◀ Back"),
        next_move=_("Next move"),
        next=_("Next ▶"),
        last_position=_("Last position"),
        last=_("Last »"),
        review=_("Review"),
        previous_mistake=_("◀ Previous mistake"),
        next_mistake=_("Next mistake ▶"),
        review_link=_("Link to this review"),
        seats=_("Seats"),
        rated_note=_(
            "A rated game: its result changes both players' ratings, and moves cannot be taken"
            " back."
        ),
        resign_question=_("Resign this game?"),
        resign_yes=_("Yes, resign"),
        resign_no=_("No, play on"),
        undo=_("Undo"),
        hint=_("Hint"),
        offer_draw=_("Offer a draw"),
        resign=_("Resign"),
        save=_("Save record"),
        confirm_moves=_("Confirm each move: show it on the board, then play it with a button"),
        beep=_("Beep when another player moves"),
        moves=_("Moves"),
    )


#: The game page's first Tab stop: the board takes the focus and hands it to a place to choose.
SKIP_TO_BOARD = '<a class="skip-link" href="#board">{skip}</a>\n'


def game_page(title: str, about: str, url: str, picture: str, lang: str = DEFAULT) -> str:
    """The game page, with what a shared link shows: the title, a line about the game and a
    picture of the board (Open Graph and Twitter card tags); all in ``lang`` but what the
    engines say (:data:`GAME`).

    >>> page = game_page("Trig", "A game of Trig", "/games/1", "/games/1.png", lang="fr")
    >>> '<main>' in page, "Aller au plateau" in page
    (True, True)
    """
    _ = html_translator(lang)
    skip = SKIP_TO_BOARD.format(skip=_("Skip to the board"))
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
    return layout(title, game_main(lang), "game.js", head, skip, lang=lang, main_lang=lang)


def rules_page(title: str, fragment: str, lang: str = DEFAULT, intro: str = "") -> str:
    """The rules of the game ``title``, after ``intro`` (a line in ``lang``, the link to the
    lessons): the rules in English, whatever ``lang`` the rest of the page is in, until they
    are translated, and saying so.

    >>> page = rules_page("Trugo", "<h1>Trugo</h1>", "fr", "<p>Leçons</p>")
    >>> '<main>\\n<p>Leçons</p>\\n<article class="rules" lang="en">' in page
    True
    """
    _ = translator(lang)
    page_title = _("Rules of {game}").format(game=title)
    english = english_mark(lang)
    main = f'{intro}\n<article class="rules"{english}>\n{fragment}\n</article>'
    return layout(page_title, main, lang=lang, main_lang=lang)


#: A player's page below their name; its words are filled in by :func:`player_page`.
PLAYER = """<p id="error" class="error" role="alert" hidden></p>
<div class="player-layout">
<section class="panel" aria-labelledby="ratings-heading">
<h2 id="ratings-heading">{ratings}</h2>
<div id="ratings"><p class="muted">{loading}</p></div>
<p class="muted small">{provisional}</p>
</section>
<section class="panel" aria-labelledby="history-heading">
<h2 id="history-heading">{history}</h2>
<div id="history-chart" class="chart-box"></div>
</section>
</div>
<section class="panel" aria-labelledby="recent-heading">
<h2 id="recent-heading">{latest}</h2>
<ul id="recent-games" class="games"><li class="muted">{loading}</li></ul>
</section>"""


def player_page(name: str, lang: str = DEFAULT) -> str:
    """A player's page in ``lang``: ratings, the rating history's chart, the latest games
    (``player.js``).

    >>> "Historique du classement" in player_page("Ann", "fr")
    True
    """
    _ = html_translator(lang)
    main = PLAYER.format(
        ratings=_("Ratings"),
        loading=_("Loading…"),
        provisional=_('A rating with "?" is provisional: a few more rated games settle it.'),
        history=_("Rating history"),
        latest=_("Latest games"),
    )
    main = f'<h1 id="player-name">{escape(name)}</h1>\n{main}'
    return layout(name, main, "player.js", lang=lang, main_lang=lang)


#: A game's leaderboard below its title; its words are filled in by :func:`leaderboard_page`.
LEADERBOARD = """<nav class="tabs" aria-label="{leaderboards}">
{links}
</nav>
<p id="error" class="error" role="alert" hidden></p>
<section class="panel">
<p class="muted">{who}</p>
<table class="leaders">
<thead><tr><th scope="col">{rank}</th><th scope="col">{player}</th><th scope="col">{rating}</th>
<th scope="col">{games}</th></tr></thead>
<tbody id="leaders-body"><tr><td colspan="4" class="muted">{loading}</td></tr></tbody>
</table>
</section>"""


def leaderboard_page(game: str, lang: str = DEFAULT) -> str:
    """The leaderboard of ``game`` (one of the five) in ``lang``, with links to the others'
    (``leaderboard.js``).

    >>> "<h1>Classement de Trugo</h1>" in leaderboard_page("trugo", "fr")
    True
    """
    _ = translator(lang)
    titles = {cls.name: short_title(cls.title) for cls in list_games()}
    current = ' aria-current="page"'
    links = "\n".join(
        f'<a href="/leaderboard/{name}"{current if name == game else ""}>{escape(title)}</a>'
        for name, title in titles.items()
    )
    title = _("{game} leaderboard").format(game=titles[game])
    who = _(
        "The players with at least {count} rated games of {game} whose rating is settled (shown"
        ' without "?"), best first.'
    ).format(count=LEADERBOARD_GAMES, game=titles[game])
    main = LEADERBOARD.format(
        leaderboards=escape(_("Leaderboards")),
        links=links,
        who=escape(who),
        rank=escape(_("Rank")),
        player=escape(_("Player")),
        rating=escape(_("Rating")),
        games=escape(_("Rated games")),
        loading=escape(_("Loading…")),
    )
    main = f"<h1>{escape(title)}</h1>\n{main}"
    return layout(title, main, "leaderboard.js", lang=lang, main_lang=lang)


#: One's account page; its words are filled in by :func:`account_page`.
ACCOUNT = """<h1>{heading}</h1>
<p id="error" class="error" role="alert" hidden></p>
<p id="deleted" class="notice panel" role="status" hidden></p>
<section id="logged-out" class="panel" hidden>
<p>{logged_out}</p>
<button type="button" class="primary" data-account="login">{log_in}</button>
<button type="button" data-account="signup">{sign_up}</button>
</section>
<div id="account-sections" class="account-layout" hidden>
<section class="panel whole-row" aria-labelledby="you-heading">
<h2 id="you-heading">{you}</h2>
<p>{play_as}</p>
<div id="account-ratings"></div>
<h3>{history}</h3>
<div id="account-chart" class="chart-box"></div>
<h3>{latest}</h3>
<p id="account-history-status" class="status-line" role="status" hidden></p>
<ul id="account-games" class="games"><li class="muted">{loading}</li></ul>
</section>
<section class="panel" aria-labelledby="email-heading">
<h2 id="email-heading">{email}</h2>
<form id="email-form" novalidate>
<label for="email">{address}</label>
<input id="email" type="email" autocomplete="email" maxlength="254" spellcheck="false">
<label class="check"><input type="checkbox" id="email-digest">
{digest}</label>
<p id="email-status" class="status-line" role="status" hidden></p>
<button type="submit" class="primary" id="email-save">{save}</button>
</form>
</section>
<section class="panel" aria-labelledby="push-heading">
<h2 id="push-heading">{push}</h2>
<p id="push-status" class="status-line" role="status">…</p>
<button type="button" id="push-on" class="primary" hidden>{push_on}</button>
<button type="button" id="push-off" hidden>{push_off}</button>
</section>
<section class="panel" aria-labelledby="vacation-heading">
<h2 id="vacation-heading">{vacation}</h2>
<p id="vacation-status" class="status-line" role="status"></p>
<form id="vacation-form" class="inline-form" novalidate>
<label for="vacation-days">{days}</label>
<input id="vacation-days" type="number" min="1" max="14" value="7" inputmode="numeric">
<button type="submit" id="vacation-start">{vacation_start}</button>
</form>
<button type="button" id="vacation-end" hidden>{vacation_end}</button>
</section>
<section class="panel danger-zone" aria-labelledby="delete-heading">
<h2 id="delete-heading">{delete_heading}</h2>
<p>{delete_about}</p>
<button type="button" id="delete-start" class="danger">{delete_start}</button>
<form id="delete-form" hidden novalidate>
<label for="delete-password">{delete_password}</label>
<input id="delete-password" type="password" autocomplete="current-password">
<label class="check"><input type="checkbox" id="delete-sure">
{delete_sure}</label>
<p id="delete-error" class="error" role="alert" hidden></p>
<button type="submit" id="delete-confirm" class="danger">{delete_confirm}</button>
<button type="button" id="delete-cancel">{delete_cancel}</button>
</form>
</section>
</div>
"""


def account_page(lang: str = DEFAULT) -> str:
    """One's account and settings (``settings.js``), or a word to log in, in ``lang``.

    >>> "Supprimer mon compte" in account_page("fr")
    True
    """
    _ = html_translator(lang)
    main = ACCOUNT.format(
        heading=_("Your account"),
        logged_out=_("You are not logged in: log in to see your account and its settings."),
        log_in=_("Log in"),
        sign_up=_("Sign up"),
        you=_("You"),
        play_as=_("You play as {player} (your page, as others see it).").format(
            player='<a id="account-player-link" href="/"></a>'
        ),
        history=_("Rating history"),
        latest=_("Latest games"),
        loading=_("Loading…"),
        email=_("Email"),
        address=_("Email address"),
        digest=_("Email me a digest when it is my move"),
        save=_("Save"),
        push=_("Browser notifications"),
        push_on=_("Turn on notifications"),
        push_off=_("Turn off notifications in this browser"),
        vacation=_("Vacation"),
        days=_("Days away"),
        vacation_start=_("Start my vacation"),
        vacation_end=_("End my vacation now"),
        delete_heading=_("Delete your account"),
        delete_about=_(
            'Your games stay, with your name in them shown as "deleted"; your ratings, settings'
            " and notifications go. This cannot be undone."
        ),
        delete_start=_("Delete my account…"),
        delete_password=_("Your password, to confirm"),
        delete_sure=_("I want my account deleted, for good"),
        delete_confirm=_("Delete my account"),
        delete_cancel=_("Keep my account"),
    )
    _ = translator(lang)  # the title: plain text, which layout() escapes
    return layout(_("Your account"), main, "settings.js", lang=lang, main_lang=lang)
