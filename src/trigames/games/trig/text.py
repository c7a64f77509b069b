"""The Summer-House Floor drawn as text: one line per row of cells, rows lettered.

Each vacant playing cell shows its number in its row, so a move can be read off the board;
``·`` is a separator, ``#`` a Pillar, ``W`` and ``B`` are pegs. The last peg placed is in
square brackets and a peg it captured in round brackets.
"""

from __future__ import annotations

from trigames.core.phrases import Phrase
from trigames.games.trig.rules import TrigState

RESET = "\x1b[0m"
CELL_COLOURS = {1: "\x1b[35m", 2: "\x1b[32m"}  # pink and green playing cells
PEG_COLOURS = ("\x1b[1;97m", "\x1b[1;96m")
PILLAR = "\x1b[1;7m"
PEG_LETTERS = ("W", "B")


def render(state: TrigState, *, color: bool = False) -> str:
    """The board, one text line per row of cells.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> state.play("G6")
    >>> print(render(state).splitlines()[6])
    G   ·   2   3   ·   5  [W]  #   8   9   ·  11  12   ·   G
    """
    board = state.board
    last = state.last_move
    placed, captured = board.move_parts(last) if last is not None else (-1, None)
    columns = [2 * q + r for q, r in board.cells]
    left = min(columns)
    width = 2 * (max(columns) - left) + 3
    lines = []
    for letter, row in board.names.rows:
        cells = [" "] * width
        for number, cell in enumerate(row, start=1):
            i = board.index[cell]
            text, code = _cell(state, i, number)
            if i == placed:
                text = f"[{text.strip()}]"
            elif i == captured:
                text = f"({text.strip()})"
            column = 2 * (2 * cell[0] + cell[1] - left)
            for k, char in enumerate(text):
                cells[column + k] = f"{code}{char}{RESET}" if color and code else char
        lines.append(f"{letter}  {''.join(cells)}  {letter}")
    return "\n".join(lines)


def _cell(state: TrigState, i: int, number: int) -> tuple[str, str | None]:
    """The three characters of one cell, and its colour code."""
    board = state.board
    for seat in (0, 1):
        if state.pegs[seat] >> i & 1:
            return f" {PEG_LETTERS[seat]} ", PEG_COLOURS[seat]
    if i in board.pillar_bits:
        return " # ", PILLAR
    if not board.playing_mask >> i & 1:
        return " · ", None
    q, r = board.cells[i]
    return f"{number:<3}" if number >= 10 else f" {number} ", CELL_COLOURS[(q - r) % 3]


def describe_last_move(state: TrigState) -> Phrase:
    """For example ``White E5, capturing F6``, as a phrase.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> state.play("G6")
    >>> describe_last_move(state)
    'White G6'
    """
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return Phrase("no move yet")
    cell, centre = state.board.move_parts(last)
    seat, placed = state.game.player_name(mover), state.board.placements[cell].name
    if centre is None:
        return Phrase("{seat} {cell}", seat=seat, cell=placed)
    captured = state.board.placements[centre].name
    return Phrase("{seat} {cell}, capturing {captured}", seat=seat, cell=placed, captured=captured)
