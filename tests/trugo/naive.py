"""A deliberately simple second Trugo model, written from the rulings with plain dicts and sets.

It imports nothing from ``trigames``. Tiles are flat-topped hexagons on axial cells ``(q, r)``;
every point (a tile centre or a tile corner) is named by the grid coordinates ``(X, Y)`` of the
position format: tile ``(q, r)`` is centred at ``(3 q, 2 r + q)``. Names in notation are
read off a fixed frame: with ``n`` tiles in the pool, tiles stay within ``n`` steps of the first
one, so no named point lies further than ``3 n + 2`` grid columns left of it (the left corner of
a tile ``n`` steps away) or ``2 n + 1`` grid rows above it; column ``a`` and row 1 are there.
Every derived table
(which tiles meet at a corner, band links, tile edges) is rebuilt from the tiles whenever it is
needed, and every rule is applied to the whole board: nothing is incremental.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

Cell = tuple[int, int]  # axial (q, r)
Point = tuple[int, int]  # grid (X, Y)
Graph = dict[Point, set[Point]]
Move = tuple[Any, ...]  # ("place", cell, o) ("remove", cell) ("move", a, b) ("pass",)

WAYS = ("e", "nw", "sw")  # orientation o: the light cap points at corner 2 o
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial neighbours
# Corner k of a tile, from its centre: 60 k degrees anticlockwise from the right (y down).
# Corners alternate light (even k) and dark (odd k); corner 0 of the first tile is light.
CORNERS = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
LETTERS = "WB"  # White (seat 0) owns light junctions, Blue dark ones

WIN_NO_PIECES = "the opponent has no pieces left in the waning phase"
WIN_EMPTY_BOARD = "the last move cleared the board of pieces"
DRAW_REPETITION = "the same position occurred for the third time"
DRAW_WANING = "the waning phase went on too long without a capture or a removal"


def centre(cell: Cell) -> Point:
    return (3 * cell[0], 2 * cell[1] + cell[0])


def cell_at(point: Point) -> Cell:
    q = point[0] // 3
    return (q, (point[1] - q) // 2)


def corner(cell: Cell, k: int) -> Point:
    x, y = centre(cell)
    dx, dy = CORNERS[k % 6]
    return (x + dx, y + dy)


def bands(o: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The corners joined by the light band and by the dark band of orientation ``o``: the
    light corners other than the light cap, the dark ones other than the dark cap opposite."""
    light_cap, dark_cap = 2 * o, (2 * o + 3) % 6
    light = [k for k in (0, 2, 4) if k != light_cap]
    dark = [k for k in (1, 3, 5) if k != dark_cap]
    return (light[0], light[1]), (dark[0], dark[1])


def column(i: int) -> str:
    letters = string.ascii_lowercase
    return letters[i] if i < 26 else column(i // 26 - 1) + letters[i % 26]


def point_name(tiles: int, point: Point) -> str:
    """The name of a grid point in the frame of a game of ``tiles`` tiles."""
    x, y = point
    return f"{column(x + 3 * tiles + 2)}{y + 2 * tiles + 2}"


@dataclass
class Position:
    spec: str
    tiles_in_game: int  # the option ``tiles``: fixes the names' frame
    stacking: bool
    waning_limit: int
    tiles: dict[Cell, int]  # orientation of each placed tile
    stacks: dict[Point, str]  # occupied junctions: pieces bottom up, like "BW"
    supply: list[int]
    pool: int
    quiet: int
    to_move: int | None
    result: tuple[tuple[int, ...], str] | None
    seen: Counter[Any] = field(default_factory=Counter)  # positions met, for repetitions
    moves: dict[str, Move] | None = None  # the legal moves, once found

    # --- the layout -------------------------------------------------------------------------

    def around(self) -> dict[Point, list[tuple[Cell, int]]]:
        """For each corner of a placed tile: the tiles (and corner numbers) meeting there."""
        found: dict[Point, list[tuple[Cell, int]]] = {}
        for cell in self.tiles:
            for k in range(6):
                found.setdefault(corner(cell, k), []).append((cell, k))
        return found

    def full(self) -> set[Point]:
        return {p for p, tiles in self.around().items() if len(tiles) == 3}

    def links(self) -> Graph:
        found: Graph = {}
        for cell, o in self.tiles.items():
            for a, b in bands(o):
                pa, pb = corner(cell, a), corner(cell, b)
                found.setdefault(pa, set()).add(pb)
                found.setdefault(pb, set()).add(pa)
        return found

    def edges(self) -> Graph:
        """Corners joined by an edge of a placed tile."""
        found: Graph = {}
        for cell in self.tiles:
            for k in range(6):
                pa, pb = corner(cell, k), corner(cell, k + 1)
                found.setdefault(pa, set()).add(pb)
                found.setdefault(pb, set()).add(pa)
        return found

    def cells_next_to_tiles(self) -> set[Cell]:
        if not self.tiles:
            return {(0, 0)}
        return {(q + dq, r + dr) for q, r in self.tiles for dq, dr in STEPS} - set(self.tiles)

    def name(self, point: Point) -> str:
        return point_name(self.tiles_in_game, point)

    # --- moves ------------------------------------------------------------------------------

    def removable(self, cell: Cell) -> bool:
        q, r = cell
        free = [(q + dq, r + dr) not in self.tiles for dq, dr in STEPS]
        if not any(all(free[(k + i) % 6] for i in range(3)) for k in range(6)):
            return False
        rest = set(self.tiles) - {cell}
        if not rest:
            return True
        todo = [next(iter(rest))]
        reached = set(todo)
        while todo:
            q, r = todo.pop()
            for dq, dr in STEPS:
                n = (q + dq, r + dr)
                if n in rest and n not in reached:
                    reached.add(n)
                    todo.append(n)
        return reached == rest

    def destinations(
        self, start: Point, full: set[Point], links: Graph, edges: Graph
    ) -> set[Point]:
        def lands(p: Point) -> bool:
            stack = self.stacks.get(p, "")
            return p in full and (stack == "" or (self.stacking and len(stack) == 1))

        found: set[Point] = set()
        stopped_empty = [start]  # where a step may begin: the start, or an empty landing
        todo, visited = [start], {start}
        while todo:
            for p in links.get(todo.pop(), set()):
                if p in visited:
                    continue
                visited.add(p)
                if p not in full:  # a partial junction: pass through, never stop
                    todo.append(p)
                elif p not in self.stacks:  # an empty junction: stop or go on
                    found.add(p)
                    stopped_empty.append(p)
                    todo.append(p)
                elif lands(p):  # a single piece: stop on it, no step after
                    found.add(p)
        for p in stopped_empty:
            found |= {n for n in edges.get(p, set()) if lands(n)}
        return found - {start}

    def legal(self) -> dict[str, Move]:
        """The legal moves by their names in the engine's notation."""
        if self.moves is None:
            self.moves = self.find_moves()
        return self.moves

    def find_moves(self) -> dict[str, Move]:
        if self.to_move is None:
            return {}
        moves: dict[str, Move] = {}
        name = self.name
        if self.pool > 0:
            for cell in self.cells_next_to_tiles():
                for o, way in enumerate(WAYS):
                    moves[name(centre(cell)) + way] = ("place", cell, o)
        else:
            for cell in self.tiles:
                if self.removable(cell):
                    moves["-" + name(centre(cell))] = ("remove", cell)
        full, links, edges = self.full(), self.links(), self.edges()
        for start, stack in self.stacks.items():
            if stack[-1] == LETTERS[self.to_move]:
                for end in self.destinations(start, full, links, edges):
                    moves[f"{name(start)}-{name(end)}"] = ("move", start, end)
        return moves or {"pass": ("pass",)}

    # --- playing ----------------------------------------------------------------------------

    def play(self, name: str) -> Position:
        """The position after the legal move ``name``."""
        move = self.legal()[name]
        mover = self.to_move
        assert mover is not None
        new = replace(
            self,
            tiles=dict(self.tiles),
            stacks=dict(self.stacks),
            supply=list(self.supply),
            seen=Counter(self.seen),
            moves=None,
        )
        was_waning = self.pool == 0
        if move[0] == "place":
            cell = move[1]
            new.tiles[cell] = move[2]
            new.pool -= 1
            around = new.around()
            for k in range(6):  # right-hand corner first, then anticlockwise
                p = corner(cell, k)
                owner = k % 2  # even corners light (White's), odd dark (Blue's)
                if len(around[p]) == 3 and new.supply[owner] > 0:
                    new.supply[owner] -= 1
                    new.stacks[p] = LETTERS[owner]
        elif move[0] == "remove":
            full = new.full()
            for k in range(6):
                p = corner(move[1], k)
                if p in full:
                    new.stacks.pop(p, None)
            del new.tiles[move[1]]
        elif move[0] == "move":
            start, end = move[1], move[2]
            rest = new.stacks.pop(start)[:-1]
            if rest:
                new.stacks[start] = rest
            new.stacks[end] = new.stacks.get(end, "") + LETTERS[mover]
        captured = new.capture(1 - mover) + new.capture(mover)
        if captured or move[0] == "remove":
            new.quiet = 0
        elif was_waning:
            new.quiet += 1
        new.to_move = 1 - mover
        new.seen[new.key()] += 1
        new.judge(mover)
        return new

    def capture(self, player: int) -> int:
        """Remove every surrounded group of ``player``; return how many pieces went."""
        full, edges = self.full(), self.edges()
        mine, theirs = LETTERS[player], LETTERS[1 - player]
        tops = {p for p, stack in self.stacks.items() if stack[-1] == mine}
        doomed: list[Point] = []
        left = set(tops)
        while left:
            group, todo = set(), [left.pop()]
            while todo:
                p = todo.pop()
                group.add(p)
                for n in edges[p]:
                    if n in left:
                        left.discard(n)
                        todo.append(n)
            rim = {n for p in group for n in edges[p]} - group
            if all(n in full and self.stacks.get(n, " ")[-1] == theirs for n in rim):
                doomed.extend(group)
        gone = 0
        for p in doomed:
            stack = self.stacks.pop(p)
            gone += 1
            if len(stack) == 2:
                if stack[0] == mine:
                    gone += 1
                else:
                    self.stacks[p] = stack[0]  # the other player's piece is released
        return gone

    def count(self, player: int) -> int:
        return sum(stack.count(LETTERS[player]) for stack in self.stacks.values())

    def key(self) -> Any:
        return (frozenset(self.tiles.items()), frozenset(self.stacks.items()), self.to_move)

    def judge(self, mover: int) -> None:
        opponent = 1 - mover
        if self.pool == 0 and not (self.count(mover) and self.count(opponent)):
            if self.count(opponent):
                self.result = ((opponent,), WIN_NO_PIECES)
            elif self.count(mover):
                self.result = ((mover,), WIN_NO_PIECES)
            else:
                self.result = ((mover,), WIN_EMPTY_BOARD)
        elif self.seen[self.key()] >= 3:
            self.result = ((0, 1), DRAW_REPETITION)
        elif self.quiet >= self.waning_limit:
            self.result = ((0, 1), DRAW_WANING)
        if self.result is not None:
            self.to_move = None

    # --- the position format ----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        tiles = sorted(([*centre(c), WAYS[o]] for c, o in self.tiles.items()), key=reading)
        pieces = sorted(([*p, s] for p, s in self.stacks.items()), key=reading)
        result = None
        if self.result is not None:
            result = {"winners": list(self.result[0]), "reason": self.result[1]}
        return {
            "game": self.spec,
            "tiles": tiles,
            "pieces": pieces,
            "supply": list(self.supply),
            "pool": self.pool,
            "quiet": self.quiet,
            "to_move": self.to_move,
            "result": result,
        }


def reading(entry: list[Any]) -> tuple[int, int]:
    return (entry[1], entry[0])


def from_json(obj: dict[str, Any]) -> Position:
    """Read the engine's ``to_json`` form; repetitions count from here."""
    spec = obj["game"]
    options = dict(re.findall(r"(\w+)=(\w+)", spec))
    result = obj["result"]
    position = Position(
        spec=spec,
        tiles_in_game=int(options.get("tiles", 36)),
        stacking=options.get("stacking", "true") == "true",
        waning_limit=int(options.get("waning_limit", 200)),
        tiles={cell_at((x, y)): WAYS.index(way) for x, y, way in obj["tiles"]},
        stacks={(x, y): stack for x, y, stack in obj["pieces"]},
        supply=list(obj["supply"]),
        pool=obj["pool"],
        quiet=obj["quiet"],
        to_move=obj["to_move"],
        result=None if result is None else (tuple(result["winners"]), result["reason"]),
    )
    position.seen[position.key()] += 1
    return position
