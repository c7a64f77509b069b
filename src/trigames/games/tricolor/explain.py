"""Why a Tricolor piece is worth laying, for hints: what it completes and scores, the extra
move it earns, and what the next piece (of the due colour, whoever lays it) can make of the
board: every legal next piece is tried. The explanation is a
:class:`~trigames.core.phrases.Phrase`: pages say it in their language.

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

from trigames.core.explain import but, replies, result, sentence
from trigames.core.phrases import Phrase, counted
from trigames.games.tricolor.board import COLOUR_NAMES
from trigames.games.tricolor.rules import TricolorState
from trigames.games.tricolor.text import completion_text


def explain(state: TricolorState) -> Phrase:
    """Why the last piece on ``state`` is worth laying (see the module)."""
    mover, completion = state.last_mover(), state.last_completion()
    if mover is None or completion is None:
        return Phrase("no move yet")
    done = completion_text(completion)
    if done is None:
        gain = Phrase("completes nothing")
    elif completion.points:
        points = f"{completion.points:+d}"
        gain = Phrase("completes {done} ({points})", done=done, points=points)
    else:
        gain = Phrase("completes {done}", done=done)
    if state.is_over():
        ending = result(state, mover)
        assert ending is not None
        return sentence(
            gain, Phrase("ends the game (+1 for the last move) and {result}", result=ending)
        )
    best = _next_piece(state)
    if state.current_player == mover:
        return sentence(gain, Phrase("moves again"), _own(best))
    return sentence(gain, _left(state, best))


@dataclass
class _Next:
    """What the next piece can do: its colour, its best score and a piece that gets it, and a
    piece that earns an extra move (if any)."""

    colour: Phrase
    points: int
    scorer: str
    extra: str | None


def _next_piece(state: TricolorState) -> _Next:
    probe = state.clone()
    seat = probe.current_player
    assert seat is not None
    before = probe.scores()[seat]
    found = _Next(COLOUR_NAMES[probe.due], -99, "", None)
    for piece in replies(probe):
        gained = probe.scores()[seat] - before
        if gained > found.points:
            found.points, found.scorer = gained, str(piece)
        completion = probe.last_completion()
        if found.extra is None and completion is not None and completion.extra_move:
            found.extra = str(piece)
    return found


def _own(best: _Next) -> Phrase | None:
    """The mover's next piece, after an extra move."""
    colour = best.colour
    if best.points > 0:
        return counted(
            "can score {count} more with {colour} {piece}",
            "can score {count} more with {colour} {piece}",
            best.points,
            colour=colour,
            piece=best.scorer,
        )
    if best.extra is not None:
        return Phrase("can earn another with {colour} {piece}", colour=colour, piece=best.extra)
    if best.points < 0:
        loss = counted(
            "must then lose {count} point", "must then lose {count} points", -best.points
        )
        return but(loss)
    return None


def _left(state: TricolorState, best: _Next) -> Phrase:
    """What the board leaves the next player."""
    seat = state.current_player
    assert seat is not None
    name, colour = state.game.player_name(seat), best.colour
    if best.points > 0:
        scores = counted(
            "lets {seat} score {count} with {colour} {piece}",
            "lets {seat} score {count} with {colour} {piece}",
            best.points,
            seat=name,
            colour=colour,
            piece=best.scorer,
        )
        return but(scores)
    if best.points < 0:
        return counted(
            "forces {seat} to lose {count} point",
            "forces {seat} to lose {count} points",
            -best.points,
            seat=name,
        )
    if best.extra is not None:
        extra = Phrase(
            "lets {seat} earn an extra move with {colour} {piece}",
            seat=name,
            colour=colour,
            piece=best.extra,
        )
        return but(extra)
    return Phrase("leaves {seat} nothing to complete in {colour}", seat=name, colour=colour)
