"""Triggle drawn as text: each peg shows its number in its row, each row its letter.

Covered segments are lines, a claimed triangle shows its owner's initial, a closed but unclaimed
triangle shows ``·``. The last band is drawn heavier (``━ ╲ ╱``) and, in colour, highlighted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trigames.geometry.trilattice import Point

if TYPE_CHECKING:
    from trigames.games.triggle.rules import TriggleState

RESET = "\x1b[0m"
SEAT_COLOURS = ("\x1b[1;34m", "\x1b[1;33m", "\x1b[1;31m", "\x1b[1;32m")
LAST = "\x1b[1;35m"
DIM = "\x1b[2m"


def render(state: TriggleState, *, color: bool = False) -> str:
    """The board, one text line per peg row and one between each pair of rows.

    >>> import trigames
    >>> state = trigames.load_game("triggle(size=3)").new_initial_state()
    >>> state.play("C1-C4")
    >>> print(render(state))
    A      1   2   3      A
    <BLANKLINE>
    B    1   2   3   4    B
    <BLANKLINE>
    C  1━━━2━━━3━━━4   5  C
    <BLANKLINE>
    D    1   2   3   4    D
    <BLANKLINE>
    E      1   2   3      E
    """
    board = state.board
    region = board.region
    radius = region.radius
    width = 1 if 2 * radius + 1 <= 9 else 2  # digits of the largest peg number
    half = width + 1  # columns between a peg and the next row's neighbouring peg
    columns = 4 * radius * half + width
    canvas = [[" "] * columns for _ in range(4 * radius + 1)]
    last = state.last_move
    last_segments = board.band_segments[board.band_index[last]] if last is not None else 0
    segment_bit = {seg: 1 << i for i, seg in enumerate(board.segments)}
    claimed_now = set(state.claimed_by_last_move())

    def paint(text: str, code: str | None) -> str:
        return f"{code}{text}{RESET}" if color and code else text

    def column(point: Point) -> int:
        q, r = point
        return (2 * q + r + 2 * radius) * half

    def put(line: int, col: int, text: str, code: str | None = None) -> None:
        for k, char in enumerate(text):
            canvas[line][col + k] = paint(char, code)

    def segment(a: Point, b: Point, line: int, col: int, light: str, heavy: str) -> None:
        bit = segment_bit[(a, b)]
        if state.covered & bit:
            if last_segments & bit:
                put(line, col, heavy, LAST)
            else:
                put(line, col, light)

    for (q, r), peg_bit in zip(board.pegs, (1 << i for i in range(len(board.pegs))), strict=True):
        line, col = 2 * (r + radius), column((q, r))
        number = q - region.row_range(r).start + 1
        put(line, col, str(number).rjust(width), None if state.used & peg_bit else DIM)
        if region.contains((q + 1, r)):
            segment((q, r), (q + 1, r), line, col + width, "─" * (width + 2), "━" * (width + 2))
        if region.contains((q, r + 1)):
            segment((q, r), (q, r + 1), line + 1, col + width, "\\", "╲")
        if region.contains((q - 1, r + 1)):
            segment((q, r), (q - 1, r + 1), line + 1, col - 1, "/", "╱")

    for t, triangle in enumerate(board.triangles):
        top = [corner for corner in triangle if corner[1] == triangle[0][1]]
        line = 2 * (top[0][1] + radius) + 1
        col = column(top[0]) if len(top) == 1 else column(top[0]) + half
        seat = state.owner[t]
        if seat >= 0:
            style = SEAT_COLOURS[seat] + ("\x1b[4m" if t in claimed_now else "")
            put(line, col, state.game.player_name(seat)[0].rjust(width), style)
        elif state.is_complete(t):
            put(line, col, "·".rjust(width))

    letters = dict(region.row_letters())
    rows = []
    for line, cells in enumerate(canvas):
        label = letters[line // 2 - radius] if line % 2 == 0 else " "
        rows.append(f"{label}  {''.join(cells)}  {label}".rstrip())
    return "\n".join(rows)


def describe_last_move(state: TriggleState) -> str:
    """What the last band did, for example ``Blue D1-D4, claims 1 triangle: C2-D2-D3``."""
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return "no move yet"
    claims = [state.board.triangle_name(t) for t in state.claimed_by_last_move()]
    text = f"{state.game.player_name(mover)} {last}"
    if claims:
        noun = "triangle" if len(claims) == 1 else "triangles"
        text += f", claims {len(claims)} {noun}: {', '.join(claims)}"
    return text


def explain(state: TriggleState) -> str:
    """Why the last band is worth playing: what it claims and what it leaves to the next player.

    >>> import trigames
    >>> state = trigames.load_game("triggle").new_initial_state()
    >>> for band in ["D1-D4", "A1-D1", "C1-F2"]:
    ...     state.play(band)
    >>> explain(state)
    'claims C1-D1-D2; leaves 1 triangle for the next player to close'
    """
    claims = [state.board.triangle_name(t) for t in state.claimed_by_last_move()]
    parts = [f"claims {', '.join(claims)}" if claims else "claims nothing"]
    if state.is_over():
        parts.append("ends the game")
    else:
        closable = state.closable_triangles()
        if closable == 0:
            parts.append("leaves no triangle to close")
        else:
            noun = "triangle" if closable == 1 else "triangles"
            parts.append(f"leaves {closable} {noun} for the next player to close")
    return "; ".join(parts)
