"""The Summer-House Floor drawn as SVG: hexagon cells, Pillars, separators and pegs.

Pillars are black, separators cream, playing cells pink or green as on the floor itself, the green
ones hatched too (the cells of a capture triangle are all pink or all green: told apart by more than
their colour); pegs are white or black discs. The last peg placed is ringed in the last-move colour
and the peg it captured (now the mover's) is crossed in that colour. Every cell carries its name
(``data-name="G6"``) and its role (``data-cell``: ``pillar``, ``separator`` or ``playing``); vacant
playing cells show their number in the row, and row letters stand on both sides.

What positions share is drawn once per game and kept (:func:`_parts`): the floor, each row's
numbers and letters, and every cell's pegs and marks in each way they can look; drawing a
position joins them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from trigames.core.bits import bits
from trigames.core.errors import TrigamesError
from trigames.core.protocol import ChoicePicture
from trigames.games.trig.board import TrigMove
from trigames.games.trig.rules import TrigRules, TrigState
from trigames.geometry.hexcells import cell_corners, to_plane
from trigames.geometry.honeycomb import Memo
from trigames.geometry.svg import (
    PALETTE,
    Block,
    Drawing,
    SvgCanvas,
    draw_position,
    piece_attributes,
)

PILLAR = "#262626"
SEPARATOR = "#f3ead2"
#: Playing cells by ``(q - r) % 3``: pink and green (the green ones filled with :data:`HATCH`).
PLAYING = {1: "#f4bccb", 2: "#7cb686"}
#: The lines that hatch the green cells.
HATCH_LINE = "#5a9464"
#: The pattern of the green cells, the same in every drawing (so one id serves every picture
#: of a page); the classes name the cells' roles for a page's CSS, as do the cells' own.
HATCH = (
    '<defs><pattern id="trig-hatch" width="7" height="7" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)">'
    f'<rect width="7" height="7" fill="{PLAYING[2]}" class="trig-green"/>'
    f'<line x1="0" y1="0" x2="0" y2="7" stroke="{HATCH_LINE}" stroke-width="1.8" '
    'class="trig-hatch"/></pattern></defs>'
)
#: Each kind of cell's fill and class, the class naming it to a page's CSS.
FLOOR = {
    "pillar": (PILLAR, "trig-pillar"),
    "separator": (SEPARATOR, "trig-separator"),
    "pink": (PLAYING[1], "trig-pink"),
    "green": ("url(#trig-hatch)", "trig-hatched"),
}
PEG_FILLS = (PALETTE["white"], PALETTE["black"])
SCALE = 22


def drawing(state: TrigState, *, labels: bool = True) -> Drawing:
    """The position drawn (a :class:`~trigames.geometry.svg.Drawing`: an SVG document in blocks),
    the last placement and capture marked.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> state.play("G6")
    >>> picture = drawing(state).text()
    >>> picture.count('data-spot="cell"'), picture.count('data-piece="peg"')
    (127, 1)
    """
    board = state.board
    game = state.game
    parts = _parts(game)
    last = state.last_move
    placed, captured = board.move_parts(last) if last is not None else (-1, None)
    blocks = [parts.floor]
    white, black = state.pegs
    placed_bit = 1 << placed if placed >= 0 else 0
    captured_bit = 1 << captured if captured is not None else 0
    blocks += [
        parts.cells[i, bool(white >> i & 1), bool(black >> i & 1), i == placed, i == captured]
        for i in bits(white | black | placed_bit | captured_bit)
    ]
    if labels:
        shown = board.playing_mask & ~state.occupied & ~captured_bit
        for numbers, letters in parts.rows:
            blocks += [number for i, number in numbers if shown >> i & 1]
            blocks.append(letters)
    return draw_position(state, blocks, scale=SCALE)


class _Parts:
    """The parts of one game's pictures: the floor; ``rows``, each row's playing cells with
    their numbers, then its letters; and, drawn when first needed, ``cells[i, white, black,
    placed, captured]``, the pegs and marks of cell ``i``. That table holds at most the board's
    cells times the ways they look (a few thousand), and never more than
    :data:`~trigames.geometry.honeycomb.MEMO_LIMIT`."""

    def __init__(self, game: TrigRules) -> None:
        self.game = game
        board = game.board
        canvas = SvgCanvas(scale=SCALE)
        canvas.raw(HATCH)
        pillars = set(board.pillar_bits)
        for i, cell in enumerate(board.cells):
            q, r = cell
            if i in pillars:
                role = kind = "pillar"
            elif board.playing_mask >> i & 1:
                role, kind = "playing", "pink" if (q - r) % 3 == 1 else "green"
            else:
                role = kind = "separator"
            fill, css_class = FLOOR[kind]
            canvas.polygon(
                cell_corners(cell),
                fill=fill,
                stroke=PALETTE["line"],
                width=0.05,
                attrs={
                    "class": css_class,
                    "data-name": board.names.name(cell),
                    "data-spot": "cell",
                    "data-cell": role,
                },
            )
        self.floor = canvas.block()
        self.rows = [self._row(row, letter) for letter, row in board.names.rows]
        self.cells: Memo[tuple[int, bool, bool, bool, bool], Block] = Memo(
            lambda key: self._cell(*key)
        )

    def _row(
        self, row: Sequence[tuple[int, int]], letter: str
    ) -> tuple[list[tuple[int, Block]], Block]:
        """The row's playing cells with their numbers, and its letters on both sides."""
        board = self.game.board
        numbers = []
        for number, cell in enumerate(row, start=1):
            i = board.index[cell]
            if board.playing_mask >> i & 1:
                canvas = SvgCanvas(scale=SCALE)
                canvas.text(to_plane(cell), str(number), size=0.7, fill=PALETTE["ink"])
                numbers.append((i, canvas.block()))
        canvas = SvgCanvas(scale=SCALE)
        left, y = to_plane(row[0])
        right, _ = to_plane(row[-1])
        canvas.text((left - 1.8, y), letter, size=0.95, bold=True)
        canvas.text((right + 1.8, y), letter, size=0.95, bold=True)
        return numbers, canvas.block()

    def _cell(self, i: int, white: bool, black: bool, placed: bool, captured: bool) -> Block:
        """The pegs on cell ``i``, ringed if the last move ``placed`` one there, crossed if it
        ``captured`` one."""
        game = self.game
        cell = game.board.cells[i]
        centre = to_plane(cell)
        name = game.board.names.name(cell)
        canvas = SvgCanvas(scale=SCALE)
        for seat, here in enumerate((white, black)):
            if here:
                canvas.circle(
                    centre,
                    0.62,
                    fill=PEG_FILLS[seat],
                    stroke=PALETTE["ink"],
                    width=0.08,
                    attrs=piece_attributes("peg", seat, game.player_name(seat), name, last=placed),
                )
        if placed:
            canvas.circle(centre, 0.8, stroke=PALETTE["last"], width=0.16)
        elif captured:
            x, y = centre
            for dx in (-0.45, 0.45):
                canvas.line(
                    (x - dx, y - 0.45), (x + dx, y + 0.45), stroke=PALETTE["last"], width=0.14
                )
        return canvas.block()


@lru_cache(maxsize=8)
def _parts(game: TrigRules) -> _Parts:
    """The parts of ``game``'s pictures, shared: those of the 8 games drawn last are kept."""
    return _Parts(game)


def choice_pictures(state: TrigState, moves: Sequence[TrigMove]) -> dict[TrigMove, ChoicePicture]:
    """Each placement among ``moves`` as a ghost peg, and a capture as the triangle it takes:
    its outline through the three pegs at its corners (the new one among them) and the captured
    peg at its centre crossed, so that the choice is seen before it is made.

    >>> import trigames
    >>> game = trigames.load_game("trig")
    >>> state = game.state_from_json({"white": ["F7", "H7"], "black": ["G8", "H6"], "to_move": 0})
    >>> found = choice_pictures(state, [state.parse_move("G9xG8"), state.parse_move("G9")])
    >>> [picture.ghost.count("<polygon") for picture in found.values()]
    [1, 0]
    """
    board = state.board
    player = state.to_move
    if player is None:
        return {}
    mine = state.pegs[player]
    found = {}
    for move in moves:
        try:
            cell, centre = board.move_parts(move)
        except TrigamesError:
            continue
        canvas = SvgCanvas(scale=SCALE, margin=0.9)
        if centre is not None:
            for a, b, m in board.corner_of[cell]:
                if m == centre and mine >> a & 1 and mine >> b & 1:
                    corners = [to_plane(board.cells[i]) for i in (cell, a, b)]
                    canvas.polygon(
                        corners, fill=PALETTE["last"], stroke=PALETTE["last"], width=0.22,
                        attrs={"fill-opacity": "0.18", "stroke-linejoin": "round"},
                    )  # fmt: skip
                    for corner in corners[1:]:
                        canvas.circle(corner, 0.85, stroke=PALETTE["last"], width=0.14)
            x, y = to_plane(board.cells[centre])
            canvas.circle((x, y), 0.85, stroke=PALETTE["last"], width=0.14)
            for dx in (-0.45, 0.45):
                canvas.line(
                    (x - dx, y - 0.45), (x + dx, y + 0.45), stroke=PALETTE["last"], width=0.18
                )
        canvas.circle(
            to_plane(board.cells[cell]),
            0.62,
            fill=PEG_FILLS[player],
            stroke=PALETTE["ink"],
            width=0.08,
            attrs={"fill-opacity": "0.75"},
        )
        ghost, box = canvas.fragment()
        found[move] = ChoicePicture(ghost, box)
    return found
