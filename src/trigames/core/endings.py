"""How a game ends outside its rules: a resignation, a draw agreed, a player out of time.

Every game has these three, through :class:`~trigames.core.protocol.State` (``play`` takes
their notation, ``undo`` takes them back) and records, which list them among the moves. With
two players a resignation or a loss on time ends the game; with more, that player leaves, takes
no more turns and cannot win, and the rest play on until one is left.

>>> parse_ending("Resign 1")
Resignation(seat=1)
>>> str(AgreedDraw()), str(Timeout(0))
('draw agreed', 'timeout 0')
>>> parse_ending("resign", to_move=1)  # a bare resignation is the player to move's
Resignation(seat=1)
>>> parse_ending("D1-D4") is None  # a move of the rules, not an ending
True
"""

from __future__ import annotations

from dataclasses import dataclass

from trigames.core.errors import MoveParseError
from trigames.core.phrases import Phrase

#: Words of the notation: ``resign SEAT``, ``timeout SEAT`` and ``draw agreed``.
RESIGN, TIMEOUT, DRAW = "resign", "timeout", "draw agreed"
#: The longest ending notation read (``timeout`` and a seat number, with room for spaces).
MAX_LENGTH = 32


class Ending:
    """Something that ends the game for one player or for all, outside the rules' moves."""

    __slots__ = ()

    def reason(self, seat_name: str) -> Phrase:
        """How a result ended by this reads, ``seat_name`` naming the seat concerned."""
        raise NotImplementedError

    def describe(self, seat_name: str) -> Phrase:
        """What happened, for a move list or a last-move line (it starts with a capital)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Withdrawal(Ending):
    """``seat`` leaves the game: a :class:`Resignation` or a :class:`Timeout`."""

    seat: int


@dataclass(frozen=True, slots=True)
class Resignation(Withdrawal):
    """``seat`` resigns: notation ``resign SEAT`` (``resign`` alone: the player to move)."""

    def reason(self, seat_name: str) -> Phrase:
        return Phrase("{seat} resigned", seat=seat_name)

    def describe(self, seat_name: str) -> Phrase:
        return Phrase("{seat} resigns", seat=seat_name)

    def __str__(self) -> str:
        return f"{RESIGN} {self.seat}"


@dataclass(frozen=True, slots=True)
class Timeout(Withdrawal):
    """``seat`` let their time run out (a network game with a time limit): ``timeout SEAT``."""

    def reason(self, seat_name: str) -> Phrase:
        return Phrase("{seat} ran out of time", seat=seat_name)

    def describe(self, seat_name: str) -> Phrase:
        return Phrase("{seat} runs out of time", seat=seat_name)

    def __str__(self) -> str:
        return f"{TIMEOUT} {self.seat}"


@dataclass(frozen=True, slots=True)
class AgreedDraw(Ending):
    """The players still in the game agreed to a draw: ``draw agreed``."""

    def reason(self, seat_name: str) -> Phrase:
        return Phrase("draw agreed")

    def describe(self, seat_name: str) -> Phrase:
        return Phrase("The players agree to a draw")

    def __str__(self) -> str:
        return DRAW


def parse_ending(text: str, to_move: int | None = None) -> Ending | None:
    """The ending written ``text``, or ``None`` when ``text`` is not one (a move of the rules).

    Case and spaces do not matter. ``resign`` without a seat is the resignation of
    ``to_move``. Raises ``MoveParseError`` for an ending with a bad seat. Whether the seat
    exists is checked when the ending is played. Text of more than :data:`MAX_LENGTH`
    characters is not read: it is no ending, and the game's notation refuses it.

    >>> parse_ending("timeout x")
    Traceback (most recent call last):
    ...
    trigames.core.errors.MoveParseError: 'timeout x': write timeout SEAT, such as timeout 0
    """
    if len(text) > MAX_LENGTH:
        return None
    words = text.lower().split()
    if words == DRAW.split():
        return AgreedDraw()
    if not words or words[0] not in (RESIGN, TIMEOUT) or len(words) > 2:
        return None
    kind: type[Withdrawal] = Resignation if words[0] == RESIGN else Timeout
    if len(words) == 1 and kind is Resignation and to_move is not None:
        return Resignation(to_move)
    seat = words[-1]
    if len(words) == 1 or not (seat.isascii() and seat.isdigit()):
        raise MoveParseError(f"{text!r}: write {words[0]} SEAT, such as {words[0]} 0")
    return kind(int(seat))
