"""Why a Triggle band is worth laying, for hints: the triangles it claims, and what it leaves
the next player to close with one band of their own (every band they may lay is tried). The
explanation is a :class:`~trigames.core.phrases.Phrase`: pages say it in their language.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> for band in ["D1-D4", "A1-D1", "C1-F2"]:
...     state.play(band)
>>> explain(state)
'claims C1-D1-D2 but lets Yellow close 1 triangle with one band'
"""

from __future__ import annotations

from trigames.core.explain import best_reply, but, replies, result, sentence
from trigames.core.phrases import Phrase, counted
from trigames.games.triggle.rules import TriggleState


def explain(state: TriggleState) -> Phrase:
    """Why the last band on ``state`` is worth laying (see the module)."""
    mover = state.last_mover()
    if mover is None:
        return Phrase("no move yet")
    claims = [state.board.triangle_name(t) for t in state.claimed_by_last_move()]
    gain = _gain(claims)
    if state.is_over():
        return sentence(gain, result(state, mover))
    return sentence(gain, _leaves(state, bool(claims)))


def _gain(claims: list[str]) -> Phrase:
    """What the band claims: the triangles (by name) while there are at most two of them.

    >>> _gain([]), _gain(["C1-D1-D2"]), _gain(["B2-C2-C3", "C3-C4-D3"])
    ('claims nothing', 'claims C1-D1-D2', 'claims 2 triangles (B2-C2-C3, C3-C4-D3)')
    >>> _gain(["a", "b", "c"])
    'claims 3 triangles'
    """
    if not claims:
        return Phrase("claims nothing")
    if len(claims) == 1:
        return Phrase("claims {triangle}", triangle=claims[0])
    if len(claims) == 2:
        return Phrase("claims 2 triangles ({first}, {second})", first=claims[0], second=claims[1])
    return counted("claims {count} triangle", "claims {count} triangles", len(claims))


def _leaves(state: TriggleState, claimed: bool) -> Phrase:
    """What the player to move can close with one band, seen by the player who just moved."""
    probe = state.clone()
    seat = probe.current_player
    assert seat is not None
    name = state.game.player_name(seat)
    best, _ = best_reply(probe, _claimed)
    if state.game.misere:
        least = min((_claimed(probe) for _ in replies(probe)), default=0)
        if least:
            return counted(
                "forces {seat} to close {count} triangle or more",
                "forces {seat} to close {count} triangles or more",
                least,
                seat=name,
            )
    if best == 0:
        if claimed:
            return Phrase("leaves none for {seat} to close", seat=name)
        return Phrase("gives nothing away")
    closes = counted(
        "lets {seat} close {count} triangle with one band",
        "lets {seat} close {count} triangles with one band",
        best,
        seat=name,
    )
    return closes if state.game.misere else but(closes)


def _claimed(state: TriggleState) -> int:
    return len(state.claimed_by_last_move())
