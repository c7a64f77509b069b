"""A deliberately simple second model of Trig, Trigger and Triggest, built from first principles.

It shares nothing with the engine. Cells are axial ``(q, r)`` pairs in plain sets; every rule
is checked from scratch on the whole board after every move, with no incremental bookkeeping:
capture triangles are found by brute force over pairs of corners, and wins by breadth-first
searches. Cells are named as the players read the board: rows lettered from the top, cells
numbered from the left of their row.

>>> board = Board.named("trig")
>>> len(board.cells), len(board.playing), len(board.edge), len(board.triangles)
(127, 84, 36, 432)
>>> game = Game("trig")
>>> game.legal()
['F6', 'F7', 'G6', 'G8', 'H6', 'H7']
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

Cell = tuple[int, int]
Triangle = tuple[frozenset[Cell], Cell]  # (corners, centre)

PILLARS: dict[str, tuple[Cell, ...]] = {
    "trig": ((0, 0),),
    "trigger": ((0, 0), (6, 0)),
    "triggest": ((0, 0), (6, 0), (0, 6)),
}
STEPS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def around(cell: Cell) -> list[Cell]:
    """The six cells sharing an edge with ``cell`` (on the board or not)."""
    return [(cell[0] + dq, cell[1] + dr) for dq, dr in STEPS]


def steps_apart(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def turn(a: Cell, b: Cell) -> Cell:
    """``b`` turned 60 degrees about ``a``: in cube coordinates ``(x, y, z) -> (-z, -x, -y)``."""
    q, r = b[0] - a[0], b[1] - a[1]
    return (a[0] - r, a[1] + q + r)


@dataclass(frozen=True)
class Board:
    pillars: tuple[Cell, ...]
    cells: frozenset[Cell]
    playing: frozenset[Cell]
    edge: frozenset[Cell]
    triangles: frozenset[Triangle]
    names: dict[Cell, str]
    #: The capture triangles each cell is a corner of.
    corner_of: dict[Cell, list[Triangle]]

    @staticmethod
    @cache
    def named(name: str) -> Board:
        pillars = PILLARS[name]
        cells = frozenset(
            (q, r)
            for q in range(-12, 19)
            for r in range(-12, 19)
            if any(steps_apart((q, r), p) <= 6 for p in pillars)
        )
        pillar_class = (pillars[0][0] - pillars[0][1]) % 3
        playing = frozenset(c for c in cells if (c[0] - c[1]) % 3 != pillar_class)
        edge = frozenset(c for c in cells if any(n not in cells for n in around(c)))
        triangles = set()
        for a in playing:
            for b in playing:
                c = turn(a, b)
                q, r = a[0] + b[0] + c[0], a[1] + b[1] + c[1]
                centre = (q // 3, r // 3)
                if a != b and c in playing and q % 3 == r % 3 == 0 and centre in playing:
                    triangles.add((frozenset((a, b, c)), centre))
        names = {}
        for letter, r in zip(string.ascii_uppercase, sorted({r for _, r in cells}), strict=False):
            row = sorted(q for q, rr in cells if rr == r)
            for number, q in enumerate(row, start=1):
                names[(q, r)] = f"{letter}{number}"
        corner_of: dict[Cell, list[Triangle]] = {c: [] for c in playing}
        for corners, centre in triangles:
            for c in corners:
                corner_of[c].append((corners, centre))
        return Board(pillars, cells, playing, edge, frozenset(triangles), names, corner_of)

    def name(self, cell: Cell, captured: Cell | None = None) -> str:
        """A move's name: ``G9``, or ``G9xG8`` with a capture."""
        return self.names[cell] + ("" if captured is None else "x" + self.names[captured])


def reach(start: Cell, through: set[Cell] | frozenset[Cell]) -> set[Cell]:
    """The cells of ``through`` connected to ``start`` (``start`` itself included)."""
    found, todo = {start}, [start]
    while todo:
        for n in around(todo.pop()):
            if n in through and n not in found:
                found.add(n)
                todo.append(n)
    return found


@dataclass
class Game:
    """A game replayed by the naive rules: ``pegs`` maps cells to their owners, 0 or 1."""

    board_name: str = "trig"
    pegs: dict[Cell, int] = field(default_factory=dict)
    to_move: int | None = 0
    winner: int | None = None
    #: How the last move ended the game: some of "edge", "pillars", "enclosed", or {"draw"}.
    ended: set[str] = field(default_factory=set)

    @property
    def board(self) -> Board:
        return Board.named(self.board_name)

    def open_cells(self) -> list[Cell]:
        near = set(self.board.pillars) | set(self.pegs)
        return [
            c
            for c in self.board.playing
            if c not in self.pegs and any(n in near for n in around(c))
        ]

    def captures(self, cell: Cell, player: int) -> set[Cell]:
        """Centres of the opponent's pegs that ``player`` may capture by placing on ``cell``."""
        return {
            centre
            for corners, centre in self.board.corner_of[cell]
            if all(self.pegs.get(c) == player for c in corners - {cell})
            and self.pegs.get(centre) == 1 - player
        }

    def moves(self) -> dict[str, tuple[Cell, Cell | None]]:
        player = self.to_move
        if player is None:
            return {}
        found: dict[str, tuple[Cell, Cell | None]] = {}
        for cell in self.open_cells():
            found[self.board.name(cell)] = (cell, None)
            for centre in self.captures(cell, player):
                found[self.board.name(cell, centre)] = (cell, centre)
        return found

    def legal(self) -> list[str]:
        return sorted(self.moves())

    def play(self, name: str) -> None:
        cell, captured = self.moves()[name]
        mover = self.to_move
        assert mover is not None
        self.pegs[cell] = mover
        if captured is not None:
            self.pegs[captured] = mover
        self.ended = self.wins(mover)
        if self.ended:
            self.winner, self.to_move = mover, None
        elif not self.open_cells():
            self.ended, self.to_move = {"draw"}, None
        else:
            self.to_move = 1 - mover

    def wins(self, player: int) -> set[str]:
        """Every way in which ``player``'s pegs win now."""
        board, found = self.board, set()
        mine = {c for c, owner in self.pegs.items() if owner == player}
        chains: list[set[Cell]] = []
        for start in mine:
            if not any(start in chain for chain in chains):
                chains.append(reach(start, mine))
        for chain in chains:
            touched = {p for p in board.pillars if any(n in chain for n in around(p))}
            if len(touched) >= 2:
                found.add("pillars")
            if touched and chain & board.edge:
                found.add("edge")
        free = board.cells - mine
        if any(not reach(p, free) & board.edge for p in board.pillars):
            found.add("enclosed")
        return found


def perft(board_name: str, depth: int, game: Game | None = None) -> int:
    """Move sequences of exactly ``depth`` moves from ``game`` (the start by default)."""
    game = game or Game(board_name)
    moves = game.legal()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for move in moves:
        after = Game(board_name, dict(game.pegs), game.to_move)
        after.play(move)
        total += perft(board_name, depth - 1, after)
    return total


def from_names(board_name: str, white: Iterable[str], black: Iterable[str], to_move: int) -> Game:
    """A position given by cell names, as in the engine's JSON form."""
    cells = {name: cell for cell, name in Board.named(board_name).names.items()}
    pegs = {cells[n]: 0 for n in white} | {cells[n]: 1 for n in black}
    return Game(board_name, pegs, to_move)
