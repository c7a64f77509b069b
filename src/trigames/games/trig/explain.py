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

from trigames.core.explain import listed, replies, sentence
from trigames.games.trig.evaluation import BLOCKED, distance
from trigames.games.trig.rules import WAYS, WIN_ENCLOSED, TrigState

#: Each way to win (:data:`~trigames.games.trig.rules.WAYS`) threatened, and stopped.
_THREAT = dict(zip(WAYS, ("a link to the edge", "a link of two Pillars", "to enclose a Pillar"),
                   strict=True))  # fmt: skip
_STOP = dict(zip(WAYS, ("{}'s link to the edge", "{}'s link of two Pillars",
                        "{} enclosing a Pillar"), strict=True))  # fmt: skip


def explain(state: TrigState) -> str:
    """Why the last placement on ``state`` is worth playing (see the module)."""
    last, mover = state.last_move, state.last_mover()
    if last is None or mover is None:
        return "no move yet"
    board = state.board
    names = board.placements
    cell, centre = board.move_parts(last)
    if centre is not None:
        gain = f"captures {names[centre]}"
    else:
        # The bare placement left the opponent's pegs as they were: these captures were open.
        declined = [str(names[c]) for c in state.captures_at(cell, mover)]
        gain = f"declines to capture {listed(declined, 'or')}" if declined else ""
    if state.end_reason is not None:
        won = "wins" if state.winner == mover else "draws"
        return sentence(gain, f"{state.end_reason}: {state.game.player_name(mover)} {won}")
    before = state.clone()
    before.undo()
    other = 1 - mover
    name = state.game.player_name(other)
    stopped, left, threats = _wins(before, other), _wins(state, other), _wins(state, mover)
    clauses = [gain]
    if stopped and not left:
        way = stopped[0][1]
        verb = "stops" if way == WIN_ENCLOSED else "blocks"
        clauses.append(f"{verb} {_STOP[way].format(name)} at {_cells(stopped)}")
    if threats:
        clauses.append(f"threatens {_THREAT[threats[0][1]]} at {_cells(threats)}")
    if left:
        clauses.append(f"but {name} can win at {_cells(left)}")
    if len(clauses) == 1:
        clauses.append(_progress(before, state, mover))
    return sentence(*clauses)


def _wins(state: TrigState, seat: int) -> list[tuple[str, str]]:
    """The placements (as cells) with which ``seat`` would win if it were their turn on
    ``state``, each with its first way of winning."""
    probe = state.clone()
    probe.to_move = seat
    found: dict[str, str] = {}
    for move in replies(probe):
        if probe.ways and probe.winner == seat:
            cell, _ = probe.board.move_parts(move)
            found.setdefault(str(probe.board.placements[cell]), probe.ways[0])
    return list(found.items())


def _cells(wins: list[tuple[str, str]]) -> str:
    """``G9``, ``G9 or F10``, ``G9 and 2 other cells``."""
    if len(wins) > 2:
        return f"{wins[0][0]} and {len(wins) - 1} other cells"
    return listed([cell for cell, _ in wins], "or")


def _progress(before: TrigState, after: TrigState, mover: int) -> str:
    """How far each side is from a link after the move, and what the move changed."""
    other = 1 - mover
    game = after.game
    mine, theirs = distance(after, mover), distance(after, other)
    was_mine, was_theirs = distance(before, mover), distance(before, other)
    me, them = game.player_name(mover), game.player_name(other)
    if theirs >= BLOCKED:
        far = f"{them} has no way through"
    else:
        far = f"{them} {theirs}" + (f", up from {was_theirs}" if theirs > was_theirs else "")
    if mine >= BLOCKED:
        return f"leaves {me} no way through ({far})"
    verb = "brings" if mine < was_mine else "leaves"
    word = "to " if verb == "brings" else ""
    return f"{verb} {me} {word}{mine} pegs from a link ({far})"
