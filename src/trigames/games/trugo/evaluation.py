"""How good a Trugo position is for a seat: its pieces, the safety of its groups, what a tile
removal would take, and whose turn it is. The native kernel (``_kernel.c``,
``trugo_evaluate``) computes the same sum with the same weights
(:data:`~trigames.games.trugo.native.EVALUATION_WEIGHTS`), so that the strong
search plays alike with and without it (``tests/native`` checks that they agree).

Each seat gets the sum below, and a position is worth the seat's sum less the opponent's:

- **pieces**: on the board, pinned ones included; a piece pinned under an opponent's counts
  less (it cannot move, and goes with its stack); pieces in hand count too, as many as the
  tiles left in the pool may still bring in (a tile completes about half a junction of each
  colour; most games end their waxing phase with pieces in hand, which count for nothing);
- **groups** (junctions whose top pieces are the seat's, joined along tile edges) breathe
  through the empty or partial junctions next to them, their liberties: every liberty counts a
  little, and the pieces of a group with one liberty left are in danger (little when their owner
  is to move, much when the opponent may close it), those of a group with two a little. Once
  the pool is empty no tile can complete a partial junction, so a group touching one cannot be
  surrounded any more: it is in no danger;
- **removals** (once the pool is empty): the most one removal would gain the seat (the
  opponent's pieces on the tile's corners less its own), much for the seat to move, which can
  play it now, less for the other;
- **the move**: a sum for the seat to move (none with the weights chosen).

Wins and losses are judged by the protocol before this is asked.

>>> import trigames
>>> state = trigames.load_game("trugo").new_initial_state()
>>> heuristic(state, 0) == EVALUATION_WEIGHTS[TO_MOVE]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trigames.games.trugo.native import EVALUATION_WEIGHTS

if TYPE_CHECKING:
    from trigames.core.swap import Swap
    from trigames.games.trugo.board import TrugoMove
    from trigames.games.trugo.rules import TrugoState

# The weights' places in EVALUATION_WEIGHTS (the kernel's TRUGO_W_* in the same order).
(
    PIECES,
    PINNED,
    SUPPLY,
    LIBERTY,
    ATARI_TO_MOVE,
    ATARI_WAITING,
    SHORT,
    REMOVAL_TO_MOVE,
    REMOVAL_WAITING,
    SUPPLY_RATE,
    TO_MOVE,
) = range(11)


class Side:
    """What the evaluation counts for one seat besides its pieces."""

    __slots__ = ("atari", "liberties", "pinned", "removal", "short")

    def __init__(self) -> None:
        self.pinned = self.liberties = self.atari = self.short = self.removal = 0


def groups(state: TrugoState, seat: int) -> list[tuple[list[int], int]]:
    """``seat``'s groups: the junctions of each, and how many liberties it has."""
    return [(group, len(free)) for group, free, _ in _scan(state, seat)]


def _scan(state: TrugoState, seat: int) -> list[tuple[list[int], set[int], bool]]:
    """``seat``'s groups: the junctions of each, its liberties, and whether it touches a
    partial junction."""
    top, full = state.top, state.full
    near = state.window.junction_neighbours
    seen: set[int] = set()
    found: list[tuple[list[int], set[int], bool]] = []
    for start in state.tops[seat]:
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        free: set[int] = set()
        partial = False
        for j in group:
            for z in near[j]:
                if full[z] != 3:
                    free.add(z)
                    partial = True
                elif top[z] < 0:
                    free.add(z)
                elif top[z] == seat and z not in seen:
                    seen.add(z)
                    group.append(z)
        found.append((group, free, partial))
    return found


def removal_gains(state: TrugoState) -> tuple[int, int]:
    """The most each seat gains by removing one tile (the opponent's pieces on its corners less
    its own), 0 when no removal gains; (0, 0) while the pool lasts."""
    best = [0, 0]
    if state.pool > 0:
        return (0, 0)
    top, bottom, full = state.top, state.bottom, state.full
    corners = state.window.tile_corners
    for t in state.present:
        if not state.removable(t):
            continue
        taken = [0, 0]
        for j in corners[t]:
            if full[j] == 3 and top[j] >= 0:
                taken[top[j]] += 1
                if bottom[j] >= 0:
                    taken[bottom[j]] += 1
        for seat in (0, 1):
            best[seat] = max(best[seat], taken[1 - seat] - taken[seat])
    return (best[0], best[1])


def sides(state: TrugoState) -> tuple[Side, Side]:
    """What the evaluation counts for each seat."""
    found = (Side(), Side())
    bottom = state.bottom
    for seat in (0, 1):
        for j in state.tops[1 - seat]:
            if bottom[j] == seat:
                found[seat].pinned += 1
        for group, free, partial in _scan(state, seat):
            side = found[seat]
            side.liberties += len(free)
            if len(free) > 2 or (partial and state.pool == 0):
                continue  # safe: no tile can complete a partial junction any more
            pieces = sum(1 + (bottom[j] == seat) for j in group)
            if len(free) == 1:
                side.atari += pieces
            else:
                side.short += pieces
    gains = removal_gains(state)
    for seat in (0, 1):
        found[seat].removal = gains[seat]
    return found


def heuristic(
    state: TrugoState, seat: int, weights: tuple[float, ...] = EVALUATION_WEIGHTS
) -> float:
    """``seat``'s sum of the terms above less the opponent's, with ``weights``."""
    w = weights
    found = sides(state)
    value = [0.0, 0.0]
    for x in (0, 1):
        d = found[x]
        moving = x == state.current_player
        v = w[PIECES] * state.count[x] + w[PINNED] * d.pinned
        v += w[LIBERTY] * d.liberties + w[SHORT] * d.short
        v += w[SUPPLY] * min(state.supply[x], w[SUPPLY_RATE] * state.pool)
        v += w[ATARI_TO_MOVE if moving else ATARI_WAITING] * d.atari
        v += w[REMOVAL_TO_MOVE if moving else REMOVAL_WAITING] * d.removal
        if moving:
            v += w[TO_MOVE]
        value[x] = v
    return value[seat] - value[1 - seat]


def tactics(state: TrugoState, move: TrugoMove | Swap) -> tuple[int, int]:
    """The opponent's pieces the move captures or removes less the mover's own (a piece a
    tile brings in from the supply gains nothing: it was counted in hand), as the kernel's
    ``trugo_gain`` counts them: (what it comes to if positive, what it gives away if not).

    >>> import trigames
    >>> state = trigames.load_game("trugo").new_initial_state()
    >>> tactics(state, state.legal_moves()[0])
    (0, 0)
    """
    seat = state.to_move
    assert seat is not None
    before = [state.count[x] + state.supply[x] for x in (0, 1)]
    state.play(move)
    change = [state.count[x] + state.supply[x] - before[x] for x in (0, 1)]
    state.undo()
    net = change[seat] - change[1 - seat]
    return max(0, net), max(0, -net)
