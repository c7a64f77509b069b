"""TRANGLAR drawn as text: 16 squares, 64 triangles, their owners and the piece outlines.

Each square is drawn 9 characters wide and 5 lines high, cut by its diagonals. A triangle is
filled with its owner's letter (``P`` Petrol, ``G`` Green, ``#`` neutral), in lower case
(``p``, ``g``, ``*``) when the last move put it down or turned it over; an empty triangle is
blank. Lines part triangles of different pieces, or empty ones; inside a piece there is no
line, so each piece shows its outline. Columns ``a`` to ``d`` and rows ``1`` to ``4`` name
the squares, and ``n``, ``e``, ``s``, ``w`` the triangle of a square on its top, right,
bottom or left side. Both reserves are listed under the board.
"""

from __future__ import annotations

from trigames.core.phrases import Phrase, counted
from trigames.games.tranglar.board import (
    COLUMNS,
    KINDS,
    MERGE,
    PASS_KIND,
    PLACE,
    SIZE,
    SPLIT,
    SWAP,
    Part,
    code_of,
    piece_name,
)
from trigames.games.tranglar.rules import TranglarState
from trigames.geometry.tetrakis import E, N, S, W

RESET = "\x1b[0m"
FILLS = ("P", "G", "#")
LAST_FILLS = ("p", "g", "*")
COLOURS = ("\x1b[1;36m", "\x1b[1;32m", "\x1b[37m")
LINE = "\x1b[1m"

# Where each triangle's fill goes inside a square: (line, column), both from 1 to 5 and 9.
_FILL_AT = {
    N: [(1, c) for c in range(2, 9)] + [(2, c) for c in range(4, 7)],
    S: [(5, c) for c in range(2, 9)] + [(4, c) for c in range(4, 7)],
    W: [(2, 1), (2, 2), (4, 1), (4, 2)] + [(3, c) for c in range(1, 5)],
    E: [(2, 8), (2, 9), (4, 8), (4, 9)] + [(3, c) for c in range(6, 10)],
}
# The half-diagonals: the two triangles they part, their characters' places and the line.
_HALVES: tuple[tuple[int, int, tuple[tuple[int, int], ...], str], ...] = (
    (N, W, ((1, 1), (2, 3)), "╲"),
    (N, E, ((1, 9), (2, 7)), "╱"),
    (E, S, ((4, 7), (5, 9)), "╲"),
    (S, W, ((4, 3), (5, 1)), "╱"),
)
KEY = (
    "Pieces: T small triangle, L large triangle, M medium square, Q large square, "
    "Zr Zl trapezes,\n  Pr Pl parallelograms, R rectangular parallelogram, F five-sided, "
    "N neutral triangle, G H large neutral.\n  A cell is its square and n, e, s or w: b3n is "
    "the top triangle of b3."
)


def render(state: TranglarState, *, color: bool = False) -> str:
    """The board with coordinates, then both reserves.

    >>> import trigames
    >>> state = trigames.load_game("tranglar").new_initial_state()
    >>> state.play("Ga1esb1nwa2n")
    >>> print("\\n".join(render(state).splitlines()[:8]))
             a         b         c         d
        +---------+---------+---------+---------+
        |╲       ╱*********╱|╲       ╱|╲       ╱|
        |  ╲   ╱*********╱  |  ╲   ╱  |  ╲   ╱  |
      1 |    X*********X    |    X    |    X    | 1
        |  ╱*********╱   ╲  |  ╱   ╲  |  ╱   ╲  |
        |╱*********╱       ╲|╱       ╲|╱       ╲|
        +*********+---------+---------+---------+
    """
    width, height = 10 * SIZE + 1, 6 * SIZE + 1
    grid = [[" "] * width for _ in range(height)]
    codes: list[list[str | None]] = [[None] * width for _ in range(height)]

    def owner_at(x: int, y: int, k: int) -> tuple[int, int]:
        """``(anchor, owner)`` of the cell, ``(-1, -1)`` when it is empty or off the board."""
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            return -1, -1
        a = state.anchor[4 * (y * SIZE + x) + k]
        return (a, state.pieces[a][1]) if a >= 0 else (-1, -1)

    def fill_of(x: int, y: int, k: int) -> tuple[str, str | None]:
        cell = 4 * (y * SIZE + x) + k
        a, owner = owner_at(x, y, k)
        if a < 0:
            return " ", None
        letter = LAST_FILLS[owner] if state.changed >> cell & 1 else FILLS[owner]
        return letter, COLOURS[owner]

    def put(line: int, column: int, char: str, code: str | None) -> None:
        grid[line][column] = char
        codes[line][column] = code

    def edge(one: tuple[int, int, int], two: tuple[int, int, int], line: str) -> tuple[str, str]:
        """The character of the edge between two cells (``two`` may be off the board)."""
        a, _ = owner_at(*one)
        b, _ = owner_at(*two)
        if a >= 0 and a == b:
            return fill_of(*one)[0], "fill"
        return line, "line"

    for y in range(SIZE):
        for x in range(SIZE):
            top, left = 6 * y, 10 * x
            for k, places in _FILL_AT.items():
                char, code = fill_of(x, y, k)
                for line, column in places:
                    put(top + line, left + column, char, code)
            kinds = []
            for one, two, spots, char in _HALVES:
                shown, kind = edge((x, y, one), (x, y, two), char)
                kinds.append((kind, char))
                code = fill_of(x, y, one)[1] if kind == "fill" else LINE
                for line, column in spots:
                    put(top + line, left + column, shown, code)
            lines = sorted({char for kind, char in kinds if kind == "line"})
            if lines:
                put(top + 3, left + 5, "X" if len(lines) == 2 else lines[0], LINE)
            else:
                put(top + 3, left + 5, *fill_of(x, y, N))
            shown, kind = edge((x, y, N), (x, y - 1, S), "-")
            for column in range(1, 10):
                put(top, left + column, shown, LINE if kind == "line" else None)
            shown, kind = edge((x, y, W), (x - 1, y, E), "|")
            for line in range(1, 6):
                put(top + line, left, shown, LINE if kind == "line" else None)
            put(top, left, "+", None)
        right = 10 * SIZE
        for line in range(1, 6):
            shown, kind = edge((SIZE - 1, y, E), (SIZE, y, W), "|")
            put(6 * y + line, right, shown, None)
        put(6 * y, right, "+", None)
    for x in range(SIZE):
        for column in range(0, 10):
            put(6 * SIZE, 10 * x + column, "+" if column == 0 else "-", None)
    put(6 * SIZE, 10 * SIZE, "+", None)

    header = " " * 4 + "".join(f"     {c}    " for c in COLUMNS)
    rows = [header.rstrip()]
    for line in range(height):
        chars = "".join(
            f"{code}{char}{RESET}" if color and code else char
            for char, code in zip(grid[line], codes[line], strict=True)
        )
        label = str(line // 6 + 1) if line % 6 == 3 else " "
        rows.append(f"  {label} {chars} {label}".rstrip())
    rows.append(header.rstrip())
    rows.append("")
    rows.extend(reserve_lines(state))
    rows.append(KEY)
    return "\n".join(rows)


def reserve_lines(state: TranglarState) -> list[str]:
    """Both reserves, and the large neutral pieces still to place during the setup."""
    game = state.game
    lines = []
    for seat in (0, 1):
        held = [f"{n} {KINDS[k].code}" for k, n in enumerate(state.reserve[seat]) if n]
        lines.append(
            f"{game.player_name(seat)} ({FILLS[seat]}) reserve: {', '.join(held) or 'empty'}"
        )
    if state.to_place:
        lines.append(
            "Large neutral pieces to place: "
            + ", ".join(f"{KINDS[k].code} ({KINDS[k].name})" for k in state.to_place)
        )
    return lines


def describe_last_move(state: TranglarState) -> Phrase:
    """For example ``Green takes over Qc1 with Lc1ne, Lc1sw, turning over 3 cells``: the
    mover's colour, the pieces in notation, the cells turned over and the end of the game, if
    the move ended it.

    >>> import trigames
    >>> state = trigames.load_game("tranglar").new_initial_state()
    >>> state.play("Ga1esb1nwa2n")
    >>> describe_last_move(state)
    'Petrol places the large neutral trapeze Ga1esb1nwa2n'
    """
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return Phrase("no move yet")
    who = state.game.player_name(mover)
    action, kind, mask, parts = code_of(last)
    if action == PASS_KIND:
        return Phrase("{seat} passes", seat=who)
    said = _action(who, action, kind, mask, parts)
    turned = (state.changed & ~mask).bit_count()
    if turned:
        said = counted(
            "{move}, turning over {count} cell",
            "{move}, turning over {count} cells",
            turned,
            move=said,
        )
    if state.end_reason is not None:
        said = Phrase("{move}; {end}", move=said, end=state.end_reason)
    return said


def _action(who: Phrase, action: int, kind: int, mask: int, parts: tuple[Part, ...]) -> Phrase:
    """What ``who`` did in the move (not a pass) of the form ``code_of`` gives."""
    piece = piece_name(kind, mask)
    listed = ", ".join(piece_name(k, m) for k, m in parts)
    if action == PLACE:
        return Phrase(
            "{seat} places the {kind} {piece}", seat=who, kind=KINDS[kind].name, piece=piece
        )
    if action == SPLIT:
        return Phrase("{seat} replaces {piece} with {pieces}", seat=who, piece=piece, pieces=listed)
    if action == MERGE:
        return Phrase("{seat} replaces {pieces} with {piece}", seat=who, piece=piece, pieces=listed)
    if action == SWAP:
        return Phrase(
            "{seat} swaps the trapped trapeze {piece} for one of their own", seat=who, piece=piece
        )
    return Phrase("{seat} takes over {piece} with {pieces}", seat=who, piece=piece, pieces=listed)
