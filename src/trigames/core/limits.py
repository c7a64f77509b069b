"""Text read from users: a length limit checked before any parsing, and short quotations.

Every parser of text a stranger can send (spec strings, each game's move notation) refuses
text longer than its limit before reading it, and an error message quotes such text shortened,
never an enormous input whole.

>>> quote("A1-A4")
"'A1-A4'"
>>> quote("0123456789" * 5)
"'0123456789012345678901234567890123456789'…"
>>> from trigames.core.errors import MoveParseError
>>> check_length("A1 - A4", 32, "a band", MoveParseError)
>>> check_length("A1" * 50, 32, "a band", MoveParseError)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
trigames.core.errors.MoveParseError: a band has at most 32 characters, not 100: 'A1A1A1...A1'…
"""

from __future__ import annotations

from trigames.core.errors import TrigamesError

#: The most characters of a text an error message quotes.
QUOTED = 40


def quote(text: object) -> str:
    """``repr(text)``, cut after :data:`QUOTED` characters (``…`` then marks the cut)."""
    if isinstance(text, str):
        return repr(text) if len(text) <= QUOTED else repr(text[:QUOTED]) + "…"
    shown = repr(text)
    return shown if len(shown) <= QUOTED else shown[:QUOTED] + "…"


def check_length(text: str, limit: int, what: str, error: type[TrigamesError]) -> None:
    """Raise ``error`` when ``text`` (``what``, for the message) is longer than ``limit``."""
    if len(text) > limit:
        raise error(f"{what} has at most {limit} characters, not {len(text)}: {quote(text)}")
