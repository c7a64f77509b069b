"""The native kernels: compiled C for the hot loops of each game, the Python rules kept as the
reference.

Each game may have a kernel beside its rules (``games/<game>/_kernel.c``), a C extension built
by ``pip install`` when a compiler is there. A kernel works on a compact snapshot of a state
(bit masks, small arrays) and runs whole loops natively: random playouts (many per call,
seeded), perft and the MCTS player's simulations. It also follows a game a move at a time by
action ids (:class:`NativeLine`), which the OpenSpiel and PettingZoo adapters play on. The
public API does not change; where no kernel is built, or ``TRIGAMES_PURE=1`` is set,
everything runs on the pure engine.

The kernels draw random numbers with :class:`SplitMix64`, which this module reproduces in
Python so that a seeded random game is the same game in both modes (the differential tests
play thousands).

>>> rng = SplitMix64(7)
>>> [rng.below(10) for _ in range(5)]
[3, 0, 9, 5, 4]
>>> mode() in ("native", "pure")
True
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from types import ModuleType
from typing import Any, NamedTuple, Protocol, TypeVar

#: The environment variable that forces the pure engine everywhere when set to ``1``.
PURE_VARIABLE = "TRIGAMES_PURE"
#: The games with a kernel, by name.
KERNEL_GAMES = ("triggle", "tricolor", "trig", "trugo", "tranglar")

_MASK64 = (1 << 64) - 1
#: The most memory (bytes) a native search tree takes: past it the tree stops growing and the
#: simulations play out from where it ends. A server runs many searches, and a tree is kept
#: between moves: 64 MiB holds about 240,000 nodes of Triggle.
TREE_BYTES = 64 << 20


class SplitMix64:
    """The kernels' random generator (splitmix64), in Python: the same seed, the same draws."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1`` (``n`` below 2**32), as the kernels draw it."""
        return ((self.next() >> 32) * n) >> 32

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]


def forced_pure() -> bool:
    """True when ``TRIGAMES_PURE=1`` asks for the pure engine."""
    return os.environ.get(PURE_VARIABLE, "").strip() == "1"


@cache
def _import(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"trigames.games.{game}._kernel")
    except ImportError:
        return None


def kernel_module(game: str) -> ModuleType | None:
    """The compiled kernel of ``game`` (a game's name), or ``None``: not built, or the pure
    engine forced."""
    if forced_pure() or game not in KERNEL_GAMES:
        return None
    return _import(game)


GameT = TypeVar("GameT")
KernelT = TypeVar("KernelT")


def game_kernel(
    game: GameT, name: str, make: Callable[[ModuleType, GameT], KernelT]
) -> KernelT | None:
    """A game's ``native_kernel()``: the kernel ``make(module, game)`` over the compiled
    module of ``name``, made once and kept in ``game._kernel``; ``None`` where the module is not
    built or the pure engine is forced."""
    module = kernel_module(name)
    if module is None:
        return None
    kernel: KernelT | None = getattr(game, "_kernel", None)
    if kernel is None:
        kernel = make(module, game)
        setattr(game, "_kernel", kernel)  # noqa: B010 (the attribute the game declares)
    return kernel


def random_game(state: Any, seed: int) -> list[Any]:
    """The seeded random game a kernel plays from ``state`` (which it plays on), on the Python
    engine: at each turn the legal move ``SplitMix64(seed).below(len(legal_moves))``."""
    rng = SplitMix64(seed)
    moves = []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        state.play(move)
        moves.append(move)
    return moves


def random_playouts(state: Any, count: int, seed: int) -> tuple[int, tuple[float, ...]]:
    """A kernel's ``count`` seeded playouts from ``state`` (left unchanged, one generator for
    them all), on the Python engine: the plies played and each seat's total reward."""
    rng = SplitMix64(seed)
    plies, wins = 0, [0.0] * state.game.num_players
    for _ in range(count):
        line = state.clone()
        while not line.is_over():
            line.play(rng.choice(line.legal_moves()))
            plies += 1
        winners = line.outcome().winners
        for seat in winners:
            wins[seat] += 1.0 / len(winners)
    return plies, tuple(wins)


def built() -> list[str]:
    """The games whose kernel is built (whether or not the pure engine is forced)."""
    return [game for game in KERNEL_GAMES if _import(game) is not None]


def mode() -> str:
    """``"native"`` when kernels run, else ``"pure"``."""
    return "native" if not forced_pure() and built() else "pure"


def describe() -> str:
    """One line on the mode and why, for ``trigames info`` and the benchmarks."""
    games = built()
    if forced_pure():
        return f"pure: the Python engine, forced by {PURE_VARIABLE}=1"
    if not games:
        return (
            "pure: the native kernels are not built (no C compiler when trigames was "
            "installed); the Python engine runs everything"
        )
    missing = [game for game in KERNEL_GAMES if game not in games]
    text = f"native: compiled kernels for {', '.join(games)}"
    return text + (f" (not built: {', '.join(missing)})" if missing else "")


class NativeSearch:
    """A native MCTS tree (the kernels' ``search_*`` functions), for
    :class:`~trigames.ai.mcts.MctsPlayer`. Moves are the kernel's numbers."""

    __slots__ = ("module", "tree")

    def __init__(self, module: ModuleType, board: object, snapshot: object, seed: int,
                 exploration: float, memory: int = TREE_BYTES) -> None:  # fmt: skip
        self.module = module
        self.tree = module.search_new(board, snapshot, seed & _MASK64, exploration, memory)

    def run(self, simulations: int) -> int:
        """Run up to ``simulations``; fewer once the root is proven. Returns how many ran."""
        done: int = self.module.search_run(self.tree, simulations)
        return done

    def root(self) -> tuple[float, tuple[float, ...] | None, list[Any], list[int]]:
        """The root's visits, its proven rewards (or ``None``), its children as (move, visits,
        totals, proven) in the order they were expanded, and its untried moves."""
        found: tuple[float, tuple[float, ...] | None, list[Any], list[int]]
        found = self.module.search_root(self.tree)
        return found

    def advance(self, move: int) -> bool:
        """Go on from the root's child by ``move``; False (nothing changed) if there is none."""
        return bool(self.module.search_advance(self.tree, move))

    def size(self) -> int:
        """The nodes held, those above the root included."""
        nodes: int = self.module.search_size(self.tree)
        return nodes


#: The transposition table of one native alpha-beta search (bytes; a fixed array, so memory
#: stays bounded however long it thinks).
TABLE_BYTES = 16 << 20
#: The deepest native alpha-beta search (the kernels' main search and quiescence share 96 plies).
MAX_ALPHABETA_DEPTH = 48


class AlphaBetaResult(NamedTuple):
    """What a native alpha-beta search found: for each depth it finished, in order, the best
    move (the kernel's number) and its value; the nodes it visited; and ``partial``, the best
    move and value of the depth it was searching when the budget ran out, if it had searched
    that depth's first root move (the best of the depth before), else ``None``."""

    iterations: list[tuple[int, int, float]]
    nodes: int
    partial: tuple[int, int, float] | None = None


class NativeLine:
    """A game followed a move at a time in its kernel, by action ids (``line_*`` in
    ``tg_engine.h``): what the OpenSpiel and PettingZoo adapters play on where a kernel runs.
    The kernel lists the legal ids and plays a move for about a microsecond, where the Python
    engine takes tens to hundreds; the engine state catches up only when something reads it.

    >>> import trigames
    >>> game = trigames.load_game("triggle")
    >>> kernel = kernel_of(game)
    >>> line = kernel and kernel.line(game.new_initial_state())
    >>> line is None or [line.mover(), line.play(5), line.play(5), line.mover()] == [0, 1, 0, 1]
    True
    """

    __slots__ = ("_line", "_module")

    def __init__(self, module: ModuleType, line: object) -> None:
        self._module = module
        self._line = line

    def copy(self) -> NativeLine:
        """Another line at the same position."""
        return NativeLine(self._module, self._module.line_copy(self._line))

    def mover(self) -> int | None:
        """The seat to move, ``None`` once the game is over."""
        seat: int = self._module.line_mover(self._line)
        return None if seat < 0 else seat

    def legal_actions(self) -> list[int]:
        """The legal action ids, smallest first (none at the end)."""
        found: list[int] = self._module.line_actions(self._line)
        return found

    def action_mask(self) -> bytearray:
        """A new buffer of a byte for each action id, 1 where the id is legal."""
        found: bytearray = self._module.line_mask(self._line)
        return found

    def play(self, action: int) -> int:
        """Play the legal move numbered ``action``: 1 once played, 0 (and nothing played) if no
        legal move has that id, 2 if played but the line outgrew the kernel's room for the
        positions a repetition may meet (Trugo's): the line is no longer exact."""
        played: int = self._module.line_play(self._line, action)
        return played

    def observation(self, seat: int) -> bytearray | None:
        """The game's observation planes of the position as ``seat`` sees them, flat, as
        float32 numbers in a new buffer; ``None`` where the kernel leaves them to Python."""
        found: bytearray | None = self._module.line_observe(self._line, seat)
        return found

    def rewards(self) -> tuple[float, ...]:
        """Each seat's share of the finished game: the winners split 1."""
        found: tuple[float, ...] = self._module.line_rewards(self._line)
        return found


class KernelCalls:
    """What a game's kernel (see :class:`Kernel`) does the same way for every game: the
    compiled module's functions over the game's board capsule and a snapshot of a state. A
    game's kernel sets ``module`` and ``board`` and adds ``snapshot``, ``move`` and ``index``."""

    module: ModuleType
    board: object
    game: Any
    #: The weights of the kernel's own evaluation (its ``evaluate`` in C, which
    #: ``strong(eval=game)`` searches with), or ``None`` where the kernel has none.
    evaluation_weights: tuple[float, ...] | None = None

    def snapshot(self, state: Any) -> object:
        raise NotImplementedError

    def move(self, index: int) -> Any:
        raise NotImplementedError

    def index(self, move: Any) -> int:
        raise NotImplementedError

    def action_table(self) -> bytes | None:
        """The action id of each of the kernel's move numbers (for :meth:`line`): an int32
        table as bytes, -1 for a number that is no move; ``None`` where the numbers are the ids,
        or where the kernel works the ids out itself (Trugo's depend on the position)."""
        return None

    @cached_property
    def _line_tables(self) -> tuple[bytes | None, tuple[int, ...]]:
        """What every line of the kernel reads: its action table, and the ints of the ids."""
        return self.action_table(), tuple(range(self.game.num_actions()))

    def line(self, state: Any) -> NativeLine | None:
        """A :class:`NativeLine` from ``state``, or ``None`` for a state too large for the
        kernel (a Trugo game with a longer history than it keeps)."""
        to_action, numbers = self._line_tables
        try:
            line = self.module.line_new(
                self.board, self.snapshot(state), len(numbers), to_action, numbers
            )
        except OverflowError:
            return None
        return NativeLine(self.module, line)

    def playouts(self, state: Any, count: int, seed: int) -> tuple[int, tuple[float, ...]]:
        result: tuple[int, tuple[float, ...]]
        result = self.module.playouts(self.board, self.snapshot(state), count, seed)
        return result

    def random_game(self, state: Any, seed: int) -> list[Any]:
        moves = self.module.random_game(self.board, self.snapshot(state), seed)
        return [self.move(i) for i in moves]

    def legal_moves(self, state: Any) -> list[Any]:
        return [self.move(i) for i in self.module.legal(self.board, self.snapshot(state))]

    def perft(self, state: Any, depth: int) -> int:
        count: int = self.module.perft(self.board, self.snapshot(state), depth)
        return count

    def evaluate(self, state: Any, seat: int, weights: Sequence[float] | None = None) -> float:
        """The kernel's evaluation of unfinished ``state`` for ``seat`` (with its own
        ``evaluation_weights`` unless given others); NotImplementedError without one."""
        chosen = self.evaluation_weights if weights is None else weights
        if chosen is None:
            raise NotImplementedError("this kernel has no evaluation")
        value: float = self.module.evaluate(self.board, self.snapshot(state), seat, tuple(chosen))
        return value

    def search(self, state: Any, seed: int, exploration: float) -> NativeSearch:
        return NativeSearch(self.module, self.board, self.snapshot(state), seed, exploration)

    def alphabeta(
        self,
        state: Any,
        seat: int,
        root_moves: list[int],
        *,
        sign: int = 1,
        max_depth: int = MAX_ALPHABETA_DEPTH,
        seconds: float = 0.0,
        nodes: int = 0,
        processor_time: bool = False,
        weights: Sequence[float] | None = None,
        table: object = None,
        helper: bool = False,
        narrow: bool = False,
    ) -> AlphaBetaResult:
        """The strong player's search in the kernel (``tg_engine.h``): iterative deepening from
        ``state`` over ``root_moves`` (kernel numbers, ties broken by their order) for
        ``seat``'s score lead times ``sign``, within ``seconds`` and ``nodes`` (0: no limit),
        without holding the interpreter lock; with ``weights``, unfinished positions are worth
        what the kernel's evaluation says. NotImplementedError for a kernel without scores (or
        without an evaluation, when given weights).

        ``table`` is one of :meth:`alphabeta_table`'s, shared with a search on another thread
        (by default the search has a table of its own); a ``helper`` search on a shared table
        also stops when the table's other search returns. With ``narrow``, moves after the
        first are searched with null windows, and late quiet ones less deep at first
        (principal variation search and late-move reductions)."""
        found = self.module.alphabeta(
            self.board, self.snapshot(state), seat, sign, min(max_depth, MAX_ALPHABETA_DEPTH),
            seconds, nodes, processor_time, root_moves,
            TABLE_BYTES if table is None else table,
            None if weights is None else tuple(weights), helper, narrow,
        )  # fmt: skip
        return AlphaBetaResult(*found)

    def alphabeta_table(self) -> object:
        """A transposition table (:data:`TABLE_BYTES`) that two :meth:`alphabeta` searches on
        two threads can share, each finding what the other stored."""
        return self.module.ab_table(TABLE_BYTES)


class NativeSolver:
    """The exact solver of a kernel (``solver_*`` in ``tg_engine.h``), for
    :mod:`trigames.ai.solve`: null-window passes over a hash table kept between them.

    ``kernel`` is a game's kernel object (its ``module``, ``board`` and ``snapshot``);
    ``margin`` adds the score lead to the result in values, ``reverse`` counts it the other way
    (misère); the table takes at most ``memory`` bytes.
    """

    __slots__ = ("kernel", "solver")

    def __init__(self, kernel: Any, state: Any, margin: bool, reverse: bool, memory: int) -> None:
        self.kernel = kernel
        self.solver = kernel.module.solver_new(
            kernel.board, kernel.snapshot(state), margin, reverse, memory
        )

    @staticmethod
    def available(kernel: Any) -> bool:
        """Whether ``kernel`` (a kernel object, or ``None``) has the solver."""
        return kernel is not None and hasattr(kernel.module, "solver_new")

    def test(self, state: Any, beta: int, check: Any, every: int) -> int | None:
        """The fail-soft value of ``state`` for its player to move in the window
        ``(beta - 1, beta)``, or ``None`` when ``check(nodes, deepest)``, called every
        ``every`` nodes, answered true (a stop)."""
        found: int | None = self.kernel.module.solver_test(
            self.solver, self.kernel.snapshot(state), beta, check, every
        )
        return found

    def stats(self) -> tuple[int, int, int]:
        """Nodes searched, the deepest ply reached and the positions in the table."""
        found: tuple[int, int, int] = self.kernel.module.solver_stats(self.solver)
        return found


class Kernel(Protocol):
    """What a game's kernel offers the hot loops, through a snapshot of a state."""

    def snapshot(self, state: Any) -> object:
        """The state as the kernel reads it."""
        ...

    def playouts(self, state: Any, count: int, seed: int) -> tuple[int, tuple[float, ...]]:
        """``count`` seeded random playouts from ``state`` (left unchanged): the plies played
        and each seat's total reward."""
        ...

    def random_game(self, state: Any, seed: int) -> list[Any]:
        """The moves of the random game from ``state`` seeded by ``seed``: at each turn the
        legal move ``SplitMix64(seed).below(len(legal_moves))``."""
        ...

    def legal_moves(self, state: Any) -> list[Any]:
        """The legal moves, in the engine's order."""
        ...

    def line(self, state: Any) -> NativeLine | None:
        """A line from ``state`` played by action ids (``None`` for a state too large for the
        kernel)."""
        ...

    def perft(self, state: Any, depth: int) -> int:
        """The number of sequences of exactly ``depth`` legal moves from ``state``."""
        ...

    def search(self, state: Any, seed: int, exploration: float) -> NativeSearch:
        """A native MCTS search rooted at ``state`` (see :mod:`trigames.ai.mcts`)."""
        ...

    def move(self, index: int) -> Any:
        """The move a kernel's move number stands for."""
        ...

    def index(self, move: Any) -> int:
        """The kernel's number for ``move``."""
        ...


def kernel_of(game: Any) -> Kernel | None:
    """The kernel of ``game`` (a :class:`~trigames.core.protocol.Game`) when one runs, else
    ``None``. Ask :func:`kernel_for` about a state: a kernel may not follow it yet."""
    if forced_pure():
        return None
    make = getattr(game, "native_kernel", None)
    return None if make is None else make()


def kernel_for(state: Any) -> Kernel | None:
    """The kernel of ``state``'s game when one runs and can follow ``state``, else ``None``.

    The kernels know no swap rule (the option ``swap=true``): a game with it runs on the pure
    engine while a swap is legal now or at the next move (``State.swap_ahead``), and on its
    kernel from the second move on, when the game is like any other. Nothing changes without
    the option.

    >>> import trigames
    >>> game = trigames.load_game("triggle(swap=true)")
    >>> state = game.new_initial_state()
    >>> kernel_for(state) is None
    True
    >>> state.play("D1-D4"); state.play("A1-D1")
    >>> kernel_for(state) is kernel_of(game)
    True
    """
    return None if state.swap_ahead() else kernel_of(state.game)
