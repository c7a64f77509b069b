"""Perft: count the move sequences of an exact length, the standard check of a move generator.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> perft(state, 1)
48
"""

from __future__ import annotations

from collections.abc import Callable

from trigames.core.protocol import AnyState


def perft(state: AnyState, depth: int) -> int:
    """The number of sequences of exactly ``depth`` legal moves from ``state``.

    A game that ends before ``depth`` moves contributes nothing. ``state`` is left unchanged.
    """
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        state.play(move)
        total += perft(state, depth - 1)
        state.undo()
    return total


def divide(
    state: AnyState,
    depth: int,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, int]:
    """Perft split by first move: ``{notation: count}``, in legal-move order.

    ``progress(done, total)`` is called after each first move, for progress bars.
    """
    if depth < 1:
        raise ValueError(f"depth must be 1 or more, not {depth}")
    counts: dict[str, int] = {}
    moves = state.legal_moves()
    for done, move in enumerate(moves, start=1):
        state.play(move)
        counts[str(move)] = perft(state, depth - 1)
        state.undo()
        if progress is not None:
            progress(done, len(moves))
    return counts
