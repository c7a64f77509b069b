"""The Trugo layout drawn as text.

Tiles are flat-topped hexagons drawn with ``/ \\ -``; inside, light areas are blank and dark
areas are ``:``. Junctions sit on the tiles' corners: ``W`` or ``B`` is a piece, ``o`` an
empty light junction and ``*`` an empty dark one, ``.`` a partial junction (fewer than three
tiles meet there). In a stack the capital letter is the top piece and the small letter beside
it the piece pinned under it. Empty cells where a tile may go show their names; so do the
tiles in the waning phase, when they may be removed. Columns are lettered on top (two
letters stacked in two lines once the frame needs them), rows numbered on the sides: a name
like ``dh73`` is read off them. The drawing shows only the part of the game's fixed frame
around the layout, with the frame's own letters and numbers, so a name never moves.
"""

from __future__ import annotations

import math

from trigames.core.phrases import Phrase, counted
from trigames.games.trugo.board import column_name, spot_name
from trigames.games.trugo.rules import TrugoState
from trigames.geometry.honeycomb import in_light_area

RESET = "\x1b[0m"
LIGHT_AREA = "\x1b[30;47m"
DARK_AREA = "\x1b[97;44m"
PIECE_COLOURS = ("\x1b[1;97m", "\x1b[1;94m")
EMPTY_COLOURS = ("\x1b[37m", "\x1b[34m")
NAME_COLOUR = "\x1b[2m"
LAST = "\x1b[7m"
LETTERS = ("W", "B")
EMPTY_MARKS = ("o", "*")
PARTIAL = "."

#: Offsets (line, column) of a tile's inside from its centre, and whether each is light, per
#: orientation: columns are half grid steps (x / 4), lines half grid rows (y * 4 / sqrt 3).
_INSIDE = [(line, col) for line in (-1, 0, 1) for col in range(-3 + abs(line), 4 - abs(line))]
_AREAS = tuple(
    tuple(in_light_area(o, col / 4, line * math.sqrt(3) / 4) for line, col in _INSIDE)
    for o in range(3)
)
#: Outline pieces of a tile: (line, column, character).
_OUTLINE = (
    (-2, -1, "-"),
    (-2, 0, "-"),
    (-2, 1, "-"),
    (2, -1, "-"),
    (2, 0, "-"),
    (2, 1, "-"),
    (-1, -3, "/"),
    (-1, 3, "\\"),
    (1, -3, "\\"),
    (1, 3, "/"),
)


class _Canvas:
    def __init__(self, lines: int, columns: int, color: bool) -> None:
        self.cells = [[" "] * columns for _ in range(lines)]
        self.color = color

    def put(self, line: int, column: int, text: str, code: str | None = None) -> None:
        for k, char in enumerate(text):
            self.cells[line][column + k] = f"{code}{char}{RESET}" if self.color and code else char


def render(state: TrugoState, *, color: bool = False) -> str:
    r"""The layout, two text lines per grid row, with column letters and row numbers.

    >>> import trigames
    >>> state = trigames.load_game("trugo(tiles=3)").new_initial_state()
    >>> state.play("l8e")
    >>> print(render(state))
        g h i j k l m n o p q
     5                          5
    <BLANKLINE>
     6           l6             6
    <BLANKLINE>
     7     i7   .---.  o7       7
               /  :::\
     8        .: l8:: .         8
               \  :::/
     9     i9   .---.  o9       9
    <BLANKLINE>
    10           l10            10
    <BLANKLINE>
    11                          11
    """
    w = state.window
    x0, y0, x1, y1 = view(state)
    canvas = _Canvas(2 * (y1 - y0) + 1, 2 * (x1 - x0) + 2, color)
    last_tile, last_junctions = _last_spots(state)
    for t in sorted(state.present):
        x, y = w.tile_xy[t]
        line, col = 2 * (y - y0), 2 * (x - x0)
        areas = _AREAS[state.orient[t]]
        for (dl, dc), light in zip(_INSIDE, areas, strict=True):
            canvas.put(
                line + dl, col + dc, " " if light else ":", LIGHT_AREA if light else DARK_AREA
            )
        for dl, dc, char in _OUTLINE:
            canvas.put(line + dl, col + dc, char)
        if state.pool == 0:
            _label(canvas, line, col, state.tile_name(t), LAST if t == last_tile else NAME_COLOUR)
    if state.pool > 0:
        for t in sorted(state.frontier):
            x, y = w.tile_xy[t]
            _label(canvas, 2 * (y - y0), 2 * (x - x0), state.tile_name(t), NAME_COLOUR)
    if last_tile is not None and state.pool > 0 and last_tile in state.present:
        x, y = w.tile_xy[last_tile]
        _label(canvas, 2 * (y - y0), 2 * (x - x0), state.tile_name(last_tile), LAST)
    corners = {j for t in state.present for j in w.tile_corners[t]}
    for j in sorted(corners):
        x, y = w.junction_xy[j]
        line, col = 2 * (y - y0), 2 * (x - x0)
        light = w.light[j]
        mark = LAST if j in last_junctions else None
        if state.full[j] != 3:
            canvas.put(line, col, PARTIAL)
        elif state.top[j] < 0:
            seat = 0 if light else 1
            canvas.put(line, col, EMPTY_MARKS[seat], mark or EMPTY_COLOURS[seat])
        else:
            top = state.top[j]
            canvas.put(line, col, LETTERS[top], mark or PIECE_COLOURS[top])
            below = state.bottom[j]
            if below >= 0:
                canvas.put(line, col + (1 if light else -1), LETTERS[below].lower(),
                           PIECE_COLOURS[below])  # fmt: skip
    names = state.names
    columns = [column_name(x - names.left) for x in range(x0, x1 + 1)]
    return _frame_text(canvas, columns, y0 - names.top + 1)


def view(state: TrugoState) -> tuple[int, int, int, int]:
    """The part of the frame a drawing shows, as grid bounds ``(x0, y0, x1, y1)``: the layout's
    tiles, with the cells where a tile may go while the pool lasts."""
    w = state.window
    cells = state.present | state.frontier if state.pool > 0 else set(state.present)
    if not cells:
        cells = {w.origin}
    tile_xy = w.tile_xy
    xs, ys = zip(*[tile_xy[t] for t in cells], strict=True)
    return min(xs) - 2, min(ys) - 1, max(xs) + 2, max(ys) + 1


def _label(canvas: _Canvas, line: int, col: int, name: str, code: str) -> None:
    canvas.put(line, col - len(name) // 2, name, code)


def _frame_text(canvas: _Canvas, columns: list[str], first_row: int) -> str:
    """The canvas with the column names on top (one letter a line) and the row numbers, from
    ``first_row``, on both sides."""
    width = len(str(first_row + len(canvas.cells) // 2))
    header_lines = max(len(name) for name in columns)
    out = []
    for level in range(header_lines):
        head = [" "] * (2 * len(columns))
        for c, name in enumerate(columns):
            head[2 * c] = name.rjust(header_lines)[level]
        out.append(" " * (width + 2) + "".join(head).rstrip())
    for line, row in enumerate(canvas.cells):
        body = "".join(row)
        if line % 2 == 0:
            number = str(first_row + line // 2)
            out.append(f"{number.rjust(width)}  {body}  {number}")
        else:
            out.append(f"{' ' * width}  {body}".rstrip())
    return "\n".join(out)


def _last_spots(state: TrugoState) -> tuple[int | None, set[int]]:
    """The tile and junctions the last move touched, to mark them."""
    record = state.last_record()
    if record is None:
        return None, set()
    kind, a, b = record[2]
    if kind == 0:  # placement
        return a, set()
    if kind == 2:  # piece move
        return None, {a, b}
    return None, set()


def describe_last_move(state: TrugoState) -> Phrase:
    """For example ``Blue c5-e7, capturing 2 White pieces``.

    >>> import trigames
    >>> state = trigames.load_game("trugo(tiles=3)").new_initial_state()
    >>> state.play("l8e")
    >>> describe_last_move(state)
    'White l8e: a tile with its light cap pointing east'
    """
    record = state.last_record()
    last = state.last_move
    if record is None or last is None:
        return Phrase("no move yet")
    mover, _, code, *_, captured, left, given = record
    name = state.game.player_name
    who, move = name(mover), str(last)
    kind, _, b = code
    line: Phrase
    if kind == 0:
        line = Phrase(
            "{seat} {move}: a tile with its light cap pointing {way}",
            seat=who,
            move=move,
            way=_WAYS[b],
        )
        if any(given):
            new = [
                Phrase("{seat} {count}", seat=name(s), count=given[s]) for s in (0, 1) if given[s]
            ]
            pieces = (
                new[0]
                if len(new) == 1
                else Phrase("{first}, {second}", first=new[0], second=new[1])
            )
            line = Phrase("{line}; new pieces: {pieces}", line=line, pieces=pieces)
    elif kind == 1:
        line = Phrase("{seat} {move}: removes a tile", seat=who, move=move)
        if left:
            line = counted(
                "{line}; {count} piece leaves the game with it",
                "{line}; {count} pieces leave the game with it",
                left,
                line=line,
            )
    elif kind == 2:
        line = Phrase("{seat} {move}", seat=who, move=move)
        if state.bottom[b] >= 0 and state.top[b] == mover:
            line = Phrase("{line}, pinning a {seat} piece", line=line, seat=name(state.bottom[b]))
    else:
        line = Phrase("{seat} passes (no other move)", seat=who)
    if captured[1 - mover]:
        line = counted(
            "{line}, capturing {count} {seat} piece",
            "{line}, capturing {count} {seat} pieces",
            captured[1 - mover],
            line=line,
            seat=name(1 - mover),
        )
    if captured[mover]:
        line = counted(
            "{line}, losing {count} {seat} piece",
            "{line}, losing {count} {seat} pieces",
            captured[mover],
            line=line,
            seat=who,
        )
    if state.end_reason is not None:
        line = Phrase("{line}; {reason}", line=line, reason=state.end_reason)
    return line


#: Where a tile's light cap points, by orientation.
_WAYS = {0: Phrase("east"), 1: Phrase("north-west"), 2: Phrase("south-west")}

__all__ = ["describe_last_move", "render", "spot_name", "view"]
