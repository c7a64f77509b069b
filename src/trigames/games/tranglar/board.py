"""TRANGLAR's board, pieces and notation.

The board is a 4 x 4 block of squares, each cut by both diagonals into four cells
(:mod:`trigames.geometry.tetrakis`). Squares are named by column ``a`` to ``d`` (left to right)
and row ``1`` to ``4`` (top to bottom); a cell by its square and the side of the square it
stands on, ``n``, ``e``, ``s`` or ``w``: ``b3n`` is the top cell of square ``b3``.

A piece on the board is written as its code and its cells, square by square (rows from the
top, columns from the left), a square's cells in the order ``n e s w``, and a whole square by
its name alone: ``Lb3ne`` is a large triangle on the top and right cells of ``b3``,
``Qc2`` a large square on ``c2``, ``Zrb3nec3w`` a right-handed trapeze.

>>> parse_piece("zrB3NE c3w") == (ZR, board_mask("b3ne c3w"))
True
>>> piece_name(Q, board_mask("c2")), piece_name(ZR, board_mask("c3w b3ne"))
('Qc2', 'Zrb3nec3w')
>>> parse_piece("Zb3nec3w")[0] == ZR  # a trapeze's hand is read off its cells
True
>>> parse("xQb3 = Lb3ne, Lb3sw")[0] == TAKE, parse("PASS")
(True, (5, -1, 0, ()))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from trigames.core.errors import MoveParseError
from trigames.core.limits import check_length, quote
from trigames.core.phrases import Phrase, words_of
from trigames.core.protocol import NamedMove
from trigames.geometry.tetrakis import (
    SIDE_NAMES,
    Cell,
    E,
    N,
    Placement,
    S,
    TetrakisBoard,
    W,
    is_mirror_symmetric,
    mirror,
    normalize,
    orientations,
)

SIZE = 4
BOARD = TetrakisBoard(SIZE, SIZE)
CELLS = len(BOARD.cells)
ALL = BOARD.all_cells
COLUMNS = "abcd"

# Piece kinds. The coloured ones come first; a trapeze and a parallelogram exist in two hands.
T, L, M, Q, ZR, ZL, PR, PL, R, F, NT, G, H = range(13)
COLOURED = (T, L, M, Q, ZR, ZL, PR, PL, R, F)
TRAPEZES = (ZR, ZL)
PARALLELOGRAMS = (PR, PL)
BIG_NEUTRAL = (G, H)


def _square(x: int, y: int) -> set[Cell]:
    return {(x, y, k) for k in range(4)}


@dataclass(frozen=True)
class Kind:
    """One kind of piece: its code in the notation, its name (a phrase: people read it), its
    shape and how it may lie."""

    code: str
    name: str
    shape: frozenset[Cell]
    neutral: bool
    #: The kind a piece of this kind becomes when flipped over (its mirror image).
    mirror: int

    @property
    def size(self) -> int:
        return len(self.shape)


_SHAPES: dict[int, tuple[str, str, set[Cell], int]] = {
    T: ("T", Phrase("small triangle"), {(0, 0, N)}, T),
    L: ("L", Phrase("large triangle"), {(0, 0, N), (0, 0, E)}, L),
    M: ("M", Phrase("medium square"), {(0, 0, S), (0, 1, N)}, M),
    Q: ("Q", Phrase("large square"), _square(0, 0), Q),
    ZR: ("Zr", Phrase("right-handed trapeze"), {(0, 0, N), (0, 0, E), (1, 0, W)}, ZL),
    ZL: ("Zl", Phrase("left-handed trapeze"), {(1, 0, N), (1, 0, W), (0, 0, E)}, ZR),
    PR: (
        "Pr",
        Phrase("right-handed parallelogram"),
        {(0, 0, N), (0, 0, E), (1, 0, S), (1, 0, W)},
        PL,
    ),
    PL: (
        "Pl",
        Phrase("left-handed parallelogram"),
        {(1, 0, N), (1, 0, W), (0, 0, S), (0, 0, E)},
        PR,
    ),
    R: ("R", Phrase("rectangular parallelogram"), {(0, 0, S), (0, 1, N), (0, 0, E), (1, 0, W)}, R),
    F: ("F", Phrase("five-sided piece"), {(0, 0, E), (0, 0, S), (0, 0, W)}, F),
    NT: ("N", Phrase("neutral small triangle"), {(0, 0, N)}, NT),
    G: (
        "G",
        Phrase("large neutral trapeze"),
        {(0, 0, S), (0, 1, N), (0, 0, E), (1, 0, W), (1, 0, N)},
        G,
    ),
    H: ("H", Phrase("large neutral five-sided piece"), _square(0, 1) | {(0, 0, S)}, H),
}

KINDS: tuple[Kind, ...] = tuple(
    Kind(code, name, normalize(shape), kind in (NT, G, H), flipped)
    for kind, (code, name, shape, flipped) in sorted(_SHAPES.items())
)
CODES: dict[str, int] = {kind.code.lower(): i for i, kind in enumerate(KINDS)}

#: Every placement of each kind: coloured pieces turn only (their faces are handed), neutral
#: pieces may also lie mirrored.
PLACEMENTS: tuple[tuple[Placement, ...], ...] = tuple(
    tuple(BOARD.placements(kind.shape, reflections=kind.neutral)) for kind in KINDS
)
#: For each kind, the masks of its placements.
KIND_MASKS: tuple[frozenset[int], ...] = tuple(
    frozenset(p.mask for p in found) for found in PLACEMENTS
)
#: The pieces a seat starts with, by kind (3 neutral small triangles included).
START_RESERVE: tuple[tuple[int, ...], ...] = tuple(
    tuple({T: 4, L: 4, M: 3, Q: 1, ZR: 1, ZL: 1, seat_p: 1, R: 1, F: 1, NT: 3}.get(k, 0)
          for k in range(len(KINDS)))
    for seat_p in (PR, PL)
)  # fmt: skip
#: How many pieces of each kind exist, a kind and its mirror image counted together.
TOTALS: dict[tuple[int, ...], int] = {
    (T,): 8, (L,): 8, (M,): 6, (Q,): 2, TRAPEZES: 4, PARALLELOGRAMS: 2, (R,): 2, (F,): 2,
    (NT,): 6, (G,): 1, (H,): 1,
}  # fmt: skip

assert all(is_mirror_symmetric(KINDS[k].shape) == (KINDS[k].mirror == k) for k in COLOURED)
assert all(
    mirror(KINDS[k].shape) in orientations(KINDS[KINDS[k].mirror].shape, False) for k in COLOURED
)

# --- moves ---------------------------------------------------------------------------------------

PLACE, SPLIT, MERGE, TAKE, SWAP, PASS_KIND = range(6)
Part = tuple[int, int]  # (kind, mask)
#: The internal form of a move: ``(action, kind, mask, parts)``. A placement or a swap names
#: one piece; a split the piece on the board and the pieces replacing it (parts); a merge the
#: new piece and the pieces it replaces; a take-over the opponent's piece and the pieces
#: covering its cells.
Code = tuple[int, int, int, tuple[Part, ...]]
PASS_CODE: Code = (PASS_KIND, -1, 0, ())


class TranglarMove(NamedMove):
    """A turn in notation: ``Lb3ne`` (place), ``Qb3=Lb3ne,Lb3sw`` and ``Lb3ne,Lb3sw=Qb3``
    (replace), ``xQb3=Lb3ne,Lb3sw`` (take over), ``xZrb3nec3w`` (swap a trapped trapeze),
    or ``pass``."""

    __slots__ = ()

    def __hash__(self) -> int:  # the name's hash is cached by the string
        return hash(self.name)


def square_name(x: int, y: int) -> str:
    """``b3`` for column 1, row 2 (both counted from 0)."""
    return f"{COLUMNS[x]}{y + 1}"


def cell_name(cell: int) -> str:
    """``b3n`` for the top cell of square ``b3``."""
    x, y, k = BOARD.cells[cell]
    return square_name(x, y) + SIDE_NAMES[k]


def cells_name(mask: int) -> str:
    """The cells of a mask square by square, a whole square by its name alone."""
    parts = []
    for square in range(SIZE * SIZE):
        four = mask >> (4 * square) & 15
        if four:
            name = square_name(square % SIZE, square // SIZE)
            if four != 15:
                name += "".join(SIDE_NAMES[k] for k in range(4) if four >> k & 1)
            parts.append(name)
    return "".join(parts)


def piece_name(kind: int, mask: int) -> str:
    """A piece in notation: its code, then its cells."""
    return KINDS[kind].code + cells_name(mask)


#: The most characters a move (or a piece, in a position) may have, checked before it is read.
#: The longest move in canonical form has 32 (``xRa1esb1wa2n=Ta1e,Ta1s,Tb1w,Ta2n``, a take-over
#: covered by four small triangles); spaces, whole squares written out (``b3nesw``) and the
#: other accepted spellings fit in four times that.
MAX_MOVE_LENGTH = 128

# Each repetition is possessive and followed by a character it cannot match, so nothing is
# ever given back: a square is read in one scan of its characters, a piece in one scan per
# code its first letters can be (two at most: ``z`` or ``zr``).
_SQUARE = re.compile(r"([a-z])([0-9]{1,2}+)([nesw]*+)")
_PIECE = re.compile(r"(zr|zl|pr|pl|[tlmqzprfngh])([a-z][0-9].*+)")


def board_mask(text: str) -> int:
    """The cells written ``b3ne c3w`` (any case, spaces allowed) as a mask."""
    cleaned = re.sub(r"[\s.+]", "", text.lower())
    total = 0
    at = 0
    while at < len(cleaned):
        match = _SQUARE.match(cleaned, at)
        if match is None:
            raise MoveParseError(
                Phrase(
                    "bad cells {cells}: write squares a1 to d4, each followed by the cells "
                    "n, e, s or w it holds (none for the whole square), like b3ne or c2",
                    cells=quote(text),
                )
            )
        column, row, sides = match.groups()
        x, y = ord(column) - 97, int(row) - 1
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            raise MoveParseError(
                Phrase(
                    "bad cells {cells}: there is no square {square}; squares run from a1 to d4 "
                    "(columns a to d, rows 1 to 4)",
                    cells=quote(text),
                    square=column + row,
                )
            )
        four = 15 if not sides else sum(1 << SIDE_NAMES.index(s) for s in set(sides))
        if len(set(sides)) != len(sides) or total >> (4 * (4 * y + x)) & four:
            raise MoveParseError(
                Phrase("bad cells {cells}: a cell is named twice", cells=quote(text))
            )
        total |= four << (4 * (4 * y + x))
        at = match.end()
    if not total:
        raise MoveParseError(Phrase("bad cells {cells}: no cell named", cells=quote(text)))
    return total


def shape_of(mask: int) -> Phrase:
    """What the cells make, for error messages: ``a large triangle`` or ``no piece``."""
    for kind in (*COLOURED, G, H):
        if mask in KIND_MASKS[kind]:
            return Phrase("a {kind}", kind=KINDS[kind].name)
    return Phrase("no piece")


#: What a piece code says when its cells make no such piece: the kind, or for a trapeze or a
#: parallelogram (whichever hand) its family.
_FAMILIES = {"z": Phrase("trapeze"), "p": Phrase("parallelogram")}


def parse_piece(text: str) -> Part:
    """``(kind, mask)`` of a piece written ``Lb3ne`` (the hand of a trapeze or parallelogram
    may be left out: the cells say it), of at most :data:`MAX_MOVE_LENGTH` characters."""
    check_length(text, MAX_MOVE_LENGTH, "a TRANGLAR piece", MoveParseError)
    cleaned = re.sub(r"\s", "", text.lower())
    match = _PIECE.fullmatch(cleaned)
    if match is None:
        raise MoveParseError(
            Phrase(
                "bad piece {piece}: write a piece code ({codes}) and its cells, like Lb3ne",
                piece=quote(text.strip()),
                codes=", ".join(kind.code for kind in KINDS),
            )
        )
    code, cells = match.groups()
    mask = board_mask(cells)
    choices = {"z": TRAPEZES, "p": PARALLELOGRAMS}.get(code) or (CODES[code],)
    for kind in choices:
        if mask in KIND_MASKS[kind]:
            return kind, mask
    said = {
        "piece": quote(text.strip()),
        "cells": cells_name(mask),
        "shape": shape_of(mask),
        "kind": _FAMILIES.get(code[0], KINDS[choices[0]].name),
    }
    if code in "ngh":
        raise MoveParseError(
            Phrase(
                "bad piece {piece}: the cells {cells} make {shape}, not a {kind} as it may lie",
                **said,
            )
        )
    raise MoveParseError(
        Phrase(
            "bad piece {piece}: the cells {cells} make {shape}, not a {kind} as it may lie "
            "(coloured pieces are turned, never mirrored)",
            **said,
        )
    )


def _parts(text: str) -> tuple[Part, ...]:
    parts = tuple(sorted((parse_piece(p) for p in text.split(",")), key=_low))
    return parts


def _low(part: Part) -> int:
    return part[1] & -part[1]


def parse(text: str) -> Code:
    """The internal form of a move written in notation (form only, not legality), of at most
    :data:`MAX_MOVE_LENGTH` characters."""
    if isinstance(text, str):
        check_length(text, MAX_MOVE_LENGTH, "a TRANGLAR move", MoveParseError)
    cleaned = re.sub(r"\s", "", text.lower()) if isinstance(text, str) else ""
    if cleaned == "pass":
        return PASS_CODE
    take = cleaned.startswith("x")
    body = cleaned[1:] if take else cleaned
    if not body:
        raise MoveParseError(
            Phrase("{move} is not a TRANGLAR move: {why}", move=quote(text), why=_FORMS)
        )
    try:
        if "=" not in body:
            if "," in body:
                raise MoveParseError(
                    Phrase(
                        "{move}: several pieces need an '='; {forms}",
                        move=quote(text),
                        forms=_FORMS,
                    )
                )
            kind, mask = parse_piece(body)
            return (SWAP if take else PLACE, kind, mask, ())
        left, _, right = body.partition("=")
        before, after = _parts(left), _parts(right)
    except MoveParseError as error:
        if str(error).startswith(quote(text)):
            raise
        raise MoveParseError(
            Phrase("{move} is not a TRANGLAR move: {why}", move=quote(text), why=words_of(error))
        ) from None
    if take:
        if len(before) != 1:
            raise MoveParseError(
                Phrase("{move}: a take-over names one opponent piece before '='", move=quote(text))
            )
        return (TAKE, before[0][0], before[0][1], after)
    if len(before) == 1 and len(after) >= 2:
        return (SPLIT, before[0][0], before[0][1], after)
    if len(before) >= 2 and len(after) == 1:
        return (MERGE, after[0][0], after[0][1], before)
    raise MoveParseError(
        Phrase(
            "{move}: a replacement swaps one of your pieces for two or more (Qb3=Lb3ne,Lb3sw) "
            "or two or more for one (Lb3ne,Lb3sw=Qb3)",
            move=quote(text),
        )
    )


_FORMS = Phrase(
    "write a piece and its cells to place it (Lb3ne), one piece = two or more to replace it "
    "(Qb3=Lb3ne,Lb3sw), two or more = one (Lb3ne,Lb3sw=Qb3), x and an opponent piece = your "
    "pieces to take it over (xQb3=Lb3ne,Lb3sw), x and a trapped trapeze to swap it "
    "(xZrb3nec3w), or pass"
)


def format_code(code: Code) -> str:
    """The canonical notation of a move's internal form."""
    action, kind, mask, parts = code
    if action == PASS_KIND:
        return "pass"
    piece = piece_name(kind, mask)
    listed = ",".join(piece_name(k, m) for k, m in parts)
    if action == PLACE:
        return piece
    if action == SWAP:
        return "x" + piece
    if action == SPLIT:
        return f"{piece}={listed}"
    if action == MERGE:
        return f"{listed}={piece}"
    return f"x{piece}={listed}"


#: The most move objects :func:`move_of` keeps (it starts afresh when full): more than the
#: internal forms of all legal moves, which the action table numbers (4,689).
MOVES_KEPT = 8192

_MOVES: dict[Code, TranglarMove] = {}
_CODES: dict[TranglarMove, Code] = {}


def move_of(code: Code) -> TranglarMove:
    """The move object of an internal form (made once, then shared while it is kept)."""
    move = _MOVES.get(code)
    if move is None:
        if len(_MOVES) >= MOVES_KEPT:
            _MOVES.clear()
            _CODES.clear()
        move = _MOVES[code] = TranglarMove(format_code(code))
        _CODES[move] = code
    return move


def code_of(move: TranglarMove) -> Code:
    """The internal form of a move object."""
    code = _CODES.get(move)
    if code is None:
        code = parse(move.name)
    return code


# --- tilings --------------------------------------------------------------------------------

#: Coloured placements by their lowest cell: ``(kind, mask)``.
_BY_LOW: tuple[tuple[Part, ...], ...] = tuple(
    tuple(
        (kind, p.mask) for kind in COLOURED for p in PLACEMENTS[kind] if p.mask & -p.mask == 1 << c
    )
    for c in range(CELLS)
)

Tiling = tuple[tuple[Part, ...], tuple[tuple[int, int], ...]]


@lru_cache(maxsize=512)
def tilings(mask: int) -> tuple[Tiling, ...]:
    """Every way to cover exactly the cells of ``mask`` with two or more coloured pieces:
    ``(pieces, needs)``, ``needs`` the ``(kind, count)`` pairs the pieces take from a
    reserve. Kept for the 512 most recently used masks: more than there are placements of
    coloured pieces, the only masks asked about."""
    found: list[tuple[Part, ...]] = []

    def grow(rest: int, chosen: list[Part]) -> None:
        if not rest:
            if len(chosen) >= 2:
                found.append(tuple(chosen))
            return
        low = rest & -rest
        for kind, piece in _BY_LOW[low.bit_length() - 1]:
            if piece & rest == piece:
                chosen.append((kind, piece))
                grow(rest & ~piece, chosen)
                chosen.pop()

    grow(mask, [])
    result = []
    for pieces in found:
        needs: dict[int, int] = {}
        for kind, _ in pieces:
            needs[kind] = needs.get(kind, 0) + 1
        result.append((pieces, tuple(sorted(needs.items()))))
    return tuple(result)


def every_code() -> list[Code]:
    """The internal form of every move that can ever be legal, in a fixed order: placements
    (each kind, then each way it may lie, in the order of ``PLACEMENTS``), swaps of a trapeze,
    replacements of one piece by several (for each coloured piece other than a small triangle
    and each way to cover its cells with two or more coloured pieces), replacements of several
    by one (the same list), take-overs (the same list again), and the pass."""
    codes: list[Code] = [
        (PLACE, kind, p.mask, ()) for kind in range(len(KINDS)) for p in PLACEMENTS[kind]
    ]
    codes += [(SWAP, kind, p.mask, ()) for kind in TRAPEZES for p in PLACEMENTS[kind]]
    for action in (SPLIT, MERGE, TAKE):
        codes += [
            (action, kind, p.mask, parts)
            for kind in COLOURED
            if kind != T
            for p in PLACEMENTS[kind]
            for parts, _ in tilings(p.mask)
        ]
    return [*codes, PASS_CODE]
