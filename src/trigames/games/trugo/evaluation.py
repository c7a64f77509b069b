"""How good a Trugo position is for a seat: pieces, liberties and the phase of the game.

- Pieces: on the board, a piece pinned under an opponent's counts half (it cannot move until
  released); while tiles are still being laid (waxing), pieces still in the supply count half,
  since the board will give them out; once the pool is empty (waning) only the board counts.
- Liberties: a group (junctions whose top pieces are one player's, connected along tile edges)
  breathes through the empty or partial junctions next to it. A group with one liberty left
  is in danger: if its owner is to move it costs a quarter of its pieces, else (the opponent
  may close it) three quarters. Every liberty is worth a twentieth of a point.

Wins and losses are judged by the protocol before this is asked.

>>> import trigames
>>> state = trigames.load_game("trugo").new_initial_state()
>>> heuristic(state, 0)
0.0
"""

from __future__ import annotations

from trigames.games.trugo.rules import TrugoState

SUPPLY = 0.5
PINNED = 0.5
LIBERTY = 0.05
DANGER_TO_MOVE = 0.25
DANGER_WAITING = 0.75


def pieces(state: TrugoState, seat: int) -> float:
    """``seat``'s pieces: on top, pinned (half) and, while waxing, in the supply (half)."""
    other = 1 - seat
    bottom = state.bottom
    value = 0.0
    for j in state.tops[seat]:
        value += 1 + (bottom[j] == seat)
    for j in state.tops[other]:
        if bottom[j] == seat:
            value += PINNED
    if state.pool > 0:
        value += SUPPLY * state.supply[seat]
    return value


def groups(state: TrugoState, seat: int) -> list[tuple[list[int], int]]:
    """``seat``'s groups: the junctions of each, and how many liberties it has."""
    top, full = state.top, state.full
    near = state.window.junction_neighbours
    seen: set[int] = set()
    found: list[tuple[list[int], int]] = []
    for start in state.tops[seat]:
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        free: set[int] = set()
        for j in group:
            for z in near[j]:
                if full[z] != 3 or top[z] < 0:
                    free.add(z)
                elif top[z] == seat and z not in seen:
                    seen.add(z)
                    group.append(z)
        found.append((group, len(free)))
    return found


def liberties(state: TrugoState, seat: int) -> tuple[int, list[tuple[int, int]]]:
    """Total liberties of ``seat``'s groups, and ``(size, liberties)`` of each group."""
    found = groups(state, seat)
    return sum(free for _, free in found), [(len(group), free) for group, free in found]


def _side(state: TrugoState, seat: int) -> float:
    value = pieces(state, seat)
    total, groups = liberties(state, seat)
    danger = DANGER_TO_MOVE if state.current_player == seat else DANGER_WAITING
    for size, free in groups:
        if free <= 1:
            value -= danger * size
    return value + LIBERTY * total


def heuristic(state: TrugoState, seat: int) -> float:
    """``seat``'s pieces and liberties minus the opponent's."""
    return _side(state, seat) - _side(state, 1 - seat)
