"""Tricolor drawn as text: the colour due on top, then the board standing on a corner.

The board is drawn as the seed describes it, with vertical sides: the rows of points are
columns, lettered above and below, and each point shows its number down its column. A piece
shows its colour's initial (``o`` orange, ``g`` green, ``y`` yellow) in both of its triangles,
with the side between them left out, so an orange piece lies flat, a green one rises from left
to right and a yellow one falls. The last piece is in capitals (and highlighted in colour).
``·`` marks an empty triangle: one that no piece can cover any more.
"""

from __future__ import annotations

from trigames.core.phrases import Phrase, counted, joined
from trigames.games.tricolor.board import COLOUR_NAMES, COLOURS
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


def completion_text(completion: Completion) -> Phrase | None:
    """``a crown at C3, a star at D4`` and so on (a phrase); ``None`` when nothing was
    completed.

    >>> completion_text(Completion(crowns=("C3",), empty_triangles=("A1-B1-B2", "C1-C2-D2")))
    'a crown at C3, 2 empty triangles A1-B1-B2, C1-C2-D2'
    """
    c = completion
    parts: list[Phrase] = []
    if c.crowns:
        n, places = len(c.crowns), _places(c.crowns)
        parts.append(counted("a crown at {places}", "{count} crowns at {places}", n, places=places))
    if c.stars:
        n, places = len(c.stars), _places(c.stars)
        parts.append(counted("a star at {places}", "{count} stars at {places}", n, places=places))
    if c.hexagons:
        n, places = len(c.hexagons), _places(c.hexagons)
        parts.append(
            counted("a hexagon at {places}", "{count} hexagons at {places}", n, places=places)
        )
    if c.empty_triangles:
        n, places = len(c.empty_triangles), _places(c.empty_triangles)
        parts.append(
            counted(
                "an empty triangle {places}", "{count} empty triangles {places}", n, places=places
            )
        )
    if len(parts) < 2:
        return parts[0] if parts else None
    return joined([*parts], None)


def _places(places: tuple[str, ...]) -> str:
    """The places of one kind of figure, each once: ``C3, D4``."""
    return ", ".join(dict.fromkeys(places))


def effects(state: TricolorState) -> Phrase | None:
    """What the last move completed, scored, and whether its maker moves again (a phrase), or
    ``None`` when it did none of these."""
    completion = state.last_completion()
    if completion is None:
        return None
    parts: list[Phrase] = []
    done = completion_text(completion)
    if done is not None:
        if completion.stars or completion.hexagons or completion.empty_triangles:
            points = f"{completion.points:+d}"
            parts.append(Phrase("completes {done}; {points}", done=done, points=points))
        else:
            parts.append(Phrase("completes {done}", done=done))
    if completion.extra_move and not state.ended_by_last_move():
        parts.append(Phrase("moves again"))
    if state.ended_by_last_move():
        parts.append(Phrase("ends the game: +1 for the last move"))
    if not parts:
        return None
    said = parts[0]
    for part in parts[1:]:
        said = Phrase("{first}; {second}", first=said, second=part)
    return said


def describe_last_move(state: TricolorState) -> Phrase:
    """For example ``White D4-D5 (orange); completes a crown at D5; moves again``, a phrase
    with the seat and the colour phrases and the lozenge as it is written.

    >>> import trigames
    >>> state = trigames.load_game("tricolor(size=2)").new_initial_state()
    >>> state.play("B2-B3")
    >>> describe_last_move(state)
    'White B2-B3 (orange)'
    """
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return Phrase("no move yet")
    seat, move = state.game.player_name(mover), last.name
    colour = COLOUR_NAMES[state.board.colour[state.board.lozenge_index[last]]]
    said = effects(state)
    if said is None:
        return Phrase("{seat} {move} ({colour})", seat=seat, move=move, colour=colour)
    return Phrase(
        "{seat} {move} ({colour}); {effects}", seat=seat, move=move, colour=colour, effects=said
    )
