"""TRANGLAR's native kernel (``_kernel.c``) as :class:`trigames.core.native.Kernel`: the tables
of the board's placements and tilings handed over once (the C holds no geometry of its own),
snapshots of states, and move numbers turned back into moves.

A move's number is its action id (:func:`~trigames.games.tranglar.board.every_code`).

The kernel keeps the positions the repetition rule counts (those since the last turn that
covered a new cell) in the state itself, so a state takes a bounded size: at most
``quiet_limit + 1`` positions of 48 bytes each, about 2.8 KB in all with the default limit of
50. A game without a quiet limit (``quiet_limit=0``), or with one above
:data:`MOST_QUIET_LIMIT`, has no such bound and runs on the pure engine.

>>> import trigames
>>> from trigames.core.native import kernel_of
>>> game = trigames.load_game("tranglar")
>>> kernel = kernel_of(game)
>>> kernel is None or len(kernel.legal_moves(game.new_initial_state())) == 120
True
>>> kernel_of(trigames.load_game("tranglar(quiet_limit=0)")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from trigames.core.native import KernelCalls
from trigames.games.tranglar.board import (
    BIG_NEUTRAL,
    BOARD,
    CELLS,
    COLOURED,
    KINDS,
    MERGE,
    NT,
    PARALLELOGRAMS,
    PASS_KIND,
    PLACE,
    PLACEMENTS,
    SPLIT,
    SWAP,
    TAKE,
    TRAPEZES,
    Code,
    T,
    TranglarMove,
    code_of,
    every_code,
    move_of,
    tilings,
)

if TYPE_CHECKING:
    from trigames.games.tranglar.rules import RepetitionKey, TranglarRules, TranglarState

#: The largest quiet limit the kernel serves: its states hold ``quiet_limit + 1`` positions.
MOST_QUIET_LIMIT = 255
_MASK64 = (1 << 64) - 1

# The kinds' flags, as _kernel.c reads them.
_COLOURED, _TRAPEZE, _PARALLELOGRAM, _NEUTRAL = 1, 2, 4, 8
#: The kinds a reserve may hold (the large neutral pieces come after), 4 bits each in a key.
_RESERVE_KINDS = NT + 1

assert tuple(range(6)) == (PLACE, SPLIT, MERGE, TAKE, SWAP, PASS_KIND)
assert list(COLOURED) == sorted(COLOURED)
assert min(BIG_NEUTRAL) == _RESERVE_KINDS
assert CELLS == 64


@dataclass(frozen=True)
class _Tables:
    #: The placements' numbers by (kind, mask): every kind's, kind by kind.
    number: dict[tuple[int, int], int]
    #: The cells ``i < j`` sharing a side, whose link is bit ``k`` for the ``k``-th pair.
    pairs: tuple[tuple[int, int], ...]
    #: The moves by number, and the numbers by move.
    codes: list[Code]
    ids: dict[Code, int]
    #: The arguments of ``_kernel.board`` but the quiet limit.
    board: tuple[Any, ...]


@cache
def _tables() -> _Tables:
    """The tables the kernel works with, from board.py (the same for every quiet limit)."""
    places = [(kind, p) for kind in range(len(KINDS)) for p in PLACEMENTS[kind]]
    number = {(kind, p.mask): i for i, (kind, p) in enumerate(places)}
    pairs = sorted(
        (i, j) for i in range(CELLS) for j in range(i + 1, CELLS) if BOARD.neighbours[i] >> j & 1
    )
    assert len(pairs) <= 128
    codes = every_code()
    ids = {code: i for i, code in enumerate(codes)}
    til_at = [0]
    parts: list[list[int]] = []
    needs: list[list[int]] = []
    moves: list[list[int]] = []
    til_index: dict[tuple[int, int, tuple[tuple[int, int], ...]], int] = {}
    for kind, p in places:
        if kind in COLOURED and kind != T:
            for found, need in tilings(p.mask):
                til_index[(kind, p.mask, found)] = len(parts)
                parts.append([number[part] for part in found])
                needs.append([x for pair in need for x in pair])
                moves.append(
                    [ids[(action, kind, p.mask, found)] for action in (SPLIT, MERGE, TAKE)]
                )
        til_at.append(len(parts))
    decode: list[list[int]] = []
    for action, kind, mask, found in codes:
        if action == PASS_KIND:
            decode.append([action, 0, -1])
        elif action in (PLACE, SWAP):
            decode.append([action, number[(kind, mask)], -1])
        else:
            decode.append([action, number[(kind, mask)], til_index[(kind, mask, found)]])
    flags = [
        (_COLOURED if k in COLOURED else 0)
        | (_TRAPEZE if k in TRAPEZES else 0)
        | (_PARALLELOGRAM if k in PARALLELOGRAMS else 0)
        | (_NEUTRAL if kind.neutral else 0)
        for k, kind in enumerate(KINDS)
    ]
    board = (
        [[f, kind.mirror] for f, kind in zip(flags, KINDS, strict=True)],
        [T, NT, _RESERVE_KINDS],
        [kind for kind, _ in places],
        [p.mask for _, p in places],
        [p.around for _, p in places],
        [list(p.sides) for _, p in places],
        [[_links(pairs, p.mask) & _MASK64, _links(pairs, p.mask) >> 64] for _, p in places],
        [ids.get((SWAP, kind, p.mask, ()), -1) for kind, p in places],
        til_at,
        parts,
        needs,
        moves,
        decode,
    )
    assert [ids[(PLACE, kind, p.mask, ())] for kind, p in places] == list(range(len(places)))
    return _Tables(number, tuple(pairs), codes, ids, board)


def _links(pairs: list[tuple[int, int]] | tuple[tuple[int, int], ...], mask: int) -> int:
    """The links of the cell pairs inside ``mask``: the links of a board's pieces tell its
    covered cells apart into pieces."""
    return sum(1 << k for k, (i, j) in enumerate(pairs) if mask >> i & 1 and mask >> j & 1)


#: The weights of TRANGLAR's evaluation (:data:`~.evaluation.FEATURES`, ``tl_evaluate`` in the
#: kernel), fitted to self-play (see docs/command-line.md, TRANGLAR's strength): a small triangle,
#: in reserve or on the board, is worth three to four cells.
EVALUATION_WEIGHTS: tuple[float, ...] = (
    0.63,
    -0.1,
    -0.46,
    -0.14,
    3.54,
    1.33,
    0.25,
    3.38,
    -0.59,
    -0.36,
)


class TranglarKernel(KernelCalls):
    """The compiled kernel of TRANGLAR with one quiet limit."""

    evaluation_weights = EVALUATION_WEIGHTS

    def __init__(self, module: ModuleType, game: TranglarRules) -> None:
        assert 0 < game.quiet_limit <= MOST_QUIET_LIMIT
        self.module = module
        self.game = game
        self.tables = tables = _tables()
        self.board = module.board(*tables.board, game.quiet_limit)

    def key_words(self, key: RepetitionKey, count: int) -> list[int]:
        """A position as the kernel's repetition table holds it, with its count."""
        anchor, owned0, _, reserve0, reserve1, to_place, to_move = key
        links = sum(
            1 << k
            for k, (i, j) in enumerate(self.tables.pairs)
            if anchor[i] == anchor[j] and anchor[i] >= 0
        )
        return [
            owned0,
            links & _MASK64,
            links >> 64,
            _nibbles(reserve0) | (to_move or 0) << 63,
            _nibbles(reserve1) | sum(1 << (48 + k) for k in to_place),
            count,
        ]

    def snapshot(self, state: TranglarState) -> object:
        number = self.tables.number
        return (
            *state.owned,
            [number[(kind, mask)] for kind, _, mask in state.pieces.values()],
            state.reserve[0],
            state.reserve[1],
            sum(1 << k for k in state.to_place),
            state.passes,
            state.quiet,
            -1 if state.to_move is None else state.to_move,
            [self.key_words(key, count) for key, count in state.seen.items()],
        )

    def move(self, index: int) -> TranglarMove:
        return move_of(self.tables.codes[index])

    def index(self, move: Any) -> int:
        return self.tables.ids[code_of(move)]


def _nibbles(counts: tuple[int, ...] | list[int]) -> int:
    """A reserve's counts, 4 bits each."""
    return sum(counts[k] << (4 * k) for k in range(_RESERVE_KINDS))
