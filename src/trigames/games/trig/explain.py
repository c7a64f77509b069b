"""Why a Trig placement is worth playing, for hints and capture choices: the capture it makes
or declines, the win it takes, the winning placement it takes away from the opponent or still
leaves them, the win it threatens next move, and otherwise how many pegs each player still
needs for a link (see :func:`~trigames.games.trig.evaluation.distance`).

Threats are found by trying every placement for the player concerned, as if it were their
turn: the opponent's before and after the move, the mover's after it.

>>> import trigames
>>> game = trigames.load_game("trig")
>>> state = game.state_from_json({"white": ["F7", "H7"], "black": ["G8", "H6"], "to_move": 0})
>>> for move in ("G9", "G9xG8", "G6"):
...     print(game.explain_move(state, state.parse_move(move)))
declines to capture G8 and leaves White 5 pegs from a link (Black 5)
captures G8 and brings White to 4 pegs from a link (Black 5)
leaves White 5 pegs from a link (Black 5)
"""

from __future__ import annotations

from collections.abc import Callable

from trigames.core.explain import but, listed, replies, sentence
from trigames.core.phrases import Phrase, counted
from trigames.games.trig.evaluation import BLOCKED, distance
from trigames.games.trig.rules import WIN_EDGE, WIN_ENCLOSED, WIN_PILLARS, TrigState

#: The clause of a win threatened at some cells, by its way (one of
#: :data:`~trigames.games.trig.rules.WAYS`).
_THREAT: dict[Phrase, Callable[[Phrase], Phrase]] = {
    WIN_EDGE: lambda cells: Phrase("threatens a link to the edge at {cells}", cells=cells),
    WIN_PILLARS: lambda cells: Phrase("threatens a link of two Pillars at {cells}", cells=cells),
    WIN_ENCLOSED: lambda cells: Phrase("threatens to enclose a Pillar at {cells}", cells=cells),
}
#: The clause of a seat's win stopped at some cells, by its way.
_STOP: dict[Phrase, Callable[[Phrase, Phrase], Phrase]] = {
    WIN_EDGE: lambda seat, cells: Phrase(
        "blocks {seat}'s link to the edge at {cells}", seat=seat, cells=cells
    ),
    WIN_PILLARS: lambda seat, cells: Phrase(
        "blocks {seat}'s link of two Pillars at {cells}", seat=seat, cells=cells
    ),
    WIN_ENCLOSED: lambda seat, cells: Phrase(
        "stops {seat} enclosing a Pillar at {cells}", seat=seat, cells=cells
    ),
}


def explain(state: TrigState) -> Phrase:
    """Why the last placement on ``state`` is worth playing (see the module), as a phrase."""
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return Phrase("no move yet")
    board = state.board
    names = board.placements
    cell, centre = board.move_parts(last)
    gain: Phrase | None = None
    if centre is not None:
        gain = Phrase("captures {cell}", cell=names[centre].name)
    else:
        # The bare placement left the opponent's pegs as they were: these captures were open.
        declined = [names[c].name for c in state.captures_at(cell, mover)]
        if declined:
            gain = Phrase("declines to capture {cells}", cells=listed(declined, "or"))
    game = state.game
    if state.end_reason is not None:
        me, reason = game.player_name(mover), state.end_reason
        if state.winner == mover:
            return sentence(gain, Phrase("{reason}: {seat} wins", reason=reason, seat=me))
        return sentence(gain, Phrase("{reason}: {seat} draws", reason=reason, seat=me))
    before = state.clone()
    before.undo()
    other = 1 - mover
    name = game.player_name(other)
    stopped, left, threats = _wins(before, other), _wins(state, other), _wins(state, mover)
    clauses = [gain]
    if stopped and not left:
        clauses.append(_STOP[stopped[0][1]](name, _cells(stopped)))
    if threats:
        clauses.append(_THREAT[threats[0][1]](_cells(threats)))
    if left:
        clauses.append(but(Phrase("{seat} can win at {cells}", seat=name, cells=_cells(left))))
    if len(clauses) == 1:
        clauses.append(_progress(before, state, mover))
    return sentence(*clauses)


def _wins(state: TrigState, seat: int) -> list[tuple[str, Phrase]]:
    """The placements (as cells) with which ``seat`` would win if it were their turn on
    ``state``, each with its first way of winning."""
    probe = state.clone()
    probe.to_move = seat
    found: dict[str, Phrase] = {}
    for move in replies(probe):
        if probe.ways and probe.winner == seat:
            cell, _ = probe.board.move_parts(move)
            found.setdefault(probe.board.placements[cell].name, probe.ways[0])
    return list(found.items())


def _cells(wins: list[tuple[str, Phrase]]) -> Phrase:
    """``G9``, ``G9 or F10``, ``G9 and 2 other cells``."""
    if len(wins) > 2:
        return counted(
            "{cell} and {count} other cell",
            "{cell} and {count} other cells",
            len(wins) - 1,
            cell=wins[0][0],
        )
    return listed([cell for cell, _ in wins], "or")


def _progress(before: TrigState, after: TrigState, mover: int) -> Phrase:
    """How far each side is from a link after the move, and what the move changed."""
    other = 1 - mover
    game = after.game
    mine, theirs = distance(after, mover), distance(after, other)
    was_mine, was_theirs = distance(before, mover), distance(before, other)
    me, them = game.player_name(mover), game.player_name(other)
    if theirs >= BLOCKED:
        far = Phrase("{seat} has no way through", seat=them)
    elif theirs > was_theirs:
        far = Phrase("{seat} {count}, up from {before}", seat=them, count=theirs, before=was_theirs)
    else:
        far = Phrase("{seat} {count}", seat=them, count=theirs)
    if mine >= BLOCKED:
        return Phrase("leaves {seat} no way through ({far})", seat=me, far=far)
    if mine < was_mine:
        return counted(
            "brings {seat} to {count} peg from a link ({far})",
            "brings {seat} to {count} pegs from a link ({far})",
            mine,
            seat=me,
            far=far,
        )
    return counted(
        "leaves {seat} {count} peg from a link ({far})",
        "leaves {seat} {count} pegs from a link ({far})",
        mine,
        seat=me,
        far=far,
    )
