"""A second, deliberately simple model of the whole TRANGLAR rules, for cross-checking the engine.

It imports nothing from ``trigames``: it reads a position in the engine's ``to_json`` form and
gives the legal moves in the engine's notation and the position after each of them, again in
``to_json`` form. Everything is derived here from first principles, following
``shared/RULINGS.md`` (TRANGLAR) and the decisions listed in the game's ``rules.md``:

* Points use doubled coordinates (square corners are even points, square centres odd ones).
  A piece is a polygon with exact integer corners; its *sides* are the polygon's sides.
* A placement is the polygon turned by quarter turns (mirrored too for neutral pieces) and
  shifted so that it lies on the board with every side along a line of the grid (a square
  side or a diagonal): it then covers exactly the cells whose centroid lies inside it.
* A side touches a cell outside the piece when one of the cell's three edges overlaps the
  side along a positive length (checked with exact segment arithmetic). A side counts towards
  trapping when it touches a cell of the opponent and no neutral cell.
* The repetition rule counts every position of the game, from the one read by ``from_json``
  on, by the pieces, the reserves, the large neutral pieces to place and the player to move
  (the engine forgets the positions before a turn that covered a new cell, as they cannot come
  back; the model does not rely on that).
* Kinds are told apart by their placements; a kind's *mirror* is the kind whose turns include
  its reflection, and a kind is symmetric when it is its own mirror.

The code favours being obviously right over being fast: positions are plain dicts and sets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

Point = tuple[int, int]
Cell = tuple[int, int, str]  # square column (0 = a), square row (0 = top), side letter
Cells = frozenset[Cell]

SIDES = "nesw"
COLUMNS = "abcd"

#: Each piece as a polygon: its true corners in order (doubled coordinates).
POLYGONS: dict[str, list[Point]] = {
    # small triangle: one cell, against the top side of a square
    "T": [(0, 0), (2, 0), (1, 1)],
    # large triangle: half a square cut along its diagonal
    "L": [(0, 0), (2, 0), (2, 2)],
    # medium square: the diamond of two cells on either side of a square side
    "M": [(0, 2), (1, 1), (2, 2), (1, 3)],
    # large square: a whole square
    "Q": [(0, 0), (2, 0), (2, 2), (0, 2)],
    # trapezes: half a square plus the cell across its right side, and the mirror image
    "Zr": [(0, 0), (2, 0), (3, 1), (2, 2)],
    "Zl": [(0, 0), (-2, 0), (-3, 1), (-2, 2)],
    # parallelograms: sides of 2 (a square side) and 2 half-diagonals, at 45 degrees
    "Pr": [(0, 0), (2, 0), (4, 2), (2, 2)],
    "Pl": [(0, 0), (-2, 0), (-4, 2), (-2, 2)],
    # rectangular parallelogram: two medium squares side by side
    "R": [(0, 2), (2, 0), (3, 1), (1, 3)],
    # five-sided piece: a square less one cell
    "F": [(0, 0), (1, 1), (2, 0), (2, 2), (0, 2)],
    # neutral: small triangle, the 5-cell trapeze (parallel sides of 2 and 3 half-diagonals,
    # the other two of a square side and one half-diagonal) and the 5-cell five-sided piece
    "N": [(0, 0), (2, 0), (1, 1)],
    "G": [(0, 2), (2, 0), (4, 0), (1, 3)],
    "H": [(0, 2), (1, 1), (2, 2), (2, 4), (0, 4)],
}
COLOURED = ("T", "L", "M", "Q", "Zr", "Zl", "Pr", "Pl", "R", "F")
NEUTRAL_KINDS = ("N", "G", "H")
START = {"T": 4, "L": 4, "M": 3, "Q": 1, "Zr": 1, "Zl": 1, "R": 1, "F": 1, "N": 3}
SEAT_KEYS = ("petrol", "green", "neutral")
NEUTRAL = 2


# --- geometry -------------------------------------------------------------------------------------


def cell_corners(cell: Cell) -> list[Point]:
    x, y, side = cell
    square = [(2 * x, 2 * y), (2 * x + 2, 2 * y), (2 * x + 2, 2 * y + 2), (2 * x, 2 * y + 2)]
    k = SIDES.index(side)
    return [square[k], square[(k + 1) % 4], (2 * x + 1, 2 * y + 1)]


ALL_CELLS: list[Cell] = [(x, y, s) for y in range(4) for x in range(4) for s in SIDES]


def cell_key(cell: Cell) -> tuple[int, int, int]:
    """The board order: rows from the top, columns from the left, cells n e s w."""
    x, y, side = cell
    return y, x, SIDES.index(side)


def centroid(cell: Cell) -> tuple[Fraction, Fraction]:
    corners = cell_corners(cell)
    return (
        Fraction(sum(p[0] for p in corners), 3),
        Fraction(sum(p[1] for p in corners), 3),
    )


def inside(point: tuple[Fraction, Fraction], polygon: list[Point]) -> bool:
    """Ray casting (a centroid is never on a side)."""
    px, py = point
    hit = False
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[i - 1]
        if (ay > py) != (by > py):
            cross = ax + (py - ay) * Fraction(bx - ax, by - ay)
            if px < cross:
                hit = not hit
    return hit


def on_grid_line(a: Point, b: Point) -> bool:
    """True when the segment lies along one of the grid's lines: x or y even (square sides),
    x - y or x + y even (diagonals)."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    if dy == 0:
        return ay % 2 == 0
    if dx == 0:
        return ax % 2 == 0
    if dx == dy:
        return (ax - ay) % 2 == 0
    if dx == -dy:
        return (ax + ay) % 2 == 0
    return False


def overlap(a: Point, b: Point, p: Point, q: Point) -> bool:
    """True when segments ab and pq are collinear and share a stretch of positive length."""
    ux, uy = b[0] - a[0], b[1] - a[1]

    def cross(point: Point) -> int:
        return ux * (point[1] - a[1]) - uy * (point[0] - a[0])

    if cross(p) or cross(q):
        return False

    def along(point: Point) -> int:
        return ux * (point[0] - a[0]) + uy * (point[1] - a[1])

    lo, hi = sorted((along(p), along(q)))
    return min(hi, along(b)) > max(lo, 0)


def turned(polygon: list[Point], turns: int, reflect: bool) -> list[Point]:
    points = [(-x, y) for x, y in polygon] if reflect else list(polygon)
    for _ in range(turns):
        points = [(-y, x) for x, y in points]
    return points


def normal_form(polygon: list[Point]) -> frozenset[Point]:
    """The corner set, shifted so that its least x and least y are 0."""
    left = min(x for x, _ in polygon)
    top = min(y for _, y in polygon)
    return frozenset((x - left, y - top) for x, y in polygon)


@dataclass(frozen=True)
class Placement:
    kind: str
    cells: Cells
    #: For each side, the board cells outside the piece that it touches.
    sides: tuple[frozenset[Cell], ...]

    @property
    def first(self) -> Cell:
        return min(self.cells, key=cell_key)


def area2(polygon: list[Point]) -> int:
    """Twice the signed area (shoelace)."""
    return sum(
        polygon[i - 1][0] * polygon[i][1] - polygon[i][0] * polygon[i - 1][1]
        for i in range(len(polygon))
    )


def make_placements(kind: str) -> list[Placement]:
    polygon = POLYGONS[kind]
    for i in range(len(polygon)):  # only true corners
        (ax, ay), (bx, by), (cx, cy) = polygon[i - 2], polygon[i - 1], polygon[i]
        assert (bx - ax) * (cy - by) - (by - ay) * (cx - bx) != 0
    found: dict[Cells, Placement] = {}
    for reflect in (False, True) if kind in NEUTRAL_KINDS else (False,):
        for turns in range(4):
            base = turned(polygon, turns, reflect)
            for dx in range(-12, 13):
                for dy in range(-12, 13):
                    moved = [(x + dx, y + dy) for x, y in base]
                    if not all(0 <= x <= 8 and 0 <= y <= 8 for x, y in moved):
                        continue
                    if not all(on_grid_line(moved[i - 1], moved[i]) for i in range(len(moved))):
                        continue
                    cells = frozenset(c for c in ALL_CELLS if inside(centroid(c), moved))
                    # each cell has area 1 in doubled coordinates (twice the area is 2)
                    assert 2 * len(cells) == abs(area2(moved)), (kind, moved)
                    sides = []
                    for i in range(len(moved)):
                        a, b = moved[i - 1], moved[i]
                        sides.append(
                            frozenset(
                                c
                                for c in ALL_CELLS
                                if c not in cells
                                and any(
                                    overlap(a, b, corners[j - 1], corners[j])
                                    for corners in [cell_corners(c)]
                                    for j in range(3)
                                )
                            )
                        )
                    found[cells] = Placement(kind, cells, tuple(sides))
    return list(found.values())


PLACEMENTS: dict[str, list[Placement]] = {kind: make_placements(kind) for kind in POLYGONS}
# (a set of cells is a coloured piece of one kind at most)
assert len({p.cells for k in COLOURED for p in PLACEMENTS[k]}) == sum(
    len(PLACEMENTS[k]) for k in COLOURED
)
ANY_AT: dict[tuple[str, Cells], Placement] = {
    (p.kind, p.cells): p for found in PLACEMENTS.values() for p in found
}


def _shapes(kind: str, reflect: bool) -> set[frozenset[Point]]:
    return {normal_form(turned(POLYGONS[kind], t, reflect)) for t in range(4)}


#: The kind a piece becomes when turned over: the coloured kind whose turns include the
#: piece's mirror image.
MIRROR: dict[str, str] = {
    kind: next(k for k in COLOURED if _shapes(kind, True) & _shapes(k, False)) for kind in COLOURED
}
SYMMETRIC = {kind for kind in COLOURED if MIRROR[kind] == kind}
assert {"T", "L", "M", "Q", "R", "F"} == SYMMETRIC
assert {**{k: k for k in SYMMETRIC}, "Zr": "Zl", "Zl": "Zr", "Pr": "Pl", "Pl": "Pr"} == MIRROR


def share_edge(a: Cell, b: Cell) -> bool:
    return len(set(cell_corners(a)) & set(cell_corners(b))) == 2


NEIGHBOURS: dict[Cell, frozenset[Cell]] = {
    c: frozenset(d for d in ALL_CELLS if d != c and share_edge(c, d)) for c in ALL_CELLS
}


# --- notation -------------------------------------------------------------------------------------


def cells_name(cells: Cells) -> str:
    parts = []
    for y in range(4):
        for x in range(4):
            sides = "".join(s for s in SIDES if (x, y, s) in cells)
            if sides:
                parts.append(f"{COLUMNS[x]}{y + 1}" + ("" if sides == SIDES else sides))
    return "".join(parts)


def piece_name(kind: str, cells: Cells) -> str:
    return kind + cells_name(cells)


def parse_cells(text: str) -> Cells:
    cells = set()
    for column, row, sides in re.findall(r"([a-d])([1-4])([nesw]*)", text):
        for side in sides or SIDES:
            cells.add((COLUMNS.index(column), int(row) - 1, side))
    return frozenset(cells)


def parse_piece(text: str) -> tuple[str, Cells]:
    match = re.fullmatch(r"(Zr|Zl|Pr|Pl|[TLMQRFNGH])((?:[a-d][1-4][nesw]*)+)", text)
    assert match is not None, text
    kind, cells = match.group(1), parse_cells(match.group(2))
    assert (kind, cells) in ANY_AT, text
    return kind, cells


def listed(parts: list[tuple[str, Cells]]) -> str:
    ordered = sorted(parts, key=lambda part: cell_key(min(part[1], key=cell_key)))
    return ",".join(piece_name(kind, cells) for kind, cells in ordered)


# --- positions ------------------------------------------------------------------------------------


@dataclass
class Position:
    game: str
    quiet_limit: int
    #: Pieces on the board: cells -> (kind, owner), owner 0, 1 or NEUTRAL.
    pieces: dict[Cells, tuple[str, int]]
    reserves: list[dict[str, int]]
    to_place: list[str]
    passes: int
    quiet: int
    to_move: int | None
    result: dict[str, Any] | None
    #: How often each position occurred (``repetition_key``), counted from the position
    #: read by ``from_json``.
    seen: dict[Any, int] = field(default_factory=dict)
    #: Filled in while a move is played: cells put down or turned over this turn.
    changed: set[Cell] = field(default_factory=set)
    #: Filled in while a move is played: the pieces on the board before it (for statistics).
    older: set[Cells] = field(default_factory=set)

    def copy(self) -> Position:
        return Position(
            self.game,
            self.quiet_limit,
            dict(self.pieces),
            [dict(self.reserves[0]), dict(self.reserves[1])],
            list(self.to_place),
            self.passes,
            self.quiet,
            self.to_move,
            self.result,
            dict(self.seen),
        )

    def cells_of(self, owner: int) -> set[Cell]:
        return {c for cells, (_, o) in self.pieces.items() if o == owner for c in cells}

    def occupied(self) -> set[Cell]:
        return {c for cells in self.pieces for c in cells}

    def piece_at(self, cell: Cell) -> Cells | None:
        for cells in self.pieces:
            if cell in cells:
                return cells
        return None


def from_json(obj: dict[str, Any]) -> Position:
    game = obj["game"]
    match = re.search(r"quiet_limit=(\d+)", game)
    pieces: dict[Cells, tuple[str, int]] = {}
    for owner, key in enumerate(SEAT_KEYS):
        for text in obj[key]:
            kind, cells = parse_piece(text)
            pieces[cells] = (kind, owner)
    pos = Position(
        game=game,
        quiet_limit=int(match.group(1)) if match else 50,
        pieces=pieces,
        reserves=[dict(obj["reserves"][0]), dict(obj["reserves"][1])],
        to_place=list(obj["to_place"]),
        passes=obj["passes"],
        quiet=obj["quiet"],
        to_move=obj["to_move"],
        result=obj["result"],
    )
    pos.seen = {repetition_key(pos): 1}
    return pos


def repetition_key(pos: Position) -> Any:
    """What the repetition rule compares: the pieces, the reserves, the large neutral pieces
    still to place and the player to move."""
    return (
        frozenset((cells, kind, owner) for cells, (kind, owner) in pos.pieces.items()),
        tuple(frozenset((k, n) for k, n in r.items() if n) for r in pos.reserves),
        frozenset(pos.to_place),
        pos.to_move,
    )


def to_json(pos: Position) -> dict[str, Any]:
    board: dict[str, list[tuple[tuple[int, int, int], str]]] = {key: [] for key in SEAT_KEYS}
    for cells, (kind, owner) in pos.pieces.items():
        first = cell_key(min(cells, key=cell_key))
        board[SEAT_KEYS[owner]].append((first, piece_name(kind, cells)))
    return {
        "game": pos.game,
        **{key: [name for _, name in sorted(found)] for key, found in board.items()},
        "reserves": [{k: n for k, n in r.items() if n} for r in pos.reserves],
        "to_place": sorted(pos.to_place),
        "passes": pos.passes,
        "quiet": pos.quiet,
        "to_move": pos.to_move,
        "result": pos.result,
    }


# --- the rules ------------------------------------------------------------------------------------


def is_trapped(placement: Placement, enemy: set[Cell], neutral: set[Cell]) -> bool:
    """More than half of the sides touch the enemy's cells; a side that touches a neutral cell
    anywhere along it does not count."""
    touching = sum(1 for side in placement.sides if side & enemy and not side & neutral)
    return 2 * touching > len(placement.sides)


def coverings(cells: Cells) -> list[list[Placement]]:
    """Every way to cover exactly ``cells`` with two or more coloured pieces."""
    found: list[list[Placement]] = []

    def grow(rest: Cells, chosen: list[Placement]) -> None:
        if not rest:
            if len(chosen) >= 2:
                found.append(list(chosen))
            return
        first = min(rest, key=cell_key)
        for kind in COLOURED:
            for p in PLACEMENTS[kind]:
                if first in p.cells and p.cells <= rest:
                    chosen.append(p)
                    grow(rest - p.cells, chosen)
                    chosen.pop()

    grow(cells, [])
    return found


def affordable(parts: list[Placement], reserve: dict[str, int]) -> bool:
    need: dict[str, int] = {}
    for p in parts:
        need[p.kind] = need.get(p.kind, 0) + 1
    return all(reserve.get(k, 0) >= n for k, n in need.items())


def legal_moves(pos: Position) -> dict[str, tuple[Any, ...]]:
    """The legal moves by name, each with what it does."""
    moves: dict[str, tuple[Any, ...]] = {}
    if pos.to_move is None:
        return moves
    occupied = pos.occupied()
    if pos.to_place:
        for kind in pos.to_place:
            for p in PLACEMENTS[kind]:
                if not p.cells & occupied:
                    moves[piece_name(kind, p.cells)] = ("setup", p)
        return moves
    me = pos.to_move
    reserve = pos.reserves[me]
    mine = pos.cells_of(me)
    theirs = pos.cells_of(1 - me)
    neutral = pos.cells_of(NEUTRAL)
    # 1. place
    for kind in COLOURED:
        if reserve.get(kind, 0):
            for p in PLACEMENTS[kind]:
                if not p.cells & occupied and not is_trapped(p, theirs, neutral):
                    moves[piece_name(kind, p.cells)] = ("place", p)
    if reserve.get("N", 0) and not reserve.get("T", 0):
        for p in PLACEMENTS["N"]:
            if not p.cells & occupied:
                moves[piece_name("N", p.cells)] = ("place", p)
    # 2. replace one by several
    for cells, (kind, owner) in pos.pieces.items():
        if owner == me:
            for parts in coverings(cells):
                if affordable(parts, reserve):
                    name = piece_name(kind, cells) + "="
                    name += listed([(q.kind, q.cells) for q in parts])
                    moves[name] = ("split", cells, parts)
    # 2. replace several by one
    for kind in COLOURED:
        if not reserve.get(kind, 0):
            continue
        for p in PLACEMENTS[kind]:
            if not p.cells <= mine:
                continue
            replaced = {cells for cells in pos.pieces if cells & p.cells}
            if len(replaced) >= 2 and all(cells <= p.cells for cells in replaced):
                old = listed([(pos.pieces[cells][0], cells) for cells in replaced])
                moves[old + "=" + piece_name(kind, p.cells)] = ("merge", p, replaced)
    # 3. take over
    for cells, (kind, owner) in pos.pieces.items():
        if owner == 1 - me and kind != "T":
            for parts in coverings(cells):
                if affordable(parts, reserve):
                    name = "x" + piece_name(kind, cells) + "="
                    name += listed([(q.kind, q.cells) for q in parts])
                    moves[name] = ("take", cells, parts)
    # 4. swap a trapped trapeze
    for cells, (kind, owner) in pos.pieces.items():
        if (
            owner == 1 - me
            and kind in ("Zr", "Zl")
            and reserve.get(kind, 0)
            and is_trapped(ANY_AT[kind, cells], mine, neutral)
        ):
            moves["x" + piece_name(kind, cells)] = ("swap", cells)
    if not moves:
        moves["pass"] = ("pass",)
    return moves


def take_from(reserve: dict[str, int], kind: str) -> None:
    assert reserve.get(kind, 0) > 0, kind
    reserve[kind] -= 1


def give_to(reserve: dict[str, int], kind: str) -> None:
    reserve[kind] = reserve.get(kind, 0) + 1


def swap_trapeze(pos: Position, cells: Cells, trapper: int) -> None:
    kind, _ = pos.pieces[cells]
    take_from(pos.reserves[trapper], kind)
    give_to(pos.reserves[trapper], MIRROR[kind])
    pos.pieces[cells] = (kind, trapper)


#: What happened in the flip rounds of the last move played, for statistics.
EVENTS: dict[str, int] = {}


def count(event: str) -> None:
    EVENTS[event] = EVENTS.get(event, 0) + 1


def stuck_trapezes(pos: Position) -> set[tuple[Cells, str, int]]:
    """The trapezes trapped at the start of a turn (cells, kind, owner): the flip rounds of
    that turn never swap them; only the swap action does."""
    return {
        (cells, kind, owner)
        for cells, (kind, owner) in pos.pieces.items()
        if kind in ("Zr", "Zl")
        and is_trapped(ANY_AT[kind, cells], pos.cells_of(1 - owner), pos.cells_of(NEUTRAL))
    }


def resolve(
    pos: Position, mover: int, done: set[Cells], stuck: set[tuple[Cells, str, int]]
) -> None:
    """Flip rounds: the opponent's trapped pieces, then the mover's, until a round flips
    nothing. Every piece on the board is looked at; a piece changes hands at most once per
    turn. A trapped trapeze is swapped when its trapper has an equivalent in reserve at that
    moment, unless it is one of the trapezes ``stuck`` (trapped at the start of the turn)."""
    rounds = 0
    stayed: set[Cells] = set()  # trapezes left in place this turn, for statistics
    while True:
        rounds += 1
        any_flip = False
        for side in (1 - mover, mover):
            trapper = 1 - side
            near = set(pos.changed)  # for statistics only: every piece is looked at
            for c in pos.changed:
                near |= NEIGHBOURS[c]
            enemy, neutral = pos.cells_of(trapper), pos.cells_of(NEUTRAL)
            hits = [
                cells
                for cells, (kind, owner) in pos.pieces.items()
                if owner == side
                and cells not in done
                and is_trapped(ANY_AT[kind, cells], enemy, neutral)
            ]
            for cells, (kind, owner) in pos.pieces.items():
                if (
                    owner == side
                    and cells not in done
                    and cells not in hits
                    and is_trapped(ANY_AT[kind, cells], enemy, set())
                ):
                    count("not trapped: a side along an opponent piece also touches a neutral one")
            for cells in sorted(hits, key=lambda cs: cell_key(min(cs, key=cell_key))):
                kind = pos.pieces[cells][0]
                if kind in SYMMETRIC:
                    pos.pieces[cells] = (kind, trapper)
                    count("flip of a mover piece" if side == mover else "flip of an opponent piece")
                    if not cells & near:
                        count("flip of a piece away from what changed this turn")
                    if side == mover and cells in pos.older:
                        count("flip of a mover piece already down")
                        if rounds > 1:
                            count("flip of a mover piece already down, in a later round")
                elif kind in ("Zr", "Zl"):
                    if (cells, kind, side) in stuck:
                        count("trapped trapeze stays: trapped at the start of the turn")
                        if pos.reserves[trapper].get(kind, 0):
                            count("trapeze trapped at the start stays, its trapper has one")
                        continue
                    if not pos.reserves[trapper].get(kind, 0):
                        count("trapped trapeze stays")
                        stayed.add(cells)
                        continue
                    swap_trapeze(pos, cells, trapper)
                    count("swap in the rounds")
                    if trapper != mover:
                        count("swap in the rounds, of a mover trapeze")
                    if cells in stayed:
                        count("swap in the rounds after staying earlier in the turn")
                else:
                    count("trapped parallelogram stays")
                    continue
                done.add(cells)
                pos.changed |= cells
                any_flip = True
                if rounds == 2:
                    count("flips in round 2")
                elif rounds > 2:
                    count("flips in round 3 or later")
        if not any_flip:
            break


def play(pos: Position, name: str, moves: dict[str, tuple[Any, ...]] | None = None) -> Position:
    """The position after the move ``name``, which must be legal (``moves``: the legal moves
    of ``pos``, if known)."""
    if moves is None:
        moves = legal_moves(pos)
    assert name in moves, name
    what = moves[name]
    new = pos.copy()
    mover = pos.to_move
    assert mover is not None
    new.older = set(pos.pieces)
    covered = len(pos.occupied())
    if what[0] == "pass":
        new.passes += 1
        new.quiet += 1
        end_turn(new, mover, "both players passed" if new.passes >= 2 else None)
        return new
    new.passes = 0
    reserve = new.reserves[mover]
    done: set[Cells] = set()
    stuck = stuck_trapezes(pos)
    if what[0] == "setup":
        p = what[1]
        new.to_place.remove(p.kind)
        new.pieces[p.cells] = (p.kind, NEUTRAL)
    elif what[0] == "place":
        p = what[1]
        if p.kind != "N" and is_trapped(p, pos.cells_of(1 - mover), set()):
            count("placed: a side along an opponent piece also touches a neutral one")
        take_from(reserve, p.kind)
        new.pieces[p.cells] = (p.kind, NEUTRAL if p.kind == "N" else mover)
        new.changed = set(p.cells)
    elif what[0] == "split":
        cells, parts = what[1], what[2]
        give_to(reserve, new.pieces.pop(cells)[0])
        for q in parts:
            take_from(reserve, q.kind)
            new.pieces[q.cells] = (q.kind, mover)
        new.changed = set(cells)
    elif what[0] == "merge":
        p, replaced = what[1], what[2]
        for cells in replaced:
            give_to(reserve, new.pieces.pop(cells)[0])
        take_from(reserve, p.kind)
        new.pieces[p.cells] = (p.kind, mover)
        new.changed = set(p.cells)
    elif what[0] == "take":
        cells, parts = what[1], what[2]
        give_to(reserve, MIRROR[new.pieces.pop(cells)[0]])
        for q in parts:
            take_from(reserve, q.kind)
            new.pieces[q.cells] = (q.kind, mover)
        new.changed = set(cells)
    else:  # swap
        cells = what[1]
        swap_trapeze(new, cells, mover)
        done.add(cells)
        new.changed = set(cells)
    if not new.to_place and what[0] != "setup":
        resolve(new, mover, done, stuck)
        for cells, (kind, owner) in new.pieces.items():
            if kind in SYMMETRIC and is_trapped(
                ANY_AT[kind, cells], new.cells_of(1 - owner), new.cells_of(NEUTRAL)
            ):
                count("trapped piece left unflipped after the turn")
    new.quiet = 0 if len(new.occupied()) != covered else new.quiet + 1
    end_turn(new, mover, "all 64 cells are covered" if len(new.occupied()) == 64 else None)
    return new


def end_turn(pos: Position, mover: int, end: str | None) -> None:
    """Give the turn to the other player and count the position; end the game on ``end``,
    else on the third occurrence of the position, else at the quiet limit (0: none)."""
    pos.to_move = 1 - mover
    key = repetition_key(pos)
    pos.seen[key] = pos.seen.get(key, 0) + 1
    if end is None and pos.seen[key] == 3:
        end = "the same position occurred for the third time"
    if end is None and pos.quiet_limit and pos.quiet >= pos.quiet_limit:
        end = f"{pos.quiet} turn{'s' if pos.quiet != 1 else ''} in a row covered no new cell"
    if end is not None:
        finish(pos, end)


def finish(pos: Position, reason: str) -> None:
    scores = [len(pos.cells_of(0)), len(pos.cells_of(1))]
    best = max(scores)
    pos.result = {"winners": [s for s in (0, 1) if scores[s] == best], "reason": reason}
    pos.to_move = None


def scores(pos: Position) -> tuple[int, int]:
    return len(pos.cells_of(0)), len(pos.cells_of(1))
