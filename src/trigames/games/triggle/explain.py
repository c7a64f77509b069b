"""Why a Triggle band is worth laying, for hints: the triangles it claims, and what it leaves
the next player to close with one band of their own (every band they may lay is tried).

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for band in ["D1-D4", "A1-D1", "C1-F2"]:
...     state.play(band)
>>> explain(state)
'claims C1-D1-D2 but lets Yellow close 1 triangle with one band'
"""

from __future__ import annotations

from trigames.core.explain import best_reply, counted, replies, result, sentence
from trigames.games.triggle.rules import TriggleState


def explain(state: TriggleState) -> str:
    """Why the last band on ``state`` is worth laying (see the module)."""
    mover = state.last_mover()
    if mover is None:
        return "no move yet"
    claims = [state.board.triangle_name(t) for t in state.claimed_by_last_move()]
    if not claims:
        gain = "claims nothing"
    elif len(claims) == 1:
        gain = f"claims {claims[0]}"
    else:
        gain = f"claims {counted(len(claims), 'triangle')}"
        if len(claims) == 2:
            gain += f" ({', '.join(claims)})"
    if state.is_over():
        return sentence(gain, result(state, mover))
    return sentence(gain, _leaves(state, bool(claims)))


def _leaves(state: TriggleState, claimed: bool) -> str:
    """What the player to move can close with one band, seen by the player who just moved."""
    probe = state.clone()
    seat = probe.current_player
    assert seat is not None
    name = state.game.player_name(seat)
    best, _ = best_reply(probe, _claimed)
    if state.game.misere:
        least = min((_claimed(probe) for _ in replies(probe)), default=0)
        if least:
            return f"forces {name} to close {counted(least, 'triangle')} or more"
    if best == 0:
        return f"leaves none for {name} to close" if claimed else "gives nothing away"
    closes = f"lets {name} close {counted(best, 'triangle')} with one band"
    return closes if state.game.misere else f"but {closes}"


def _claimed(state: TriggleState) -> int:
    return len(state.claimed_by_last_move())
