"""Trugo's notation and the small tables its rules use.

Every cell and every junction has one name for the whole game, read off a fixed frame: the
bounding box of the game's :class:`~trigames.geometry.honeycomb.TileWindow` (every cell within
``tiles`` steps of the first tile, and their corners), which no layout of the game can leave.
A column of the grid has a letter name (``a`` to ``z``, then ``aa``, ``ab``...), counted from
the frame's left edge, and a row a number, counted from its top, so the names never depend on
the layout. Tile centres and junctions never share a grid point, so one name says which is
meant. The first tile of the default game (36 tiles) is ``dg74``.

>>> parse("c2e"), parse("-D4"), parse("c5-e7"), parse("Pass")
(('place', (2, 1), 0), ('remove', (3, 3), -1), ('move', (2, 4), (4, 6)), ('pass', None, -1))
>>> column_name(0), column_name(25), column_name(26), column_index("ab")
('a', 'z', 'aa', 27)
>>> names = frame(36)
>>> names.name((0, 0)), names.point((110, 73), "dg74e")
('dg74', (0, 0))
"""

from __future__ import annotations

import re
from functools import lru_cache

from trigames.core.errors import MoveParseError
from trigames.core.limits import check_length, quote
from trigames.core.phrases import Phrase, phrase_of, words_of
from trigames.core.protocol import NamedMove
from trigames.geometry.honeycomb import Memo, window

#: Orientation names: where a tile's light cap points (east, north-west, south-west).
ORIENTATION_NAMES = ("e", "nw", "sw")

#: The most characters a move may have, checked before it is read: the longest on the largest
#: frame (90 tiles: columns a to ty, rows 1 to 363) has 11, a piece move between two junctions
#: named like ``ac100``.
MAX_MOVE_LENGTH = 32

# Used with ``fullmatch`` on stripped lowercase text: each repetition is possessive and
# followed by a character it cannot match, so nothing is ever given back and each match is one
# left-to-right scan.
_SPOT = r"([a-z]{1,2}+)\s*+([0-9]{1,3}+)"
_PLACE = re.compile(rf"{_SPOT}\s*+/?+\s*+(e|nw|sw)")
_REMOVE = re.compile(rf"-\s*+{_SPOT}")
_MOVE = re.compile(rf"{_SPOT}\s*+-\s*+{_SPOT}")

#: Kinds of moves in their internal form (see ``trigames.games.trugo.rules.Code``).
PLACE, REMOVE, MOVE, PASS_KIND = 0, 1, 2, 3

#: ``(kind, a, b)``: kind is place, remove, move or pass; a and b are grid spots
#: ``(column, row)`` counted from 0, or an orientation.
Parsed = tuple[str, tuple[int, int] | None, tuple[int, int] | int]


class TrugoMove(NamedMove):
    """A turn in notation: ``c2e`` (place a tile), ``-d4`` (remove one), ``c5-e7`` or ``pass``."""

    __slots__ = ()

    def __hash__(self) -> int:  # the name's hash is cached by the string: cheaper in hot loops
        return hash(self.name)


PASS = TrugoMove("pass")


def column_name(index: int) -> str:
    """Letters of column ``index`` (0 is ``a``, 26 is ``aa``)."""
    if index < 26:
        return chr(97 + index)
    return chr(96 + index // 26) + chr(97 + index % 26)


def column_index(letters: str) -> int:
    """Inverse of :func:`column_name`."""
    if len(letters) == 1:
        return ord(letters) - 97
    return (ord(letters[0]) - 96) * 26 + ord(letters[1]) - 97


def spot_name(column: int, row: int) -> str:
    """Name of the grid spot in ``column`` and ``row`` (both counted from 0)."""
    return f"{column_name(column)}{row + 1}"


def bad_move(text: str, reason: Phrase) -> MoveParseError:
    """The error for move ``text``, whose notation is wrong for ``reason``: a phrase that keeps
    the reason apart (see :func:`notation_reason`).

    >>> bad_move("a0e", Phrase("rows are numbered from 1"))
    MoveParseError("bad move 'a0e': rows are numbered from 1")
    """
    return MoveParseError(Phrase("bad move {move}: {reason}", move=quote(text), reason=reason))


def notation_reason(error: MoveParseError) -> Phrase:
    """What ``error`` finds wrong with a move's notation, without naming the move: the
    ``reason`` of its phrase (:func:`bad_move`), else the whole message.

    >>> notation_reason(bad_move("a0e", Phrase("rows are numbered from 1")))
    'rows are numbered from 1'
    >>> notation_reason(MoveParseError("a Trugo move has at most 32 characters, not 40"))
    'a Trugo move has at most 32 characters, not 40'
    """
    said = words_of(error)
    reason = said.values.get("reason") if isinstance(said, Phrase) else None
    return reason if isinstance(reason, Phrase) else phrase_of(error)


#: The most move objects a :class:`Frame` keeps in ``moves`` (it starts afresh when full).
MOVES_KEPT = 10_000


class Frame:
    """The fixed names of the grid points of the window of a game of ``tiles`` tiles.

    ``tile_names`` and ``junction_names`` give a window cell's and junction's name by id (worked
    out when first asked for, then kept: see :class:`~trigames.geometry.honeycomb.Memo`);
    ``moves`` keeps the move objects already named (at most :data:`MOVES_KEPT`), so a move is
    seldom made twice for a game size.

    >>> names = frame(3)
    >>> names.columns, names.rows, names.name((0, 0)), names.point((11, 7), "l8e")
    (23, 15, 'l8', (0, 0))
    >>> names.tile_names[names.window.origin]
    'l8'
    >>> names.point((23, 0), "x1e")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trigames.core.errors.MoveParseError: ... no x1: columns run from a to w, rows from 1 to 15
    """

    def __init__(self, tiles: int) -> None:
        self.window = window(tiles)
        #: The grid point named ``a1`` is ``(left, top)``.
        (self.left, self.top), (right, bottom) = self.window.bounds
        self.columns, self.rows = right - self.left + 1, bottom - self.top + 1
        self.tile_names: Memo[int, str] = Memo(lambda t: self.name(self.window.tile_xy[t]))
        self.junction_names: Memo[int, str] = Memo(lambda j: self.name(self.window.junction_xy[j]))
        self.moves: dict[int, TrugoMove] = {}

    def name(self, point: tuple[int, int]) -> str:
        """The name of grid point ``(X, Y)`` (``ValueError`` outside the frame)."""
        column, row = point[0] - self.left, point[1] - self.top
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            raise ValueError(f"grid point {point} is outside the names' frame")
        return spot_name(column, row)

    def point(self, spot: tuple[int, int], text: str) -> tuple[int, int]:
        """The grid point ``(X, Y)`` of a spot as :func:`parse` gives it, in move ``text``."""
        column, row = spot
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            reason = Phrase(
                "there is no {spot}: columns run from a to {last_column}, rows from 1 to {rows}",
                spot=spot_name(column, row),
                last_column=column_name(self.columns - 1),
                rows=self.rows,
            )
            raise bad_move(text, reason)
        return column + self.left, row + self.top


@lru_cache(maxsize=8)
def frame(tiles: int) -> Frame:
    """The :class:`Frame` of games of ``tiles`` tiles, shared: the 8 most recently used are
    kept."""
    return Frame(tiles)


def _spot(letters: str, digits: str, text: str) -> tuple[int, int]:
    row = int(digits) - 1
    if row < 0:
        raise bad_move(text, Phrase("rows are numbered from 1"))
    return column_index(letters), row


def parse(text: str) -> Parsed:
    """The parts of a move in notation, with spots ``(column, row)`` counted from 0 (a
    :class:`Frame` turns them into grid points). A move has at most :data:`MAX_MOVE_LENGTH`
    characters."""
    if isinstance(text, str):
        check_length(text, MAX_MOVE_LENGTH, "a Trugo move", MoveParseError)
    cleaned = text.strip().lower() if isinstance(text, str) else ""
    if cleaned == "pass":
        return ("pass", None, -1)
    match = _PLACE.fullmatch(cleaned)
    if match:
        spot = _spot(match.group(1), match.group(2), text)
        return ("place", spot, ORIENTATION_NAMES.index(match.group(3)))
    match = _REMOVE.fullmatch(cleaned)
    if match:
        return ("remove", _spot(match.group(1), match.group(2), text), -1)
    match = _MOVE.fullmatch(cleaned)
    if match:
        return (
            "move",
            _spot(match.group(1), match.group(2), text),
            _spot(match.group(3), match.group(4), text),
        )
    how = Phrase(
        "write a tile placement as a cell and the way its light cap points (c2e, c2nw or c2sw), "
        "a removal as -d4, a piece move as from-to (c5-e7), or pass"
    )
    raise MoveParseError(
        Phrase("{move} is not a Trugo move: {reason}", move=quote(text), reason=how)
    )


def _runs_free(present: int) -> bool:
    """True when the 6-bit neighbour mask has three consecutive free edges (cyclically)."""
    free = ~present & 63
    doubled = free | free << 6
    return any((doubled >> k) & 7 == 7 for k in range(6))


def _split(present: int) -> bool:
    """True when the present neighbours form more than one arc around the tile."""
    starts = sum(1 for k in range(6) if present >> k & 1 and not present >> ((k - 1) % 6) & 1)
    return starts > 1


#: For each mask of present neighbours: may the tile's shape allow removal (three consecutive
#: free edges), and might removing it split the layout (its neighbours lie in several arcs)?
FREE_RUN: tuple[bool, ...] = tuple(_runs_free(m) for m in range(64))
SPLITS: tuple[bool, ...] = tuple(_split(m) for m in range(64))
