"""The board as the lines that changed: what a page is sent of the board after a change.

The engine draws each element of a board on a line of its own, and a move changes a few of
them (a band, the pegs it covers, the triangles it claims, the last-move marks); a page holds
the lines of the board it shows and makes the edits (``static/game.js``). Two drawings of one
game are made of the same blocks but where they differ (:class:`~trigames.geometry.svg.Drawing`),
so :func:`changes` compares their blocks, not their lines, and most compare as one object.

>>> old = ["<svg>", "<a/>", "<b/>", "<c/>", "</svg>"]
>>> new = ["<svg>", "<a/>", "<B/>", "<c/>", "<d/>", "</svg>"]
>>> patch(old, new)
[(2, 1, ['<B/>']), (4, 0, ['<d/>'])]
>>> apply(old, patch(old, new)) == new
True
"""

from __future__ import annotations

import bisect
from collections.abc import Hashable, Sequence
from typing import TypeVar

from trigames.geometry.svg import Drawing

#: One change of a list of lines: at ``index`` of the old list, ``remove`` lines are replaced
#: by ``lines``.
Edit = tuple[int, int, list[str]]
Item = TypeVar("Item", bound=Hashable)


def changes(old: Drawing, new: Drawing) -> list[Edit]:
    """The edits of ``old``'s lines that make ``new``'s: found block by block, then line by
    line within the blocks that differ."""
    edits = [
        (index, 1, [line])
        for index, (was, line) in enumerate(zip(old.head, new.head, strict=True))
        if was != line
    ]
    starts = [len(old.head)]
    for block in old.blocks:
        starts.append(starts[-1] + len(block.parts))
    for index, remove, added in patch(old.blocks, new.blocks):
        start = starts[index]
        were = [part for block in old.blocks[index : index + remove] for part in block.parts]
        lines = [part for block in added for part in block.parts]
        edits += [(start + at, gone, put) for at, gone, put in patch(were, lines)]
    return _merged(edits)


def patch(old: Sequence[Item], new: Sequence[Item]) -> list[tuple[int, int, list[Item]]]:
    """The edits that turn ``old`` into ``new`` (indices into ``old``, in increasing order),
    in time linear in the items (lines or blocks): equal items are matched in order, and where
    they differ the shorter way to resynchronise (items left out of ``old`` or items put into
    ``new``) is taken. Not always the shortest patch; always a right one."""
    edits: list[tuple[int, int, list[Item]]] = []
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    where_old = _positions(old, start, end_old)
    where_new = _positions(new, start, end_new)
    i, j = start, start
    while i < end_old and j < end_new:
        if old[i] == new[j]:
            i += 1
            j += 1
            continue
        again_old = _next(where_old, new[j], i)  # new[j] further on in old
        again_new = _next(where_new, old[i], j)  # old[i] further on in new
        if again_old is not None and (again_new is None or again_old - i <= again_new - j):
            edits.append((i, again_old - i, []))  # lines of old that are gone
            i = again_old
        elif again_new is not None:
            edits.append((i, 0, list(new[j:again_new])))  # lines new puts in
            j = again_new
        else:
            edits.append((i, 1, [new[j]]))  # a line changed
            i += 1
            j += 1
    if i < end_old or j < end_new:
        edits.append((i, end_old - i, list(new[j:end_new])))
    return _merged(edits)


def apply(old: Sequence[str], edits: Sequence[Edit]) -> list[str]:
    """``old`` with ``edits`` made (as a page does)."""
    lines = list(old)
    for index, remove, added in reversed(edits):
        lines[index : index + remove] = added
    return lines


def _positions(lines: Sequence[Item], start: int, end: int) -> dict[Item, list[int]]:
    found: dict[Item, list[int]] = {}
    for index in range(start, end):
        found.setdefault(lines[index], []).append(index)
    return found


def _next(positions: dict[Item, list[int]], line: Item, after: int) -> int | None:
    """The first index of ``line`` at or after ``after``."""
    found = positions.get(line)
    if not found:
        return None
    at = bisect.bisect_left(found, after)
    return found[at] if at < len(found) else None


def _merged(edits: list[tuple[int, int, list[Item]]]) -> list[tuple[int, int, list[Item]]]:
    """Edits that touch or follow one another, made one."""
    merged: list[tuple[int, int, list[Item]]] = []
    for index, remove, added in edits:
        if merged and merged[-1][0] + merged[-1][1] == index:
            before, removed, put = merged.pop()
            merged.append((before, removed + remove, put + added))
        else:
            merged.append((index, remove, added))
    return merged
