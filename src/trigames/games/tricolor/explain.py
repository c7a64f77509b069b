"""Why a Tricolor piece is worth laying, for hints: what it completes and scores, the extra
move it earns, and what the next piece (of the due colour, whoever lays it) can make of the
board: every legal next piece is tried.

>>> import trigames
>>> state = trigames.load_game("tricolor").new_initial_state()
>>> for piece in ["D4-D5", "D5-E6"]:
...     state.play(piece)
>>> explain(state)
'completes nothing but lets White score 1 with yellow C5-D5'
>>> state.play("E6-F5")
>>> explain(state)
'completes a crown at E5, moves again and can score 1 more with orange E6-E7'
"""

from __future__ import annotations

from dataclasses import dataclass

from trigames.core.explain import counted, replies, result, sentence
from trigames.games.tricolor.rules import TricolorState
from trigames.games.tricolor.text import completion_text


def explain(state: TricolorState) -> str:
    """Why the last piece on ``state`` is worth laying (see the module)."""
    mover, completion = state.last_mover(), state.last_completion()
    if mover is None or completion is None:
        return "no move yet"
    done = completion_text(completion)
    gain = f"completes {done}" if done else "completes nothing"
    if completion.points:
        gain += f" ({completion.points:+d})"
    if state.is_over():
        return sentence(gain, f"ends the game (+1 for the last move) and {result(state, mover)}")
    best = _next_piece(state)
    if state.current_player == mover:
        return sentence(gain, "moves again", _own(best))
    return sentence(gain, _left(state, best))


@dataclass
class _Next:
    """What the next piece can do: its best score and a piece that gets it, and a piece that
    earns an extra move (if any)."""

    points: int
    scorer: str
    extra: str | None


def _next_piece(state: TricolorState) -> _Next:
    probe = state.clone()
    seat = probe.current_player
    assert seat is not None
    before = probe.scores()[seat]
    colour = probe.due_colour
    found = _Next(-99, "", None)
    for piece in replies(probe):
        gained = probe.scores()[seat] - before
        if gained > found.points:
            found.points, found.scorer = gained, f"{colour} {piece}"
        completion = probe.last_completion()
        if found.extra is None and completion is not None and completion.extra_move:
            found.extra = f"{colour} {piece}"
    return found


def _own(best: _Next) -> str:
    """The mover's next piece, after an extra move."""
    if best.points > 0:
        return f"can score {best.points} more with {best.scorer}"
    if best.extra is not None:
        return f"can earn another with {best.extra}"
    if best.points < 0:
        return f"but must then lose {counted(-best.points, 'point')}"
    return ""


def _left(state: TricolorState, best: _Next) -> str:
    """What the board leaves the next player."""
    seat = state.current_player
    assert seat is not None
    name = state.game.player_name(seat)
    if best.points > 0:
        return f"but lets {name} score {best.points} with {best.scorer}"
    if best.points < 0:
        return f"forces {name} to lose {counted(-best.points, 'point')}"
    if best.extra is not None:
        return f"but lets {name} earn an extra move with {best.extra}"
    return f"leaves {name} nothing to complete in {state.due_colour}"
