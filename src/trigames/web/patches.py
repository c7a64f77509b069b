"""The board as the lines that changed: what a page is sent of the board after a change.

The engine draws each element of a board on a line of its own, and a move changes a few of
them (a band, the pegs it covers, the triangles it claims, the last-move marks); a page holds
the lines of the board it shows and makes the edits (``static/game.js``).

>>> old = ["<svg>", "<a/>", "<b/>", "<c/>", "</svg>"]
>>> new = ["<svg>", "<a/>", "<B/>", "<c/>", "<d/>", "</svg>"]
>>> patch(old, new)
[(2, 1, ['<B/>']), (4, 0, ['<d/>'])]
>>> apply(old, patch(old, new)) == new
True
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

#: One change of a list of lines: at ``index`` of the old list, ``remove`` lines are replaced
#: by ``lines``.
Edit = tuple[int, int, list[str]]


def patch(old: Sequence[str], new: Sequence[str]) -> list[Edit]:
    """The edits that turn ``old`` into ``new`` (indices into ``old``, in increasing order),
    in time linear in the lines: equal lines are matched in order, and where they differ the
    shorter way to resynchronise (lines left out of ``old`` or lines put into ``new``) is taken.
    Not always the shortest patch; always a right one."""
    edits: list[Edit] = []
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


def _positions(lines: Sequence[str], start: int, end: int) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for index in range(start, end):
        found.setdefault(lines[index], []).append(index)
    return found


def _next(positions: dict[str, list[int]], line: str, after: int) -> int | None:
    """The first index of ``line`` at or after ``after``."""
    found = positions.get(line)
    if not found:
        return None
    at = bisect.bisect_left(found, after)
    return found[at] if at < len(found) else None


def _merged(edits: list[Edit]) -> list[Edit]:
    """Edits that touch or follow one another, made one."""
    merged: list[Edit] = []
    for index, remove, added in edits:
        if merged and merged[-1][0] + merged[-1][1] == index:
            before, removed, put = merged.pop()
            merged.append((before, removed + remove, put + added))
        else:
            merged.append((index, remove, added))
    return merged
