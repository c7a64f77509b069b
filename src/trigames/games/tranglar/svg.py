"""TRANGLAR drawn as SVG: 16 squares cut by their diagonals, the pieces on them, both reserves.

Every cell is a triangle carrying its name (``data-name="b3n"``). A piece is its cells filled
in its owner's colour (petrol, acid green, or white for a neutral piece) with its outline drawn
round it; a cell the last move put down or turned over has a dot in the last-move colour.
Columns ``a`` to ``d`` stand above and below the board, rows ``1`` to ``4`` on both sides, and
both reserves (and the large neutral pieces still to place) are drawn under it (a tall picture
fits a phone's screen), each kind a
picture of its shape in its owner's colour with its count; the mover's pieces carry the name
that picks them (``data-name``, the first step of :meth:`input_steps`).
"""

from __future__ import annotations

from collections.abc import Sequence

from trigames.core.protocol import ChoicePicture
from trigames.games.tranglar.board import (
    BOARD,
    COLUMNS,
    KINDS,
    PASS_KIND,
    PLACE,
    SIZE,
    START_RESERVE,
    TranglarMove,
    cell_name,
    parse,
    piece_name,
)
from trigames.games.tranglar.rules import TranglarState
from trigames.geometry.svg import (
    PALETTE,
    SEAT_COLOURS,
    SvgCanvas,
    game_attributes,
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
OUTLINES = ("#07363d", "#4d6a06", PALETTE["line"])


def render(state: TranglarState, *, labels: bool = True) -> str:
    """The board and both reserves as a standalone SVG document, the last move marked.

    >>> import trigames
    >>> state = trigames.load_game("tranglar").new_initial_state()
    >>> state.play("Ga1esb1nwa2n")
    >>> picture = render(state)
    >>> picture.count('data-spot="cell"'), picture.count('data-owner="neutral"')
    (64, 1)
    """
    game = state.game
    canvas = SvgCanvas(scale=90, margin=0.6)
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
    for anchor in sorted(state.pieces):
        kind, owner, mask = state.pieces[anchor]
        cells = BOARD.cells_of(mask)
        who = "neutral" if owner == 2 else owner
        name = game.player_name(owner) if owner < 2 else "Neutral"
        attrs = piece_attributes(
            KINDS[kind].code, who, name, piece_name(kind, mask), last=bool(mask & state.changed)
        )
        attrs["data-kind-name"] = KINDS[kind].name
        attrs["pointer-events"] = "none"
        canvas.open_group(attrs)
        for cell in cells:
            canvas.polygon(cell_outline(cell), fill=FILLS[owner], stroke=FILLS[owner], width=0.01)
        for side in outline_sides(cells):
            for a, b in side:
                canvas.line(to_plane(a), to_plane(b), stroke=OUTLINES[owner], width=0.045)
        canvas.close_group()
    for i, cell in enumerate(BOARD.cells):
        if state.changed >> i & 1:
            xs, ys = zip(*cell_outline(cell), strict=True)
            canvas.circle((sum(xs) / 3, sum(ys) / 3), 0.06, fill=PALETTE["last"])
    if labels:
        for x, letter in enumerate(COLUMNS[:SIZE]):
            canvas.text((x + 0.5, -0.3), letter, size=0.22, bold=True)
            canvas.text((x + 0.5, SIZE + 0.3), letter, size=0.22, bold=True)
        for y in range(SIZE):
            canvas.text((-0.3, y + 0.5), str(y + 1), size=0.22, bold=True)
            canvas.text((SIZE + 0.3, y + 0.5), str(y + 1), size=0.22, bold=True)
    _reserves(canvas, state)
    last = state.last_move
    return canvas.document(
        title=f"{game.title}: {str(last) if last else 'start'}",
        attrs=game_attributes(str(game.spec), state.current_player, last),
    )


#: Where a reserve shows its pieces: columns of slots, each slot this wide and high, a piece
#: drawn at this fraction of the board's size.
RESERVE_COLUMNS = 3
SLOT = 0.8
PIECE_SCALE = 0.34


def _reserves(canvas: SvgCanvas, state: TranglarState) -> None:
    """Each seat's pieces off the board drawn as pictures in its colour, with their counts,
    under the board; the mover's pieces carry the names that choose them (the first step of
    a placement), and so do the large neutral pieces still to place."""
    game = state.game
    top = SIZE + 0.75
    words = _piece_words(state)
    bottom = top
    for seat in (0, 1):
        left, y = -0.5 + seat * (RESERVE_COLUMNS * SLOT + 0.2), top
        canvas.polygon(
            [(left, y - 0.09), (left + 0.18, y - 0.09), (left + 0.18, y + 0.09), (left, y + 0.09)],
            fill=FILLS[seat],
            stroke=OUTLINES[seat],
            width=0.02,
        )
        heading = f"{game.player_name(seat)} reserve"
        canvas.text(
            (left + 0.3, y), heading, size=0.17, fill=PALETTE["ink"], anchor="start", bold=True
        )
        y += 0.2
        kinds = [k for k, n in enumerate(START_RESERVE[seat]) if n]
        for i, k in enumerate(kinds):
            count = state.reserve[seat][k]
            x0 = left + (i % RESERVE_COLUMNS) * SLOT
            y0 = y + (i // RESERVE_COLUMNS) * SLOT
            word = words.get(k) if seat == state.current_player else None
            _slot(canvas, k, 2 if KINDS[k].neutral else seat, count, (x0, y0), word, seat)
        bottom = max(bottom, y + -(-len(kinds) // RESERVE_COLUMNS) * SLOT + 0.3)
    left, y = -0.5, bottom
    if state.to_place:
        canvas.text(
            (left, y), "To place:", size=0.15, fill=PALETTE["ink"], anchor="start", bold=True
        )
        y += 0.12
        for i, k in enumerate(state.to_place):
            _slot(canvas, k, 2, 1, (left + i * SLOT * 1.4, y), words.get(k), None, wide=1.4)


def _piece_words(state: TranglarState) -> dict[int, str]:
    """The first input step of placing each kind the mover may place now."""
    found = {}
    for move in state.legal_moves():
        action, kind, _, _ = parse(move.name)
        if action == PLACE:
            found[kind] = f"{KINDS[kind].code}: {KINDS[kind].name}"
    return found


def _slot(
    canvas: SvgCanvas,
    kind: int,
    owner: int,
    count: int,
    corner: tuple[float, float],
    word: str | None,
    seat: int | None,
    wide: float = 1.0,
) -> None:
    """One kind of piece in a reserve: its shape, its code and how many are left; a button
    (``data-name``) when ``word`` chooses it."""
    x0, y0 = corner
    attrs = {
        "data-reserve": "neutral" if seat is None else str(seat),
        "data-kind": KINDS[kind].code,
        "data-count": str(count),
    }
    if word:
        attrs.update({"data-name": word, "data-spot": "reserve"})
    canvas.open_group(attrs)
    canvas.polygon(
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
    canvas.open_group({} if count else {"opacity": "0.3"})  # none left: faded
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
    canvas.close_group()
    label = f"{KINDS[kind].code} \u00d7{count}"
    canvas.text((x0 + 0.05, y0 + 0.1), label, size=0.12, fill=PALETTE["ink"], anchor="start",
                bold=bool(word))  # fmt: skip
    canvas.close_group()


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
        action, kind, mask, _ = parse(move.name)
        if action == PASS_KIND or not mask:
            continue
        cells = BOARD.cells_of(mask)
        owner = 2 if kind < 0 or KINDS[kind].neutral or mover is None else mover
        canvas = SvgCanvas(scale=90, margin=0.05)
        for cell in cells:
            canvas.polygon(
                cell_outline(cell), fill=FILLS[owner], stroke=FILLS[owner], width=0.01,
                attrs={"fill-opacity": "0.7"},
            )  # fmt: skip
        for side in outline_sides(cells):
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
