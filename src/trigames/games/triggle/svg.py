"""Triggle drawn as SVG: pegs, the bands stretched over them, and the claimed triangles.

The board is a hexagon with a faint line on every unit segment. Each band is a thick line over its
four pegs, the last one in the last-move colour; a claimed triangle is filled with its owner's
colour (outlined in the last-move colour when the last band claimed it), a closed but unclaimed one
is greyed. A claim also carries its owner's initial (``B``, ``Y``, ``R``, ``G``), white letters
outlined in black: four colours cannot all stay apart for every eye. Pegs carry their names
(``data-name="D4"`` on a group holding the peg and a larger invisible disc, so that a finger hits
it) and show their number in the row; row letters stand on both sides, as in the text drawing.

What positions share is drawn once per game and kept (:func:`_parts`): the board, the row
letters, and every peg, band and triangle in each way it can look; drawing a position joins
them.
"""

from __future__ import annotations

from functools import lru_cache

from trigames.core.bits import bits
from trigames.games.triggle.rules import TriggleRules, TriggleState
from trigames.geometry.honeycomb import Memo
from trigames.geometry.svg import (
    PALETTE,
    SEAT_COLOURS,
    Block,
    Box,
    Drawing,
    SvgCanvas,
    draw_position,
    piece_attributes,
)
from trigames.geometry.trilattice import to_plane

SCALE = 48
#: The seat of a closed triangle no one claimed, in :attr:`_Parts.triangles`.
CLOSED = -1
#: The outline of the owner's initial on a claimed triangle (readable on every seat's colour).
CLAIM_MARK = {
    "stroke": PALETTE["black"],
    "stroke-width": "2",
    "paint-order": "stroke",
    "class": "claim-mark",
}


def drawing(state: TriggleState, *, labels: bool = True) -> Drawing:
    """The position drawn (a :class:`~trigames.geometry.svg.Drawing`: an SVG document in blocks),
    the last band marked.

    >>> import trigames
    >>> state = trigames.load_game("triggle(size=3)").new_initial_state()
    >>> state.play("C1-C4")
    >>> picture = drawing(state).text()
    >>> picture.count('data-spot="peg"'), 'data-piece="band"' in picture
    (19, True)
    """
    board = state.board
    game = state.game
    parts = _parts(game)
    blocks = [parts.board]
    claimed_now = state.claimed_by_last_move()
    covered, triangles = state.covered, parts.triangles
    for t, (seat, sides) in enumerate(zip(state.owner, board.triangle_segments, strict=True)):
        if seat >= 0:
            blocks.append(triangles[t, seat, t in claimed_now])
        elif covered & sides == sides:  # closed, claimed by no one
            blocks.append(triangles[t, CLOSED, False])
    last_move = state.last_move
    last = board.band_index[last_move] if last_move is not None else -1
    blocks += [parts.bands[i, i == last] for i in bits(state.placed)]
    pegs = parts.peg_rows[labels]
    used = state.used
    blocks += [pegs[used >> i & 1][i] for i in range(len(pegs[0]))]
    if labels:
        blocks.append(parts.row_letters)
    return draw_position(state, blocks, box=parts.boxes[labels], scale=SCALE)


class _Parts:
    """The parts of one game's pictures, each drawn when first needed: ``triangles[t, seat,
    last]`` (seat :data:`CLOSED` for a closed triangle no one claimed), ``bands[i, last]`` and
    ``peg_rows[labels]``: every peg, unused and used (with its number if ``labels``), and the
    ``boxes[labels]`` round every drawing. Each
    table holds at most the board's triangles, bands or pegs times the ways they look (a few
    thousand on the largest board), and never more than
    :data:`~trigames.geometry.honeycomb.MEMO_LIMIT`."""

    def __init__(self, game: TriggleRules) -> None:
        self.game = game
        board = game.board
        canvas = SvgCanvas(scale=SCALE)
        canvas.polygon(
            [to_plane(p) for p in board.region.outline()],
            fill=PALETTE["board"],
            stroke=PALETTE["faint"],
            width=0.6,
        )
        for a, b in board.segments:
            canvas.line(to_plane(a), to_plane(b), stroke=PALETTE["faint"], width=0.02)
        self.board = canvas.block()
        canvas = SvgCanvas(scale=SCALE)
        _row_letters(canvas, game)
        self.row_letters = canvas.block()
        self.triangles: Memo[tuple[int, int, bool], Block] = Memo(lambda k: self._triangle(*k))
        self.bands: Memo[tuple[int, bool], Block] = Memo(lambda k: self._band(*k))
        self.peg_rows: Memo[bool, tuple[list[Block], list[Block]]] = Memo(self._peg_rows)
        self.boxes: Memo[bool, Box] = Memo(self._box)

    def _box(self, labels: bool) -> Box:
        """The box round every drawing: round the board, the pegs (every drawing has them
        all, as large used or not, and bands and triangles join their centres) and the row
        letters if ``labels``."""
        canvas = SvgCanvas(scale=SCALE)
        canvas.measure(self.board, *self.peg_rows[labels][0])
        if labels:
            canvas.measure(self.row_letters)
        box = canvas.block().box
        assert box is not None
        return box

    def _peg_rows(self, labels: bool) -> tuple[list[Block], list[Block]]:
        """Every peg unused, and every peg used."""
        pegs = range(len(self.game.board.pegs))
        return [self._peg(i, False, labels) for i in pegs], [
            self._peg(i, True, labels) for i in pegs
        ]

    def _triangle(self, t: int, seat: int, last: bool) -> Block:
        """Triangle ``t`` claimed by ``seat`` (outlined if ``last``), or closed."""
        game, board = self.game, self.game.board
        corners = [to_plane(c) for c in board.triangles[t]]
        name = board.triangle_name(t)
        canvas = SvgCanvas(scale=SCALE)
        if seat == CLOSED:
            canvas.polygon(
                corners, fill=PALETTE["faint"], attrs=piece_attributes("closed", None, None, name)
            )
        else:
            owner = game.player_name(seat)
            canvas.polygon(
                corners,
                fill=SEAT_COLOURS[owner.lower()],
                stroke=PALETTE["last"] if last else None,
                width=0.06,
                attrs={
                    "fill-opacity": "0.8",
                    **piece_attributes("claim", seat, owner, name, last=last),
                },
            )
            xs, ys = zip(*corners, strict=True)
            canvas.text(
                (sum(xs) / 3, sum(ys) / 3),
                owner[0],
                size=0.3,
                fill=PALETTE["white"],
                bold=True,
                attrs=CLAIM_MARK,
            )
        return canvas.block()

    def _band(self, i: int, last: bool) -> Block:
        board = self.game.board
        line = board.band_points[i]
        canvas = SvgCanvas(scale=SCALE)
        canvas.line(
            to_plane(line[0]),
            to_plane(line[-1]),
            stroke=PALETTE["last"] if last else PALETTE["ink"],
            width=0.11,
            attrs=piece_attributes("band", None, None, board.bands[i].name, last=last),
        )
        return canvas.block()

    def _peg(self, i: int, used: bool, labels: bool) -> Block:
        region = self.game.board.region
        peg = region.points[i]
        canvas = SvgCanvas(scale=SCALE)
        canvas.open_group({"data-name": region.name(peg), "data-spot": "peg"})
        canvas.hit_circle(to_plane(peg), 0.45)  # pegs are one unit apart
        canvas.circle(
            to_plane(peg),
            0.19,
            fill=PALETTE["white"],
            stroke=PALETTE["ink"] if used else PALETTE["line"],
            width=0.04 if used else 0.025,
        )
        canvas.close_group()
        if labels:
            number = peg[0] - region.row_range(peg[1]).start + 1
            canvas.text(to_plane(peg), str(number), size=0.2)
        return canvas.block()


@lru_cache(maxsize=8)
def _parts(game: TriggleRules) -> _Parts:
    """The parts of ``game``'s pictures, shared: those of the 8 games drawn last are kept."""
    return _Parts(game)


def _row_letters(canvas: SvgCanvas, game: TriggleRules) -> None:
    region = game.board.region
    for r, letter in region.row_letters():
        row = region.row_range(r)
        left, y = to_plane((row.start, r))
        right, _ = to_plane((row.stop - 1, r))
        canvas.text((left - 0.75, y), letter, size=0.32, bold=True)
        canvas.text((right + 0.75, y), letter, size=0.32, bold=True)
