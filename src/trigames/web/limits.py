"""What one client may ask of ``trigames serve``: every bound, in one place.

Each is checked before the work it limits starts, so that no request, however made, can hold
the event loop, a worker thread or the memory for long. docs/web-api.md lists them.

>>> check_name("Ann")
'Ann'
>>> check_name("Ann\\u202e")
Traceback (most recent call last):
...
ValueError: a name may not hold control or direction characters
"""

from __future__ import annotations

import unicodedata

from trigames.core.phrases import Phrase

#: Bytes of a request body; a larger one is answered 413 before it is read whole.
MAX_BODY = 64 * 1024
#: Bytes of one WebSocket message from a page (pages send nothing for now).
MAX_WS_MESSAGE = 4 * 1024
#: Moves of a game record a new game goes on with (``POST /api/games`` with ``record``): it is
#: replayed, move by move, before the answer.
MAX_RECORD_MOVES = 2000
#: Characters of a player's name.
MAX_NAME = 40
#: Characters of a token (the server's are 24; a longer one cannot be any seat's).
MAX_TOKEN = 64
#: Games kept in memory while nobody watches them and no computer thinks in them; more are
#: dropped, oldest first, and read back from the store when asked for.
IDLE_GAMES = 100
#: Seconds a WebSocket client may take to take in one message before it is dropped.
SEND_TIMEOUT = 20.0
#: Messages waiting for a page that reads slowly; past this they are replaced by the whole view.
OUTBOX_MESSAGES = 16
#: Pages (WebSockets) one client address may hold open, and pages one game may have; more are
#: closed at once with code 4429. Both can be set (``trigames serve --watchers-per-address``,
#: ``--watchers-per-game``): a classroom behind one address needs one per pupil at least.
WATCHERS_PER_ADDRESS = 128
WATCHERS_PER_GAME = 256
#: Games one client address may create a minute (429 beyond; ``--games-per-minute``).
NEW_GAMES_PER_MINUTE = 120
#: Games of one client address whose computer thinks or waits to, at once: one more that would
#: need the computer at once is refused (429; ``--thinking-games``).
THINKING_GAMES = 8
#: Moves one client address may have the server replay a minute, reading games that are not in
#: memory from the store (429 beyond): what a stranger can make the server work.
REPLAYED_MOVES_PER_MINUTE = 60_000
#: Hints waiting for the computer at once, for the whole server; more are answered 429.
HINTS_WAITING = 8
#: Seconds between tries of a write the computer or a clock could not make (the database
#: away), the last one repeated.
RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)
#: Seconds a worker thread (reading a game from the store, drawing a shared picture) may hold
#: the interpreter's lock before the event loop gets it back (Python's default is 0.005).
SWITCH_INTERVAL = 0.001
#: Seconds the computer may take over one question (a player answers within 10 s on a server,
#: a hint within 2): past this its worker is taken for hung, and started again.
THINKING_SECONDS = 30.0
#: Board pictures (PNG, for shared links) made at once; the others wait.
PICTURES_AT_ONCE = 2
#: Plies between the positions a game in memory keeps (a picture of an earlier ply replays at
#: most this many moves), and pictures of earlier plies and previews kept per game.
CHECKPOINT_PLIES = 32
PICTURES_KEPT = 16
#: Hints a seat may ask for in any :data:`HINT_WINDOW` seconds; more are answered 429.
HINTS_PER_WINDOW = 5
HINT_WINDOW = 60.0
#: Seconds a move may take in a game created with a clock per move (``{"per_move": S}``).
MIN_PER_MOVE, MAX_PER_MOVE = 10, 86_400
#: Days a move may take in a correspondence game (``{"days_per_move": D}``).
MIN_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE = 1, 14

#: Seconds a call to the database may take (connecting, or one statement) before the request
#: is answered 503; while one is stuck past this, every request that needs the database is
#: answered 503 at once.
STATEMENT_SECONDS = 5.0

#: Moves one request may ask the pictures of (``GET /api/games/{id}/choices``), and characters
#: of its ``moves`` list.
MAX_CHOICE_PICTURES = 100
MAX_CHOICE_QUERY = 4000

#: Accounts: a name of 3 to 20 letters, digits, ``_`` and ``-`` (unique ignoring case); a
#: password of 8 to 256 characters; a session lasts 30 days (or until its owner logs out).
MIN_ACCOUNT_NAME, MAX_ACCOUNT_NAME = 3, 20
MIN_PASSWORD, MAX_PASSWORD = 8, 256
SESSION_DAYS = 30
#: Failed logins counted over :data:`LOGIN_WINDOW` seconds: past this many for one name, that
#: name is refused (429) whatever the password; past the other for one address (a classroom
#: behind one address may mistype a lot), that address is.
LOGIN_WINDOW = 15 * 60
LOGIN_FAILURES_PER_NAME = 10
LOGIN_FAILURES_PER_ADDRESS = 100
#: Accounts one client address may make an hour (a classroom signing up together).
NEW_ACCOUNTS_PER_HOUR = 60
#: Passwords hashed at once (each takes 19 MiB and ~40 ms); the others wait.
HASHES_AT_ONCE = 2

#: Challenges: open ones an account may have at once, and the days one stays open.
OPEN_CHALLENGES = 20
CHALLENGE_DAYS = 7
#: Days of vacation an account may take a year (its correspondence clocks paused).
VACATION_DAYS = 14
#: A leaderboard lists players with at least this many rated games in the game.
LEADERBOARD_GAMES = 10

#: Puzzles: how many one request may ask for (``GET /api/puzzles?count=``), the ratings it may
#: ask them near (``rating=``), the characters of a puzzle's id and the moves an attempt may say
#: were played before its move (``POST /api/puzzles/{id}/check``).
MAX_PUZZLES, DEFAULT_PUZZLES = 50, 10
MAX_PUZZLE_RATING = 4000
MAX_PUZZLE_ID = 40
MAX_PUZZLE_PLIES = 16

#: Study boards (``POST /api/positions``): the bytes of the JSON of a position sent, and what
#: one request costs: it counts as this many replayed moves, plus the moves it replays (at most
#: :data:`MAX_RECORD_MOVES`), against :data:`REPLAYED_MOVES_PER_MINUTE` (drawing a board costs
#: about as much as replaying 50 moves).
MAX_POSITION_BYTES = 16 * 1024
POSITION_COST = 50
#: Lessons: the characters of a lesson's id; a check of a learner's move
#: (``POST /api/lessons/{id}/steps/{n}/check``) counts as this many replayed moves (it may
#: search the position a little); finished lessons one request may name
#: (``POST /api/account/lessons``).
MAX_LESSON_ID = 40
LESSON_CHECK_COST = 100
MAX_LESSONS_SENT = 200
#: Characters of an ``Accept-Language`` header the pages read (a browser sends well under 200);
#: a longer one is ignored whole, and the page is in English (or the ``lang`` cookie's).
MAX_ACCEPT_LANGUAGE = 500

#: Unicode categories a name may not hold: controls, surrogates, private use, unassigned,
#: line and paragraph separators.
_REFUSED_CATEGORIES = {"Cc", "Cs", "Co", "Cn", "Zl", "Zp"}
#: Characters that change the direction of the text around them (they could disguise a name).
_DIRECTION_MARKS = {*map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))}


def check_name(name: str) -> str:
    """``name`` without surrounding spaces, if it is a name a page may show (``ValueError``
    says why not): at most :data:`MAX_NAME` characters, none of them a control, a surrogate or a
    mark that turns the direction of the text."""
    name = name.strip()
    if len(name) > MAX_NAME:
        raise ValueError(Phrase("a name has at most {most} characters", most=MAX_NAME))
    for char in name:
        if unicodedata.category(char) in _REFUSED_CATEGORIES or char in _DIRECTION_MARKS:
            raise ValueError(Phrase("a name may not hold control or direction characters"))
    return name
