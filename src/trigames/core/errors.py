"""Precise exception classes. Every one is a ``ValueError``, so callers can catch broadly.

>>> import trigames
>>> try:
...     trigames.load_game("chess")
... except trigames.UnknownGameError as error:
...     print(error)
unknown game 'chess'; known games: triggle, trig, tricolor, trugo, tranglar (also trigger, triggest)
"""

from __future__ import annotations


class TrigamesError(ValueError):
    """Base class of every error this package raises on bad input."""


class SpecError(TrigamesError):
    """A game spec string is malformed or names something that does not exist."""


class SpecSyntaxError(SpecError):
    """A spec string does not have the form ``name`` or ``name(key=value,...)``."""


class UnknownGameError(SpecError):
    """A spec string names a game that is not registered."""


class UnknownOptionError(SpecError):
    """A spec string names an option the game does not have."""


class OptionValueError(SpecError):
    """A spec string gives an option a value outside its range or of the wrong type."""


class MoveError(TrigamesError):
    """A move cannot be played."""


class MoveParseError(MoveError):
    """A move's notation is malformed or names no move of this game."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules do not allow in this position."""


class IllegalActionError(IllegalMoveError):
    """An action id that names no legal move in this position (see ``Game.move_of_action``)."""


class GameOverError(IllegalMoveError):
    """A move was offered after the game ended."""


class UndoError(TrigamesError):
    """There is no move to take back."""


class PositionError(TrigamesError):
    """A position (``to_json`` object or file) is malformed or impossible."""


class RecordError(TrigamesError):
    """A game record is malformed or does not replay."""


class PlayerSpecError(TrigamesError):
    """A player spec (``mcts(seconds=0.5)``...) is malformed, too long, names no player kind or
    setting, or gives a setting a value outside its range."""
