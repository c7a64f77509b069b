"""Why a Trugo turn is worth taking, for hints: the pieces it captures, brings in with a tile,
takes off with a removed tile or pins, the groups it puts in atari (one liberty left: one
more piece or tile next to them can surround them) or saves from it, and otherwise the count
of pieces on the board. Groups and liberties are those of
:func:`~trigames.games.trugo.evaluation.groups`. The words are
:class:`~trigames.core.phrases.Phrase` s, which pages say in their language.

>>> import trigames
>>> state = trigames.load_game("trugo").new_initial_state()
>>> for move in ["dg74nw", "dd75nw", "dd77e", "dg76sw", "dj75nw"]:
...     state.play(move)
>>> explain(state)
'brings in 1 Blue piece but leaves a White piece in atari'
>>> state.play("dd73e")
>>> explain(state)
'captures 1 White piece, brings in 1 Blue piece and leaves Blue 3 pieces to White 0 on the board'
"""

from __future__ import annotations

from trigames.core.explain import but, result, sentence
from trigames.core.phrases import Phrase, counted
from trigames.games.trugo.board import MOVE, PLACE, REMOVE
from trigames.games.trugo.evaluation import groups
from trigames.games.trugo.rules import TrugoState


def explain(state: TrugoState) -> Phrase:
    """Why the last turn on ``state`` is worth taking (see the module)."""
    record = state.last_record()
    mover = state.last_mover()
    if record is None or mover is None:
        return Phrase("no move yet")
    other = 1 - mover
    game = state.game
    me, them = game.player_name(mover), game.player_name(other)
    before = state.clone()
    before.undo()
    kind, _, b = record[2]
    captured, given = record[7], record[9]
    clauses: list[Phrase] = []
    if captured[other]:
        clauses.append(
            counted(
                "captures {count} {seat} piece",
                "captures {count} {seat} pieces",
                captured[other],
                seat=them,
            )
        )
    if kind == PLACE and any(given):
        clauses.append(Phrase("brings in {pieces}", pieces=_count_by_seat(state, given, mover)))
    elif kind == REMOVE:
        gone = [before.count[s] - state.count[s] - captured[s] for s in (0, 1)]
        if any(gone):
            pieces = _count_by_seat(state, gone, other)
            clauses.append(Phrase("removes a tile with {pieces} on it", pieces=pieces))
        else:
            clauses.append(Phrase("removes a tile"))
    elif kind == MOVE and state.top[b] == mover and state.bottom[b] == other:
        clauses.append(Phrase("pins a {seat} piece", seat=them))
    if captured[mover]:
        lost = counted(
            "loses {count} {seat} piece", "loses {count} {seat} pieces", captured[mover], seat=me
        )
        clauses.append(but(lost))
    outcome = state.outcome()
    if outcome is not None:
        end = result(state, mover)
        assert end is not None
        return sentence(*clauses, Phrase("{result}: {reason}", result=end, reason=outcome.reason))
    threats = _atari(before, state, mover)
    if not threats:
        threats = [
            counted(
                "leaves {seat} {count} piece to {other} {theirs} on the board",
                "leaves {seat} {count} pieces to {other} {theirs} on the board",
                state.count[mover],
                seat=me,
                other=them,
                theirs=state.count[other],
            )
        ]
    return sentence(*clauses, *threats)


def _atari(before: TrugoState, after: TrugoState, mover: int) -> list[Phrase]:
    """The groups the turn put in atari, saved from it, or left in it."""
    other = 1 - mover
    me = after.game.player_name(mover)
    clauses: list[Phrase] = []
    threatened = _in_atari(before, other)
    new = [g for g in _atari_groups(after, other) if not set(g) <= threatened]
    if new:
        clauses.append(Phrase("puts {groups} in atari", groups=_groups_text(after, new, other)))
    mine_before = _in_atari(before, mover)
    mine_after = _atari_groups(after, mover)
    still = {j for g in mine_after for j in g}
    saved = [j for j in mine_before if after.top[j] == mover and j not in still]
    if saved:
        clauses.append(
            counted(
                "saves {count} {seat} piece from atari",
                "saves {count} {seat} pieces from atari",
                _pieces(after, saved, mover),
                seat=me,
            )
        )
    if mine_after:
        left = Phrase("leaves {groups} in atari", groups=_groups_text(after, mine_after, mover))
        clauses.append(but(left))
    return clauses


def _count_by_seat(state: TrugoState, numbers: tuple[int, int] | list[int], first: int) -> Phrase:
    """``2 Blue pieces``, ``1 Blue and 1 White pieces``: the seats' ``numbers``, ``first``'s
    first (when both have some, a language says the first number with its noun)."""
    name = state.game.player_name
    shown = [s for s in (first, 1 - first) if numbers[s]]
    if len(shown) == 1:
        seat = shown[0]
        return counted(
            "{count} {seat} piece", "{count} {seat} pieces", numbers[seat], seat=name(seat)
        )
    return counted(
        "{count} {seat} and {other_count} {other} pieces",
        "{count} {seat} and {other_count} {other} pieces",
        numbers[first],
        seat=name(first),
        other_count=numbers[1 - first],
        other=name(1 - first),
    )


def _atari_groups(state: TrugoState, seat: int) -> list[list[int]]:
    return [group for group, free in groups(state, seat) if free == 1]


def _in_atari(state: TrugoState, seat: int) -> set[int]:
    return {j for group in _atari_groups(state, seat) for j in group}


def _pieces(state: TrugoState, junctions: list[int], seat: int) -> int:
    """``seat``'s pieces on ``junctions``: on top, and pinned under their own."""
    return sum(1 + (state.bottom[j] == seat) for j in junctions)


def _groups_text(state: TrugoState, found: list[list[int]], seat: int) -> Phrase:
    """``a Blue piece``, ``a Blue group of 3``, ``2 Blue groups (5 pieces)``."""
    name = state.game.player_name(seat)
    pieces = sum(_pieces(state, group, seat) for group in found)
    if len(found) > 1:
        return Phrase(
            "{count} {seat} groups ({pieces} pieces)", count=len(found), seat=name, pieces=pieces
        )
    if pieces == 1:
        return Phrase("a {seat} piece", seat=name)
    return Phrase("a {seat} group of {count}", seat=name, count=pieces)
