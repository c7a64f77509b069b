"""TRANGLAR drawn as SVG: 16 squares cut by their diagonals, the pieces on them, both reserves.

Every cell is a triangle carrying its name (``data-name="b3n"``). A piece is its cells filled
in its owner's colour (petrol, acid green, or white for a neutral piece) with its outline drawn
round it; a cell the last move put down or turned over has a dot in the last-move colour.
Columns ``a`` to ``d`` stand above and below the board, rows ``1`` to ``4`` on both sides, and
both reserves (and the large neutral pieces still to place) are listed beside it.
"""

from __future__ import annotations

from trigames.games.tranglar.board import (
    BOARD,
    COLUMNS,
    KINDS,
    SIZE,
    cell_name,
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
from trigames.geometry.tetrakis import cell_outline, outline_sides, to_plane

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


def _reserves(canvas: SvgCanvas, state: TranglarState) -> None:
    """Each seat's pieces off the board, one kind a line, beside the board."""
    left, y = SIZE + 0.8, 0.15
    for seat in (0, 1):
        canvas.polygon(
            [(left, y - 0.09), (left + 0.18, y - 0.09), (left + 0.18, y + 0.09), (left, y + 0.09)],
            fill=FILLS[seat],
            stroke=OUTLINES[seat],
            width=0.02,
        )
        heading = f"{state.game.player_name(seat)} reserve"
        canvas.text(
            (left + 0.3, y), heading, size=0.17, fill=PALETTE["ink"], anchor="start", bold=True
        )
        y += 0.25
        held = [(KINDS[k], n) for k, n in enumerate(state.reserve[seat]) if n]
        for kind, count in held or []:
            canvas.text(
                (left + 0.3, y),
                f"{count} {kind.code}  {kind.name}",
                size=0.14,
                anchor="start",
                attrs={"data-reserve": str(seat), "data-kind": kind.code, "data-count": str(count)},
            )
            y += 0.19
        if not held:
            canvas.text((left + 0.3, y), "empty", size=0.14, anchor="start")
            y += 0.19
        y += 0.15
    if state.to_place:
        canvas.text(
            (left, y),
            "Large neutral pieces to place:",
            size=0.15,
            fill=PALETTE["ink"],
            anchor="start",
        )
        y += 0.22
        for k in state.to_place:
            canvas.text(
                (left + 0.3, y), f"{KINDS[k].code}  {KINDS[k].name}", size=0.14, anchor="start"
            )
            y += 0.19
