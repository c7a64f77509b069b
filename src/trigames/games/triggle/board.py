"""Precomputed tables of a Triggle board: pegs, unit segments, triangles and band positions.

Every set the rules work with is an ``int`` bit mask over one of these lists.

>>> board = TriggleBoard.of_size(4)
>>> len(board.pegs), len(board.segments), len(board.triangles), len(board.bands)
(37, 90, 54, 48)
>>> board.bands[0], board.triangle_name(0)
(Band('A1-A4'), 'A1-B1-B2')
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable
from functools import lru_cache, reduce

from trigames.core.errors import MoveParseError
from trigames.core.limits import check_length, quote
from trigames.core.phrases import Phrase, counted, words_of
from trigames.core.protocol import NamedMove
from trigames.geometry.trilattice import HexRegion, Point, Segment, Triangle

BAND_PEGS = 4
#: The most characters a band (or a triangle's name) may have, checked before it is read: the
#: longest on the largest board (size 8) has 7 (``C10-F13``), a triangle 11 (``C10-D10-D11``).
MAX_MOVE_LENGTH = 32


class Band(NamedMove):
    """An elastic band over four collinear pegs, named by its end pegs: ``Band('A1-A4')``."""

    __slots__ = ()


class TriggleBoard:
    """The geometry of a Triggle board of ``size`` pegs per side, as lists and bit masks."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.region = region = HexRegion(size - 1)
        self.pegs: tuple[Point, ...] = region.points
        peg_bit = {peg: 1 << i for i, peg in enumerate(self.pegs)}
        self.segments: tuple[Segment, ...] = tuple(region.segments())
        segment_bit = {frozenset(s): 1 << i for i, s in enumerate(self.segments)}
        self.triangles: tuple[Triangle, ...] = tuple(region.triangles())
        self.triangle_segments: tuple[int, ...] = tuple(
            segment_bit[frozenset((a, b))]
            | segment_bit[frozenset((a, c))]
            | segment_bit[frozenset((b, c))]
            for a, b, c in self.triangles
        )
        lines = region.lines(BAND_PEGS)
        self.band_points: tuple[tuple[Point, ...], ...] = tuple(lines)
        self.bands: tuple[Band, ...] = tuple(
            Band(f"{region.name(line[0])}-{region.name(line[-1])}") for line in lines
        )
        self.band_index: dict[Band, int] = {band: i for i, band in enumerate(self.bands)}
        self.band_by_ends = {
            frozenset((line[0], line[-1])): band
            for line, band in zip(lines, self.bands, strict=True)
        }
        self.band_segments: tuple[int, ...] = tuple(
            _or(segment_bit[frozenset(pair)] for pair in itertools.pairwise(line)) for line in lines
        )
        self.band_pegs: tuple[int, ...] = tuple(_or(peg_bit[p] for p in line) for line in lines)
        everything = range(len(self.bands))
        #: Bands sharing at least one peg with band i (i included): placing i lets them touch.
        self.band_touches: tuple[int, ...] = tuple(
            _or(1 << j for j in everything if self.band_pegs[i] & self.band_pegs[j])
            for i in everything
        )
        #: Bands sharing a segment with band i (i included): the only ones i can fully cover.
        self.band_overlaps: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j in everything if self.band_segments[i] & self.band_segments[j])
            for i in everything
        )
        #: Triangles with a side under band i: the only ones i can complete.
        self.band_triangles: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                t for t, sides in enumerate(self.triangle_segments) if sides & self.band_segments[i]
            )
            for i in everything
        )
        self.all_bands = (1 << len(self.bands)) - 1
        self.triangle_names: tuple[str, ...] = tuple(
            "-".join(region.name(corner) for corner in triangle) for triangle in self.triangles
        )
        self.triangle_index = {name: t for t, name in enumerate(self.triangle_names)}

    @staticmethod
    @lru_cache(maxsize=8)
    def of_size(size: int) -> TriggleBoard:
        """The board with ``size`` pegs per side, shared: the 8 most recently used are kept
        (every size the option allows)."""
        return TriggleBoard(size)

    def triangle_name(self, triangle: int) -> str:
        """A triangle named by its corners, for example ``A1-B1-B2``."""
        return self.triangle_names[triangle]

    def parse_band(self, text: str) -> Band:
        """The band written ``A1-A4`` (either end first, any case), of at most
        :data:`MAX_MOVE_LENGTH` characters."""
        if isinstance(text, str):
            check_length(text, MAX_MOVE_LENGTH, "a band", MoveParseError)
        try:
            ends = self.region.point_pair(text)
        except ValueError as error:
            raise MoveParseError(
                Phrase(
                    "{text} is not a band: {why}; a band is written by its end pegs, like A1-A4",
                    text=quote(text),
                    why=words_of(error),  # the lattice's words (a phrase, if they are one)
                )
            ) from None
        band = self.band_by_ends.get(ends)
        if band is None:
            raise MoveParseError(
                counted(
                    "{text} is not a band: its ends must be {count} peg apart on one line",
                    "{text} is not a band: its ends must be {count} pegs apart on one line",
                    BAND_PEGS,
                    text=quote(text),
                )
            )
        return band

    def parse_triangle(self, text: str) -> int:
        """The index of the triangle named ``A1-B1-B2`` (corners in any order), of at most
        :data:`MAX_MOVE_LENGTH` characters."""
        if isinstance(text, str):
            check_length(text, MAX_MOVE_LENGTH, "a triangle's name", MoveParseError)
        try:
            corners = {self.region.point(part) for part in text.split("-")}
        except (ValueError, AttributeError):
            corners = set()
        for t, triangle in enumerate(self.triangles):
            if set(triangle) == corners:
                return t
        raise MoveParseError(
            f"{quote(text)} is not a triangle of this board: name its corners, like A1-B1-B2"
        )


def _or(masks: Iterable[int]) -> int:
    return reduce(operator.or_, masks, 0)
