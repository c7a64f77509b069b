"""Tricolor drawn as SVG: the grid of triangles and the lozenges laid on it, in their colours.

Each piece is a lozenge filled orange, green or yellow, the last one outlined in the last-move
colour; an empty triangle (one no piece can cover any more) is greyed with a dot. Points carry
their names (``data-name="D4"``): a lozenge is played by clicking the two ends of the side its
triangles share. Row letters stand on both sides, each point's number in its row beside it,
and the colour due is shown above the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trigames.games.tricolor.board import COLOURS
from trigames.geometry.svg import PALETTE, SvgCanvas, game_attributes, piece_attributes
from trigames.geometry.trilattice import to_plane, triangle_centre

if TYPE_CHECKING:
    from trigames.games.tricolor.rules import TricolorState

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
    """
    board = state.board
    game = state.game
    region = board.region
    canvas = SvgCanvas(scale=44)
    canvas.polygon(
        [to_plane(p) for p in region.outline()],
        fill=PALETTE["board"],
        stroke=PALETTE["faint"],
        width=0.5,
    )
    for a, b in region.segments():
        canvas.line(to_plane(a), to_plane(b), stroke=PALETTE["line"], width=0.02)
    for t, triangle in enumerate(board.triangles):
        if state.is_empty_triangle(t):
            canvas.polygon(
                [to_plane(c) for c in triangle],
                fill=PALETTE["faint"],
                attrs=piece_attributes("empty", None, None, board.triangle_names[t]),
            )
            canvas.circle(triangle_centre(triangle), 0.05, fill=PALETTE["label"])
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
    for point in region.points:
        canvas.circle(
            to_plane(point),
            0.11,
            fill=PALETTE["ink"],
            attrs={"data-name": region.name(point), "data-spot": "point"},
        )
        if labels:
            x, y = to_plane(point)
            number = point[0] - region.row_range(point[1]).start + 1
            canvas.text((x + 0.2, y - 0.2), str(number), size=0.17)
    if labels:
        for r, letter in region.row_letters():
            row = region.row_range(r)
            left, y = to_plane((row.start, r))
            right, _ = to_plane((row.stop - 1, r))
            canvas.text((left - 0.7, y), letter, size=0.3, bold=True)
            canvas.text((right + 0.7, y), letter, size=0.3, bold=True)
    top = to_plane(region.outline()[0])[1] - 0.9
    if state.is_over():
        canvas.text((0, top), "Game over", size=0.34, fill=PALETTE["ink"])
    else:
        canvas.text((-0.15, top), "Due:", size=0.34, fill=PALETTE["ink"], anchor="end")
        canvas.text((0.0, top), state.due_colour, size=0.34, fill=PALETTE["ink"], anchor="start")
        canvas.polygon(
            _swatch(-1.5, top),
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


def _piece(canvas: SvgCanvas, state: TricolorState, i: int, seat: int, *, last: bool) -> None:
    """Lozenge ``i``: its four corners in turn, the shared side's ends opposite each other."""
    board = state.board
    a, b = board.shared_sides[i]
    thirds = [
        next(c for c in board.triangles[t] if c not in (a, b)) for t in board.lozenge_triangles[i]
    ]
    colour = board.colour[i]
    canvas.polygon(
        [to_plane(a), to_plane(thirds[0]), to_plane(b), to_plane(thirds[1])],
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


def _swatch(x: float, y: float) -> list[tuple[float, float]]:
    """A small upright lozenge centred at ``(x, y)``, for the colour due."""
    return [(x, y - 0.3), (x + 0.17, y), (x, y + 0.3), (x - 0.17, y)]
