"""Tricolor drawn as text: the colour due on top, then the board standing on a corner.

The board is drawn as the seed describes it, with vertical sides: the rows of points are
columns, lettered above and below, and each point shows its number down its column. A piece
shows its colour's initial (``o`` orange, ``g`` green, ``y`` yellow) in both of its triangles,
with the side between them left out, so an orange piece lies flat, a green one rises from left
to right and a yellow one falls. The last piece is in capitals (and highlighted in colour).
``·`` marks an empty triangle: one that no piece can cover any more.
"""

from __future__ import annotations

from trigames.games.tricolor.board import COLOURS
from trigames.games.tricolor.rules import Completion, TricolorState
from trigames.geometry.tritext import StandingCanvas

#: The colours' names in a colour terminal, and the pieces: dark letters on the colour.
COLOUR_CODES = ("\x1b[38;5;208m", "\x1b[38;5;34m", "\x1b[38;5;178m")
FILLS = ("\x1b[30;48;5;208m", "\x1b[30;48;5;71m", "\x1b[30;48;5;220m")
LAST = "\x1b[1;7m"
DIM = "\x1b[2m"


def render(state: TricolorState, *, color: bool = False) -> str:
    """The due colour and the board: here the first piece, orange B2-B3, lies flat across the
    side from B2 down to B3.

    >>> import trigames
    >>> state = trigames.load_game("tricolor(size=2)").new_initial_state()
    >>> state.play("B2-B3")
    >>> print(render(state))
    Due: green
      A     B     C     D     E
    <BLANKLINE>
                  1
               ╱  │  ╲
            1     │     1
         ╱  │  ╲  │  ╱  │  ╲
      1     │     2     │     1
      │  ╲  │  ╱  │  ╲  │  ╱  │
      │     2     │     2     │
      │  ╱     ╲  │  ╱  │  ╲  │
      2   O   O   3     │     2
      │  ╲     ╱  │  ╲  │  ╱  │
      │     3     │     3     │
      │  ╱  │  ╲  │  ╱  │  ╲  │
      3     │     4     │     3
         ╲  │  ╱  │  ╲  │  ╱
            4     │     4
               ╲  │  ╱
                  5
    <BLANKLINE>
      A     B     C     D     E
    """
    board = state.board
    canvas = StandingCanvas(board.region)
    hidden = {
        frozenset(board.shared_sides[i]) for i, seat in enumerate(state.placed_by) if seat >= 0
    }
    for a, b in board.region.segments():
        if frozenset((a, b)) not in hidden:
            canvas.segment(a, b, DIM if color else None)
    for i, seat in enumerate(state.placed_by):
        if seat < 0:
            continue
        colour = board.colour[i]
        letter, code = COLOURS[colour][0], FILLS[colour]
        if i == state.last_piece:
            letter, code = letter.upper(), code + LAST
        if color:
            canvas.segment(*board.shared_sides[i], FILLS[colour], blank=True)
        for t in board.lozenge_triangles[i]:
            if color:
                canvas.triangle(board.triangles[t], letter, code, fill=FILLS[colour])
            else:
                canvas.triangle(board.triangles[t], letter)
    for t, triangle in enumerate(board.triangles):
        if state.is_empty_triangle(t):
            canvas.triangle(triangle, "·")
    due = state.due_colour
    heading = "Game over" if state.is_over() else f"Due: {due}"
    if color and not state.is_over():
        heading = f"Due: {COLOUR_CODES[state.due]}{due}\x1b[0m"
    return heading + "\n" + canvas.render()


def completion_text(completion: Completion) -> str:
    """``a crown at C3, a star at D4`` and so on; empty when nothing was completed."""
    parts = []
    for kind, places in (
        ("crown", completion.crowns),
        ("star", completion.stars),
        ("hexagon", completion.hexagons),
        ("empty triangle", completion.empty_triangles),
    ):
        if places:
            where = " at" if kind != "empty triangle" else ""
            if len(places) == 1:
                count = "an" if kind[0] in "aeiou" else "a"
                parts.append(f"{count} {kind}{where} {places[0]}")
            else:
                unique = ", ".join(dict.fromkeys(places))
                parts.append(f"{len(places)} {kind}s{where} {unique}")
    return ", ".join(parts)


def effects(state: TricolorState) -> str:
    """What the last move completed, scored, and whether its maker moves again."""
    completion = state.last_completion()
    if completion is None:
        return ""
    parts = []
    done = completion_text(completion)
    if done:
        parts.append(f"completes {done}")
        if completion.stars or completion.hexagons or completion.empty_triangles:
            parts.append(f"{completion.points:+d}")
    if completion.extra_move and not state.ended_by_last_move():
        parts.append("moves again")
    if state.ended_by_last_move():
        parts.append("ends the game: +1 for the last move")
    return "; ".join(parts)


def describe_last_move(state: TricolorState) -> str:
    """For example ``White D4-D5 (orange); completes a crown at D5; moves again``."""
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return "no move yet"
    colour = COLOURS[state.board.colour[state.board.lozenge_index[last]]]
    said = effects(state)
    return f"{state.game.player_name(mover)} {last} ({colour})" + (f"; {said}" if said else "")
