"""Sets of small integers as ``int`` bit masks: the engines' working representation.

>>> mask([0, 3, 5])
41
>>> bits(41)
[0, 3, 5]
>>> neighbours = [0b010, 0b101, 0b010]  # a path 0 - 1 - 2
>>> flood(neighbours, start=0b001, allowed=0b111)
7
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def mask(indices: Iterable[int]) -> int:
    """The mask with the given bits set."""
    total = 0
    for i in indices:
        total |= 1 << i
    return total


def bits(value: int) -> list[int]:
    """The indices of the set bits, lowest first."""
    found = []
    while value:
        low = value & -value
        found.append(low.bit_length() - 1)
        value ^= low
    return found


def flood(neighbours: Sequence[int], start: int, allowed: int, until: int = 0) -> int:
    """Everything reachable from ``start`` through ``allowed`` bits.

    ``neighbours[i]`` is the mask of bit ``i``'s neighbours. The fill stops early once it
    touches ``until`` (so a caller asking "can it reach ``until``?" pays no more than needed).
    """
    region = grown = start
    while grown and not region & until:
        reach = 0
        for i in bits(grown):
            reach |= neighbours[i]
        grown = reach & allowed & ~region
        region |= grown
    return region
