"""What one undo takes back: the rule the terminal and the web server share.

An undo for a player (who may hold several seats: a hot-seat screen, or every human seat
against the computer) takes back the last move, then more until one of that player's seats is
to move again, so that the player replays their own move. It never takes back an ending: a
resignation, a loss on time or a draw agreed stands (with more than two players, a seat that
left stays out). A player who has not moved since the last ending has nothing to take back.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for move in ("D1-D4", "A1-D1"):
...     state.play(move)
>>> [str(move) for move in take_back(state, {0})]  # Blue's move, and Yellow's reply
['A1-D1', 'D1-D4']
>>> state.play("D1-D4"); state.resign(1)
>>> take_back(state, {0})
Traceback (most recent call last):
...
trigames.core.errors.UndoError: a resignation cannot be taken back
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from trigames.core.endings import AgreedDraw, Ending, Resignation
from trigames.core.errors import UndoError
from trigames.core.protocol import State


def why_not(state: State[Any], seats: Collection[int]) -> str | None:
    """Why an undo for ``seats`` takes nothing back now, or ``None`` when it can."""
    if not state.history:
        return "there is no move to take back"
    last = state.history[-1]
    if isinstance(last, Ending):
        kind = (
            "a resignation"
            if isinstance(last, Resignation)
            else "a draw agreed"
            if isinstance(last, AgreedDraw)
            else "a loss on time"
        )
        return f"{kind} cannot be taken back"
    if not any(mover in seats for mover in _movers_since_ending(state)):
        return "you have not moved yet: there is no move of yours to take back"
    return None


def take_back(state: State[Any], seats: Collection[int]) -> list[Any]:
    """Take back on ``state`` what one undo for ``seats`` takes back (see the module); the
    moves taken back, the last first. Raises ``UndoError`` (with :func:`why_not`'s reason) when
    there is nothing to take back; ``state`` is then unchanged."""
    reason = why_not(state, seats)
    if reason is not None:
        raise UndoError(reason)
    taken = [state.undo()]
    while (
        state.history
        and not isinstance(state.history[-1], Ending)
        and state.current_player not in seats
    ):
        taken.append(state.undo())
    return taken


def _movers_since_ending(state: State[Any]) -> list[int | None]:
    """Who made each move since the last ending (or the start), in order."""
    start = len(state.history)
    while start and not isinstance(state.history[start - 1], Ending):
        start -= 1
    return state.movers[start:]
