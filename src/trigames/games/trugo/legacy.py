"""The reader of old Trugo records: moves written with the names of record format version 1.

Version 1 named cells and junctions from the top-left corner of the current layout (its tiles,
with the empty cells next to them while the pool lasted): the grid point two half radii left
of the leftmost such cell's centre and one half tile height above the highest was ``a1``. When
the layout grew up or to the left, every name moved. Today each name is fixed for the whole
game (see :class:`~trigames.games.trugo.board.Frame`). :func:`convert_v1_moves` replays the old
moves, keeping track of that old corner, and writes each one with today's names.

>>> import trigames
>>> game = trigames.load_game("trugo(tiles=3)")
>>> convert_v1_moves(game, ["c2e", "c3sw", "i3nw"])  # the second tile went up-left
['l8e', 'i7sw', 'l6nw']
"""

from __future__ import annotations

from collections.abc import Sequence

from trigames.core.errors import RecordError, TrigamesError
from trigames.games.trugo.board import ORIENTATION_NAMES, parse
from trigames.games.trugo.rules import TrugoRules, TrugoState


def convert_v1_moves(game: TrugoRules, moves: Sequence[str]) -> list[str]:
    """The moves of a version-1 record of ``game``, from its start, in today's names.

    Raises ``RecordError`` naming the move (counted from 1) that does not replay, and why.
    """
    state = game.new_initial_state()
    converted: list[str] = []
    for number, text in enumerate(moves, start=1):
        try:
            move = _convert(state, text)
        except ValueError as error:  # a MoveParseError, or a grid point without a name
            raise RecordError(f"move {number} ({text}) does not replay: {error}") from None
        try:
            state.play(move)
        except TrigamesError as error:
            raise RecordError(
                f"move {number} ({text}, today {move}) does not replay: {error}"
            ) from None
        converted.append(move)
    return converted


def _convert(state: TrugoState, text: str) -> str:
    """``text``, written in the version-1 names of ``state``'s layout, in today's names."""
    kind, a, b = parse(text)
    if kind == "pass":
        return "pass"
    assert a is not None
    left, top = _old_corner(state)

    def rename(spot: tuple[int, int]) -> str:
        return state.names.name((spot[0] + left, spot[1] + top))

    if kind == "move":
        assert isinstance(b, tuple)
        return f"{rename(a)}-{rename(b)}"
    assert isinstance(b, int)
    if kind == "place":
        return f"{rename(a)}{ORIENTATION_NAMES[b]}"
    return f"-{rename(a)}"


def _old_corner(state: TrugoState) -> tuple[int, int]:
    """The grid point version 1 named ``a1`` in this position."""
    w = state.window
    cells = state.present | state.frontier if state.pool > 0 else state.present
    if not cells:  # only once the last tile is gone and the game over: nothing replays
        cells = {w.origin}
    return (min(w.tile_xy[t][0] for t in cells) - 2, min(w.tile_xy[t][1] for t in cells) - 1)
