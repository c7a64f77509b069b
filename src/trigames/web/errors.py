"""Why the web server refuses a request: one exception class per HTTP status.

A :class:`ServiceError` means that nothing was changed (but see :class:`UnavailableError`);
its message is shown to people as it is (``{"error": MESSAGE}`` with the class's ``status``).

>>> error = ConflictError("it is not your turn")
>>> error.status, str(error)
(409, 'it is not your turn')
"""

from __future__ import annotations


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
