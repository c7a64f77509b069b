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

>>> import trigames
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> player = MctsPlayer(seed=1, budget=Budget(iterations=50))
>>> player.choose(state) in state.legal_moves(), player.last_info["simulations"]
(True, 50)
"""

from __future__ import annotations

import math
import random
from typing import Any

from trigames.ai.players import Budget, rewards
from trigames.core.protocol import AnyState

PLAYOUTS = ("random", "heuristic")


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
    ) -> None:
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
        self.last_info: dict[str, Any] = {}
        self._root: Node | None = None
        self._root_history: list[Any] = []
        self._root_game: Any = None

    # --- the search -------------------------------------------------------------------------

    def choose(self, state: AnyState) -> Any:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        root = self._find_root(state)
        clock = self.budget.clock()
        scratch = state.clone()
        done = 0
        moves = state.legal_moves()
        if len(moves) > 1:
            while root.proven is None and not clock.spent(done):
                self._simulate(root, scratch)
                done += 1
        move = self._pick(root, seat) if len(moves) > 1 else moves[0]
        seconds = clock.elapsed()
        child = root.children.get(move)
        self.last_info = {
            "simulations": done,
            "seconds": seconds,
            "simulations_per_second": done / seconds if seconds > 0 else 0.0,
            "tree": root.visits,
            "value": (child.totals[seat] / child.visits) if child and child.visits else None,
            "proven": _verdict(child.proven if child else None, seat),
        }
        self._keep(state, move, child)
        return move

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

    def _pick(self, root: Node, seat: int) -> Any:
        """A proven win if there is one, else the most simulated move (or a proven draw if the
        open moves look worse), a proven loss only when nothing else is left."""
        open_moves: list[tuple[int, float, Any]] = []
        draws: list[tuple[float, Any]] = []
        losses: list[Any] = []
        for move, child in root.children.items():
            proven = child.proven
            if proven is None:
                open_moves.append((child.visits, child.totals[seat] / child.visits, move))
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
        if root.untried:  # never simulated (an iteration budget below the number of moves)
            return root.untried[-1]
        return losses[0]

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


def _verdict(proven: tuple[float, ...] | None, seat: int) -> str | None:
    if proven is None:
        return None
    if proven[seat] >= 1.0:
        return "win"
    if proven[seat] <= 0.0:
        return "loss"
    return "draw"
