"""Trugo's native kernel (``_kernel.c``) as :class:`trigames.core.native.Kernel`: the window's
tables handed over once, snapshots of states (with the position hashes a repetition may still
meet), and move numbers turned back into moves.

The kernel keeps a bounded history per state (see ``_kernel.c``): the waning run, at most
``waning_limit + 1`` positions, and room for ``8 * tiles + 256`` waxing positions, which random
and searched games stay far within. A line that outgrows it is played on the Python engine
instead, so the results stay exact.

>>> import trigames
>>> game = trigames.load_game("trugo(tiles=12,pieces=6)")
>>> kernel = game.native_kernel()
>>> first = game.new_initial_state().legal_moves()[0]
>>> first, game.window.origin  # the first tile, on cell 234: move number 3 * 234 + 0
(TrugoMove('am26e'), 234)
>>> kernel is None or (kernel.index(first), str(kernel.move(703))) == (702, "am26nw")
True
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from trigames.core.native import KernelCalls, NativeSearch, random_game, random_playouts
from trigames.core.perft import perft
from trigames.games.trugo.board import (
    FREE_RUN,
    ORIENTATION_NAMES,
    PASS,
    PLACE,
    REMOVE,
    SPLITS,
    TrugoMove,
    parse,
)
from trigames.geometry.honeycomb import ORIENTATIONS, band_corners

if TYPE_CHECKING:
    from trigames.games.trugo.rules import TrugoRules, TrugoState

_WORD = 1 << 32


def waxing_room(tiles: int) -> int:
    """How many waxing positions a kernel state of a game of ``tiles`` tiles keeps (random
    games have about ``tiles``, the largest about ``1.6 tiles``)."""
    return 8 * tiles + 256


def most_legal_moves(tiles: int) -> int:
    """A bound on the legal moves of a position of a game of ``tiles`` tiles: placements (three
    per empty cell next to the layout, at most ``2 tiles + 4``) or removals, and a move from
    each full junction to each other one.

    >>> most_legal_moves(36)
    2933
    """
    from trigames.games.trugo.rules import most_full_junctions

    full = max(most_full_junctions(tiles), 1)
    return max(ORIENTATIONS * (2 * tiles + 4), tiles) + full * full + 1


def window_near(corners: list[tuple[int, ...]], junctions: int) -> list[list[int]]:
    """The window's ``junction_neighbours`` (sorted) from its cells' corners, much faster for
    the whole window: a junction's neighbours are the corners beside it on the cells around it.
    Those off the window do not matter: of two cells on an edge between two window junctions,
    one is always in the window (a hexagon of cells is convex).

    >>> from trigames.games.trugo.board import frame
    >>> w = frame(3).window
    >>> near = window_near([w._corners(t) for t in range(len(w.tiles))], len(w.junctions))
    >>> near == [list(w._near(j)) for j in range(len(w.junctions))]
    True
    """
    found: list[set[int]] = [set() for _ in range(junctions)]
    for ring in corners:
        for c, j in enumerate(ring):
            found[j].update((ring[c - 1], ring[(c + 1) % 6]))
    return [sorted(near) for near in found]


#: The weights of Trugo's evaluation (:mod:`.evaluation`, ``trugo_evaluate`` in the kernel), one
#: for each term, in the order of the kernel's ``TRUGO_W_*`` and of the evaluation's names.
EVALUATION_WEIGHTS: tuple[float, ...] = (
    1.0,  # pieces on the board
    -0.5,  # pinned under an opponent's
    0.5,  # in hand, as many as the pool may still bring in
    0.05,  # a liberty
    -0.25,  # a piece in a group with one liberty, its owner to move
    -0.75,  # the same, the opponent to move
    -0.1,  # a piece in a group with two liberties
    0.5,  # the best removal, the seat to move
    0.25,  # the same, the other seat
    0.5,  # pieces of a seat's colour a tile brings in, on average
    0.0,  # the seat to move
)


class TrugoKernel(KernelCalls):
    """The compiled kernel of one Trugo game (its window and options)."""

    evaluation_weights = EVALUATION_WEIGHTS

    def __init__(self, module: ModuleType, game: TrugoRules) -> None:
        self.module = module
        self.game = game
        w = game.window
        self.cells = cells = len(w.tiles)
        self.junctions = junctions = len(w.junctions)
        # The tables are worked out here for the whole window (not through its Memo tables,
        # which would keep only the last entries).
        corners = [w._corners(t) for t in range(cells)]
        partner = [6] * 6 * ORIENTATIONS  # the corner a band joins to each, 6 for none
        for o in range(ORIENTATIONS):
            for a, b in band_corners(o):
                partner[6 * o + a], partner[6 * o + b] = b, a
        self.board = module.board(
            (cells, junctions, w.origin, game.tiles, int(game.stacking), game.waning_limit,
             most_legal_moves(game.tiles), waxing_room(game.tiles)),
            [list(ring) for ring in corners],
            [[cells if n < 0 else n for n in w._neighbours(t)] for t in range(cells)],
            [ring + [junctions] * (3 - len(ring)) for ring in window_near(corners, junctions)],
            bytes(w.light[j] for j in range(junctions)),
            bytes(partner),
            bytes(FREE_RUN),
            bytes(SPLITS),
        )  # fmt: skip
        self._moves: dict[int, TrugoMove] = {}

    # --- snapshots ---------------------------------------------------------------------------

    def snapshot(self, state: TrugoState, trim: bool = False) -> object:
        """The state as the kernel reads it; with ``trim``, only the latest waxing positions
        the kernel keeps (an MCTS search may then miss a repetition of an older one)."""
        records = state._undo  # the line of positions since the state was made
        kinds = [record[2][0] for record in records]
        tiles = len(state.present) - kinds.count(PLACE) + kinds.count(REMOVE)
        start = tiles
        rank: dict[int, int] = {}
        waxing: list[int] = []
        run: list[int] = []
        for record in records:
            kind, a, _ = record[2]
            if record[4] > 0:  # the pool before this move: the position was a waxing one
                waxing += (tiles, record[6])
            else:
                run.append(record[6])
            if kind == PLACE:
                tiles += 1
                rank[a] = tiles
            elif kind == REMOVE:
                tiles -= 1
            # a capture, a removal, or the end of the waxing phase starts a waning run afresh
            if kind == REMOVE or record[7] != (0, 0) or record[4] > 0:
                run = []
        if state.pool > 0:
            waxing += (tiles, state.hash)
        else:
            run.append(state.hash)
        if trim:
            waxing = waxing[-2 * waxing_room(self.game.tiles) :]
        outcome = state.outcome()
        winners = 0 if outcome is None else sum(1 << seat for seat in outcome.winners)
        stacks: list[int] = []
        for j in sorted(state.tops[0] | state.tops[1]):
            stacks += (j, state.bottom[j], state.top[j])
        return (
            -1 if state.to_move is None else state.to_move,
            winners,
            state.pool,
            state.quiet,
            (state.supply[0], state.supply[1]),
            state.hash,
            [x for t in sorted(state.present) for x in (t, state.orient[t], rank.get(t, start))],
            stacks,
            waxing,
            run,
        )

    def _exact(self) -> bool:
        """True when no line outgrew a state's history since last asked."""
        return not self.module.overflows()

    # --- the hot loops -----------------------------------------------------------------------

    def playouts(self, state: TrugoState, count: int, seed: int) -> tuple[int, tuple[float, ...]]:
        self._exact()
        try:
            result: tuple[int, tuple[float, ...]] = self.module.playouts(
                self.board, self.snapshot(state), count, seed
            )
        except OverflowError:
            result = (0, ())
        else:
            if self._exact():
                return result
        return random_playouts(state, count, seed)

    def random_game(self, state: TrugoState, seed: int) -> list[TrugoMove]:
        self._exact()
        try:
            moves = self.module.random_game(self.board, self.snapshot(state), seed)
        except OverflowError:
            moves = None
        if moves is not None and self._exact():
            return [self.move(i) for i in moves]
        return random_game(state.clone(), seed)

    def legal_moves(self, state: TrugoState) -> list[TrugoMove]:
        try:
            return [self.move(i) for i in self.module.legal(self.board, self.snapshot(state))]
        except OverflowError:
            return list(state._legal_table())

    def perft(self, state: TrugoState, depth: int) -> int:
        self._exact()
        try:
            count: int = self.module.perft(self.board, self.snapshot(state), depth)
        except OverflowError:
            return perft(state.clone(), depth)
        return count if self._exact() else perft(state.clone(), depth)

    def search(self, state: TrugoState, seed: int, exploration: float) -> NativeSearch:
        return NativeSearch(
            self.module, self.board, self.snapshot(state, trim=True), seed, exploration
        )

    # --- move numbers ------------------------------------------------------------------------

    def move(self, index: int) -> TrugoMove:
        code = index % _WORD
        found = self._moves.get(code)
        if found is not None:
            return found
        names = self.game.names
        cells = self.cells
        if code < 3 * cells:
            t, o = divmod(code, 3)
            move = TrugoMove(f"{names.tile_names[t]}{ORIENTATION_NAMES[o]}")
        elif code < 4 * cells:
            move = TrugoMove(f"-{names.tile_names[code - 3 * cells]}")
        elif code == 4 * cells:
            move = PASS
        else:
            a, b = divmod(code - 4 * cells - 1, self.junctions)
            move = TrugoMove(f"{names.junction_names[a]}-{names.junction_names[b]}")
        if len(self._moves) >= 100_000:
            self._moves.clear()
        self._moves[code] = move
        return move

    def index(self, move: Any) -> int:
        kind, a, b = parse(str(move))
        names, w, cells = self.game.names, self.game.window, self.cells
        if kind == "pass":
            code = 4 * cells
        elif kind == "move":
            assert a is not None
            assert isinstance(b, tuple)
            start = w.grid_junctions[names.point(a, str(move))]
            end = w.grid_junctions[names.point(b, str(move))]
            code = 4 * cells + 1 + start * self.junctions + end
        else:
            assert a is not None
            assert isinstance(b, int)
            t = w.grid_tiles[names.point(a, str(move))]
            code = 3 * t + b if kind == "place" else 3 * cells + t
        return code - _WORD if code >= _WORD // 2 else code
