"""Why the web server refuses a request: one exception class per HTTP status.

A :class:`ServiceError` means that nothing was changed (but see :class:`UnavailableError`);
its message is shown to people as it is (``{"error": MESSAGE}`` with the class's ``status``).
A message that is a :class:`~trigames.core.phrases.Phrase` (an engine's reason, or the server's
own) comes as a phrase too (``"said"``), which a page says in its language.

>>> error = ConflictError("it is not your turn")
>>> error.status, str(error)
(409, 'it is not your turn')
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from trigames.core.phrases import Phrase, Said, said
from trigames.core.phrases import words_of as words_of  # the web tier's, too

#: Why a request with a token is refused when the token holds no seat of the game (403).
NO_SEAT = Phrase("this token holds no seat in this game")
#: Why a client is refused more games read from the store (429).
LONG_GAMES_READ = Phrase(
    "you have had many long games read from the store lately: try again in a minute"
)
#: Why a client is refused a new game from a record (429).
MOVES_REPLAYED = Phrase("you have had many moves replayed lately: wait a minute")
#: Why a new game's id is refused: another game has it (409).
GAME_EXISTS = Phrase("a game with this id exists already: create it again")


def games_a_minute(count: int) -> Phrase:
    """Why an address is refused a new game (429)."""
    return Phrase("one address may create {count} games a minute", count=count)


def computer_busy(count: int) -> Phrase:
    """Why a client is refused a game where the computer moves first (429)."""
    return Phrase(
        "{count} of your games wait for the computer already: let them finish first",
        count=count,
    )


class Refusal(TypedDict):
    """The JSON of a refused request: its ``error``, and the same ``said`` as a phrase when it
    is one."""

    error: str
    said: NotRequired[Said]


def refusal(message: str | BaseException) -> Refusal:
    """``{"error": MESSAGE}``, with ``"said"`` when the message (or an exception's:
    :func:`~trigames.core.phrases.words_of`) is a phrase.

    >>> refusal(Phrase("{name} left", name="Ann"))
    {'error': 'Ann left', 'said': ['{name} left', {'name': 'Ann'}]}
    >>> refusal(ValueError("bad"))
    {'error': 'bad'}
    """
    if isinstance(message, BaseException):
        message = words_of(message)
    if isinstance(message, Phrase):
        return {"error": message, "said": said(message)}
    return {"error": message}


class ServiceError(Exception):
    """A request that cannot be carried out; nothing was changed. ``status`` is HTTP's."""

    status = 400


class BadRequestError(ServiceError):
    """A request whose fields are missing, of the wrong type or out of range."""

    status = 400


class MissingTokenError(ServiceError):
    """A request that acts for a seat without a seat's token."""

    status = 401


class UnauthorizedError(ServiceError):
    """No session (logged out, or never in), or a wrong name or password."""

    status = 401


class ForbiddenError(ServiceError):
    """A token that holds no seat in the game."""

    status = 403


class NotFoundError(ServiceError):
    status = 404


class ConflictError(ServiceError):
    """Not now: out of turn, game over, nothing to accept..."""

    status = 409


class StaleGameError(ConflictError):
    """Another process kept changing the game while this one decided: look again."""


class PayloadTooLargeError(ServiceError):
    """A request body over :data:`~trigames.web.limits.MAX_BODY`."""

    status = 413


class RejectedMoveError(ServiceError):
    """A move the notation or the rules reject (the engine's reason is the message)."""

    status = 422


class RejectedSettingError(ServiceError):
    """A computer seat whose settings are out of the server's ranges (the message names the
    setting and its range)."""

    status = 422


class TooManyRequestsError(ServiceError):
    """More than a client or a seat may ask for in a while (hints, new games, watchers)."""

    status = 429


class UnavailableError(ServiceError):
    """The database failed or does not answer: nothing was changed, try again soon. (The one
    exception, which its message says: a change sent to a database that then stopped
    answering may yet be made when it answers again; the game is read again before any other
    change.)"""

    status = 503
