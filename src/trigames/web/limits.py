"""What one client may ask of ``trigames serve``: every bound, in one place.

Each is checked before the work it limits starts, so that no request, however made, can hold
the event loop, a worker thread or the memory for long. The README's Web API section lists them.

>>> check_name("Ann")
'Ann'
>>> check_name("Ann\\u202e")
Traceback (most recent call last):
...
ValueError: a name may not hold control or direction characters
"""

from __future__ import annotations

import unicodedata

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
#: Hints computed at once (of the two worker threads, the other stays free for the computer
#: players' moves), and hints waiting for their turn; more are answered 429.
HINTS_AT_ONCE = 1
HINTS_WAITING = 8
#: Seconds a worker thread (a computer thinking) may hold the interpreter's lock before the
#: event loop gets it back (Python's default is 0.005).
SWITCH_INTERVAL = 0.001
#: Board pictures (PNG, for shared links) made at once; the others wait.
PICTURES_AT_ONCE = 2
#: Hints a seat may ask for in any :data:`HINT_WINDOW` seconds; more are answered 429.
HINTS_PER_WINDOW = 5
HINT_WINDOW = 60.0
#: Seconds a move may take in a game created with a clock per move (``{"per_move": S}``).
MIN_PER_MOVE, MAX_PER_MOVE = 10, 86_400
#: Days a move may take in a correspondence game (``{"days_per_move": D}``).
MIN_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE = 1, 14

#: Moves one request may ask the pictures of (``GET /api/games/{id}/choices``), and characters
#: of its ``moves`` list.
MAX_CHOICE_PICTURES = 100
MAX_CHOICE_QUERY = 4000

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
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    for char in name:
        if unicodedata.category(char) in _REFUSED_CATEGORIES or char in _DIRECTION_MARKS:
            raise ValueError("a name may not hold control or direction characters")
    return name
