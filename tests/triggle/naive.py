"""A second, deliberately simple model of the Triggle rules, to cross-check the engine.

Nothing here comes from ``trigames``: the board, its names and the rules are rebuilt from
first principles with plain sets, trading speed for being easy to check by eye.

Geometry. Pegs use *doubled* coordinates ``(x, y)``: ``y`` is the row counted from the top
(0 is row ``A``) and ``x`` is twice the horizontal offset from the board's vertical axis, so
the six unit steps are ``(+-2, 0)`` along a row and ``(+-1, +-1)`` to the rows above and below.
A hexagon with ``size`` pegs per side has ``2 * size - 1`` rows; row ``y`` holds
``size + min(y, 2 * (size - 1) - y)`` pegs, centred on the axis.

Names. A peg is its row letter and its number in the row counted from the left (``A1`` is the
top-left corner). A band is named by its two end pegs and a triangle by its three corners,
each list in reading order (top to bottom, then left to right): ``A1-A4``, ``C1-D1-D2``.

>>> board = NaiveBoard(4)
>>> len(board.pegs), len(board.segments), len(board.triangles), len(board.bands)
(37, 90, 54, 48)
>>> position = NaivePosition.start(NaiveRules())
>>> for band in ["D1-D4", "A1-D1", "C1-F2"]:
...     position.play(band)
>>> position.claims, position.scores(), position.to_move
({'C1-D1-D2': 0}, (1, 0), 1)
"""

from __future__ import annotations

import itertools
import string
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

Peg = tuple[int, int]
Segment = frozenset[Peg]

#: One step along each lattice direction: along a row, down-right, down-left.
LINE_STEPS: tuple[Peg, ...] = ((2, 0), (1, 1), (-1, 1))
BAND_LENGTH = 4  # pegs under one band

# Why a game ended (the model's own words; the tests map them to the engine's).
ALL_CLAIMED = "all claimed"
LAST_MARKER = "last marker"
NO_BAND = "no band"


def reading_order(peg: Peg) -> tuple[int, int]:
    """Sort key of a peg: its row, then its place in the row."""
    x, y = peg
    return (y, x)


def are_neighbours(a: Peg, b: Peg) -> bool:
    """True when ``a`` and ``b`` are one unit step apart."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx, dy) in ((2, 0), (1, 1))


class NaiveBoard:
    """Pegs, unit segments, unit triangles and band positions of a hexagon, as sets."""

    def __init__(self, size: int) -> None:
        self.size = size
        last_row = 2 * (size - 1)
        self.name_of: dict[Peg, str] = {}
        for y in range(last_row + 1):
            length = size + min(y, last_row - y)
            xs = range(-(length - 1), length, 2)  # centred, two apart
            for number, x in enumerate(xs, start=1):
                self.name_of[(x, y)] = f"{string.ascii_uppercase[y]}{number}"
        self.pegs: frozenset[Peg] = frozenset(self.name_of)
        self.peg_named: dict[str, Peg] = {name: peg for peg, name in self.name_of.items()}

        # Every pair of neighbouring pegs is a unit segment.
        self.segments: frozenset[Segment] = frozenset(
            frozenset(pair)
            for pair in itertools.combinations(self.pegs, 2)
            if are_neighbours(*pair)
        )
        # Every three pairwise neighbouring pegs are a unit triangle.
        triangles: set[frozenset[Peg]] = set()
        for segment in self.segments:
            a, b = sorted(segment)
            for c in self.pegs:
                if are_neighbours(a, c) and are_neighbours(b, c):
                    triangles.add(frozenset((a, b, c)))
        self.triangles: frozenset[frozenset[Peg]] = frozenset(triangles)
        self.triangle_name: dict[frozenset[Peg], str] = {
            t: "-".join(self.name_of[p] for p in sorted(t, key=reading_order)) for t in triangles
        }
        self.triangle_sides: dict[frozenset[Peg], frozenset[Segment]] = {
            t: frozenset(frozenset(pair) for pair in itertools.combinations(t, 2))
            for t in triangles
        }

        # Every run of four pegs along one direction is a band position.
        self.band_pegs: dict[str, tuple[Peg, ...]] = {}
        for (x, y), (dx, dy) in itertools.product(self.pegs, LINE_STEPS):
            run = tuple((x + k * dx, y + k * dy) for k in range(BAND_LENGTH))
            if all(peg in self.pegs for peg in run):
                ends = sorted((run[0], run[-1]), key=reading_order)
                self.band_pegs["-".join(self.name_of[p] for p in ends)] = run
        self.bands: frozenset[str] = frozenset(self.band_pegs)
        self.band_segments: dict[str, frozenset[Segment]] = {
            band: frozenset(frozenset(pair) for pair in itertools.pairwise(run))
            for band, run in self.band_pegs.items()
        }

    def claim_order(self, triangle: frozenset[Peg]) -> tuple[int, int]:
        """The order in which one band's closed triangles take markers: by centre, reading order.

        The rulings do not say which triangles a player short of markers claims; the project
        chose top to bottom by the triangles' upper row, then left to right by their centre.
        """
        return (min(y for _, y in triangle), sum(x for x, _ in triangle))

    def band_named(self, text: str) -> str:
        """The canonical name of the band written ``text`` (either end first, any case)."""
        ends = text.upper().split("-")
        if len(ends) == 2:
            for candidate in (f"{ends[0]}-{ends[1]}", f"{ends[1]}-{ends[0]}"):
                if candidate in self.bands:
                    return candidate
        raise ValueError(f"no band {text!r} on a board of size {self.size}")


@cache
def naive_board(size: int) -> NaiveBoard:
    """The board of a size, built once."""
    return NaiveBoard(size)


@dataclass(frozen=True)
class NaiveRules:
    """The options of a Triggle game."""

    size: int = 4
    players: int = 2
    markers: int = 22
    touch: bool = True
    misere: bool = False

    @classmethod
    def from_spec(cls, spec: str) -> NaiveRules:
        """Rules from a spec string such as ``triggle(players=3,touch=false)``.

        >>> NaiveRules.from_spec("triggle(size=3,touch=false)")
        NaiveRules(size=3, players=2, markers=22, touch=False, misere=False)
        """
        name, _, rest = spec.replace(" ", "").lower().partition("(")
        if name != "triggle" or (rest and not rest.endswith(")")):
            raise ValueError(f"not a Triggle spec: {spec!r}")
        numbers: dict[str, int] = {}
        flags: dict[str, bool] = {}
        for pair in filter(None, rest[:-1].split(",")):
            key, _, text = pair.partition("=")
            if key in ("size", "players", "markers") and text.isdigit():
                numbers[key] = int(text)
            elif key in ("touch", "misere") and text in ("true", "false"):
                flags[key] = text == "true"
            else:
                raise ValueError(f"bad option {pair!r} in {spec!r}")
        rules = cls()
        return cls(
            size=numbers.get("size", rules.size),
            players=numbers.get("players", rules.players),
            markers=numbers.get("markers", rules.markers),
            touch=flags.get("touch", rules.touch),
            misere=flags.get("misere", rules.misere),
        )


@dataclass
class NaivePosition:
    """A Triggle position, updated one band at a time with the rules written out plainly."""

    rules: NaiveRules
    board: NaiveBoard
    bands: list[str] = field(default_factory=list)  # in the order played
    covered: set[Segment] = field(default_factory=set)  # segments under some band
    used: set[Peg] = field(default_factory=set)  # pegs under some band
    claims: dict[str, int] = field(default_factory=dict)  # triangle name -> seat
    markers: list[int] = field(default_factory=list)  # left, per seat
    to_move: int | None = 0
    reason: str | None = None  # why the game ended, None while it goes on

    @classmethod
    def start(cls, rules: NaiveRules) -> NaivePosition:
        """The empty board, seat 0 to move."""
        return cls(rules, naive_board(rules.size), markers=[rules.markers] * rules.players)

    @classmethod
    def replay(cls, rules: NaiveRules, bands: Iterable[str]) -> NaivePosition:
        """The position after playing ``bands`` (names) from the start."""
        position = cls.start(rules)
        for band in bands:
            position.play(band)
        return position

    @classmethod
    def from_json(cls, rules: NaiveRules, obj: Mapping[str, object]) -> NaivePosition:
        """A position written like the engine's ``to_json``: bands, claims, markers, to_move.

        Nothing is checked but the names; a finished game (``to_move`` null) gets the first
        end condition that holds, reading "the mover used their last marker" as "some seat
        has no marker left" since only the mover's markers change.
        """
        position = cls.start(rules)
        bands = obj.get("bands", [])
        claims = obj.get("claims", {})
        assert isinstance(bands, list)
        assert isinstance(claims, dict)
        for text in bands:
            band = position.board.band_named(str(text))
            position.bands.append(band)
            position.covered |= position.board.band_segments[band]
            position.used.update(position.board.band_pegs[band])
        for name, seat in claims.items():
            assert isinstance(seat, int)
            position.claims[str(name)] = seat
            position.markers[seat] -= 1
        to_move = obj.get("to_move", 0)
        assert to_move is None or isinstance(to_move, int)
        position.to_move = to_move
        if to_move is None:
            if len(position.claims) == len(position.board.triangles):
                position.reason = ALL_CLAIMED
            elif 0 in position.markers:
                position.reason = LAST_MARKER
            else:
                assert not position.legal()
                position.reason = NO_BAND
        return position

    def copy(self) -> NaivePosition:
        """An independent copy."""
        return NaivePosition(
            self.rules,
            self.board,
            list(self.bands),
            set(self.covered),
            set(self.used),
            dict(self.claims),
            list(self.markers),
            self.to_move,
            self.reason,
        )

    def why_illegal(self, band: str) -> str | None:
        """Why ``band`` cannot be played now, or None when it can."""
        if self.reason is not None:
            return "the game is over"
        if band not in self.board.bands:
            return "no such band"
        if self.board.band_segments[band] <= self.covered:
            return "covers no new segment"
        first = not self.bands
        if self.rules.touch and not first and self.used.isdisjoint(self.board.band_pegs[band]):
            return "touches no band"
        return None

    def legal(self) -> list[str]:
        """Every band that may be played now, sorted by name."""
        return sorted(band for band in self.board.bands if self.why_illegal(band) is None)

    def play(self, text: str) -> None:
        """Place a band (by name), claim what it closes, and decide whether the game ends."""
        band = self.board.band_named(text)
        why = self.why_illegal(band)
        if why is not None:
            raise ValueError(f"{band} cannot be played: {why}")
        mover = self.to_move
        assert mover is not None
        before = set(self.covered)
        self.bands.append(band)
        self.covered |= self.board.band_segments[band]
        self.used.update(self.board.band_pegs[band])
        closed = [
            t
            for t, sides in self.board.triangle_sides.items()
            if sides <= self.covered and not sides <= before
        ]
        claimed_now = 0
        for triangle in sorted(closed, key=self.board.claim_order):
            if self.markers[mover] > 0:
                self.claims[self.board.triangle_name[triangle]] = mover
                self.markers[mover] -= 1
                claimed_now += 1
        if len(self.claims) == len(self.board.triangles):
            self.reason = ALL_CLAIMED
        elif claimed_now and self.markers[mover] == 0:
            self.reason = LAST_MARKER
        elif not self.legal():  # the next player's bands: legality does not depend on the seat
            self.reason = NO_BAND
        self.to_move = None if self.reason else (mover + 1) % self.rules.players

    def scores(self) -> tuple[int, ...]:
        """Triangles claimed by each seat."""
        return tuple(
            sum(1 for seat in self.claims.values() if seat == player)
            for player in range(self.rules.players)
        )

    def winners(self) -> tuple[int, ...] | None:
        """The seats sharing the best score (most, or fewest in misere) once the game is over."""
        if self.reason is None:
            return None
        scores = self.scores()
        best = min(scores) if self.rules.misere else max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def closed_unclaimed(self) -> set[str]:
        """Triangles with all sides covered that nobody claimed."""
        return {
            self.board.triangle_name[t]
            for t, sides in self.board.triangle_sides.items()
            if sides <= self.covered and self.board.triangle_name[t] not in self.claims
        }


def perft(position: NaivePosition, depth: int) -> int:
    """The number of legal band sequences of exactly ``depth`` moves from ``position``."""
    if depth == 0:
        return 1
    moves = position.legal()
    if depth == 1:
        return len(moves)
    total = 0
    for band in moves:
        child = position.copy()
        child.play(band)
        total += perft(child, depth - 1)
    return total


def main(argv: list[str]) -> None:
    """``python -m tests.triggle.naive SPEC DEPTH``: print the naive perft counts 1..DEPTH."""
    spec, depth = argv[0], int(argv[1])
    rules = NaiveRules.from_spec(spec)
    start = NaivePosition.start(rules)
    print({str(d): perft(start, d) for d in range(1, depth + 1)})


if __name__ == "__main__":
    main(sys.argv[1:])
