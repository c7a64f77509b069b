"""Tricolor drawn as SVG: the grid of triangles and the lozenges laid on it, in their colours.

The board stands on a corner, as the seed draws it (:func:`~trigames.geometry.trilattice.
to_standing_plane`): the lattice has vertical sides, so an orange lozenge lies flat, a green one
rises from left to right and a yellow one falls. Each piece is filled in its colour, the last
one outlined in the last-move colour; an empty triangle (one no piece can cover any more) is
greyed with a dot. Points carry their names (``data-name="D4"``), and every free lozenge of
the colour due is drawn as an invisible place to tap, named like the move
(``data-name="C2-C3"``, ``data-spot="lozenge"``): lozenges of one colour never overlap. The
rows of points are columns, their letters above and below them, each point's number down its
column beside it; the colour due is shown above the board, with a lozenge of that colour lying
as it does on the board.
"""

from __future__ import annotations

from trigames.games.tricolor.board import COLOURS, TricolorBoard
from trigames.games.tricolor.rules import TricolorState
from trigames.geometry.svg import PALETTE, SvgCanvas, game_attributes, piece_attributes
from trigames.geometry.trilattice import Point, to_standing_plane

#: Fill colours of the pieces, in the order of :data:`~trigames.games.tricolor.board.COLOURS`.
PIECE_FILLS = ("#f08a24", "#3f9f4f", "#f2d024")


def render(state: TricolorState, *, labels: bool = True) -> str:
    """The position as a standalone SVG document, the last piece marked.

    >>> import trigames
    >>> state = trigames.load_game("tricolor(size=2)").new_initial_state()
    >>> state.play("B2-B3")
    >>> picture = render(state)
    >>> picture.count('data-spot="point"'), picture.count('data-piece="lozenge"')
    (19, 1)
    >>> picture.count('data-spot="lozenge"') == len(state.legal_moves())  # places to tap
    True
    """
    board = state.board
    game = state.game
    region = board.region
    canvas = SvgCanvas(scale=44)
    canvas.polygon(
        [to_standing_plane(p) for p in region.outline()],
        fill=PALETTE["board"],
        stroke=PALETTE["faint"],
        width=0.5,
    )
    for a, b in region.segments():
        canvas.line(to_standing_plane(a), to_standing_plane(b), stroke=PALETTE["line"], width=0.02)
    for t, triangle in enumerate(board.triangles):
        if state.is_empty_triangle(t):
            canvas.polygon(
                [to_standing_plane(c) for c in triangle],
                fill=PALETTE["faint"],
                attrs=piece_attributes("empty", None, None, board.triangle_names[t]),
            )
            xs, ys = zip(*(to_standing_plane(c) for c in triangle), strict=True)
            canvas.circle((sum(xs) / 3, sum(ys) / 3), 0.05, fill=PALETTE["label"])
    last_piece = -1
    for i, seat in enumerate(state.placed_by):
        if seat < 0:
            continue
        if i == state.last_piece:
            last_piece = i  # drawn last, so its outline is on top
            continue
        _piece(canvas, state, i, seat, last=False)
    if last_piece >= 0:
        _piece(canvas, state, last_piece, state.placed_by[last_piece], last=True)
    free = state.legal_mask()
    for i in board.by_colour[state.due]:
        if free >> i & 1:
            canvas.polygon(
                [to_standing_plane(c) for c in _corners(board, i)],
                fill="transparent",
                attrs={"data-name": board.lozenges[i].name, "data-spot": "lozenge"},
            )
    for point in region.points:
        canvas.circle(
            to_standing_plane(point),
            0.11,
            fill=PALETTE["ink"],
            attrs={"data-name": region.name(point), "data-spot": "point", "pointer-events": "none"},
        )
        if labels:
            x, y = to_standing_plane(point)
            number = point[0] - region.row_range(point[1]).start + 1
            canvas.text((x + 0.14, y - 0.25), str(number), size=0.17, anchor="start")
    if labels:
        for r, letter in region.row_letters():
            column = region.row_range(r)
            x, top = to_standing_plane((column.start, r))
            _, bottom = to_standing_plane((column.stop - 1, r))
            canvas.text((x, top - 0.6), letter, size=0.3, bold=True)
            canvas.text((x, bottom + 0.6), letter, size=0.3, bold=True)
    top = -region.radius - 1.25  # above the top corner and its column's letter
    if state.is_over():
        canvas.text((0, top), "Game over", size=0.34, fill=PALETTE["ink"])
    else:
        canvas.text((-0.15, top), "Due:", size=0.34, fill=PALETTE["ink"], anchor="end")
        canvas.text((0.0, top), state.due_colour, size=0.34, fill=PALETTE["ink"], anchor="start")
        canvas.polygon(
            _swatch(board, state.due, (-1.55, top)),
            fill=PIECE_FILLS[state.due],
            stroke=PALETTE["ink"],
            width=0.02,
            attrs={"data-due": state.due_colour},
        )
    last = state.last_move
    return canvas.document(
        title=f"{game.title}: {str(last) if last else 'start'}",
        attrs=game_attributes(str(game.spec), state.current_player, last),
    )


def _corners(board: TricolorBoard, i: int) -> list[Point]:
    """Lozenge ``i``'s four corners in turn, the shared side's ends opposite each other."""
    a, b = board.shared_sides[i]
    third, fourth = (
        next(c for c in board.triangles[t] if c not in (a, b)) for t in board.lozenge_triangles[i]
    )
    return [a, third, b, fourth]


def _piece(canvas: SvgCanvas, state: TricolorState, i: int, seat: int, *, last: bool) -> None:
    """Lozenge ``i`` filled in its colour."""
    board = state.board
    colour = board.colour[i]
    canvas.polygon(
        [to_standing_plane(c) for c in _corners(board, i)],
        fill=PIECE_FILLS[colour],
        stroke=PALETTE["last"] if last else PALETTE["ink"],
        width=0.08 if last else 0.035,
        attrs={
            "data-colour": COLOURS[colour],
            **piece_attributes(
                "lozenge", seat, state.game.player_name(seat), board.lozenges[i].name, last=last
            ),
        },
    )


def _swatch(
    board: TricolorBoard, colour: int, at: tuple[float, float]
) -> list[tuple[float, float]]:
    """A small lozenge of ``colour`` centred at ``at``, turned as that colour lies on the board."""
    corners = [to_standing_plane(c) for c in _corners(board, board.by_colour[colour][0])]
    cx, cy = (sum(c[0] for c in corners) / 4, sum(c[1] for c in corners) / 4)
    return [(at[0] + 0.35 * (x - cx), at[1] + 0.35 * (y - cy)) for x, y in corners]
