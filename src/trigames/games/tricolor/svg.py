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

What positions share is drawn once per game and kept (:func:`_parts`): the grid, the points
with their names, the colour due, and every piece, empty triangle and place to tap in each way
it can look; drawing a position joins them.
"""

from __future__ import annotations

from functools import lru_cache

from trigames.core.bits import bits
from trigames.core.phrases import Phrase
from trigames.games.tricolor.board import COLOUR_NAMES, COLOURS, TricolorBoard
from trigames.games.tricolor.rules import TricolorRules, TricolorState
from trigames.geometry.honeycomb import Memo
from trigames.geometry.svg import (
    PALETTE,
    Block,
    Drawing,
    SvgCanvas,
    draw_position,
    piece_attributes,
)
from trigames.geometry.trilattice import Point, to_standing_plane

#: Fill colours of the pieces, in the order of :data:`~trigames.games.tricolor.board.COLOURS`.
PIECE_FILLS = ("#f08a24", "#3f9f4f", "#f2d024")
SCALE = 44


def drawing(state: TricolorState, *, labels: bool = True) -> Drawing:
    """The position drawn (a :class:`~trigames.geometry.svg.Drawing`: an SVG document in blocks),
    the last piece marked.

    >>> import trigames
    >>> state = trigames.load_game("tricolor(size=2)").new_initial_state()
    >>> state.play("B2-B3")
    >>> picture = drawing(state).text()
    >>> picture.count('data-spot="point"'), picture.count('data-piece="lozenge"')
    (19, 1)
    >>> picture.count('data-spot="lozenge"') == len(state.legal_moves())  # places to tap
    True
    """
    game = state.game
    parts = _parts(game)
    blocks = [parts.grid]
    triangles = range(len(state.board.triangles))
    blocks += [parts.empty[t] for t in triangles if state.is_empty_triangle(t)]
    placed_by, last_piece = state.placed_by, state.last_piece
    # the last piece is drawn last, so its outline is on top
    blocks += [parts.pieces[i, placed_by[i], False] for i in bits(state.placed) if i != last_piece]
    if last_piece >= 0 and placed_by[last_piece] >= 0:
        blocks.append(parts.pieces[last_piece, placed_by[last_piece], True])
    blocks += [parts.spots[i] for i in bits(state.legal_mask())]
    blocks.append(parts.points[labels])
    blocks.append(parts.due[-1 if state.is_over() else state.due])
    return draw_position(state, blocks, scale=SCALE)


class _Parts:
    """The parts of one game's pictures: the grid; ``points[labels]``, the points with their
    names (and their numbers and the column letters if ``labels``); ``due[colour]``, the
    colour due (-1: the game is over); and, drawn when first needed, ``empty[t]``,
    ``pieces[i, seat, last]`` and ``spots[i]``, the free lozenge ``i`` as a place to tap. Each
    table holds at most the board's triangles or lozenges times the ways they look (a few
    thousand on the largest board), and never more than
    :data:`~trigames.geometry.honeycomb.MEMO_LIMIT`."""

    def __init__(self, game: TricolorRules) -> None:
        self.game = game
        region = game.board.region
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            [to_standing_plane(p) for p in region.outline()],
            fill=PALETTE["board"],
            stroke=PALETTE["faint"],
            width=0.5,
        )
        for a, b in region.segments():
            canvas.line(
                to_standing_plane(a), to_standing_plane(b), stroke=PALETTE["line"], width=0.02
            )
        self.grid = canvas.block()
        self.points = (self._points(labels=False), self._points(labels=True))
        self.due = {colour: self._due(colour) for colour in (-1, 0, 1, 2)}
        self.empty: Memo[int, Block] = Memo(self._empty)
        self.pieces: Memo[tuple[int, int, bool], Block] = Memo(lambda k: self._piece(*k))
        self.spots: Memo[int, Block] = Memo(self._spot)

    def _points(self, *, labels: bool) -> Block:
        region = self.game.board.region
        canvas = SvgCanvas(scale=SCALE)
        for point in region.points:
            canvas.circle(
                to_standing_plane(point),
                0.11,
                fill=PALETTE["ink"],
                attrs={
                    "data-name": region.name(point),
                    "data-spot": "point",
                    "pointer-events": "none",
                },
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
        return canvas.block()

    def _due(self, colour: int) -> Block:
        """The colour due above the board with a lozenge of that colour, or ``Game over``."""
        board = self.game.board
        canvas = SvgCanvas(scale=SCALE)
        top = -board.region.radius - 1.25  # above the top corner and its column's letter
        if colour < 0:
            canvas.text((0, top), Phrase("Game over"), size=0.34, fill=PALETTE["ink"])
            return canvas.block()
        canvas.text((-0.15, top), Phrase("Due:"), size=0.34, fill=PALETTE["ink"], anchor="end")
        name = COLOUR_NAMES[colour]
        canvas.text((0.0, top), name, size=0.34, fill=PALETTE["ink"], anchor="start")
        canvas.polygon(
            _swatch(board, colour, (-1.55, top)),
            fill=PIECE_FILLS[colour],
            stroke=PALETTE["ink"],
            width=0.02,
            attrs={"data-due": name},
        )
        return canvas.block()

    def _empty(self, t: int) -> Block:
        """Triangle ``t`` greyed with a dot: no piece can cover it any more."""
        board = self.game.board
        corners = [to_standing_plane(c) for c in board.triangles[t]]
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            corners,
            fill=PALETTE["faint"],
            attrs=piece_attributes("empty", None, None, board.triangle_names[t]),
        )
        xs, ys = zip(*corners, strict=True)
        canvas.circle((sum(xs) / 3, sum(ys) / 3), 0.05, fill=PALETTE["label"])
        return canvas.block()

    def _piece(self, i: int, seat: int, last: bool) -> Block:
        """Lozenge ``i`` filled in its colour."""
        board = self.game.board
        colour = board.colour[i]
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            [to_standing_plane(c) for c in _corners(board, i)],
            fill=PIECE_FILLS[colour],
            stroke=PALETTE["last"] if last else PALETTE["ink"],
            width=0.08 if last else 0.035,
            attrs={
                "data-colour": COLOURS[colour],
                **piece_attributes(
                    "lozenge", seat, self.game.player_name(seat), board.lozenges[i].name, last=last
                ),
            },
        )
        return canvas.block()

    def _spot(self, i: int) -> Block:
        """Lozenge ``i`` as a place to tap, named like the move."""
        board = self.game.board
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            [to_standing_plane(c) for c in _corners(board, i)],
            fill="transparent",
            attrs={"data-name": board.lozenges[i].name, "data-spot": "lozenge"},
        )
        return canvas.block()


@lru_cache(maxsize=8)
def _parts(game: TricolorRules) -> _Parts:
    """The parts of ``game``'s pictures, shared: those of the 8 games drawn last are kept."""
    return _Parts(game)


def _corners(board: TricolorBoard, i: int) -> list[Point]:
    """Lozenge ``i``'s four corners in turn, the shared side's ends opposite each other."""
    a, b = board.shared_sides[i]
    third, fourth = (
        next(c for c in board.triangles[t] if c not in (a, b)) for t in board.lozenge_triangles[i]
    )
    return [a, third, b, fourth]


def _swatch(
    board: TricolorBoard, colour: int, at: tuple[float, float]
) -> list[tuple[float, float]]:
    """A small lozenge of ``colour`` centred at ``at``, turned as that colour lies on the board."""
    corners = [to_standing_plane(c) for c in _corners(board, board.by_colour[colour][0])]
    cx, cy = (sum(c[0] for c in corners) / 4, sum(c[1] for c in corners) / 4)
    return [(at[0] + 0.35 * (x - cx), at[1] + 0.35 * (y - cy)) for x, y in corners]
