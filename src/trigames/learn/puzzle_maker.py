"""Making puzzles: self-play games between the computer levels, searched for positions where one
move is the only best (the definition of :mod:`~trigames.learn.puzzles`).

Game ``i`` of a run with seed ``s`` has the seed ``s * 1_000_003 + i``: it opens with a few
random moves from that seed (:func:`~trigames.ai.match.random_opening`), then two players of the
game's :class:`Recipe` play it out (the levels' kinds, given node budgets instead of seconds so
that a seed always gives the same game). Some of its positions, drawn with the same seed, are
searched 3, then 5, then 1 plies deep (:class:`~trigames.learn.puzzle_search.DepthSearch`,
each search within a node limit, a count, so that runs agree); the first depth whose best first
move is the only one, whose line holds to the end and which is not trivial (at 3 plies or more,
not the one move that scores most at once) makes a puzzle. Each depth takes at most its share
of the puzzles; a position already used, and more than :attr:`Recipe.per_game` puzzles from
one game, are passed over. The run stops at ``count`` puzzles, which are then sorted by rating
and numbered.

>>> made = make_puzzles("triggle", count=2, seed=1)
>>> [puzzle.id for puzzle in made], all(1000 <= p.rating <= 2200 for p in made)
(['triggle-0001', 'triggle-0002'], True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from trigames.ai.match import SEED_STRIDE, random_opening
from trigames.ai.registry import make_player
from trigames.core.native import KernelCalls, kernel_of
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game
from trigames.learn.puzzle_search import RESULT, DepthSearch, SearchLimitError, horizon_value
from trigames.learn.puzzles import PUZZLE_GAMES, Puzzle, PuzzleError

#: The depths searched, in order: the first that makes a puzzle wins.
DEPTHS = (3, 5, 1)
#: Initial ratings: the base of each depth, the points each tempting move adds (at most
#: :data:`MOST_TEMPTING` of them), each legal move (at most :data:`MOST_MOVES`) and a
#: sacrifice; then kept within the bounds.
BASE_RATING = {1: 1000, 3: 1350, 5: 1700}
TEMPTING_POINTS = 30
MOST_TEMPTING = 8
MOVE_POINTS = 4
MOST_MOVES = 40
SACRIFICE_POINTS = 100
RATINGS = (1000, 2200)
#: The most self-play games a run plays before it gives up (``PuzzleError``).
MOST_GAMES = 5000
#: Plies left in the game that make a position an ``endgame``.
ENDGAME_PLIES = 10

#: ``progress(puzzles made, puzzles wanted)``.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Recipe:
    """How one game's puzzles are made: the ``pairings`` of player specs that play the games
    (in turn), the random ``opening`` plies, each depth's ``shares`` of the puzzles (they add
    up to more than 1: a depth that is rare leaves room to the others), ``nodes`` (the node
    limit of a position's search at each depth), ``widest`` (the most legal moves a position
    may have to be searched at a depth), the positions of a game looked at: its last ``tail``
    (the latest first), then ``early`` drawn from the rest, and the most puzzles taken from
    one game (``per_game``)."""

    pairings: tuple[tuple[str, str], ...]
    opening: int
    shares: Mapping[int, float]
    nodes: Mapping[int, int]
    widest: Mapping[int, int]
    tail: int = 12
    early: int = 12
    per_game: int = 4


def _pairings(easy: str, medium: str, hard: str) -> tuple[tuple[str, str], ...]:
    """Easy against medium (both ways), easy against itself, medium against hard, hard
    against easy."""
    return ((easy, medium), (medium, easy), (easy, easy), (medium, hard), (hard, easy))


#: The recipe of each game. The players are the levels' (``trigames.ai.registry.LEVELS``:
#: ``easy`` is ``casual``, ``medium`` and ``hard`` the ``strong`` search) with node budgets in
#: place of seconds; Trugo's and TRANGLAR's are smaller, their games slower.
RECIPES: Mapping[str, Recipe] = {
    "triggle": Recipe(
        _pairings("casual(margin=0.25)", "strong(iterations=5000)", "strong(iterations=20000)"),
        opening=2,
        shares={1: 0.35, 3: 0.5, 5: 0.25},
        nodes={1: 1000, 3: 50_000, 5: 300_000},
        widest={1: 99, 3: 48, 5: 30},
    ),
    "trig": Recipe(
        _pairings(
            "casual", "strong(iterations=5000,eval=game)", "strong(iterations=20000,eval=game)"
        ),
        opening=2,
        shares={1: 0.4, 3: 0.45, 5: 0.2},
        nodes={1: 1000, 3: 20_000, 5: 100_000},
        widest={1: 99, 3: 40, 5: 25},
        tail=8,
        early=2,
    ),
    "tricolor": Recipe(
        _pairings("casual(margin=0.25)", "strong(iterations=5000)", "strong(iterations=20000)"),
        opening=2,
        shares={1: 0.3, 3: 0.5, 5: 0.3},
        nodes={1: 1000, 3: 50_000, 5: 300_000},
        widest={1: 99, 3: 44, 5: 30},
    ),
    "trugo": Recipe(
        _pairings(
            "casual", "strong(iterations=2000,eval=game)", "strong(iterations=6000,eval=game)"
        ),
        opening=2,
        shares={1: 0.35, 3: 0.5, 5: 0.2},
        nodes={1: 1000, 3: 15_000, 5: 60_000},
        widest={1: 999, 3: 60, 5: 25},
        tail=14,
        early=10,
        per_game=5,
    ),
    "tranglar": Recipe(
        (
            ("casual", "strong(iterations=2000,eval=game)"),
            ("strong(iterations=2000,eval=game)", "casual"),
            ("strong(iterations=2000,eval=game)", "strong(iterations=6000,eval=game)"),
            ("strong(iterations=6000,eval=game)", "strong(iterations=2000,eval=game)"),
        ),
        opening=2,
        shares={1: 0.45, 3: 0.45, 5: 0.15},
        nodes={1: 1000, 3: 15_000, 5: 60_000},
        widest={1: 999, 3: 60, 5: 25},
        tail=14,
        early=12,
        per_game=5,
    ),
}


def make_puzzles(
    name: str, count: int, seed: int = 0, progress: Progress | None = None
) -> list[Puzzle]:
    """``count`` puzzles of the game ``name`` (its default variant) from self-play seeded by
    ``seed``, easiest first, numbered ``name-0001``... (see the module)."""
    if name not in RECIPES:
        raise PuzzleError(f"no recipe for puzzles of {name!r}: {', '.join(PUZZLE_GAMES)}")
    recipe = RECIPES[name]
    game = load_game(name)
    room = {depth: max(1, round(share * count)) for depth, share in recipe.shares.items()}
    found: list[Puzzle] = []  # not numbered yet: their ids are empty
    seen: set[Any] = set()
    for index in range(MOST_GAMES):
        if len(found) >= count:
            break
        played = self_play(game, recipe, seed * SEED_STRIDE + index, index)
        for item in _from_game(recipe, played, seed * SEED_STRIDE + index, room, seen):
            found.append(item)
            room[item.depth] -= 1
            if progress is not None:
                progress(min(len(found), count), count)
            if len(found) >= count:
                break
    else:
        raise PuzzleError(f"{MOST_GAMES} games gave {len(found)} puzzles, not {count}")
    return numbered(name, found[:count])


def numbered(name: str, found: Sequence[Puzzle]) -> list[Puzzle]:
    """The puzzles ``found`` of the game ``name``, easiest first (ties in the order of their
    moves, so that the order depends on the puzzles alone), numbered."""
    ordered = sorted(found, key=lambda item: (item.rating, item.moves, item.solution))
    return [replace(item, id=f"{name}-{number:04d}") for number, item in enumerate(ordered, 1)]


def self_play(game: AnyGame, recipe: Recipe, seed: int, index: int) -> AnyState:
    """Game number ``index`` of a run, played to the end: its random opening, then the players
    of its pairing."""
    pairing = recipe.pairings[index % len(recipe.pairings)]
    players = [
        make_player(spec, seed=seed * 8 + seat, game=game) for seat, spec in enumerate(pairing)
    ]
    state: AnyState = game.new_initial_state()
    for move in random_opening(game, recipe.opening, seed):
        state.play(move)
    while not state.is_over():
        seat = state.to_move
        assert seat is not None
        state.play(players[seat].choose(state))
    return state


def _from_game(
    recipe: Recipe, played: AnyState, seed: int, room: Mapping[int, int], seen: set[Any]
) -> Iterator[Puzzle]:
    """The puzzles of the game ``played`` (taken back move by move on the way): its last
    positions and some drawn by ``seed`` from the rest, the latest first, searched at the
    depths with ``room`` left (which the caller counts down as they come)."""
    length = len(played.history)
    cut = max(recipe.opening, length - recipe.tail)
    rest = list(range(recipe.opening, cut))
    random.Random(seed).shuffle(rest)
    plies = sorted({*range(cut, length), *rest[: recipe.early]}, reverse=True)
    taken = 0
    for ply in plies:
        depths = {depth for depth, left in room.items() if left > 0}
        if taken >= recipe.per_game or not depths:
            return
        while len(played.history) > ply:
            played.undo()
        key = played.position_key()
        if key in seen or len(played.legal_moves()) < 2:
            continue
        item = examine(played, recipe, depths, length - ply)
        if item is not None:
            seen.add(key)
            taken += 1
            yield item


@dataclass(frozen=True)
class Glance:
    """What one ply shows of a position: each legal move's ``worth`` at once to the player to
    move (the position's value after it, at one ply), in the engine's order."""

    worth: Mapping[Any, int]

    @classmethod
    def of(cls, state: AnyState) -> Glance:
        seat = state.to_move
        assert seat is not None
        return cls({move: _value_after(state, move, seat) for move in state.legal_moves()})

    @property
    def greedy(self) -> list[Any]:
        """The moves worth most at once: what a one-ply greedy player chooses among."""
        top = max(self.worth.values())
        return [move for move, worth in self.worth.items() if worth == top]

    def sacrifice(self, first: Any) -> bool:
        """Whether ``first`` is worth less at once than another move."""
        return self.worth[first] < max(self.worth.values())

    def rating(self, first: Any, depth: int) -> int:
        """The initial :func:`rating` of a puzzle of ``depth`` plies whose first move is
        ``first``: its tempting moves are the others worth at once within a point of the most."""
        top = max(self.worth.values())
        tempting = sum(
            1 for move, worth in self.worth.items() if move != first and worth >= top - 1
        )
        return rating(depth, len(self.worth), tempting, self.sacrifice(first))


def examine(state: AnyState, recipe: Recipe, depths: set[int], plies_left: int) -> Puzzle | None:
    """The puzzle of ``state`` at the first of :data:`DEPTHS` (among ``depths``) that makes
    one, ``None`` if none does; ``plies_left``: how long the game went on from ``state``."""
    glance = Glance.of(state)
    greedy = glance.greedy
    for depth in DEPTHS:
        if depth not in depths or len(glance.worth) > recipe.widest[depth]:
            continue
        if depth > 1 and not promising(state, depth, greedy):
            continue
        search = DepthSearch(node_limit=recipe.nodes[depth])
        try:
            line = solution_line(state, depth, search)
        except SearchLimitError:
            continue
        if line is None or (depth > 1 and greedy == [line[0]]):
            continue
        value = search.best(state, depth).value
        return Puzzle(
            "",  # numbered later
            state.game.name,
            str(state.game.spec),
            tuple(str(move) for move in state.history),
            tuple(str(move) for move in line),
            glance.rating(line[0], depth),
            themes(state, line, value, glance, plies_left),
        )
    return None


def promising(state: AnyState, depth: int, greedy: Sequence[Any]) -> bool:
    """Whether the strong player's native search (quick, but not exact: it goes on with the
    moves that score, past ``depth``) finds at ``depth`` a best move at least half a point
    ahead of every other, and not the ``greedy`` move alone: a cheap sieve before the exact
    search, which it rarely wrongs. True where no kernel runs."""
    kernel = kernel_of(state.game)
    seat = state.to_move
    if not isinstance(kernel, KernelCalls) or seat is None:
        return True
    numbers = [kernel.index(move) for move in state.legal_moves()]
    sign = -1 if getattr(state.game, "misere", False) is True else 1
    try:
        _, best, value = kernel.alphabeta(state, seat, numbers, sign=sign, max_depth=depth)[0][-1]
        others = [number for number in numbers if number != best]
        second = kernel.alphabeta(state, seat, others, sign=sign, max_depth=depth)[0][-1][2]
    except (NotImplementedError, OverflowError):  # no scores, or a state beyond the kernel
        return True
    return value - second >= 0.5 and [kernel.move(best)] != list(greedy)


def solution_line(state: AnyState, depth: int, search: DepthSearch) -> list[Any] | None:
    """The solution of ``state`` at ``depth``: the solver's only best moves and, of the
    opponent's best replies, the first (in the engine's order) after which the rest holds;
    ``None`` where no line meets the definition (a tie, the game over too soon, the opponent
    twice in a row or last)."""
    solver = state.to_move
    assert solver is not None
    return _rest(state, solver, depth, search)


def _rest(state: AnyState, solver: int, left: int, search: DepthSearch) -> list[Any] | None:
    """The rest of a solution from ``state``, ``left`` plies deep (see :func:`solution_line`)."""
    if left == 0:
        return [] if state.movers[-1] == solver else None
    mover = state.to_move
    if mover is None:
        return None
    if mover == solver:
        best = search.best(state, left)
        if best.ties > 1:
            return None
        choices = [best.move]
    elif state.movers[-1] == mover:  # the solver has moved: it is not the first ply
        return None
    else:
        choices = search.best_moves(state, left)
    for move in choices:
        state.play(move)
        try:
            rest = _rest(state, solver, left - 1, search)
        finally:
            state.undo()
        if rest is not None:
            return [move, *rest]
    return None


def rating(depth: int, moves: int, tempting: int, sacrifice: bool) -> int:
    """The initial rating of a puzzle: the base of its depth, more for each of its legal
    ``moves`` past the first, for each tempting move (a wrong move worth at once within a point
    of the most) and for a sacrifice (a first move worth less at once than another).

    >>> rating(1, 2, 0, False), rating(3, 11, 2, False), rating(5, 40, 9, True)
    (1004, 1450, 2196)
    """
    low, high = RATINGS
    found = (
        BASE_RATING[depth]
        + MOVE_POINTS * min(moves - 1, MOST_MOVES)
        + TEMPTING_POINTS * min(tempting, MOST_TEMPTING)
        + (SACRIFICE_POINTS if sacrifice else 0)
    )
    return max(low, min(high, found))


def themes(
    state: AnyState, line: Sequence[Any], value: int, glance: Glance, plies_left: int
) -> tuple[str, ...]:
    """The themes of a puzzle of ``state`` whose solution is ``line``, worth ``value`` to the
    solver, in a game that went on ``plies_left`` plies; ``glance``: the position at one ply
    (see docs/puzzles.md for each word)."""
    solver = state.to_move
    assert solver is not None
    lead = horizon_value(state, solver)
    words = [{1: "one-move", 3: "short"}.get(len(line), "long")]
    if value >= RESULT // 2:
        words.append("win")
    elif value <= lead:
        words.append("defence")
    if glance.sacrifice(line[0]):
        words.append("sacrifice")
    elif glance.worth[line[0]] == lead and value > lead:
        words.append("quiet")
    state.play(line[0])
    try:
        facts = state.game.move_facts(state)
        if facts.get("captures", 0) > 0 or facts.get("pieces captured", 0) > 0:
            words.append("capture")
        if facts.get("flips", 0) > 0:
            words.append("flip")
        again = len(line) > 1 and state.to_move == solver
    finally:
        state.undo()
    if again:
        words.append("extra-move")
    claims = state.game.tactics(state, line[0])[0]
    if state.game.name == "triggle" and claims:
        words.append("triangle" if claims == 1 else "double")
    if plies_left <= ENDGAME_PLIES:
        words.append("endgame")
    return tuple(words)


def _value_after(state: AnyState, move: Any, seat: int) -> int:
    """What ``move`` is worth to ``seat`` at once: the position's value after it at one ply."""
    state.play(move)
    try:
        return horizon_value(state, seat)
    finally:
        state.undo()
