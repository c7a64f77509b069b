"""Triggle drawn as SVG: pegs, the bands stretched over them, and the claimed triangles.

The board is a hexagon with a faint line on every unit segment. Each band is a thick line over
its four pegs, the last one in the last-move colour; a claimed triangle is filled with its
owner's colour (outlined in the last-move colour when the last band claimed it), a closed but
unclaimed one is greyed. Pegs carry their names (``data-name="D4"`` on a group holding the peg
and a larger invisible disc, so that a finger hits it) and show their number in the row; row
letters stand on both sides, as in the text drawing.
"""

from __future__ import annotations

from trigames.games.triggle.rules import TriggleState
from trigames.geometry.svg import (
    PALETTE,
    SEAT_COLOURS,
    SvgCanvas,
    game_attributes,
    piece_attributes,
)
from trigames.geometry.trilattice import to_plane


def render(state: TriggleState, *, labels: bool = True) -> str:
    """The position as a standalone SVG document, the last band marked.

    >>> import trigames
    >>> state = trigames.load_game("triggle(size=3)").new_initial_state()
    >>> state.play("C1-C4")
    >>> picture = render(state)
    >>> picture.count('data-spot="peg"'), 'data-piece="band"' in picture
    (19, True)
    """
    board = state.board
    game = state.game
    canvas = SvgCanvas(scale=48)
    canvas.polygon(
        [to_plane(p) for p in board.region.outline()],
        fill=PALETTE["board"],
        stroke=PALETTE["faint"],
        width=0.6,
    )
    for a, b in board.segments:
        canvas.line(to_plane(a), to_plane(b), stroke=PALETTE["faint"], width=0.02)
    claimed_now = set(state.claimed_by_last_move())
    for t, triangle in enumerate(board.triangles):
        corners = [to_plane(c) for c in triangle]
        seat = state.owner[t]
        name = board.triangle_name(t)
        if seat >= 0:
            last = t in claimed_now
            canvas.polygon(
                corners,
                fill=SEAT_COLOURS[game.player_name(seat).lower()],
                stroke=PALETTE["last"] if last else None,
                width=0.06,
                attrs={
                    "fill-opacity": "0.8",
                    **piece_attributes("claim", seat, game.player_name(seat), name, last=last),
                },
            )
        elif state.is_complete(t):
            canvas.polygon(
                corners, fill=PALETTE["faint"], attrs=piece_attributes("closed", None, None, name)
            )
    last_move = state.last_move
    for i, band in enumerate(board.bands):
        if not state.placed >> i & 1:
            continue
        line = board.band_points[i]
        last = band == last_move
        canvas.line(
            to_plane(line[0]),
            to_plane(line[-1]),
            stroke=PALETTE["last"] if last else PALETTE["ink"],
            width=0.11,
            attrs=piece_attributes("band", None, None, band.name, last=last),
        )
    for i, peg in enumerate(board.pegs):
        used = bool(state.used >> i & 1)
        canvas.open_group({"data-name": board.region.name(peg), "data-spot": "peg"})
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
            number = peg[0] - board.region.row_range(peg[1]).start + 1
            canvas.text(to_plane(peg), str(number), size=0.2)
    if labels:
        _row_letters(canvas, state)
    return canvas.document(
        title=f"{game.title}: {str(last_move) if last_move else 'start'}",
        attrs=game_attributes(str(game.spec), state.current_player, last_move),
    )


def _row_letters(canvas: SvgCanvas, state: TriggleState) -> None:
    region = state.board.region
    for r, letter in region.row_letters():
        row = region.row_range(r)
        left, y = to_plane((row.start, r))
        right, _ = to_plane((row.stop - 1, r))
        canvas.text((left - 0.75, y), letter, size=0.32, bold=True)
        canvas.text((right + 0.75, y), letter, size=0.32, bold=True)
