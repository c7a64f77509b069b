"""Why a TRANGLAR turn is worth taking, for hints: the cells it covers or takes over, the
pieces it traps (or loses), the opponent's pieces it leaves one side from a trap and its own
it guards (see :func:`~trigames.games.tranglar.evaluation.exposed_pieces`), and the most of
the mover's cells the opponent's reply can take: every legal reply is tried.

>>> import trigames
>>> state = trigames.load_game("tranglar").new_initial_state()
>>> for move in ["Ga1esb1nwa2n", "Hd3sd4", "Qd1", "Fc1nes", "Mb1ec1w"]:
...     state.play(move)
>>> explain(state)
'covers 2 cells, traps 1 Green piece (3 cells) but lets Green take 4 cells by taking over Qd1'
"""

from __future__ import annotations

from trigames.core.explain import best_reply, counted, result, sentence
from trigames.games.tranglar.board import (
    KINDS,
    PASS_KIND,
    PLACE,
    SPLIT,
    SWAP,
    TAKE,
    TranglarMove,
    code_of,
    piece_name,
)
from trigames.games.tranglar.evaluation import exposed_pieces
from trigames.games.tranglar.rules import NEUTRAL, TranglarState


def explain(state: TranglarState) -> str:
    """Why the last turn on ``state`` is worth taking (see the module)."""
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return "no move yet"
    other = 1 - mover
    me, them = state.game.player_name(mover), state.game.player_name(other)
    before = state.clone()
    before.undo()
    action, kind, mask, _ = code_of(last)
    size = counted(mask.bit_count(), "cell")
    if action == PASS_KIND:
        gain = "passes (no other move)"
    elif action == PLACE and KINDS[kind].neutral:
        gain = f"lays a {KINDS[kind].name}"
    elif action == PLACE:
        gain = f"covers {size}"
    elif action == TAKE:
        gain = f"takes over {piece_name(kind, mask)} ({size})"
    elif action == SWAP:
        gain = f"swaps {piece_name(kind, mask)} for its own ({size})"
    else:
        gain = f"replaces {piece_name(kind, mask)}"
    clauses = [gain]
    won, lost = _turned(before, state, mover, mask)
    if won:
        clauses.append(f"traps {_pieces(won, them)}")
    if lost:
        clauses.append(f"but loses {_pieces(lost, me)}")
    if state.is_over():
        return sentence(*clauses, result(state, mover))
    if not state.in_setup:
        clauses.extend(_next(before, state, mover))
    return sentence(*clauses)


def _turned(
    before: TranglarState, after: TranglarState, mover: int, played: int
) -> tuple[list[int], list[int]]:
    """The pieces (cell masks) that went over to the mover and to the opponent in the trap
    rounds, besides the piece the move itself ``played``."""
    won, lost = [], []
    for cell, (_, owner, mask) in after.pieces.items():
        was = before.pieces.get(cell)
        if mask & played or was is None or was[2] != mask or was[1] == owner:
            continue
        if owner == mover and was[1] != NEUTRAL:
            won.append(mask)
        elif owner == 1 - mover:
            lost.append(mask)
    return won, lost


def _how(move: TranglarMove) -> str:
    """A reply in a few words: ``with Fc1nes``, ``by taking over Qd1``."""
    action, kind, mask, _ = code_of(move)
    piece = piece_name(kind, mask)
    if action == TAKE:
        return f"by taking over {piece}"
    if action in (SPLIT, SWAP):
        return f"by {'replacing' if action == SPLIT else 'swapping'} {piece}"
    return f"with {piece}"


def _pieces(masks: list[int], name: str) -> str:
    """``1 Green piece (3 cells)``."""
    cells = sum(mask.bit_count() for mask in masks)
    return f"{counted(len(masks), f'{name} piece')} ({counted(cells, 'cell')})"


def _next(before: TranglarState, after: TranglarState, mover: int) -> list[str]:
    """Pieces left one side from a trap or guarded, and the best the opponent's reply takes."""
    other = 1 - mover
    me, them = after.game.player_name(mover), after.game.player_name(other)
    clauses = []
    was_exposed = set(exposed_pieces(before, other))
    exposed = [mask for mask in exposed_pieces(after, other) if mask not in was_exposed]
    if exposed:
        clauses.append(f"leaves {counted(len(exposed), f'{them} piece')} one side from a trap")
    still = set(exposed_pieces(after, mover))
    guarded = [
        m for m in exposed_pieces(before, mover) if m not in still and after.owned[mover] & m
    ]
    if guarded:
        clauses.append(f"guards {counted(len(guarded), f'exposed {me} piece')}")
    if after.current_player == other:
        mine = after.scores()[mover]
        taken, replies = best_reply(after.clone(), lambda s: mine - s.scores()[mover])
        if taken > 0:
            how = _how(replies[0])
            clauses.append(f"but lets {them} take {counted(taken, 'cell')} {how}")
        else:
            clauses.append(f"leaves {them} nothing to take")
    return clauses
