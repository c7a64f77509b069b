"""A deliberately simple second Tricolor model, built from plane geometry.

It shares nothing with the engine but point names: triangles are found by their corners'
coordinates, configurations by angles around each point, and what a move completes is the
difference between all configurations after it and all before it.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from functools import cache

Point = tuple[int, int]
Tri = frozenset[Point]
Lozenge = frozenset[Tri]

COLOURS = ("orange", "green", "yellow")


def xy(p: Point) -> tuple[float, float]:
    return (p[0] + p[1] / 2, p[1] * math.sqrt(3) / 2)


@dataclass(frozen=True)
class Board:
    size: int
    points: frozenset[Point]
    triangles: tuple[Tri, ...]
    lozenges: tuple[Lozenge, ...]
    names: dict[Point, str]

    def lozenge_name(self, lozenge: Lozenge) -> str:
        a, b = sorted(shared_side(lozenge), key=lambda p: (p[1], p[0]))
        return f"{self.names[a]}-{self.names[b]}"


@cache
def board(size: int) -> Board:
    points = frozenset(
        (q, r) for q in range(-size, size + 1) for r in range(-size, size + 1) if abs(q + r) <= size
    )
    unit = {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}
    triangles = set()
    for a in points:
        for b in points:
            for c in points:
                pair = {
                    (b[0] - a[0], b[1] - a[1]),
                    (c[0] - a[0], c[1] - a[1]),
                    (c[0] - b[0], c[1] - b[1]),
                }
                if len({a, b, c}) == 3 and pair <= unit:
                    triangles.add(frozenset((a, b, c)))
    tris = tuple(sorted(triangles, key=lambda t: sorted(t)))
    lozenges = tuple(
        frozenset((s, t)) for i, s in enumerate(tris) for t in tris[i + 1 :] if len(s & t) == 2
    )
    names: dict[Point, str] = {}
    for row, r in enumerate(sorted({p[1] for p in points})):
        for number, q in enumerate(sorted(p[0] for p in points if p[1] == r), start=1):
            names[(q, r)] = f"{string.ascii_uppercase[row]}{number}"
    return Board(size, points, tris, lozenges, names)


def shared_side(lozenge: Lozenge) -> frozenset[Point]:
    s, t = tuple(lozenge)
    return s & t


def colour(lozenge: Lozenge) -> str:
    """By the angle of the shared side, in the frame where the names' letters are rows (the board
    is drawn reflected in y = x, letters as columns): horizontal orange, falling right green,
    falling left yellow."""
    a, b = sorted(shared_side(lozenge), key=lambda p: (p[1], p[0]))
    (x1, y1), (x2, y2) = xy(a), xy(b)
    if abs(y1 - y2) < 1e-9:
        return "orange"
    return "green" if x2 > x1 else "yellow"


def centre(t: Tri) -> tuple[float, float]:
    xs, ys = zip(*(xy(p) for p in t), strict=True)
    return (sum(xs) / 3, sum(ys) / 3)


@cache
def around(size: int, v: Point) -> tuple[Tri, ...]:
    """The triangles with a corner at ``v``, by angle of their centre around it."""
    vx, vy = xy(v)
    found = [t for t in board(size).triangles if v in t]
    found.sort(key=lambda t: math.atan2(vy - centre(t)[1], centre(t)[0] - vx) % (2 * math.pi))
    return tuple(found)


@cache
def neighbours(size: int, t: Tri) -> tuple[Tri, ...]:
    return tuple(s for s in board(size).triangles if len(s & t) == 2)


def configurations(b: Board, pieces: set[Lozenge]) -> set[tuple[str, object]]:
    """Every crown, star, hexagon and empty triangle present."""
    covered = {t: lz for lz in pieces for t in lz}
    found: set[tuple[str, object]] = set()
    for v in b.points:
        vx, vy = xy(v)
        around_v = list(around(b.size, v))

        def acute(t: Tri, v: Point = v) -> bool:
            lz = covered.get(t)
            return lz is not None and sum(1 for s in lz if v in s) == 1

        n = len(around_v)
        angles = [math.atan2(vy - centre(t)[1], centre(t)[0] - vx) for t in around_v]
        for i in range(n):
            trio = [around_v[(i + j) % n] for j in range(3)]
            gaps = [
                (angles[(i + j + 1) % n] - angles[(i + j) % n]) % (2 * math.pi) for j in range(2)
            ]
            if n >= 3 and all(abs(g - math.pi / 3) < 1e-6 for g in gaps) and all(map(acute, trio)):
                found.add(("crown", (v, frozenset(trio))))
        if n == 6 and all(map(acute, around_v)):
            found.add(("star", v))
        if n == 6 and all(t in covered for t in around_v):
            lzs = {covered[t] for t in around_v}
            if len(lzs) == 3 and all(all(v in s for s in lz) for lz in lzs):
                found.add(("hexagon", (v, frozenset(lzs))))
    for t in b.triangles:
        if t not in covered and all(s in covered for s in neighbours(b.size, t)):
            found.add(("empty triangle", t))
    return found


@dataclass
class Game:
    """A game replayed by the naive rules."""

    size: int = 4
    players: int = 2
    pieces: set[Lozenge] = field(default_factory=set)
    scores: list[int] = field(default_factory=list)
    due: int = 0
    to_move: int | None = 0
    last_completed: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.scores = self.scores or [0] * self.players

    @property
    def board(self) -> Board:
        return board(self.size)

    def legal(self) -> list[str]:
        if self.to_move is None:
            return []
        used = {t for lz in self.pieces for t in lz}
        return sorted(
            self.board.lozenge_name(lz)
            for lz in self.board.lozenges
            if colour(lz) == COLOURS[self.due] and not lz & used
        )

    def play(self, name: str) -> None:
        assert name in self.legal(), name
        lozenge = next(lz for lz in self.board.lozenges if self.board.lozenge_name(lz) == name)
        before = configurations(self.board, self.pieces)
        self.pieces.add(lozenge)
        new = configurations(self.board, self.pieces) - before
        kinds = {
            k: sum(1 for kind, _ in new if kind == k)
            for k in ("crown", "star", "hexagon", "empty triangle")
        }
        self.last_completed = kinds
        mover = self.to_move
        assert mover is not None
        self.scores[mover] += kinds["star"] + kinds["hexagon"] - kinds["empty triangle"]
        extra = (kinds["crown"] or kinds["star"]) and not (
            kinds["hexagon"] or kinds["empty triangle"]
        )
        self.due = (self.due + 1) % 3
        self.to_move = mover if extra else (mover + 1) % self.players
        if not self.legal():
            self.scores[mover] += 1
            self.to_move = None


def perft(size: int, depth: int) -> int:
    """Move sequences of exactly ``depth`` moves from the start.

    Which lozenges are legal depends only on the pieces down and the colour due (the game ends
    exactly when none is), so the count needs no scoring.
    """

    def count(pieces: frozenset[Lozenge], due: int, depth: int) -> int:
        used = {t for lz in pieces for t in lz}
        moves = [lz for lz in board(size).lozenges if colour(lz) == COLOURS[due] and not lz & used]
        if depth == 1:
            return len(moves)
        return sum(count(pieces | {lz}, (due + 1) % 3, depth - 1) for lz in moves)

    return count(frozenset(), 0, depth)
