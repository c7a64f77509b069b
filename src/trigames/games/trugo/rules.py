"""Trugo: lay two-coloured hexagon tiles, move pieces along their bands, capture by surrounding.

>>> import trigames
>>> state = trigames.load_game("trugo").new_initial_state()
>>> [str(m) for m in state.legal_moves()]  # the first tile, in its three orientations
['dg74e', 'dg74nw', 'dg74sw']
>>> state.play("dg74e")
>>> len(state.legal_moves())  # six cells around it, three ways each
18
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar, TypeGuard

from trigames.core.errors import MoveParseError, PositionError
from trigames.core.outcome import Outcome
from trigames.core.phrases import Phrase, counted
from trigames.core.positions import (
    is_seat,
    position_fields,
    read_result,
    read_swapped,
    result_json,
)
from trigames.core.protocol import Game, State, Step
from trigames.core.spec import GameSpec, Option
from trigames.core.swap import SWAP, SWAP_OPTION, Swap
from trigames.games.trugo.board import (
    FREE_RUN,
    MOVE,
    MOVES_KEPT,
    ORIENTATION_NAMES,
    PASS,
    PASS_KIND,
    PLACE,
    REMOVE,
    SPLITS,
    Frame,
    TrugoMove,
    bad_move,
    frame,
    notation_reason,
    parse,
    spot_name,
)
from trigames.geometry.hexcells import distance
from trigames.geometry.honeycomb import (
    ORIENTATIONS,
    Memo,
    TileWindow,
    band_corners,
    grid_junction,
    grid_tile,
)

WIN_NO_PIECES = Phrase("the opponent has no pieces left in the waning phase")
WIN_EMPTY_BOARD = Phrase("the last move cleared the board of pieces")
DRAW_REPETITION = Phrase("the same position occurred for the third time")
DRAW_WANING = Phrase("the waning phase went on too long without a capture or a removal")
#: The reasons the rules end a game for, by their words (a position's ``result`` gives them).
END_REASONS = {
    str(reason): reason for reason in (WIN_NO_PIECES, WIN_EMPTY_BOARD, DRAW_REPETITION, DRAW_WANING)
}

#: The internal form of a move: ``(kind, a, b)``. Placement: tile id and orientation; removal:
#: tile id and -1; piece move: from and to junction ids; pass: -1, -1.
Code = tuple[int, int, int]
PASS_CODE: Code = (PASS_KIND, -1, -1)
SEAT_LETTERS = ("W", "B")
NO_RESULT = None

# One undo record: mover, junction changes [(junction, bottom, top)], the move's code,
# supplies, pool, quiet turns, hash, pieces captured (White's, Blue's), pieces that left
# with a removed tile, pieces given out by a placement (White's, Blue's).
_Undo = tuple[
    int,
    list[tuple[int, int, int]],
    Code,
    tuple[int, int],
    int,
    int,
    int,
    tuple[int, int],
    int,
    tuple[int, int],
]


_MASK = (1 << 64) - 1


def _mix(n: int) -> int:
    """A 63-bit key for the number ``n``: the SplitMix64 mixing of ``n``, cheap and well spread.

    >>> _mix(0) != _mix(1) != _mix(2)
    True
    """
    z = (n * 0x9E3779B97F4A7C15 + 0x2007_0718) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 1


#: Zobrist keys, shared by every game size (keys need only differ within a game): stack ``c``
#: on junction ``j`` is ``STACK_KEYS[7 * j + c]`` (0 for no stack), tile ``t`` in orientation
#: ``o`` is ``TILE_KEYS[3 * t + o]``, and ``SIDE_KEY`` marks Blue to move. Both tables are
#: worked out as games reach them and hold at most ``MEMO_LIMIT`` keys each.
STACK_KEYS: Memo[int, int] = Memo(lambda k: _mix(3 * k) if k % 7 else 0)
TILE_KEYS: Memo[int, int] = Memo(lambda k: _mix(3 * k + 1))
SIDE_KEY = _mix(2)


def _seen_key(position: int, times: int) -> int:
    """The part of :attr:`TrugoState.repeats` for a position hash seen ``times`` times."""
    return _mix(position ^ _mix(times + 3)) if times else 0


def _stack_code(bottom: int, top: int) -> int:
    """0 empty, 1 or 2 a single piece, 3 to 6 a stack (bottom, top)."""
    if top < 0:
        return 0
    if bottom < 0:
        return 1 + top
    return 3 + 2 * bottom + top


#: The most layouts a game keeps the tile moves of (see ``TrugoRules.tile_move_cache``).
TILE_MOVES_KEPT = 256

#: The words for a tile's orientation (where its light cap points) on a button.
CAP_WORDS = {
    "e": Phrase("light cap east"),
    "nw": Phrase("light cap north-west"),
    "sw": Phrase("light cap south-west"),
}


class TrugoState(State[TrugoMove]):
    """A layout of tiles with pieces on its junctions.

    Tiles and junctions are ids of the game's :class:`~trigames.geometry.honeycomb.TileWindow`.
    ``top[j]`` is the seat of the top piece on junction ``j`` (-1: none) and ``bottom[j]`` the
    seat of a piece pinned under it (-1: none).
    """

    game: TrugoRules

    def __init__(self, game: TrugoRules) -> None:
        super().__init__(game)
        w = game.window
        self.window = w
        self.names: Frame = game.names
        tiles, junctions = len(w.tiles), len(w.junctions)
        self.orient = [-1] * tiles  # orientation of each placed tile, -1 for an empty cell
        self.present: set[int] = set()
        self.around = [0] * tiles  # placed neighbours of each cell
        self.frontier: set[int] = {w.origin}  # empty cells where a tile may go (waxing)
        self.full = [0] * junctions  # placed tiles around each junction (3: a full junction)
        self.fulls: set[int] = set()  # the full junctions
        self.links: dict[int, tuple[int, ...]] = {}  # band links of junctions on placed tiles
        self.top = [-1] * junctions
        self.bottom = [-1] * junctions
        self.tops: list[set[int]] = [set(), set()]  # junctions whose top piece is each seat's
        self.count = [0, 0]  # pieces on the board, pinned ones included
        self.supply = [game.pieces, game.pieces]
        self.pool = game.tiles
        self.quiet = 0  # waning turns since the last capture or removal
        self.to_move: int | None = 0
        self.winners: tuple[int, ...] = ()
        self.end_reason: Phrase | None = None
        self.hash = 0
        self.tile_hash = 0
        self.seen: dict[int, int] = {0: 1}  # how often each position occurred
        #: ``seen`` as one hash (XOR of :func:`_seen_key`): in the position key, since a third
        #: occurrence ends the game, positions with other counts have other futures.
        self.repeats = _seen_key(0, 1)
        self._undo: list[_Undo] = []
        self._log: list[tuple[int, int, int]] = []
        self._stamp = 0  # changes with every move played or taken back
        self._legal: dict[TrugoMove, Code] = {}
        self._legal_stamp = -1

    # --- queries ------------------------------------------------------------------------------

    @property
    def waning(self) -> bool:
        """True once the pool is empty."""
        return self.pool == 0

    def scores(self) -> tuple[int, ...]:
        """Pieces on the board for each player, pinned pieces included."""
        return (self.count[0], self.count[1])

    def _rules_outcome(self) -> Outcome | None:
        if self.end_reason is None:
            return None
        return Outcome(self.winners, self.scores(), self.end_reason)

    def last_mover(self) -> int | None:
        """The seat that made the last move on this state, if any."""
        return self._undo[-1][0] if self._undo else None

    def last_record(self) -> _Undo | None:
        """What the last move did (see ``_Undo``), if there is one."""
        return self._undo[-1] if self._undo else None

    def position_key(self) -> tuple[int, int, int, int, int, int, int | None]:
        """The position, the counters, and how often each position occurred (a third
        occurrence ends the game), as hashes."""
        return (self.hash, self.pool, self.supply[0], self.supply[1], self.quiet, self.repeats,
                self.to_move)  # fmt: skip

    def _first_moves(self) -> int:
        """The tiles on the board (up to two): one a move while no piece can move, and never
        fewer than two once one can. The first tile gives nobody a piece: a swap only hands the
        turn back."""
        return min(len(self.present), 2)

    def _on_swap(self) -> None:
        """The seat to move is part of the position's hash, and the position a swap makes
        counts for the repetition rule like any other (its undo counts it out again)."""
        made = self.hash if not self.swapped else self.hash ^ SIDE_KEY
        times = self.seen.get(made, 0)
        now = times + (1 if self.swapped else -1)
        self.repeats ^= _seen_key(made, times) ^ _seen_key(made, now)
        if now:
            self.seen[made] = now
        else:
            del self.seen[made]
        self.hash ^= SIDE_KEY
        self._stamp += 1

    def junction_name(self, j: int) -> str:
        """The junction's name, like ``dh73``: the same for the whole game."""
        return self.names.junction_names[j]

    def tile_name(self, t: int) -> str:
        """The cell's name, like ``dg74``: the same for the whole game."""
        return self.names.tile_names[t]

    def is_full(self, j: int) -> bool:
        """True for a junction with all three tiles around it placed."""
        return self.full[j] == 3

    # --- move generation ----------------------------------------------------------------------

    def legal_moves(self) -> list[TrugoMove | Swap]:
        moves: list[TrugoMove | Swap] = list(self._legal_table())
        if self.game.swap and self.may_swap():
            moves.append(SWAP)
        return moves

    def _legal_table(self) -> dict[TrugoMove, Code]:
        if self.to_move is None:
            return {}
        if self._legal_stamp == self._stamp:
            return self._legal
        table: dict[TrugoMove, Code] = {}
        if self.to_move is not None:
            names = self.names.moves
            self._tile_moves(table, names)
            self._piece_moves(table, names, self.to_move)
            if not table:
                table[PASS] = PASS_CODE
        self._legal, self._legal_stamp = table, self._stamp
        return table

    def _tile_moves(self, table: dict[TrugoMove, Code], names: dict[int, TrugoMove]) -> None:
        key = self.tile_hash * 2 + (self.pool > 0)
        cached = self.game.tile_move_cache.get(key)
        if cached is None:
            cached = []
            if self.pool > 0:
                for t in sorted(self.frontier):
                    key = -1 - 4 * t
                    for o in range(ORIENTATIONS):
                        move = names.get(key - o) or self._name(names, PLACE, t, o)
                        cached.append((move, (PLACE, t, o)))
            else:
                for t in sorted(self.present):
                    if self.removable(t):
                        cached.append((self._name(names, REMOVE, t, -1), (REMOVE, t, -1)))
            if len(self.game.tile_move_cache) >= TILE_MOVES_KEPT:
                self.game.tile_move_cache.clear()
            self.game.tile_move_cache[key] = cached
        table.update(cached)

    def removable(self, t: int) -> bool:
        """True when tile ``t`` has three consecutive free edges and its removal keeps the
        layout connected."""
        orient = self.orient
        present = 0
        for k, n in enumerate(self.window.tile_neighbours[t]):
            if n >= 0 and orient[n] >= 0:
                present |= 1 << k
        if not FREE_RUN[present]:
            return False
        return not SPLITS[present] or self._connected_without(t)

    def _connected_without(self, t: int) -> bool:
        rest = self.present - {t}
        start = next(iter(rest))
        seen = {start}
        todo = [start]
        neighbours = self.window.tile_neighbours
        while todo:
            for n in neighbours[todo.pop()]:
                if n in rest and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(rest)

    def _piece_moves(
        self, table: dict[TrugoMove, Code], names: dict[int, TrugoMove], player: int
    ) -> None:
        top, bottom, full, links = self.top, self.bottom, self.full, self.links
        near = self.window.junction_neighbours
        stacking = self.game.stacking
        size = len(top)
        for s in sorted(self.tops[player]):
            if bottom[s] >= 0 and top[s] != player:
                continue
            dests: set[int] = set()
            empties = [s]
            seen = {s}
            todo = [s]
            while todo:
                for y in links.get(todo.pop(), ()):
                    if y in seen:
                        continue
                    seen.add(y)
                    if full[y] == 3:
                        if top[y] < 0:
                            dests.add(y)
                            empties.append(y)
                            todo.append(y)
                        elif stacking and bottom[y] < 0:
                            dests.add(y)
                    else:
                        todo.append(y)
            for e in empties:
                for z in near[e]:
                    if full[z] == 3 and (top[z] < 0 or (stacking and bottom[z] < 0)):
                        dests.add(z)
            base = s * size
            for d in sorted(dests):
                move = names.get(base + d)
                if move is None:
                    move = self._name(names, MOVE, s, d)
                table[move] = (MOVE, s, d)

    def _name(self, names: dict[int, TrugoMove], kind: int, a: int, b: int) -> TrugoMove:
        """The move object for a code (made once per game size, kept in ``names``)."""
        slot = b if kind == PLACE else 3
        key = a * len(self.top) + b if kind == MOVE else -1 - (a * 4 + slot)
        move = names.get(key)
        if move is None:
            if kind == MOVE:
                text = f"{self.junction_name(a)}-{self.junction_name(b)}"
            elif kind == PLACE:
                text = f"{self.tile_name(a)}{ORIENTATION_NAMES[b]}"
            else:
                text = f"-{self.tile_name(a)}"
            if len(names) >= MOVES_KEPT:
                names.clear()
            move = names[key] = TrugoMove(text)
        return move

    def parse_move(self, text: str) -> TrugoMove:
        kind, a, b = parse(text)
        if kind == "pass":
            return PASS
        assert a is not None
        if kind == "move":
            assert isinstance(b, tuple)
            return TrugoMove(f"{spot_name(*a)}-{spot_name(*b)}")
        assert isinstance(b, int)
        if kind == "place":
            return TrugoMove(f"{spot_name(*a)}{ORIENTATION_NAMES[b]}")
        return TrugoMove(f"-{spot_name(*a)}")

    def _junction_at(self, spot: tuple[int, int], text: str) -> int:
        x, y = self.names.point(spot, text)
        j = self.window.grid_junctions.get((x, y))
        if j is None:
            name = spot_name(*spot)
            if grid_tile(x, y) is not None:
                reason = Phrase(
                    "{spot} is a cell; a piece moves between junctions (tile corners)", spot=name
                )
            else:
                reason = Phrase(
                    "{spot} is no junction; a piece moves between junctions (tile corners)",
                    spot=name,
                )
            raise bad_move(text, reason)
        return j

    def _tile_at(self, spot: tuple[int, int], text: str) -> int:
        x, y = self.names.point(spot, text)
        t = self.window.grid_tiles.get((x, y))
        if t is None:
            name = spot_name(*spot)
            if grid_junction(x, y) is not None:
                reason = Phrase(
                    "{spot} is a junction; tiles are named by the centre of their cell", spot=name
                )
            else:
                reason = Phrase(
                    "{spot} is no cell; tiles are named by the centre of their cell", spot=name
                )
            raise bad_move(text, reason)
        return t

    def code_of(self, move: TrugoMove) -> Code:
        """The internal form of ``move`` in this position."""
        code = self._legal_table().get(move)
        if code is not None:
            return code
        kind, a, b = parse(move.name)
        if kind == "pass":
            return PASS_CODE
        assert a is not None
        if kind == "move":
            assert isinstance(b, tuple)
            return (MOVE, self._junction_at(a, move.name), self._junction_at(b, move.name))
        assert isinstance(b, int)
        return (PLACE if kind == "place" else REMOVE, self._tile_at(a, move.name), b)

    def _illegal_reason(self, move: TrugoMove) -> Phrase | None:
        if move in self._legal_table():
            return None
        try:
            kind, a, b = self.code_of(move)
        except MoveParseError as error:
            return notation_reason(error)
        if kind == PASS_KIND:
            return Phrase("a player may pass only when no other move is possible")
        if kind == PLACE:
            if self.pool == 0:
                return Phrase(
                    "the pool is empty: in the waning phase tiles are removed, not placed"
                )
            if self.orient[a] >= 0:
                return Phrase("that cell already holds a tile")
            if not self.present:
                return Phrase(
                    "the first tile goes in the middle, {cell}",
                    cell=self.tile_name(self.window.origin),
                )
            return Phrase("a tile must go next to a tile already placed")
        if kind == REMOVE:
            if self.pool > 0:
                return Phrase("tiles are removed only in the waning phase, once the pool is empty")
            if self.orient[a] < 0:
                return Phrase("there is no tile there")
            return Phrase(
                "a tile may be removed only when it has three consecutive free edges and the "
                "other tiles stay connected"
            )
        return self._piece_reason(a, b)

    def _piece_reason(self, a: int, b: int) -> Phrase:
        player = self.to_move
        start, end = self.junction_name(a), self.junction_name(b)
        if self.top[a] < 0:
            return Phrase("there is no piece on {junction}", junction=start)
        if self.top[a] != player:
            return Phrase("the piece on top at {junction} is not yours", junction=start)
        if self.full[b] != 3:
            return Phrase(
                "{junction} is not a full junction (three tiles must meet there)", junction=end
            )
        if self.bottom[b] >= 0:
            return Phrase("{junction} holds a stack of two; no stack may grow higher", junction=end)
        if self.top[b] >= 0 and not self.game.stacking:
            return Phrase(
                "{junction} is taken, and this game forbids landing on pieces", junction=end
            )
        return Phrase(
            "a piece slides along its band region through empty and partial junctions, "
            "then may step once along a tile edge; it cannot reach there"
        )

    # --- playing ------------------------------------------------------------------------------

    def _set(self, j: int, bottom: int, top: int) -> None:
        """Put a stack on junction ``j``, logging what was there."""
        old_bottom, old_top = self.bottom[j], self.top[j]
        self._log.append((j, old_bottom, old_top))
        if old_top >= 0:
            self.tops[old_top].discard(j)
            self.count[old_top] -= 1
            if old_bottom >= 0:
                self.count[old_bottom] -= 1
        if top >= 0:
            self.tops[top].add(j)
            self.count[top] += 1
            if bottom >= 0:
                self.count[bottom] += 1
        self.bottom[j], self.top[j] = bottom, top
        stacks = STACK_KEYS
        self.hash ^= stacks[7 * j + _stack_code(old_bottom, old_top)]
        self.hash ^= stacks[7 * j + _stack_code(bottom, top)]

    def _add_tile(self, t: int, o: int) -> None:
        w = self.window
        self.orient[t] = o
        self.present.add(t)
        self.frontier.discard(t)
        for n in w.tile_neighbours[t]:
            if n >= 0:
                self.around[n] += 1
                if self.orient[n] < 0:
                    self.frontier.add(n)
        ring = w.tile_corners[t]
        full = self.full
        for j in ring:
            full[j] += 1
            if full[j] == 3:
                self.fulls.add(j)
        links = self.links
        for a, b in band_corners(o):
            ja, jb = ring[a], ring[b]
            links[ja] = (*links.get(ja, ()), jb)
            links[jb] = (*links.get(jb, ()), ja)
        key = TILE_KEYS[3 * t + o]
        self.hash ^= key
        self.tile_hash ^= key

    def _drop_tile(self, t: int) -> None:
        w = self.window
        o = self.orient[t]
        self.orient[t] = -1
        self.present.discard(t)
        for n in w.tile_neighbours[t]:
            if n >= 0:
                self.around[n] -= 1
                if self.around[n] == 0:
                    self.frontier.discard(n)
        if self.around[t] > 0:
            self.frontier.add(t)
        if not self.present:
            self.frontier = {w.origin}
        ring = w.tile_corners[t]
        full = self.full
        for j in ring:
            if full[j] == 3:
                self.fulls.discard(j)
            full[j] -= 1
        links = self.links
        for a, b in band_corners(o):
            ja, jb = ring[a], ring[b]
            for x, y in ((ja, jb), (jb, ja)):
                rest = list(links[x])
                rest.remove(y)
                if rest:
                    links[x] = tuple(rest)
                else:
                    del links[x]
        key = TILE_KEYS[3 * t + o]
        self.hash ^= key
        self.tile_hash ^= key

    def _apply(self, move: TrugoMove) -> None:
        code = self.code_of(move)
        self.apply_code(code)

    def apply_code(self, code: Code) -> None:
        """Play a move given in its internal form (known to be legal)."""
        mover = self.to_move
        assert mover is not None
        kind, a, b = code
        log: list[tuple[int, int, int]] = []
        self._log = log
        before = (
            (self.supply[0], self.supply[1]),
            self.pool,
            self.quiet,
            self.hash,
        )
        was_waning = self.pool == 0
        changed: list[int] = []
        removed_orientation = -1
        left = 0
        given = [0, 0]
        if kind == PLACE:
            self._add_tile(a, b)
            self.pool -= 1
            light = self.window.light
            for j in self.window.tile_corners[a]:
                if self.full[j] == 3:
                    owner = 0 if light[j] else 1
                    if self.supply[owner] > 0:
                        self.supply[owner] -= 1
                        given[owner] += 1
                        self._set(j, -1, owner)
                    changed.append(j)
        elif kind == REMOVE:
            removed_orientation = self.orient[a]
            for j in self.window.tile_corners[a]:
                if self.full[j] == 3 and self.top[j] >= 0:
                    left += 1 + (self.bottom[j] >= 0)
                    self._set(j, -1, -1)
            self._drop_tile(a)
            # A removal only turns full junctions into partial ones, which are liberties:
            # it never leaves a group surrounded.
        elif kind == MOVE:
            below = self.bottom[a]
            self._set(a, -1, below)
            if self.top[b] >= 0:
                self._set(b, self.top[b], mover)
            else:
                self._set(b, -1, mover)
            changed = [a, b]
        captured = self._captures(mover, changed) if changed else (0, 0)
        opponent = 1 - mover
        if captured != (0, 0) or kind == REMOVE:
            self.quiet = 0
        elif was_waning:
            self.quiet += 1
        self.hash ^= SIDE_KEY
        times = self.seen.get(self.hash, 0)
        self.seen[self.hash] = times + 1
        self.repeats ^= _seen_key(self.hash, times) ^ _seen_key(self.hash, times + 1)
        if kind == REMOVE:
            code = (REMOVE, a, removed_orientation)
        supply, pool, quiet, old_hash = before
        self._undo.append(
            (mover, log, code, supply, pool, quiet, old_hash, captured, left,
             (given[0], given[1]))
        )  # fmt: skip
        self.to_move = opponent
        self._judge(mover)
        self._stamp += 1

    def _judge(self, mover: int) -> None:
        """End the game if a rule says so, after ``mover``'s turn."""
        opponent = 1 - mover
        reason: Phrase | None = None
        winners: tuple[int, ...] = ()
        if self.pool == 0 and not (self.count[0] and self.count[1]):
            if not self.count[opponent]:
                winners = (mover,)
                reason = WIN_EMPTY_BOARD if not self.count[mover] else WIN_NO_PIECES
            else:
                winners, reason = (opponent,), WIN_NO_PIECES
        elif self.seen[self.hash] >= 3:
            winners, reason = (0, 1), DRAW_REPETITION
        elif self.quiet >= self.game.waning_limit:
            winners, reason = (0, 1), DRAW_WANING
        if reason is not None:
            self.winners, self.end_reason, self.to_move = winners, reason, None

    def _captures(self, mover: int, changed: list[int]) -> tuple[int, int]:
        """Capture surrounded groups near ``changed`` junctions: the opponent's, then the
        mover's. Returns the pieces captured of each seat."""
        near = self.window.junction_neighbours
        candidates: set[int] = set(changed)
        for j in changed:
            candidates.update(near[j])
        lost = [0, 0]
        opponent = 1 - mover
        released = self._capture_groups(opponent, candidates, lost)
        self._capture_groups(mover, candidates | set(released), lost)
        return (lost[0], lost[1])

    def _capture_groups(self, player: int, candidates: set[int], lost: list[int]) -> list[int]:
        """Remove ``player``'s surrounded groups among ``candidates``; return the junctions
        where a pinned piece was released."""
        top, full = self.top, self.full
        near = self.window.junction_neighbours
        seen: set[int] = set()
        released: list[int] = []
        for start in candidates:
            if top[start] != player or start in seen:
                continue
            group = [start]
            seen.add(start)
            free = False
            # Walk the whole group even once a liberty is found: a member left out of it
            # but marked seen would cut a later start's walk short.
            for j in group:
                for z in near[j]:
                    if full[z] != 3 or top[z] < 0:
                        free = True
                    elif top[z] == player and z not in seen:
                        seen.add(z)
                        group.append(z)
            if free:
                continue
            for j in group:
                below = self.bottom[j]
                lost[player] += 1
                if below == player:
                    lost[player] += 1
                    self._set(j, -1, -1)
                elif below >= 0:
                    self._set(j, -1, below)
                    released.append(j)
                else:
                    self._set(j, -1, -1)
        return released

    def _revert(self, move: TrugoMove) -> None:
        (mover, log, code, supply, pool, quiet, old_hash, *_) = self._undo.pop()
        count = self.seen[self.hash] - 1
        self.repeats ^= _seen_key(self.hash, count + 1) ^ _seen_key(self.hash, count)
        if count:
            self.seen[self.hash] = count
        else:
            del self.seen[self.hash]
        self._log = []
        for j, bottom, top in reversed(log):
            self._set(j, bottom, top)
        kind, a, b = code
        if kind == PLACE:
            self._drop_tile(a)
        elif kind == REMOVE:
            self._add_tile(a, b)  # a played removal keeps the tile's orientation in its code
        self.supply = [supply[0], supply[1]]
        self.pool, self.quiet, self.hash = pool, quiet, old_hash
        self.to_move, self.winners, self.end_reason = mover, (), None
        self._stamp += 1

    def _has_liberty(self, start: int) -> bool:
        """True when the group holding junction ``start`` touches an empty or partial junction."""
        top, full = self.top, self.full
        near = self.window.junction_neighbours
        player = top[start]
        group = [start]
        seen = {start}
        for j in group:
            for z in near[j]:
                if full[z] != 3 or top[z] < 0:
                    return True
                if top[z] == player and z not in seen:
                    seen.add(z)
                    group.append(z)
        return False

    # --- positions ----------------------------------------------------------------------------

    def _position_json(self) -> dict[str, Any]:
        w = self.window
        names = ORIENTATION_NAMES
        tiles = [[*w.tile_xy[t], names[self.orient[t]]] for t in sorted(self.present)]
        pieces = []
        for j in sorted(self.tops[0] | self.tops[1]):
            if self.top[j] >= 0:
                stack = SEAT_LETTERS[self.top[j]]
                if self.bottom[j] >= 0:
                    stack = SEAT_LETTERS[self.bottom[j]] + stack
                pieces.append([*w.junction_xy[j], stack])
        return {
            "game": str(self.game.spec),
            "tiles": tiles,
            "pieces": pieces,
            "supply": list(self.supply),
            "pool": self.pool,
            "quiet": self.quiet,
            "to_move": self.to_move,
            "result": result_json(self.winners, self.end_reason),
        }


class TrugoRules(Game[TrugoMove, TrugoState]):
    """Trugo's rules with the tile pool, piece supply and rule options of its spec; the whole
    game, drawings and all, is :class:`~trigames.games.trugo.game.Trugo`."""

    name: ClassVar[str] = "trugo"
    title: ClassVar[str] = "Trugo"
    summary: ClassVar[str] = Phrase(
        "lay two-coloured hexagon tiles, then move and capture pieces on them"
    )
    seat_names: ClassVar[tuple[Phrase, ...]] = (Phrase("White"), Phrase("Blue"))
    options: ClassVar[tuple[Option, ...]] = (
        Option("tiles", 36, Phrase("tiles in the pool"), minimum=3, maximum=90),
        Option("pieces", 25, Phrase("pieces for each player"), minimum=1, maximum=99),
        Option("stacking", True, Phrase("pieces may land on single pieces, pinning them")),
        Option(
            "waning_limit",
            200,
            Phrase("waning turns without capture or removal before a draw"),
            minimum=1,
            maximum=10_000,
        ),
        SWAP_OPTION,
    )

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec)
        self.tiles = spec.int_option("tiles")
        self.pieces = spec.int_option("pieces")
        self.stacking = spec.bool_option("stacking")
        self.waning_limit = spec.int_option("waning_limit")
        #: The names of cells and junctions, and the window of cells they name: every tile
        #: stays within ``tiles - 1`` steps of the first; empty cells next to them one step
        #: further.
        self.names: Frame = frame(self.tiles)
        self.window: TileWindow = self.names.window
        #: Tile moves of a layout, keyed by its tiles' hash and whether the pool is empty (at
        #: most ``TILE_MOVES_KEPT`` layouts: it starts afresh when full).
        self.tile_move_cache: dict[int, list[tuple[TrugoMove, Code]]] = {}

    def new_initial_state(self) -> TrugoState:
        return TrugoState(self)

    def _read_position(self, obj: Mapping[str, Any]) -> TrugoState:
        return _state_from_json(self, obj)

    def info(self) -> dict[str, Any]:
        return {
            "game": str(self.spec),
            "tiles": self.tiles,
            "pieces_each": self.pieces,
            "stacking": self.stacking,
            "waning_limit": self.waning_limit,
            "orientations": list(ORIENTATION_NAMES),
            "first_tile_moves": ORIENTATIONS,
        }

    def status(self, state: TrugoState) -> Phrase:
        """Phase, pool and pieces: ``Waxing, 30 tiles in the pool. Pieces: White 5 (20 in
        hand), Blue 4 (21 in hand)``.

        >>> import trigames
        >>> game = trigames.load_game("trugo(tiles=3)")
        >>> state = game.new_initial_state()
        >>> state.play("l8e")
        >>> game.status(state)
        'Waxing, 2 tiles in the pool. Pieces: White 0 (25 in hand), Blue 0 (25 in hand)'
        """
        phase: Phrase
        if state.pool:
            phase = counted(
                "Waxing, {count} tile in the pool", "Waxing, {count} tiles in the pool", state.pool
            )
        else:
            phase = Phrase(
                "Waning, {quiet}/{limit} turns without capture or removal",
                quiet=state.quiet,
                limit=self.waning_limit,
            )
        return Phrase(
            "{phase}. Pieces: {white} {white_pieces} ({white_hand} in hand), "
            "{blue} {blue_pieces} ({blue_hand} in hand)",
            phase=phase,
            white=self.player_name(0),
            white_pieces=state.count[0],
            white_hand=state.supply[0],
            blue=self.player_name(1),
            blue_pieces=state.count[1],
            blue_hand=state.supply[1],
        )

    def input_guide(self, state: TrugoState) -> Phrase:
        if state.pool > 0:
            return Phrase("tap a cell, then pick the way its light cap points")
        return Phrase("move a piece (tap it, then where it goes), remove a tile or pass")

    def _input_steps(self, state: TrugoState, move: TrugoMove) -> tuple[Step, ...]:
        """A placement is its cell, then which way the light cap points; a removal its tile;
        a piece move its two junctions; ``pass`` a button.

        >>> from trigames import load_game
        >>> game = load_game("trugo")
        >>> game.input_steps(game.new_initial_state(), TrugoMove("dg74nw"))
        (('dg74',), ('light cap north-west',))
        """
        name = move.name
        if name == "pass":
            return ((Phrase("pass"),),)
        if name.startswith("-"):
            return ((name.lstrip("-"),),)
        if "-" in name:
            return tuple((end,) for end in name.split("-"))
        cell = name.rstrip("enswEWNS")
        return (cell,), (CAP_WORDS[name[len(cell) :]],)

    def move_facts(self, state: TrugoState) -> dict[str, float]:
        """The phase of the last move (``waxing plies`` or ``waning plies`` is 1) and the
        ``pieces captured`` by it."""
        record = state.last_record()
        if record is None:
            return {}
        waxing = record[4] > 0  # the pool before the move
        return {
            "waxing plies": float(waxing),
            "waning plies": float(not waxing),
            "pieces captured": float(sum(record[7])),
        }


def _state_from_json(game: TrugoRules, obj: Mapping[str, Any]) -> TrugoState:
    """Build a position from its ``to_json`` form, checking that a game can reach it (the
    rules page, under "Position format", lists the checks)."""
    keys = ("tiles", "pieces", "supply", "pool", "quiet", "to_move", "result")
    obj = position_fields(obj, game.spec, "Trugo", keys)
    state = TrugoState(game)
    state.swapped = read_swapped(obj, game.swap)
    _read_tiles(state, obj.get("tiles", []))
    removed = _read_pool(state, obj.get("pool", game.tiles - len(state.present)))
    _read_pieces(state, obj.get("pieces", []))
    full = _full_junctions(state)
    _read_supply(state, obj.get("supply"), full, removed)
    _read_quiet(state, obj.get("quiet", 0))
    for seat in (0, 1):
        for j in state.tops[seat]:
            if not state._has_liberty(j):
                raise PositionError(
                    f"'pieces': the {game.player_name(seat)} group at {_xy(state, j)} is "
                    "surrounded: it would have been captured"
                )
    _read_end(state, obj, full)
    state.seen = {state.hash: 1}
    state.repeats = _seen_key(state.hash, 1)
    state._log = []
    return state


def _read_tiles(state: TrugoState, tiles: object) -> None:
    game, w = state.game, state.window
    if not isinstance(tiles, list):
        raise PositionError("'tiles' must be a list of [X, Y, orientation]")
    if len(tiles) > game.tiles:
        raise PositionError(f"'tiles' lists {len(tiles)} tiles: this game has {game.tiles}")
    for index, entry in enumerate(tiles):
        where = f"'tiles'[{index}]"
        if not (
            isinstance(entry, list)
            and len(entry) == 3
            and isinstance(entry[2], str)
            and entry[2] in ORIENTATION_NAMES
        ):
            raise PositionError(
                f"{where} must be [X, Y, orientation], the orientation "
                + ", ".join(ORIENTATION_NAMES)
            )
        t = _grid(w.grid_tiles, entry, where, "the centre of a cell")
        if state.orient[t] >= 0:
            raise PositionError(f"{where}: the cell at {list(w.tile_xy[t])} is listed twice")
        state._add_tile(t, ORIENTATION_NAMES.index(entry[2]))
    if len(state.present) > 1 and not state._connected_without(-1):
        raise PositionError("'tiles' must form one connected layout")


def _read_pool(state: TrugoState, pool: object) -> int:
    """Set the pool, checking it against the layout; return how many tiles were removed."""
    game, w = state.game, state.window
    placed = len(state.present)
    if not _whole(pool) or not 0 <= pool <= game.tiles - placed:
        raise PositionError(
            f"'pool' must be a whole number from 0 to {game.tiles - placed}: the game has "
            f"{game.tiles} tiles and {placed} are on the board"
        )
    if pool and pool != game.tiles - placed:
        raise PositionError(
            "'pool': no tile leaves the board while the pool lasts, so the tiles on the board "
            f"and in the pool make {game.tiles}"
        )
    if pool and placed and state.orient[w.origin] < 0:
        raise PositionError(
            "'tiles': the first tile lies on the middle cell, [0, 0], and stays there while the "
            "pool lasts"
        )
    if not pool and placed < 2:
        raise PositionError(
            "'tiles': the waning phase never leaves fewer than two tiles: the game is over once "
            "a player has no pieces, at the latest when the last full junction goes"
        )
    if placed:
        # Every tile was laid in a connected layout holding the middle cell: joining these to
        # it takes at least one tile per step from the middle cell to the nearest of them.
        near = min(distance(w.tiles[t], (0, 0)) for t in state.present)
        if placed + near > game.tiles:
            raise PositionError(
                f"'tiles': these {placed} tiles and the {near} it takes at least to join them "
                f"to the middle cell, [0, 0], where the first tile lay, make more than the "
                f"{game.tiles} of the game"
            )
    state.pool = pool
    return game.tiles - placed - pool


def _read_pieces(state: TrugoState, pieces: object) -> None:
    game, w = state.game, state.window
    if not isinstance(pieces, list):
        raise PositionError("'pieces' must be a list of [X, Y, stack]")
    for index, entry in enumerate(pieces):
        where = f"'pieces'[{index}]"
        if not (
            isinstance(entry, list)
            and len(entry) == 3
            and isinstance(entry[2], str)
            and 1 <= len(entry[2]) <= 2
            and all(c in SEAT_LETTERS for c in entry[2])
        ):
            raise PositionError(
                f"{where} must be [X, Y, stack], the stack listing its pieces from the bottom "
                "up in W and B: W, B, WW, WB, BW or BB"
            )
        j = _grid(w.grid_junctions, entry, where, "a junction")
        if state.full[j] != 3:
            raise PositionError(
                f"{where}: {_xy(state, j)} is not a full junction (one where three tiles meet)"
            )
        if state.top[j] >= 0:
            raise PositionError(f"{where}: {_xy(state, j)} is listed twice")
        seats = [SEAT_LETTERS.index(c) for c in entry[2]]
        if len(seats) == 2 and not game.stacking:
            raise PositionError(f"{where}: a stack, and this game forbids stacks")
        state._set(j, seats[0] if len(seats) == 2 else -1, seats[-1])


def _full_junctions(state: TrugoState) -> tuple[int, int]:
    """How many full junctions are light (White's) and dark (Blue's)."""
    light = state.window.light
    lights = sum(light[j] for j in state.fulls)
    return lights, len(state.fulls) - lights


def _read_supply(state: TrugoState, supply: object, full: tuple[int, int], removed: int) -> None:
    """Check the pieces in hand against the pieces on the board and the full junctions.

    Each full junction gave its owner a piece when it was made, while the owner had one in
    hand; no junction is made once the pool is empty, and a removal unmakes at most one full
    junction of each colour (its tile has three free edges in a row, so at most two corners
    with three tiles, side by side)."""
    game = state.game
    low = [min(game.pieces, full[seat]) for seat in (0, 1)]  # pieces given out, at least
    high = [min(game.pieces, full[seat] + removed) for seat in (0, 1)]  # and at most
    if supply is None:
        supply = [game.pieces - max(low[seat], state.count[seat]) for seat in (0, 1)]
    if not (isinstance(supply, list) and len(supply) == 2 and all(_whole(s) for s in supply)):
        raise PositionError("'supply' must be two whole numbers, White's and Blue's")
    for seat in (0, 1):
        name, colour = game.player_name(seat), ("light", "dark")[seat]
        given = game.pieces - supply[seat]
        if not 0 <= supply[seat] <= game.pieces:
            raise PositionError(f"'supply': {name} has from 0 to {game.pieces} pieces in hand")
        if given < state.count[seat]:
            raise PositionError(
                f"'supply': {name} has {state.count[seat]} pieces on the board and "
                f"{supply[seat]} in hand, more than the {game.pieces} of the game"
            )
        if not low[seat] <= given <= high[seat]:
            took = f", and each of the {removed} tiles removed took at most one away" * bool(
                removed
            )
            must = (
                f"{game.pieces - low[seat]}"
                if low[seat] == high[seat]
                else f"from {game.pieces - high[seat]} to {game.pieces - low[seat]}"
            )
            raise PositionError(
                f"'supply': {name} must have {must} pieces in hand: each full {colour} junction "
                f"gave {name} a piece when a tile made it, while {name} had one in hand; "
                f"{full[seat]} are on the board{took}"
            )
    given = [game.pieces - supply[0], game.pieces - supply[1]]
    most = most_full_junctions(game.tiles)
    if max(full[0], given[0]) + max(full[1], given[1]) > most:
        raise PositionError(
            f"'supply': White and Blue were given {given[0]} and {given[1]} pieces, and the "
            f"board has {full[0]} and {full[1]} full light and dark junctions: a layout of "
            f"{game.tiles} tiles has at most {most} full junctions, each giving out one piece"
        )
    state.supply = [supply[0], supply[1]]


def most_full_junctions(tiles: int) -> int:
    """The most full junctions (where three tiles meet) a layout of ``tiles`` tiles can have.

    ``n`` hexagons have at most ``2 n + 1 - ceil(sqrt(12 n - 3))`` inner vertices (Harary
    and Harborth, 1976); a spiral reaches it.

    >>> [most_full_junctions(n) for n in (1, 2, 3, 4, 7, 19, 36)]
    [0, 0, 1, 2, 6, 24, 52]
    """
    return 2 * tiles + 1 - (1 + math.isqrt(12 * tiles - 4))


def _read_quiet(state: TrugoState, quiet: object) -> None:
    limit = state.game.waning_limit
    if not _whole(quiet) or not 0 <= quiet <= limit:
        raise PositionError(
            "'quiet' counts waning turns without a capture or a removal: a whole number from 0 "
            f"to {limit}"
        )
    if quiet and state.pool:
        raise PositionError("'quiet' must be 0 while the pool lasts: only waning turns count")
    state.quiet = quiet


def _read_end(state: TrugoState, obj: Mapping[str, Any], full: tuple[int, int]) -> None:
    """Read ``to_move`` and ``result``, checking them against the board."""
    game, count = state.game, state.count
    result = read_result(obj, 2)
    no_pieces = state.pool == 0 and not (count[0] and count[1])
    if result is None:
        # While the layout has at most one full junction, no piece can move (it would have to
        # end on another one): every turn so far laid a tile, seat 1 the first after a swap.
        first = 1 if state.swapped else 0
        due = (len(state.present) + first) % 2 if state.pool and sum(full) < 2 else None
        to_move = obj.get("to_move", due or 0)
        if not is_seat(to_move, 2):
            raise PositionError("'to_move' must be 0 or 1 while the game goes on")
        if due is not None and to_move != due:
            raise PositionError(
                f"'to_move' must be {due}: no piece can have moved yet, so each of the "
                f"{len(state.present)} turns so far laid a tile"
                + (" (the first counts as Blue's, swapped)" if first else "")
            )
        if no_pieces:
            raise PositionError(
                "'result' is null, but a player has no pieces in the waning phase: the game is over"
            )
        if state.quiet >= game.waning_limit:
            raise PositionError(
                "'result' is null, but 'quiet' has reached the waning limit: the game is over"
            )
        state.to_move = to_move
        state.hash ^= SIDE_KEY if to_move == 1 else 0
        return
    winners, reason = result
    if no_pieces:
        if count[0] or count[1]:
            winner = 0 if count[0] else 1
            if result != ((winner,), WIN_NO_PIECES):
                raise PositionError(
                    f'\'result\' must be {{"winners": [{winner}], "reason": '
                    f'"{WIN_NO_PIECES}"}}: {game.player_name(1 - winner)} has no pieces left '
                    "in the waning phase"
                )
        elif reason != WIN_EMPTY_BOARD or len(winners) != 1:
            raise PositionError(
                f"'result' must name one winner, the last mover, with the reason "
                f'"{WIN_EMPTY_BOARD}": no piece is left in the waning phase'
            )
        if state.quiet:
            raise PositionError(
                "'quiet' must be 0: only a capture or a removal takes pieces off the board"
            )
    elif winners != (0, 1) or reason not in (DRAW_REPETITION, DRAW_WANING):
        raise PositionError(
            "'result': while both players have pieces on the board, or the pool lasts, the "
            f'rules end the game only in a draw (winners [0, 1]), "{DRAW_REPETITION}" or '
            f"\"{DRAW_WANING}\"; resignations, time-outs and agreed draws go in 'endings'"
        )
    elif reason == DRAW_WANING and state.quiet != game.waning_limit:
        raise PositionError(
            f"'result': the waning limit ends the game when 'quiet' reaches {game.waning_limit}"
        )
    elif reason == DRAW_REPETITION and not (count[0] and count[1]):
        raise PositionError(
            "'result': a position comes back only after both players moved pieces, so both "
            "have pieces on the board"
        )
    state.to_move = None
    state.winners, state.end_reason = winners, END_REASONS[reason]


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _grid(table: Mapping[tuple[int, int], int], entry: list[Any], where: str, what: str) -> int:
    """The id of the point ``entry[:2]`` in ``table``: a look-up, cheap however large X and Y."""
    x, y = entry[0], entry[1]
    if not (_whole(x) and _whole(y)):
        raise PositionError(f"{where}: X and Y must be whole numbers")
    found = table.get((x, y))
    if found is None:
        raise PositionError(f"{where}: [X, Y] must be {what} within reach of the first tile")
    return found


def _xy(state: TrugoState, j: int) -> list[int]:
    """The grid point of junction ``j``, as the position format writes it."""
    return list(state.window.junction_xy[j])
