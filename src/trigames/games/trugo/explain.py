"""Why a Trugo turn is worth taking, for hints: the pieces it captures, brings in with a tile,
takes off with a removed tile or pins, the groups it puts in atari (one liberty left: one
more piece or tile next to them can surround them) or saves from it, and otherwise the count
of pieces on the board. Groups and liberties are those of
:func:`~trigames.games.trugo.evaluation.groups`.

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

from trigames.core.explain import counted, result, sentence
from trigames.games.trugo.board import MOVE, PLACE, REMOVE
from trigames.games.trugo.evaluation import groups
from trigames.games.trugo.rules import TrugoState


def explain(state: TrugoState) -> str:
    """Why the last turn on ``state`` is worth taking (see the module)."""
    record = state.last_record()
    mover = state.last_mover()
    if record is None or mover is None:
        return "no move yet"
    other = 1 - mover
    game = state.game
    me, them = game.player_name(mover), game.player_name(other)
    before = state.clone()
    before.undo()
    kind, _, b = record[2]
    captured, given = record[7], record[9]
    clauses = []
    if captured[other]:
        clauses.append(f"captures {counted(captured[other], f'{them} piece')}")
    if kind == PLACE and any(given):
        clauses.append(f"brings in {_count_by_seat(state, given, mover)}")
    elif kind == REMOVE:
        gone = [before.count[s] - state.count[s] - captured[s] for s in (0, 1)]
        on_it = f" with {_count_by_seat(state, gone, other)} on it" if any(gone) else ""
        clauses.append(f"removes a tile{on_it}")
    elif kind == MOVE and state.top[b] == mover and state.bottom[b] == other:
        clauses.append(f"pins a {them} piece")
    if captured[mover]:
        clauses.append(f"but loses {counted(captured[mover], f'{me} piece')}")
    if state.is_over():
        return sentence(*clauses, f"{result(state, mover)}: {state.end_reason}")
    threats = _atari(before, state, mover)
    if not threats:
        mine, theirs = state.count[mover], state.count[other]
        threats = [f"leaves {me} {counted(mine, 'piece')} to {them} {theirs} on the board"]
    return sentence(*clauses, *threats)


def _atari(before: TrugoState, after: TrugoState, mover: int) -> list[str]:
    """The groups the turn put in atari, saved from it, or left in it."""
    other = 1 - mover
    me = after.game.player_name(mover)
    clauses = []
    threatened = _in_atari(before, other)
    new = [g for g in _atari_groups(after, other) if not set(g) <= threatened]
    if new:
        clauses.append(f"puts {_groups_text(after, new, other)} in atari")
    mine_before = _in_atari(before, mover)
    mine_after = _atari_groups(after, mover)
    still = {j for g in mine_after for j in g}
    saved = [j for j in mine_before if after.top[j] == mover and j not in still]
    if saved:
        clauses.append(f"saves {counted(_pieces(after, saved, mover), f'{me} piece')} from atari")
    if mine_after:
        clauses.append(f"but leaves {_groups_text(after, mine_after, mover)} in atari")
    return clauses


def _count_by_seat(state: TrugoState, numbers: tuple[int, int] | list[int], first: int) -> str:
    """``2 Blue pieces``, ``1 Blue and 1 White piece``: the seats' ``numbers``, ``first``'s
    first."""
    name = state.game.player_name
    parts = [(numbers[s], name(s)) for s in (first, 1 - first) if numbers[s]]
    total = sum(n for n, _ in parts)
    return f"{' and '.join(f'{n} {who}' for n, who in parts)} piece{'s' if total > 1 else ''}"


def _atari_groups(state: TrugoState, seat: int) -> list[list[int]]:
    return [group for group, free in groups(state, seat) if free == 1]


def _in_atari(state: TrugoState, seat: int) -> set[int]:
    return {j for group in _atari_groups(state, seat) for j in group}


def _pieces(state: TrugoState, junctions: list[int], seat: int) -> int:
    """``seat``'s pieces on ``junctions``: on top, and pinned under their own."""
    return sum(1 + (state.bottom[j] == seat) for j in junctions)


def _groups_text(state: TrugoState, found: list[list[int]], seat: int) -> str:
    """``a Blue piece``, ``a Blue group of 3``, ``2 Blue groups (5 pieces)``."""
    name = state.game.player_name(seat)
    pieces = sum(_pieces(state, group, seat) for group in found)
    if len(found) > 1:
        return f"{len(found)} {name} groups ({pieces} pieces)"
    return f"a {name} piece" if pieces == 1 else f"a {name} group of {pieces}"
