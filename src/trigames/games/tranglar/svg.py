"""TRANGLAR drawn as SVG: 16 squares cut by their diagonals, the pieces on them, both reserves.

Every cell is a triangle carrying its name (``data-name="b3n"``). A piece is its cells filled
in its owner's colour (petrol, acid green, or white for a neutral piece) with its outline drawn
round it; a cell the last move put down or turned over has a dot in the last-move colour.
Columns ``a`` to ``d`` stand above and below the board, rows ``1`` to ``4`` on both sides, and
both reserves (and the large neutral pieces still to place) are drawn under it (a tall picture
fits a phone's screen), each kind a
picture of its shape in its owner's colour with its count; the mover's pieces carry the name
that picks them (``data-name``, the first step of :meth:`input_steps`).

What positions share is drawn once per game and kept (:func:`_parts`): the board, its labels,
the reserves' headings, and every piece and reserve slot in each way it can look; drawing a
position joins them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from trigames.core.bits import bits
from trigames.core.phrases import Phrase
from trigames.core.protocol import ChoicePicture
from trigames.games.tranglar.board import (
    BOARD,
    COLUMNS,
    KINDS,
    PASS_KIND,
    PLACE,
    SIZE,
    SPLIT,
    START_RESERVE,
    TAKE,
    TranglarMove,
    cell_name,
    parse,
    piece_name,
)
from trigames.games.tranglar.rules import PLACE_STEPS, TranglarRules, TranglarState
from trigames.geometry.honeycomb import Memo
from trigames.geometry.svg import (
    PALETTE,
    SEAT_COLOURS,
    Block,
    Drawing,
    SvgCanvas,
    draw_position,
    piece_attributes,
)
from trigames.geometry.tetrakis import (
    SIDE_NAMES,
    Cell,
    cell_outline,
    mirror,
    normalize,
    outline_sides,
    to_plane,
)

FILLS = (SEAT_COLOURS["petrol"], SEAT_COLOURS["acid green"], SEAT_COLOURS["neutral"])
#: The pieces' outlines (classed ``tranglar-outline-<owner>`` on the board, so that a page's
#: dark theme can light them).
OUTLINES = ("#07363d", "#4d6a06", PALETTE["line"])
SCALE = 90

#: Where a reserve shows its pieces: columns of slots, each slot this wide and high, a piece
#: drawn at this fraction of the board's size.
RESERVE_COLUMNS = 3
SLOT = 0.8
PIECE_SCALE = 0.34
#: The reserves' headings stand this low, their slots under them.
RESERVES_TOP = SIZE + 0.75
SLOTS_TOP = RESERVES_TOP + 0.2


def drawing(state: TranglarState, *, labels: bool = True) -> Drawing:
    """The board and both reserves drawn (a :class:`~trigames.geometry.svg.Drawing`: an SVG document
    in blocks), the last move marked.

    >>> import trigames
    >>> state = trigames.load_game("tranglar").new_initial_state()
    >>> state.play("Ga1esb1nwa2n")
    >>> picture = drawing(state).text()
    >>> picture.count('data-spot="cell"'), picture.count('data-owner="neutral"')
    (64, 1)
    """
    game = state.game
    parts = _parts(game)
    pieces, changed = state.pieces, state.changed
    blocks = [parts.board]
    for anchor in sorted(pieces):
        kind, owner, mask = pieces[anchor]
        blocks.append(parts.pieces[kind, owner, mask, bool(mask & changed)])
    blocks += [parts.dots[i] for i in bits(changed)]
    if labels:
        blocks.append(parts.labels)
    blocks += _reserves(parts, state)
    return draw_position(state, blocks, scale=SCALE, margin=0.6)


def _reserves(parts: _Parts, state: TranglarState) -> list[Block]:
    """Each seat's pieces off the board drawn as pictures in its colour, with their counts,
    under the board; the mover's pieces carry the names that choose them (the first step of
    a placement), and so do the large neutral pieces still to place."""
    words = _piece_words(state)
    blocks = []
    for seat in (0, 1):
        blocks.append(parts.headings[seat])
        reserve = state.reserve[seat]
        mover = seat == state.current_player
        blocks += [
            parts.slots[seat, i, k, reserve[k], words.get(k) if mover else None]
            for i, k in enumerate(parts.kinds[seat])
        ]
    if state.to_place:
        blocks.append(parts.to_place)
        blocks += [parts.slots[None, i, k, 1, words.get(k)] for i, k in enumerate(state.to_place)]
    return blocks


def _piece_words(state: TranglarState) -> dict[int, str]:
    """The first input step of placing each kind the mover may place now."""
    kinds = {kind for action, kind, _, _ in state._legal_table().values() if action == PLACE}
    return {kind: PLACE_STEPS[kind] for kind in kinds}


class _Parts:
    """The parts of one game's pictures: the board, its ``labels``, the ``dots`` that mark the
    cells the last move changed, each reserve's ``headings`` and ``kinds`` (one slot each), the
    heading of the neutral pieces still ``to_place``; and, drawn when first needed,
    ``pieces[kind, owner, mask, last]`` (their ``shapes[owner, mask]`` drawn once for both
    values of ``last``) and ``slots[seat, i, kind, count, word]`` (seat ``None``: the pieces
    still to place; their ``pictures[seat, i, kind]`` drawn once for every count and word).
    Those tables hold at most the pieces' placements, and the slots' counts and words, times
    the ways they look (a few thousand), and never more than
    :data:`~trigames.geometry.honeycomb.MEMO_LIMIT`."""

    def __init__(self, game: TranglarRules) -> None:
        self.game = game
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            [(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)],
            fill=PALETTE["board"],
            stroke=PALETTE["ink"],
            width=0.04,
        )
        for i, cell in enumerate(BOARD.cells):
            canvas.polygon(
                cell_outline(cell),
                fill=PALETTE["board"],
                stroke=PALETTE["line"],
                width=0.012,
                attrs={"data-name": cell_name(i), "data-spot": "cell"},
            )
        self.board = canvas.block()
        self.dots = [self._dot(cell) for cell in BOARD.cells]
        canvas = SvgCanvas(scale=SCALE)
        for x, letter in enumerate(COLUMNS[:SIZE]):
            canvas.text((x + 0.5, -0.3), letter, size=0.22, bold=True)
            canvas.text((x + 0.5, SIZE + 0.3), letter, size=0.22, bold=True)
        for y in range(SIZE):
            canvas.text((-0.3, y + 0.5), str(y + 1), size=0.22, bold=True)
            canvas.text((SIZE + 0.3, y + 0.5), str(y + 1), size=0.22, bold=True)
        self.labels = canvas.block()
        self.kinds = [[k for k, n in enumerate(START_RESERVE[seat]) if n] for seat in (0, 1)]
        self.headings = [self._heading(seat) for seat in (0, 1)]
        rows = max(-(-len(kinds) // RESERVE_COLUMNS) for kinds in self.kinds)
        #: The top of the row of large neutral pieces still to place, under the reserves.
        self.to_place_top = max(RESERVES_TOP, SLOTS_TOP + rows * SLOT + 0.3)
        canvas = SvgCanvas(scale=SCALE)
        canvas.text(
            (-0.5, self.to_place_top),
            Phrase("To place:"),
            size=0.15,
            fill=PALETTE["ink"],
            anchor="start",
            bold=True,
        )
        self.to_place = canvas.block()
        self.pieces: Memo[tuple[int, int, int, bool], Block] = Memo(lambda k: self._piece(*k))
        self.shapes: Memo[tuple[int, int], Block] = Memo(lambda k: self._shape(*k))
        self.slots: Memo[tuple[int | None, int, int, int, str | None], Block] = Memo(
            lambda k: self._slot(*k)
        )
        self.pictures: Memo[tuple[int | None, int, int], tuple[Block, Block]] = Memo(
            lambda k: self._picture(*k)
        )

    def _heading(self, seat: int) -> Block:
        """A swatch of ``seat``'s colour and the name of its reserve."""
        left, y = _reserve_left(seat), RESERVES_TOP
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            [(left, y - 0.09), (left + 0.18, y - 0.09), (left + 0.18, y + 0.09), (left, y + 0.09)],
            fill=FILLS[seat],
            stroke=OUTLINES[seat],
            width=0.02,
        )
        heading = Phrase("{seat} reserve", seat=self.game.player_name(seat))
        canvas.text(
            (left + 0.3, y), heading, size=0.17, fill=PALETTE["ink"], anchor="start", bold=True
        )
        return canvas.block()

    def _dot(self, cell: Cell) -> Block:
        """The mark of a cell the last move put down or turned over."""
        xs, ys = zip(*cell_outline(cell), strict=True)
        canvas = SvgCanvas(scale=SCALE)
        canvas.circle((sum(xs) / 3, sum(ys) / 3), 0.06, fill=PALETTE["last"])
        return canvas.block()

    def _piece(self, kind: int, owner: int, mask: int, last: bool) -> Block:
        """A piece of ``kind`` on the cells of ``mask``, in ``owner``'s colour (2: neutral)."""
        who = "neutral" if owner == 2 else owner
        name = self.game.player_name(owner) if owner < 2 else Phrase("Neutral")
        attrs = piece_attributes(KINDS[kind].code, who, name, piece_name(kind, mask), last=last)
        attrs["data-kind-name"] = KINDS[kind].name
        attrs["pointer-events"] = "none"
        canvas = SvgCanvas(scale=SCALE)
        canvas.open_group(attrs)
        canvas.add(self.shapes[owner, mask])
        canvas.close_group()
        return canvas.block()

    def _shape(self, owner: int, mask: int) -> Block:
        """The cells of ``mask`` filled in ``owner``'s colour, with their outline."""
        cells = BOARD.cells_of(mask)
        canvas = SvgCanvas(scale=SCALE)
        for cell in cells:
            canvas.polygon(cell_outline(cell), fill=FILLS[owner], stroke=FILLS[owner], width=0.01)
        for side in outline_sides(cells):
            for a, b in side:
                canvas.line(
                    to_plane(a),
                    to_plane(b),
                    stroke=OUTLINES[owner],
                    width=0.045,
                    attrs={"class": f"tranglar-outline-{owner}"},
                )
        return canvas.block()

    def _slot(self, seat: int | None, i: int, kind: int, count: int, word: str | None) -> Block:
        """Slot ``i`` of ``seat``'s reserve (``None``: of the pieces still to place), holding
        ``count`` pieces of ``kind``: its picture (drawn once for every count), its code and
        how many are left; a button (``data-name``) when ``word`` chooses it."""
        (x0, y0), _ = self._place(seat, i)
        frame, shape = self.pictures[seat, i, kind]
        attrs = {
            "data-reserve": "neutral" if seat is None else str(seat),
            "data-kind": KINDS[kind].code,
            "data-count": str(count),
        }
        if word:
            attrs.update({"data-name": word, "data-spot": "reserve"})
        canvas = SvgCanvas(scale=SCALE)
        canvas.open_group(attrs)
        canvas.add(frame)
        canvas.open_group({} if count else {"opacity": "0.3"})  # none left: faded
        canvas.add(shape)
        canvas.close_group()
        label = f"{KINDS[kind].code} \u00d7{count}"
        canvas.text((x0 + 0.05, y0 + 0.1), label, size=0.12, fill=PALETTE["ink"], anchor="start",
                    bold=bool(word))  # fmt: skip
        canvas.close_group()
        return canvas.block()

    def _picture(self, seat: int | None, i: int, kind: int) -> tuple[Block, Block]:
        """The frame of slot ``i`` of ``seat``'s reserve, and the shape of ``kind`` in it in
        its owner's colour."""
        (x0, y0), wide = self._place(seat, i)
        owner = 2 if seat is None or KINDS[kind].neutral else seat
        frame = SvgCanvas(scale=SCALE)
        frame.polygon(
            [(x0, y0), (x0 + SLOT * wide - 0.06, y0), (x0 + SLOT * wide - 0.06, y0 + SLOT - 0.06),
             (x0, y0 + SLOT - 0.06)],
            fill=PALETTE["board"], stroke=PALETTE["line"], width=0.012,
            attrs={"rx": "4", "class": "reserve-slot"},
        )  # fmt: skip
        shape = KINDS[kind].shape
        span_x = max(x for x, _, _ in shape) + 1
        span_y = max(y for _, y, _ in shape) + 1
        scale = PIECE_SCALE * (0.8 if max(span_x, span_y) > 1 else 1.0)
        ox = x0 + (SLOT * wide - 0.06 - span_x * scale) / 2
        oy = y0 + 0.16 + (SLOT - 0.22 - span_y * scale) / 2
        canvas = SvgCanvas(scale=SCALE)
        for cell in shape:
            points = [(ox + px * scale, oy + py * scale) for px, py in cell_outline(cell)]
            canvas.polygon(points, fill=FILLS[owner], stroke=FILLS[owner], width=0.01)
        for side in outline_sides(shape):
            for a, b in side:
                (ax, ay), (bx, by) = to_plane(a), to_plane(b)
                canvas.line(
                    (ox + ax * scale, oy + ay * scale),
                    (ox + bx * scale, oy + by * scale),
                    stroke=OUTLINES[owner],
                    width=0.025,
                )
        return frame.block(), canvas.block()

    def _place(self, seat: int | None, i: int) -> tuple[tuple[float, float], float]:
        """The top left corner of slot ``i`` of ``seat``'s reserve (``None``: of the pieces
        still to place), and its width in slots."""
        if seat is None:
            return (-0.5 + i * SLOT * 1.4, self.to_place_top + 0.12), 1.4
        column, row = i % RESERVE_COLUMNS, i // RESERVE_COLUMNS
        return (_reserve_left(seat) + column * SLOT, SLOTS_TOP + row * SLOT), 1.0


def _reserve_left(seat: int) -> float:
    """The left edge of ``seat``'s reserve: side by side, seat 0 first."""
    return -0.5 + seat * (RESERVE_COLUMNS * SLOT + 0.2)


@lru_cache(maxsize=8)
def _parts(game: TranglarRules) -> _Parts:
    """The parts of ``game``'s pictures, shared: those of the 8 games drawn last are kept."""
    return _Parts(game)


def choice_pictures(
    state: TranglarState, moves: Sequence[TranglarMove]
) -> dict[TranglarMove, ChoicePicture]:
    """Each move among ``moves`` as a ghost of the piece it puts down (or of the cells it
    changes); a placement also names the way its piece lies (``shape``) and that shape turned
    a quarter turn clockwise and flipped over, for turn and flip buttons.

    >>> import trigames
    >>> game = trigames.load_game("tranglar")
    >>> state = game.new_initial_state()
    >>> found = choice_pictures(state, [state.parse_move("Hd3sd4")])
    >>> picture = found[state.parse_move("Hd3sd4")]
    >>> picture.ghost.count("<polygon"), picture.shape == picture.turned
    (5, False)
    """
    mover = state.current_player
    found = {}
    for move in moves:
        action, kind, mask, parts = parse(move.name)
        if action == PASS_KIND or not mask:
            continue
        cells = BOARD.cells_of(mask)
        # a piece split or taken over shows each piece that covers it: its ways differ
        pieces = [BOARD.cells_of(part) for _, part in parts] if action in (SPLIT, TAKE) else [cells]
        owner = 2 if kind < 0 or KINDS[kind].neutral or mover is None else mover
        canvas = SvgCanvas(scale=SCALE, margin=0.05)
        for cell in cells:
            canvas.polygon(
                cell_outline(cell), fill=FILLS[owner], stroke=FILLS[owner], width=0.01,
                attrs={"fill-opacity": "0.7"},
            )  # fmt: skip
        for piece in pieces:
            for side in outline_sides(piece):
                for a, b in side:
                    canvas.line(to_plane(a), to_plane(b), stroke=PALETTE["last"], width=0.06)
        ghost, box = canvas.fragment()
        if action == PLACE:
            shape = normalize(cells)
            found[move] = ChoicePicture(
                ghost, box, _shape_key(shape), _shape_key(turned(shape)), _shape_key(mirror(shape))
            )
        else:
            found[move] = ChoicePicture(ghost, box)
    return found


def turned(shape: frozenset[Cell]) -> frozenset[Cell]:
    """The shape turned a quarter turn clockwise, normalized."""
    return normalize((SIZE - 1 - y, x, (k + 1) % 4) for x, y, k in shape)


def _shape_key(shape: frozenset[Cell]) -> str:
    return " ".join(f"{x}{y}{SIDE_NAMES[k]}" for x, y, k in sorted(shape))
