"""Why a TRANGLAR turn is worth taking, for hints: the cells it covers or takes over, the
pieces it traps (or loses), the opponent's pieces it leaves one side from a trap and its own
it guards (see :func:`~trigames.games.tranglar.evaluation.exposed_pieces`), and the most of
the mover's cells the opponent's reply can take: every legal reply is tried. The sentence
is a :class:`~trigames.core.phrases.Phrase`, which pages say in their language.

>>> import trigames
>>> state = trigames.load_game("tranglar").new_initial_state()
>>> for move in ["Ga1esb1nwa2n", "Hd3sd4", "Qd1", "Fc1nes", "Mb1ec1w"]:
...     state.play(move)
>>> explain(state)
'covers 2 cells, traps 1 Green piece (3 cells) but lets Green take 4 cells by taking over Qd1'
"""

from __future__ import annotations

from trigames.core.explain import best_reply, but, result, sentence
from trigames.core.phrases import Phrase, counted
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


def explain(state: TranglarState) -> Phrase:
    """Why the last turn on ``state`` is worth taking (see the module)."""
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return Phrase("no move yet")
    other = 1 - mover
    me, them = state.game.player_name(mover), state.game.player_name(other)
    before = state.clone()
    before.undo()
    clauses = [_gain(last)]
    won, lost = _turned(before, state, mover, code_of(last)[2])
    if won:
        clauses.append(Phrase("traps {pieces}", pieces=_pieces(won, them)))
    if lost:
        clauses.append(but(Phrase("loses {pieces}", pieces=_pieces(lost, me))))
    if state.is_over():
        return sentence(*clauses, result(state, mover))
    if not state.in_setup:
        clauses.extend(_next(before, state, mover))
    return sentence(*clauses)


def _gain(move: TranglarMove) -> Phrase:
    """What the turn ``move`` itself does: ``covers 2 cells``, ``takes over Qd1 (4 cells)``."""
    action, kind, mask, _ = code_of(move)
    size, piece = mask.bit_count(), piece_name(kind, mask)
    if action == PASS_KIND:
        return Phrase("passes (no other move)")
    if action == PLACE and KINDS[kind].neutral:
        return Phrase("lays a {kind}", kind=KINDS[kind].name)
    if action == PLACE:
        return counted("covers {count} cell", "covers {count} cells", size)
    if action == TAKE:
        return counted(
            "takes over {piece} ({count} cell)",
            "takes over {piece} ({count} cells)",
            size,
            piece=piece,
        )
    if action == SWAP:
        return counted(
            "swaps {piece} for its own ({count} cell)",
            "swaps {piece} for its own ({count} cells)",
            size,
            piece=piece,
        )
    return Phrase("replaces {piece}", piece=piece)


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


def _how(move: TranglarMove) -> Phrase:
    """A reply in a few words: ``with Fc1nes``, ``by taking over Qd1``."""
    action, kind, mask, _ = code_of(move)
    piece = piece_name(kind, mask)
    if action == TAKE:
        return Phrase("by taking over {piece}", piece=piece)
    if action == SPLIT:
        return Phrase("by replacing {piece}", piece=piece)
    if action == SWAP:
        return Phrase("by swapping {piece}", piece=piece)
    return Phrase("with {piece}", piece=piece)


def _pieces(masks: list[int], seat: Phrase) -> Phrase:
    """``1 Green piece (3 cells)``."""
    cells = counted("{count} cell", "{count} cells", sum(mask.bit_count() for mask in masks))
    return counted(
        "{count} {seat} piece ({cells})",
        "{count} {seat} pieces ({cells})",
        len(masks),
        seat=seat,
        cells=cells,
    )


def _next(before: TranglarState, after: TranglarState, mover: int) -> list[Phrase]:
    """Pieces left one side from a trap or guarded, and the best the opponent's reply takes."""
    other = 1 - mover
    me, them = after.game.player_name(mover), after.game.player_name(other)
    clauses = []
    was_exposed = set(exposed_pieces(before, other))
    exposed = [mask for mask in exposed_pieces(after, other) if mask not in was_exposed]
    if exposed:
        clauses.append(
            counted(
                "leaves {count} {seat} piece one side from a trap",
                "leaves {count} {seat} pieces one side from a trap",
                len(exposed),
                seat=them,
            )
        )
    still = set(exposed_pieces(after, mover))
    guarded = [
        m for m in exposed_pieces(before, mover) if m not in still and after.owned[mover] & m
    ]
    if guarded:
        clauses.append(
            counted(
                "guards {count} exposed {seat} piece",
                "guards {count} exposed {seat} pieces",
                len(guarded),
                seat=me,
            )
        )
    if after.current_player == other:
        mine = after.scores()[mover]
        taken, replies = best_reply(after.clone(), lambda s: mine - s.scores()[mover])
        if taken > 0:
            lets = counted(
                "lets {seat} take {count} cell {how}",
                "lets {seat} take {count} cells {how}",
                taken,
                seat=them,
                how=_how(replies[0]),
            )
            clauses.append(but(lets))
        else:
            clauses.append(Phrase("leaves {seat} nothing to take", seat=them))
    return clauses
