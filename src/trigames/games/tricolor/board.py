"""Precomputed tables of a Tricolor board: triangles, lozenges, and the configurations they form.

Sets of triangles and of lozenges are ``int`` bit masks over the board's lists. Crowns, stars and
hexagons are fixed sets of lozenges, so each is one mask.

>>> board = TricolorBoard.of_size(4)
>>> len(board.triangles), len(board.lozenges), [len(board.by_colour[c]) for c in range(3)]
(96, 132, [44, 44, 44])
>>> board.lozenges[0], COLOURS[board.colour[0]]
(Lozenge('A1-B2'), 'green')
"""

from __future__ import annotations

from functools import lru_cache

from trigames.core.bits import bits, mask
from trigames.core.errors import MoveParseError
from trigames.core.limits import check_length, quote
from trigames.core.phrases import Phrase
from trigames.core.protocol import NamedMove
from trigames.geometry.trilattice import DIRECTIONS, HexRegion, Point, Triangle, add

#: Piece colours, in the order they are due: the first piece of a game is orange.
COLOURS = ("orange", "green", "yellow")
#: The same colours in words for people (phrases, which pages say in their language; a
#: colour is said of a lozenge: "your green lozenge", "it is green").
COLOUR_NAMES = (Phrase("orange"), Phrase("green"), Phrase("yellow"))

#: Colour of a lozenge by the direction of its shared side (``b - a``). As the board is drawn,
#: standing on a corner (rows of points are columns), a side going down its column makes a
#: lozenge lying flat (orange); a side going down into the next column on the right, one whose
#: long diagonal rises from left to right (green); up into it, one whose long diagonal falls
#: (yellow).
COLOUR_OF_SIDE = {(1, 0): 0, (0, 1): 1, (-1, 1): 2}

CROWN, STAR, HEXAGON = "crown", "star", "hexagon"

#: The most characters a lozenge may have, checked before it is read: the longest on the
#: largest board (size 8) has 7 (``B10-C10``).
MAX_MOVE_LENGTH = 32


class Lozenge(NamedMove):
    """A piece position: two triangles sharing a side, named by that side: ``Lozenge('C2-C3')``."""

    __slots__ = ()


class TricolorBoard:
    """The geometry of a Tricolor board of side ``size``, as lists and bit masks."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.region = region = HexRegion(size)
        self.triangles: tuple[Triangle, ...] = tuple(region.triangles())
        triangle_index = {frozenset(t): i for i, t in enumerate(self.triangles)}
        self.triangle_names = tuple(
            "-".join(region.name(c) for c in triangle) for triangle in self.triangles
        )
        sides: dict[frozenset[Point], list[int]] = {}
        for t, (a, b, c) in enumerate(self.triangles):
            for side in ((a, b), (a, c), (b, c)):
                sides.setdefault(frozenset(side), []).append(t)
        #: Triangles sharing a side with each triangle; a missing side is the board's edge.
        self.triangle_neighbours: tuple[int, ...] = tuple(
            mask(u for side in ((a, b), (a, c), (b, c)) for u in sides[frozenset(side)] if u != t)
            for t, (a, b, c) in enumerate(self.triangles)
        )
        shapes = region.lozenges()
        self.shared_sides = tuple(side for side, _, _ in shapes)
        self.lozenges: tuple[Lozenge, ...] = tuple(
            Lozenge(f"{region.name(a)}-{region.name(b)}") for a, b in self.shared_sides
        )
        self.lozenge_index = {lozenge: i for i, lozenge in enumerate(self.lozenges)}
        self.lozenge_by_ends = {
            frozenset(side): lozenge
            for side, lozenge in zip(self.shared_sides, self.lozenges, strict=True)
        }
        self.colour: tuple[int, ...] = tuple(
            COLOUR_OF_SIDE[(b[0] - a[0], b[1] - a[1])] for a, b in self.shared_sides
        )
        self.by_colour: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, c in enumerate(self.colour) if c == colour) for colour in range(3)
        )
        self.colour_mask: tuple[int, ...] = tuple(mask(ids) for ids in self.by_colour)
        self.lozenge_triangles: tuple[tuple[int, int], ...] = tuple(
            (triangle_index[frozenset(t1)], triangle_index[frozenset(t2)]) for _, t1, t2 in shapes
        )
        self.lozenge_mask: tuple[int, ...] = tuple(
            (1 << t1) | (1 << t2) for t1, t2 in self.lozenge_triangles
        )
        covering: list[int] = [0] * len(self.triangles)
        for i, (t1, t2) in enumerate(self.lozenge_triangles):
            covering[t1] |= 1 << i
            covering[t2] |= 1 << i
        #: Lozenges sharing a triangle with each lozenge (itself included).
        self.conflicts: tuple[int, ...] = tuple(
            covering[t1] | covering[t2] for t1, t2 in self.lozenge_triangles
        )
        #: Triangles next to each lozenge: the only ones it can leave as empty triangles.
        self.lozenge_border: tuple[tuple[int, ...], ...] = tuple(
            tuple(bits((self.triangle_neighbours[t1] | self.triangle_neighbours[t2]) & ~mask))
            for (t1, t2), mask in zip(self.lozenge_triangles, self.lozenge_mask, strict=True)
        )
        self.all_lozenges = (1 << len(self.lozenges)) - 1
        self.configurations: tuple[tuple[str, Point, int], ...] = tuple(self._configurations())
        involving: list[list[tuple[str, Point, int]]] = [[] for _ in self.lozenges]
        for configuration in self.configurations:
            for i in bits(configuration[2]):
                involving[i].append(configuration)
        #: The crowns, stars and hexagons each lozenge is part of: ``(kind, centre, lozenges)``.
        self.configurations_of: tuple[tuple[tuple[str, Point, int], ...], ...] = tuple(
            tuple(found) for found in involving
        )

    def _configurations(self) -> list[tuple[str, Point, int]]:
        """Every crown, star and hexagon position on the board."""
        by_side = {frozenset(side): i for i, side in enumerate(self.shared_sides)}
        found: list[tuple[str, Point, int]] = []
        for point in self.region.points:
            sectors = self.region.sectors(point)

            # acute[k]: the lozenge covering sector k with its acute corner at the point;
            # obtuse[k]: the lozenge covering sectors k and k + 1, obtuse corner at the point.
            acutes = [
                by_side.get(frozenset((add(point, step), add(point, after))))
                if sectors[k] is not None
                else None
                for k, (step, after) in enumerate(zip(DIRECTIONS, _turned(DIRECTIONS), strict=True))
            ]
            obtuses = [
                by_side.get(frozenset((point, add(point, after))))
                if sectors[k] is not None and sectors[(k + 1) % 6] is not None
                else None
                for k, after in enumerate(_turned(DIRECTIONS))
            ]
            for k in range(6):
                trio = [acutes[(k + j) % 6] for j in range(3)]
                if all(i is not None for i in trio):
                    found.append((CROWN, point, mask(i for i in trio if i is not None)))
            if all(i is not None for i in acutes):
                found.append((STAR, point, mask(i for i in acutes if i is not None)))
            for start in (0, 1):
                trio = obtuses[start::2]
                if all(i is not None for i in trio):
                    found.append((HEXAGON, point, mask(i for i in trio if i is not None)))
        return found

    @staticmethod
    @lru_cache(maxsize=8)
    def of_size(size: int) -> TricolorBoard:
        """The board of side ``size``, shared: the 8 most recently used are kept (every size
        the option allows)."""
        return TricolorBoard(size)

    def parse_lozenge(self, text: str) -> Lozenge:
        """The lozenge whose shared side is written ``C2-C3`` (either end first, any case), of
        at most :data:`MAX_MOVE_LENGTH` characters."""
        if isinstance(text, str):
            check_length(text, MAX_MOVE_LENGTH, "a lozenge", MoveParseError)
        try:
            ends = self.region.point_pair(text)
        except ValueError as error:
            raise MoveParseError(
                Phrase(
                    "{text} is not a lozenge: {error}; a lozenge is written by the ends of the "
                    "side its two triangles share, like C2-C3",
                    text=quote(text),
                    error=str(error),
                )
            ) from None
        lozenge = self.lozenge_by_ends.get(ends)
        if lozenge is None:
            raise MoveParseError(
                Phrase(
                    "{text} is not a lozenge: its ends must be neighbouring points, and not both "
                    "on the board's edge",
                    text=quote(text),
                )
            )
        return lozenge


def _turned(steps: tuple[Point, ...]) -> tuple[Point, ...]:
    """Each direction's counter-clockwise neighbour."""
    return steps[1:] + steps[:1]
