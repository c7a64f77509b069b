"""How good a Trig position is for a seat: how far each side's best chain is from winning.

A player wins by linking a Pillar to the edge of the board (or to a second Pillar). The
*distance* of a player is the fewest pegs they still need to place for such a link, found by a
shortest-path search over the playing cells: the player's own pegs cost nothing, vacant
playing cells cost one, the opponent's pegs block. The heuristic weighs three leads
(:data:`~trigames.games.trig.native.EVALUATION_WEIGHTS`, which the kernel's ``trig_evaluate``
uses too): the opponent's distance less the player's (a point each), pegs ahead (a quarter
point each) and the turn (a third of a point, given to the player to move and taken from the
other). Wins and losses are judged by the protocol before this is asked.

>>> import trigames
>>> state = trigames.load_game("trig").new_initial_state()
>>> distance(state, 0), distance(state, 1)
(6, 6)
>>> state.play("G6")
>>> distance(state, 0), distance(state, 1)
(5, 6)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache

from trigames.core.bits import bits
from trigames.games.trig.board import TrigBoard
from trigames.games.trig.native import EVALUATION_WEIGHTS
from trigames.games.trig.rules import TrigState

#: A distance standing for "no way through" (``TRIG_BLOCKED`` in the kernel).
BLOCKED = 30


@lru_cache(maxsize=8)
def _graph(board: TrigBoard) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """Playing-cell neighbours of each cell, and per Pillar (its touching cells, its targets);
    kept for the 8 most recently used boards."""
    playing = board.playing_mask
    near = tuple(tuple(bits(board.neighbours[c] & playing)) for c in range(len(board.cells)))
    goals = []
    for k, touch in enumerate(board.pillar_touch):
        others = 0
        for j, other in enumerate(board.pillar_touch):
            if j != k:
                others |= other
        goals.append((touch & playing, (board.edge_mask | others) & playing))
    return near, tuple(goals)


def distance(state: TrigState, seat: int) -> int:
    """The fewest pegs ``seat`` must still place to link a Pillar to the edge or a Pillar."""
    near, goals = _graph(state.board)
    mine, theirs = state.pegs[seat], state.pegs[1 - seat]
    best = BLOCKED
    for sources, targets in goals:
        cost: dict[int, int] = {}
        queue: deque[tuple[int, int]] = deque()
        for cell in bits(sources & ~theirs):
            d = 0 if mine >> cell & 1 else 1
            if cost.get(cell, BLOCKED) > d:
                cost[cell] = d
                if d:
                    queue.append((d, cell))
                else:
                    queue.appendleft((d, cell))
        while queue:
            d, cell = queue.popleft()
            if d > cost[cell] or d >= best:
                continue
            if targets >> cell & 1:
                best = d
                continue
            for n in near[cell]:
                if theirs >> n & 1:
                    continue
                step = 0 if mine >> n & 1 else 1
                nd = d + step
                if nd < cost.get(n, BLOCKED):
                    cost[n] = nd
                    if step:
                        queue.append((nd, n))
                    else:
                        queue.appendleft((nd, n))
    return best


def heuristic(state: TrigState, seat: int, weights: Sequence[float] = EVALUATION_WEIGHTS) -> float:
    """Distance lead of ``seat`` (the opponent's distance minus its own), pegs and turn, each
    times its weight.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> state.play("G6")
    >>> heuristic(state, 0), heuristic(state, 1)  # a step nearer and a peg ahead; Blue to move
    (0.9166666666666667, -0.9166666666666667)
    """
    other = 1 - seat
    lead = distance(state, other) - distance(state, seat)
    pegs = state.pegs[seat].bit_count() - state.pegs[other].bit_count()
    turn = 1 if state.current_player == seat else -1
    return weights[0] * lead + weights[1] * pegs + weights[2] * turn
