"""Numbered actions and observation planes: a game as learning libraries see it.

Every game numbers its moves with integer *action ids* from 0 to ``num_actions() - 1``, a
fixed range for each spec, and describes a position as named *planes* of plain floats (see
:meth:`trigames.core.protocol.Game.observation_planes`). The adapters in
``trigames.interop`` turn these into OpenSpiel and PettingZoo objects.

>>> table = ActionTable(["A1-A4", "A1-D1", "A1-D4"])
>>> len(table), table.id_of("A1-D1"), table.key_of(2)
(3, 1, 'A1-D4')
>>> bit_plane("covered", 0b101, 4).values
(1.0, 0.0, 1.0, 0.0)
>>> seats_from(2, 3)
(2, 0, 1)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from operator import eq
from typing import Generic, TypeVar

KeyT = TypeVar("KeyT", bound=Hashable)


class ActionTable(Generic[KeyT]):
    """A fixed numbering of keys (moves or their parts): key ``i`` has action id ``i``."""

    def __init__(self, keys: Iterable[KeyT]) -> None:
        self.keys: tuple[KeyT, ...] = tuple(keys)
        self.ids: dict[KeyT, int] = {key: i for i, key in enumerate(self.keys)}
        assert len(self.ids) == len(self.keys), "the keys of an action table must differ"

    def __len__(self) -> int:
        return len(self.keys)

    def id_of(self, key: KeyT) -> int:
        """The action id of ``key`` (a ``KeyError`` if it has none: the caller's bug)."""
        return self.ids[key]

    def key_of(self, action: int) -> KeyT:
        """The key numbered ``action``."""
        return self.keys[action]


@dataclass(frozen=True, slots=True)
class Plane:
    """One named layer of an observation: a number for each place of one kind (cells, bands,
    seats...). Its length is fixed for a spec."""

    name: str
    values: tuple[float, ...]


@dataclass(frozen=True)
class ObservationPlanes:
    """A position seen by one seat, as named planes of plain floats (no numpy needed).

    Planes that depend on seats list them from the observer's point of view: ``+0`` is the
    observer, ``+1`` the next seat in turn order, and so on.

    >>> obs = ObservationPlanes((Plane("mine", (1.0, 0.0)), Plane("to move", (1.0,))))
    >>> obs.names, obs.shapes, obs.size, obs.flat()
    (('mine', 'to move'), ((2,), (1,)), 3, [1.0, 0.0, 1.0])
    """

    planes: tuple[Plane, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The planes' names, in order."""
        return tuple(plane.name for plane in self.planes)

    @property
    def shapes(self) -> tuple[tuple[int], ...]:
        """Each plane's shape: one dimension, its length."""
        return tuple((len(plane.values),) for plane in self.planes)

    @property
    def size(self) -> int:
        """How many numbers the planes hold together."""
        return sum(len(plane.values) for plane in self.planes)

    def flat(self) -> list[float]:
        """Every number, plane after plane."""
        return list(self.values())

    def values(self) -> Iterator[float]:
        """Every number, plane after plane, one at a time (``numpy.fromiter`` reads them
        without a list between)."""
        return chain.from_iterable(plane.values for plane in self.planes)


#: The eight bits of each byte as floats, lowest first (for :func:`bit_plane`).
_BYTE_BITS = tuple(tuple(float(byte >> i & 1) for i in range(8)) for byte in range(256))


def bit_plane(name: str, mask: int, size: int) -> Plane:
    """A plane of 1.0 where ``mask`` has a bit set, 0.0 elsewhere, over ``size`` places (read
    a byte at a time: the planes are read every turn).

    >>> bit_plane("covered", 0b1000000101, 11).values
    (1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0)
    """
    data = (mask & ((1 << size) - 1)).to_bytes((size + 7) // 8, "little")
    return Plane(name, tuple(chain.from_iterable(map(_BYTE_BITS.__getitem__, data)))[:size])


def value_plane(name: str, values: Iterable[object], value: object) -> Plane:
    """A plane of 1.0 where ``values`` hold ``value``, 0.0 elsewhere.

    >>> value_plane("tiles e", [-1, 0, 2, 0], 0).values
    (0.0, 1.0, 0.0, 1.0)
    """
    return Plane(name, tuple(map(float, map(eq, values, repeat(value)))))


def one_hot(name: str, index: int | None, size: int) -> Plane:
    """A plane of ``size`` zeros with 1.0 at ``index`` (all zeros for ``None``).

    >>> one_hot("due", 1, 3).values, one_hot("to move", None, 2).values
    ((0.0, 1.0, 0.0), (0.0, 0.0))
    """
    return Plane(name, tuple(1.0 if i == index else 0.0 for i in range(size)))


def seats_from(seat: int, players: int) -> tuple[int, ...]:
    """Every seat in turn order, starting with ``seat``: the order of seat-relative planes."""
    return tuple((seat + k) % players for k in range(players))


def relative(seat: int, other: int | None, players: int) -> int | None:
    """Where ``other`` sits counted from ``seat`` in turn order (``None`` stays ``None``).

    >>> relative(2, 0, 3), relative(1, None, 2)
    (1, None)
    """
    return None if other is None else (other - seat) % players


def per_seat(name: str, values: Sequence[float], seat: int) -> Plane:
    """One number per seat, listed from ``seat``'s point of view (``+0`` first)."""
    return Plane(name, tuple(float(values[s]) for s in seats_from(seat, len(values))))
