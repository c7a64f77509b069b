"""Monte Carlo tree search (UCT) for any number of players, with a solver for the endgame.

Each node keeps, for every seat, the total reward of the simulations through it; the player to
move at a node picks the child best for *that* seat, so three or four players and extra moves
(the same player moving again) need nothing special. A simulation plays random moves to the end
(``playout="random"``) or for ``depth`` moves and then asks the game's heuristic
(``playout="heuristic"``: each seat's :meth:`Game.evaluate` turned into shares of 1 with a
softmax at the game's ``heuristic_scale``).

Near the end the search proves results (MCTS-Solver): a finished position is proven; a node
is proven when one child is a proven outright win for the player to move there, or when every
child is proven (then it takes the proven child best for that player). Proven children are no
longer sampled, and a proven win at the root is played at once. When a node is expanded for the
first time, a move that wins at once is expanded first, so short wins are proven quickly.

The tree is kept between moves: when the next position follows from the last one by the moves
played since, the search goes on from the matching subtree.

With random playouts, on a game with a native kernel (:mod:`trigames.core.native`), the whole
simulation loop (selection, expansion, playout, backup, the solver) runs natively: the same
search, with the kernel's random generator, so a seeded player is reproducible in each mode but
plays other games in the two modes. ``TRIGAMES_PURE=1`` keeps it in Python. There, with
``workers=2``, two native trees grow side by side on the machine's two cores (each from its own
seed, without the interpreter lock) and the move is chosen from their root statistics added up.

>>> import trigames
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> player = MctsPlayer(seed=1, budget=Budget(iterations=50))
>>> player.choose(state) in state.legal_moves(), player.last_info["simulations"]
(True, 50)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from trigames.ai.players import Budget, rewards
from trigames.core.endings import Ending
from trigames.core.native import Kernel, kernel_for
from trigames.core.protocol import AnyState

PLAYOUTS = ("random", "heuristic")
#: A native tree kept between moves is dropped beyond this many nodes (about 100 bytes each).
NATIVE_TREE_LIMIT = 2_000_000
#: The most simulations a native call runs before the clock is looked at again; batches grow
#: only while a call takes less than ``NATIVE_BATCH_SECONDS``, so that a time budget is kept
#: where simulations are slow (long games like Trugo's).
NATIVE_BATCH = 256
NATIVE_BATCH_SECONDS = 0.01


class Node:
    """A position in the search tree, reached by ``move`` from its parent."""

    __slots__ = ("children", "mover", "proven", "totals", "untried", "visits")

    def __init__(self, state: AnyState, rng: random.Random) -> None:
        self.mover: int | None = state.current_player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.totals = [0.0] * state.game.num_players
        #: Each seat's reward under best play, once known.
        self.proven: tuple[float, ...] | None = None
        if self.mover is None:
            self.untried: list[Any] = []
            self.proven = rewards(state)
        else:
            self.untried = state.legal_moves()
            rng.shuffle(self.untried)

    def try_to_prove(self) -> bool:
        """Set :attr:`proven` if the children allow it; True if they did."""
        seat = self.mover
        assert seat is not None
        best: tuple[float, ...] | None = None
        complete = not self.untried
        for child in self.children.values():
            value = child.proven
            if value is None:
                complete = False
                continue
            if value[seat] >= 1.0:
                self.proven = value
                return True
            if best is None or value[seat] > best[seat]:
                best = value
        if complete and best is not None:
            self.proven = best
            return True
        return False


class MctsPlayer:
    """UCT search within a :class:`Budget`; reproducible from ``seed`` under an iteration budget.

    ``exploration`` is the UCT constant; ``playout`` is ``random`` or ``heuristic`` (random
    moves for ``depth`` plies, then the game's evaluation).
    """

    kind = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        *,
        exploration: float = 0.7,
        playout: str = "random",
        depth: int = 10,
        reuse: bool = True,
        workers: int = 1,
    ) -> None:
        if workers not in (1, 2):
            raise ValueError("an MCTS search uses 1 or 2 workers")
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        if not 0 <= exploration < math.inf:
            raise ValueError(
                f"the exploration constant must be finite, 0 or more, not {exploration}"
            )
        self.rng = random.Random(seed)
        self.budget = budget or Budget(seconds=1.0)
        self.exploration = exploration
        self.playout = playout
        self.depth = depth
        self.reuse = reuse
        self.workers = workers
        self.last_info: dict[str, Any] = {}
        self._root: Node | None = None
        self._root_history: list[Any] = []
        self._root_game: Any = None
        #: The native searches kept between moves (one per worker): (kernel, searches, history
        #: they are rooted at).
        self._native: tuple[Kernel, list[Any], list[Any]] | None = None

    # --- the search -------------------------------------------------------------------------

    def choose(self, state: AnyState) -> Any:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        kernel = kernel_for(state) if self.playout == "random" else None
        if kernel is not None:
            return self._choose_natively(state, kernel, seat)
        root = self._find_root(state)
        clock = self.budget.clock()
        scratch = state.clone()
        done = 0
        moves = state.legal_moves()
        if len(moves) > 1:
            while root.proven is None and not clock.spent(done):
                self._simulate(root, scratch)
                done += 1
        children = [(m, c.visits, c.totals, c.proven) for m, c in root.children.items()]
        move = _pick(children, root.untried, seat) if len(moves) > 1 else moves[0]
        seconds = clock.elapsed()
        child = root.children.get(move)
        self.last_info = {
            "simulations": done,
            "seconds": seconds,
            "simulations_per_second": done / seconds if seconds > 0 else 0.0,
            "tree": root.visits,
            "value": (child.totals[seat] / child.visits) if child and child.visits else None,
            "proven": _verdict(child.proven if child else None, seat),
            "mode": "pure",
        }
        self._keep(state, move, child)
        return move

    def _choose_natively(self, state: AnyState, kernel: Kernel, seat: int) -> Any:
        """:meth:`choose` with the simulations run by the game's kernel (by each worker's
        tree, their root statistics added up)."""
        searches = self._native_roots(state, kernel)
        clock = self.budget.clock()
        moves = state.legal_moves()
        done = 0
        if len(moves) > 1:
            limit = self.budget.iterations
            shares = [None] * len(searches) if limit is None else _split(limit, len(searches))
            if len(searches) == 1:
                done = self._run(searches[0], shares[0])
            else:
                with ThreadPoolExecutor(len(searches)) as pool:
                    done = sum(pool.map(self._run, searches, shares))
        visits, native_children, untried = _merged([search.root() for search in searches])
        children = [
            (kernel.move(index), child_visits, totals, proven)
            for index, child_visits, totals, proven in native_children
        ]
        untried_moves = [kernel.move(index) for index in untried]
        move = _pick(children, untried_moves, seat) if len(moves) > 1 else moves[0]
        seconds = clock.elapsed()
        child = next((c for c in children if c[0] == move), None)
        self.last_info = {
            "simulations": done,
            "seconds": seconds,
            "simulations_per_second": done / seconds if seconds > 0 else 0.0,
            "tree": round(visits),
            "value": child[2][seat] / child[1] if child and child[1] else None,
            "proven": _verdict(child[3] if child else None, seat),
            "mode": "native",
        }
        self._native = (kernel, searches, list(state.history)) if self.reuse else None
        return move

    def _run(self, search: Any, limit: int | None) -> int:
        """Simulations of one native tree within the budget (its clock started in the calling
        thread, so that on processor time each worker counts its own), at most ``limit``."""
        clock = Budget(limit, self.budget.seconds).clock()
        batch, done = 1, 0
        while not clock.spent(done):
            wanted = batch if limit is None else min(batch, limit - done)
            before = clock.elapsed()
            ran = search.run(wanted)
            done += ran
            if ran < wanted:  # the root is proven
                break
            if clock.elapsed() - before < NATIVE_BATCH_SECONDS:  # slow simulations: no more
                batch = min(2 * batch, NATIVE_BATCH)
        return done

    def _native_roots(self, state: AnyState, kernel: Kernel) -> list[Any]:
        """The kept native searches moved on to ``state`` where they can be, else new ones."""
        kept = self._native
        self._native = None
        history = state.history
        if kept is not None and kept[0] is kernel and self.reuse:
            _, searches, known = kept
            if (
                len(searches) == self.workers
                and len(known) <= len(history)
                and history[: len(known)] == known
                and all(search.size() <= NATIVE_TREE_LIMIT for search in searches)
                and all(
                    not isinstance(move, Ending) and search.advance(kernel.index(move))
                    for search in searches
                    for move in history[len(known) :]
                )
            ):
                return searches
        return [
            kernel.search(state, self.rng.getrandbits(64), self.exploration)
            for _ in range(self.workers)
        ]

    def _simulate(self, root: Node, state: AnyState) -> None:
        """One selection, expansion, simulation and backup, leaving ``state`` as it was."""
        node = root
        path = [root]
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        while node.proven is None:
            if node.untried:
                if not node.children:
                    _winners_last(node, state)
                move = node.untried.pop()
                state.play(move)
                child = Node(state, self.rng)
                node.children[move] = child
                path.append(child)
                node = child
                break
            seat = node.mover
            assert seat is not None
            scale = log(node.visits)
            best_move: Any = None
            best_child: Node | None = None
            best_score = -math.inf
            for move, child in node.children.items():
                if child.proven is not None:
                    continue
                score = child.totals[seat] / child.visits + c * sqrt(scale / child.visits)
                if score > best_score:
                    best_move, best_child, best_score = move, child, score
            assert best_child is not None  # an unproven node has an unproven child
            state.play(best_move)
            path.append(best_child)
            node = best_child
        result = node.proven if node.proven is not None else self._play_out(state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, share in enumerate(result):
                totals[seat] += share
        for _ in range(len(path) - 1):
            state.undo()
        if node.proven is not None:
            for parent in reversed(path[:-1]):
                if not parent.try_to_prove():
                    break

    def _play_out(self, state: AnyState) -> tuple[float, ...]:
        rng = self.rng
        plies = 0
        limit = self.depth if self.playout == "heuristic" else -1
        while not state.is_over():
            if plies == limit:
                result = _shares(state)
                break
            state.play(rng.choice(state.legal_moves()))
            plies += 1
        else:
            result = rewards(state)
        for _ in range(plies):
            state.undo()
        return result

    # --- keeping the tree -------------------------------------------------------------------

    def _find_root(self, state: AnyState) -> Node:
        root = self._root
        history = state.history
        known = self._root_history
        if (
            root is not None
            and self.reuse
            and self._root_game == state.game
            and len(known) <= len(history)
            and history[: len(known)] == known
        ):
            for move in history[len(known) :]:
                found = root.children.get(move)
                if found is None:
                    break
                root = found
            else:
                if root.mover == state.current_player:
                    return root
        return Node(state, self.rng)

    def _keep(self, state: AnyState, move: Any, child: Node | None) -> None:
        if not self.reuse or child is None:
            self._root = None
            return
        self._root = child
        self._root_history = [*state.history, move]
        self._root_game = state.game


def _winners_last(node: Node, state: AnyState) -> None:
    """Move the moves that win at once for the node's player to the end of its untried list,
    so that they are expanded (and the node proven) first. Done when a node is first expanded,
    that is on its second visit, so leaves visited once cost nothing."""
    seat = node.mover
    winning = []
    for index, move in enumerate(node.untried):
        state.play(move)
        outcome = state.outcome()
        state.undo()
        if outcome is not None and outcome.winners == (seat,):
            winning.append(index)
            break
    for index in winning:
        node.untried.append(node.untried.pop(index))


def _shares(state: AnyState) -> tuple[float, ...]:
    """Each seat's chance of winning as the heuristic sees it (a softmax of evaluations)."""
    game = state.game
    # Two players at +v and -v: a lead of one scale unit gives 3 to 1.
    scale = 2 * game.heuristic_scale / math.log(3)
    values = [game.evaluate(state, seat) / scale for seat in range(game.num_players)]
    top = max(values)
    weights = [math.exp(max(v - top, -50.0)) for v in values]
    total = sum(weights)
    return tuple(w / total for w in weights)


def _verdict(proven: Sequence[float] | None, seat: int) -> str | None:
    if proven is None:
        return None
    if proven[seat] >= 1.0:
        return "win"
    if proven[seat] <= 0.0:
        return "loss"
    return "draw"


#: A child of a search's root as :func:`_pick` sees it: (move, visits, totals, proven).
Child = tuple[Any, float, Sequence[float], Sequence[float] | None]


def _split(total: int, parts: int) -> list[int | None]:
    """``total`` iterations shared as evenly as can be among ``parts`` workers (each at least 1).

    >>> _split(7, 2)
    [4, 3]
    """
    return [max(1, total // parts + (1 if i < total % parts else 0)) for i in range(parts)]


def _merged(roots: Sequence[Any]) -> tuple[float, list[Child], list[int]]:
    """The roots of native searches of one position as one: visits and each child's visits
    and totals added up (a child proven in one tree is proven), and the moves no tree tried.

    >>> one = (3.0, None, [(5, 2.0, (1.0, 1.0), None)], [6, 7])
    >>> two = (2.0, None, [(6, 1.0, (0.0, 1.0), None), (5, 1.0, (1.0, 0.0), None)], [7])
    >>> _merged([one, two])
    (5.0, [(5, 3.0, (2.0, 1.0), None), (6, 1.0, (0.0, 1.0), None)], [7])
    """
    children: dict[int, Child] = {}
    for _, _, found, _ in roots:
        for index, visits, totals, proven in found:
            if index in children:
                _, old_visits, old_totals, old_proven = children[index]
                totals = tuple(a + b for a, b in zip(old_totals, totals, strict=True))
                visits, proven = old_visits + visits, old_proven or proven
            children[index] = (index, visits, tuple(totals), proven)
    untried = [index for index in roots[0][3] if index not in children]
    return sum(root[0] for root in roots), list(children.values()), untried


def _pick(children: Sequence[Child], untried: Sequence[Any], seat: int) -> Any:
    """A proven win if there is one, else the most simulated move (or a proven draw if the
    open moves look worse), a proven loss only when nothing else is left."""
    open_moves: list[tuple[float, float, Any]] = []
    draws: list[tuple[float, Any]] = []
    losses: list[Any] = []
    for move, visits, totals, proven in children:
        if proven is None:
            open_moves.append((visits, totals[seat] / visits, move))
        elif proven[seat] >= 1.0:
            return move
        elif proven[seat] > 0.0:
            draws.append((proven[seat], move))
        else:
            losses.append(move)
    best_open = max(open_moves, key=lambda item: item[:2], default=None)
    best_draw = max(draws, key=lambda item: item[0], default=None)
    if best_open is not None and (best_draw is None or best_open[1] >= best_draw[0]):
        return best_open[2]
    if best_draw is not None:
        return best_draw[1]
    if untried:  # never simulated (an iteration budget below the number of moves)
        return untried[-1]
    return losses[0]
