"""Triggle drawn as text: each peg shows its number in its row, each row its letter.

Covered segments are lines, a claimed triangle shows its owner's initial, a closed but unclaimed
triangle shows ``·``. The last band is drawn heavier (``━ ╲ ╱``) and, in colour, highlighted.
"""

from __future__ import annotations

from trigames.core.phrases import Phrase, counted
from trigames.games.triggle.rules import TriggleState
from trigames.geometry.tritext import LatticeCanvas

SEAT_COLOURS = ("\x1b[1;34m", "\x1b[1;33m", "\x1b[1;31m", "\x1b[1;32m")
LAST = "\x1b[1;35m"
DIM = "\x1b[2m"


def render(state: TriggleState, *, color: bool = False) -> str:
    """The board, one text line per peg row and one between each pair of rows.

    >>> import trigames
    >>> state = trigames.load_game("triggle(size=3)").new_initial_state()
    >>> state.play("C1-C4")
    >>> print(render(state))
    A      1   2   3      A
    <BLANKLINE>
    B    1   2   3   4    B
    <BLANKLINE>
    C  1━━━2━━━3━━━4   5  C
    <BLANKLINE>
    D    1   2   3   4    D
    <BLANKLINE>
    E      1   2   3      E
    """
    board = state.board
    canvas = LatticeCanvas(board.region, numbers=False)
    long = "─" * (canvas.width + 2)
    heavy = "━" * (canvas.width + 2)
    last = state.last_move
    last_segments = board.band_segments[board.band_index[last]] if last is not None else 0
    claimed_now = set(state.claimed_by_last_move())

    def style(code: str) -> str | None:
        return code if color else None

    for i, (q, r) in enumerate(board.pegs):
        number = str(q - board.region.row_range(r).start + 1)
        canvas.point((q, r), number, None if state.used >> i & 1 else style(DIM))
    for i, (a, b) in enumerate(board.segments):
        if state.covered >> i & 1:
            horizontal = a[1] == b[1]
            if last_segments >> i & 1:
                text = heavy if horizontal else ("╲" if b[0] == a[0] else "╱")
                canvas.segment(a, b, text, style(LAST))
            else:
                canvas.segment(a, b, long if horizontal else ("\\" if b[0] == a[0] else "/"))
    for t, triangle in enumerate(board.triangles):
        seat = state.owner[t]
        if seat >= 0:
            code = SEAT_COLOURS[seat] + ("\x1b[4m" if t in claimed_now else "")
            canvas.triangle(triangle, state.game.player_name(seat)[0], style(code))
        elif state.is_complete(t):
            canvas.triangle(triangle, "·")
    return canvas.render()


def describe_last_move(state: TriggleState) -> Phrase:
    """What the last band did, for example ``Blue D1-D4, claims 1 triangle: C2-D2-D3``."""
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return Phrase("no move yet")
    seat, band = state.game.player_name(mover), str(last)
    claims = [state.board.triangle_name(t) for t in state.claimed_by_last_move()]
    if not claims:
        return Phrase("{seat} {band}", seat=seat, band=band)
    return counted(
        "{seat} {band}, claims {count} triangle: {triangles}",
        "{seat} {band}, claims {count} triangles: {triangles}",
        len(claims),
        seat=seat,
        band=band,
        triangles=", ".join(claims),
    )
