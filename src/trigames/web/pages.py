"""The HTML pages of ``trigames serve``: one layout around the lobby, the game page, the rules
pages and the "not found" page. The pages come alive with the ES modules under ``static/``.

>>> "<h1>Rules</h1>" in layout("Rules", "<h1>Rules</h1>")
True
>>> "No such game" in not_found("No such game", "there is no game 'x'")
True
"""

from __future__ import annotations

from html import escape

from trigames.games import list_games

STATIC = "/static"


def layout(title: str, main: str, script: str | None = None, head: str = "") -> str:
    """A whole page: the header with the links to the lobby and the rules, then ``main``;
    ``head`` goes in the page's head (meta tags)."""
    rules = " ".join(
        f'<a href="/rules/{cls.name}">{escape(cls.title.split(" (")[0])}</a>'
        for cls in list_games()
    )
    module = "" if script is None else f'<script type="module" src="{STATIC}/{script}"></script>'
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · trigames</title>
<link rel="icon" href="{STATIC}/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{STATIC}/style.css">
{head}
{module}
</head>
<body>
<header class="site">
<a class="home" href="/">trigames</a>
<nav aria-label="Rules">Rules: {rules}</nav>
</header>
<main>
{main}
</main>
</body>
</html>
"""


def not_found(title: str, message: str) -> str:
    """The page for an unknown game or rules page."""
    return layout(
        title,
        f'<h1>{escape(title)}</h1>\n<p class="error">{escape(message)}.</p>\n'
        '<p><a href="/">Back to the lobby</a></p>',
    )


LOBBY = """<h1>Play a game</h1>
<section class="panel" id="your-games-panel" aria-labelledby="your-games-heading" hidden>
<h2 id="your-games-heading">Your games</h2>
<ul id="your-games" class="games"></ul>
</section>
<section class="panel" aria-labelledby="new-heading">
<h2 id="new-heading">New game</h2>
<form id="new-game-form" novalidate>
<fieldset id="record-fieldset" class="record">
<legend>Continue a saved game <span class="muted">(optional)</span></legend>
<label for="record-file">A record saved by trigames (JSON)</label>
<input type="file" id="record-file" accept=".json,application/json">
<p id="record-shown" class="muted" hidden></p>
<button type="button" id="record-clear" hidden>Start a new game instead</button>
</fieldset>
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
<option value="">No clock</option>
<option value="per_move:30">30 seconds a move</option>
<option value="per_move:60">1 minute a move</option>
<option value="per_move:120">2 minutes a move</option>
<option value="per_move:300">5 minutes a move</option>
<option value="days_per_move:1">1 day a move (correspondence)</option>
<option value="days_per_move:2">2 days a move</option>
<option value="days_per_move:3">3 days a move</option>
<option value="days_per_move:7">7 days a move</option>
</select>
<p id="clock-note" class="clock-note muted">A player who runs out of time loses; computers
are not timed. A clock needs two human players on their own screens.</p>
<p id="error" class="error" role="alert" hidden></p>
<button type="submit" id="create" class="primary">Create the game</button>
</form>
</section>
<section class="panel" aria-labelledby="games-heading">
<h2 id="games-heading">Recent games</h2>
<ul id="games" class="games"><li class="muted">Loading…</li></ul>
</section>
"""


def lobby() -> str:
    return layout("Lobby", LOBBY, "lobby.js")


GAME = """<div class="game-layout">
<section class="board-column" aria-label="Board">
<h1 id="title">Loading…</h1>
<p id="turn" class="turn" aria-live="polite"></p>
<section id="result" class="panel result" role="status" aria-live="polite" hidden>
<h2 id="result-headline"></h2>
<p id="result-how"></p>
<button type="button" id="rematch" class="primary">Rematch</button>
<button type="button" id="result-new-game">New game</button>
</section>
<div id="watching" class="panel notice watching" hidden>
<p>You are watching this game. To play, open the link of your seat: whoever created the game has
one for each seat. A browser that holds a seat opens the game at its seat by itself.</p>
<div id="open-seats" hidden>
<p>A seat is open: take it to play.</p>
<label>Your name <input id="join-name" maxlength="40" autocomplete="nickname"></label>
<span id="join-buttons"></span>
</div>
</div>
<p id="looking-back" class="looking-back" hidden><span id="looking-back-text"></span>
<button type="button" id="back-to-game">Back to the game (End)</button></p>
<div id="board-area" class="board-area">
<div id="board" class="board"></div>
<div id="preview" class="board preview" hidden></div>
</div>
<button type="button" id="zoom" class="zoom" hidden></button>
<div id="choices" class="choices" aria-live="polite"></div>
<div id="replay" class="replay" hidden>
<button type="button" id="replay-first" aria-label="First position">« First</button>
<button type="button" id="replay-prev" aria-label="Previous move">◀ Back</button>
<span id="replay-ply" class="replay-ply"></span>
<button type="button" id="replay-next" aria-label="Next move">Next ▶</button>
<button type="button" id="replay-last" aria-label="Last position">Last »</button>
</div>
</section>
<aside class="side-column">
<p id="error" class="error" role="alert" hidden></p>
<ul id="seats" class="seats" aria-label="Seats"></ul>
<p id="status" class="status"></p>
<p id="last-move" class="last-move"></p>
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
<div id="resign-confirm" class="panel notice" hidden>
<p>Resign this game?</p>
<button type="button" id="confirm-resign" class="danger">Yes, resign</button>
<button type="button" id="cancel-resign">No, play on</button>
</div>
<div class="actions">
<button type="button" id="undo">Undo</button>
<button type="button" id="hint">Hint</button>
<button type="button" id="offer-draw">Offer a draw</button>
<button type="button" id="resign">Resign</button>
<button type="button" id="new-game">New game</button>
<a id="save" class="button" download>Save record</a>
</div>
<label class="check" id="confirm-setting"><input type="checkbox" id="confirm-moves">
Confirm each move: show it on the board, then play it with a button</label>
<p id="hint-text" class="hint-text" aria-live="polite" hidden></p>
<div id="links" class="links" hidden></div>
<h2>Moves</h2>
<ol id="moves" class="moves"></ol>
</aside>
</div>
"""


def game_page(title: str, about: str, url: str, picture: str) -> str:
    """The game page, with what a shared link shows: the title, a line about the game and a
    picture of the board (Open Graph and Twitter card tags)."""
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
    return layout(title, GAME, "game.js", head)


def rules_page(title: str, fragment: str) -> str:
    return layout(f"Rules of {title}", f'<article class="rules">\n{fragment}\n</article>')
