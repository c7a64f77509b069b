"""Puzzles: positions from real games where one move is the only best, with its forced line.

A puzzle is a position (the ``moves`` of a game from its start) and a **solution**: the
solver's moves (the solver is the player to move) alternating with the opponent's replies,
``depth`` plies in all (its length, 1 to :data:`MAX_DEPTH`). Searched exactly ``depth`` plies deep
on the score lead (:mod:`~trigames.learn.puzzle_search`: every move, no evaluation; where the game
ends, its result first), the solution's first move is the **only best move**, by at least one
point (so also the only winning move, where one wins); every later move of the solver is the
only best the same way at the depth then left; every reply is one of the opponent's best
replies at its depth (the generator takes the first in the engine's order). The solver makes
the last move, and the opponent never moves twice in a row. :func:`verify` checks all of it.

The shipped puzzles (``data/puzzles/<game>.json``, at least 200 a game) were made by
``trigames puzzles make`` from self-play games between the computer levels
(:mod:`~trigames.learn.puzzle_maker`); docs/puzzles.md tells how.

>>> puzzle = find_puzzle("triggle-0001")
>>> puzzle.game, puzzle.depth == len(puzzle.solution), puzzle.id in {
...     p.id for p in puzzles_for("triggle")}
('triggle', True, True)
>>> attempt = check_attempt(puzzle, [], puzzle.solution[0])
>>> attempt.correct, attempt.reply == (puzzle.solution[1] if puzzle.depth > 1 else None)
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, TypedDict

from trigames.core.errors import TrigamesError
from trigames.core.limits import quote
from trigames.core.phrases import Phrase, words_of
from trigames.core.protocol import AnyState
from trigames.games import load_game
from trigames.learn.puzzle_search import DepthSearch, horizon_value

#: The games with shipped puzzles, in the catalogue's order.
PUZZLE_GAMES = ("triggle", "trig", "tricolor", "trugo", "tranglar")
#: The longest solution, in plies.
MAX_DEPTH = 5
#: The most characters of a puzzle id or of a move read from outside (checked before any work).
MAX_ID = 40
MAX_MOVE = 100
#: Where the shipped puzzles are, in the package.
DATA = "data/puzzles"

__all__ = [
    "MAX_DEPTH",
    "PUZZLE_GAMES",
    "Attempt",
    "Puzzle",
    "PuzzleError",
    "PuzzleFileJson",
    "PuzzleJson",
    "check_attempt",
    "find_puzzle",
    "puzzles_for",
    "verify",
]


class PuzzleError(TrigamesError):
    """An unknown game or puzzle, a malformed puzzle, or moves that do not follow a puzzle."""


class PuzzleJson(TypedDict):
    """A puzzle as JSON: in the data files and in ``GET /api/puzzles``."""

    id: str
    game: str
    spec: str
    moves: list[str]
    solution: list[str]
    rating: int
    themes: list[str]


class PuzzleFileJson(TypedDict):
    """A data file: the game, its default spec, when and how the puzzles were made."""

    game: str
    spec: str
    made: str
    by: str
    puzzles: list[PuzzleJson]


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module): ``rating`` is its initial Glicko-2 rating, ``themes``
    short words such as ``win``, ``defence`` or ``short``."""

    id: str
    game: str
    spec: str
    moves: tuple[str, ...]
    solution: tuple[str, ...]
    rating: int
    themes: tuple[str, ...]

    @property
    def depth(self) -> int:
        """The solution's length in plies."""
        return len(self.solution)

    def position(self) -> AnyState:
        """The puzzle's position, a fresh state (``PuzzleError`` if a move does not replay)."""
        state: AnyState = load_game(self.spec).new_initial_state()
        for number, move in enumerate(self.moves, start=1):
            try:
                state.play(move)
            except TrigamesError as error:
                raise PuzzleError(f"{self.id}: move {number} ({quote(move)}): {error}") from None
        return state

    def to_json(self) -> PuzzleJson:
        return {
            "id": self.id,
            "game": self.game,
            "spec": self.spec,
            "moves": list(self.moves),
            "solution": list(self.solution),
            "rating": self.rating,
            "themes": list(self.themes),
        }

    @classmethod
    def from_json(cls, obj: object) -> Puzzle:
        """A puzzle from its JSON form, every field checked (``PuzzleError`` names the wrong
        one)."""
        if not isinstance(obj, Mapping):
            raise PuzzleError("a puzzle is a JSON object")
        name = obj.get("id")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_ID:
            raise PuzzleError(f"a puzzle's 'id' is a text of 1 to {MAX_ID} characters")

        def texts(key: str) -> tuple[str, ...]:
            found = obj.get(key)
            if not (isinstance(found, list) and all(isinstance(t, str) for t in found)):
                raise PuzzleError(f"{name}: {key!r} must be a list of texts")
            return tuple(found)

        game, spec, rating = obj.get("game"), obj.get("spec"), obj.get("rating")
        if game not in PUZZLE_GAMES or not isinstance(spec, str):
            raise PuzzleError(f"{name}: 'game' must be one of {', '.join(PUZZLE_GAMES)}, with "
                              "its 'spec'")  # fmt: skip
        if not isinstance(rating, int) or isinstance(rating, bool):
            raise PuzzleError(f"{name}: 'rating' must be a whole number")
        puzzle = cls(name, game, spec, texts("moves"), texts("solution"), rating, texts("themes"))
        if load_game(spec).name != game:
            raise PuzzleError(f"{name}: the spec {quote(spec)} is not a game of {game}")
        if not 1 <= puzzle.depth <= MAX_DEPTH:
            raise PuzzleError(f"{name}: a solution has 1 to {MAX_DEPTH} moves, not {puzzle.depth}")
        return puzzle


@dataclass(frozen=True)
class Attempt:
    """The answer to one move of the solver: whether it is ``correct``, whether the puzzle is
    ``done``, the opponent's ``reply`` to play next (``None`` at the end, or when the solver
    moves again) and a ``message`` for people (a phrase, said in a page's language)."""

    correct: bool
    done: bool
    reply: str | None
    message: Phrase


def puzzles_for(game: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of ``game`` (read once), easiest first as the file lists them.

    >>> try:
    ...     puzzles_for("chess")
    ... except PuzzleError as error:
    ...     print(error)
    no puzzles for 'chess': there are puzzles for triggle, trig, tricolor, trugo and tranglar
    """
    if game not in PUZZLE_GAMES:
        known = ", ".join(PUZZLE_GAMES[:-1]) + f" and {PUZZLE_GAMES[-1]}"
        raise PuzzleError(f"no puzzles for {quote(game)}: there are puzzles for {known}")
    return _load(game)


@cache
def _load(game: str) -> tuple[Puzzle, ...]:
    text = resources.files(__package__).joinpath(f"{DATA}/{game}.json").read_text("utf-8")
    return read_file(json.loads(text), game)


def read_file(obj: Any, game: str) -> tuple[Puzzle, ...]:
    """The puzzles of a data file's JSON (``PuzzleError`` when it is not one of ``game``)."""
    if not isinstance(obj, dict) or obj.get("game") != game:
        raise PuzzleError(f"not a puzzle file of {game}")
    found = obj.get("puzzles")
    if not isinstance(found, list):
        raise PuzzleError(f"the puzzle file of {game} has no list of 'puzzles'")
    puzzles = tuple(Puzzle.from_json(item) for item in found)
    for puzzle in puzzles:
        if puzzle.game != game:
            raise PuzzleError(f"{puzzle.id} is a puzzle of {puzzle.game}, in the file of {game}")
    return puzzles


def find_puzzle(puzzle_id: str) -> Puzzle:
    """The shipped puzzle named ``puzzle_id`` (``triggle-0001``)."""
    if len(puzzle_id) > MAX_ID:
        raise PuzzleError(f"a puzzle id has at most {MAX_ID} characters, not {len(puzzle_id)}")
    game = puzzle_id.rpartition("-")[0]
    if game in PUZZLE_GAMES:
        for puzzle in puzzles_for(game):
            if puzzle.id == puzzle_id:
                return puzzle
    raise PuzzleError(f"no puzzle {quote(puzzle_id)}")


def verify(puzzle: Puzzle) -> str | None:
    """``None`` when ``puzzle`` holds (the definition of the module, searched in full), else
    why not.

    >>> import dataclasses
    >>> puzzle = find_puzzle("triggle-0001")
    >>> verify(puzzle) is None
    True
    >>> verify(dataclasses.replace(puzzle, solution=puzzle.solution[:0]))
    'the solution is empty'
    """
    if not puzzle.solution:
        return "the solution is empty"
    try:
        state = puzzle.position()
    except PuzzleError as error:
        return str(error)
    solver = state.to_move
    if solver is None:
        return "the game is over at the puzzle's position"
    search = DepthSearch()
    for ply, text in enumerate(puzzle.solution):
        left = puzzle.depth - ply
        mover = state.to_move
        where = f"move {ply + 1} of the solution ({quote(text)})"
        if mover is None:
            return f"the game is over before {where}"
        try:
            move = state.parse_move(text)
        except TrigamesError as error:
            return f"{where}: {error}"
        if move not in state.legal_moves():
            return f"{where} is not legal"
        if mover == solver:
            best = search.best(state, left)
            if best.ties > 1:
                return f"{where}: {best.ties} moves are best at depth {left}, not one"
            if best.move != move:
                return f"{where} is not the best at depth {left}: {best.move} is"
        else:
            if ply > 0 and state.movers[-1] == mover:
                return f"{where}: the opponent moves twice in a row"
            value = search.value(state, left)
            if search.move_value(state, move, left) != value:
                return f"{where} is not one of the opponent's best replies at depth {left}"
        state.play(move)
    if state.movers[-1] != solver:
        return "the solution ends with the opponent's move, not the solver's"
    return None


def check_attempt(puzzle: Puzzle, played: Sequence[str], move: str) -> Attempt:
    """Judge ``move``, the solver's next move after ``played`` (the solution's moves so far).

    The solution's move is correct, and so are two others that end the puzzle: a move that
    wins the game at once (as any mate counts), and at the solver's last move one worth as
    much at one ply. Before the last move a verified puzzle has no other move as good (its
    definition: :func:`verify`), so nothing is searched: an answer costs a replay. A wrong move
    is refused with what it does. ``PuzzleError`` when ``played`` is not the start of the
    solution up to a move of the solver.
    """
    if len(move) > MAX_MOVE:
        raise PuzzleError(f"a move has at most {MAX_MOVE} characters, not {len(move)}")
    state = puzzle.position()
    solver = state.to_move
    count = len(played)
    if count >= puzzle.depth or tuple(played) != puzzle.solution[:count]:
        raise PuzzleError(f"{puzzle.id}: the moves played are not the start of the solution")
    for text in played:
        state.play(text)
    if state.to_move != solver:
        raise PuzzleError(f"{puzzle.id}: after the moves played it is the opponent's turn")
    expected = state.parse_move(puzzle.solution[count])
    try:
        chosen = state.parse_move(move)
    except TrigamesError as error:  # the engine's words: a phrase, kept one (str() is plain)
        words = words_of(error)
        unread = Phrase("{move} is not a move here: {why}", move=quote(move), why=words)
        return Attempt(False, False, None, unread)
    if chosen not in state.legal_moves():
        reason = state.illegal_reason(chosen) or Phrase("it is not a legal move")
        illegal = Phrase("{move} is not legal here: {why}", move=str(chosen), why=reason)
        return Attempt(False, False, None, illegal)
    if chosen == expected:
        return _follow(puzzle, state, count)
    assert solver is not None
    last = count == puzzle.depth - 1
    wins, value = _at_once(state, chosen, solver)
    solution_value = _at_once(state, expected, solver)[1]
    if wins:
        return Attempt(
            True, True, None, Phrase("{move} wins the game too: solved", move=str(chosen))
        )
    if last and value >= solution_value:
        as_good = Phrase(
            "{move} is as good as {best}: solved", move=str(chosen), best=str(expected)
        )
        return Attempt(True, True, None, as_good)
    why = state.game.explain_move(state, chosen)
    wrong = Phrase("{move} is not the best move here: it {why}", move=str(chosen), why=why)
    return Attempt(False, False, None, wrong)


def _at_once(state: AnyState, move: Any, seat: int) -> tuple[bool, int]:
    """Whether ``move`` wins the game at once for ``seat``, and its value at one ply."""
    state.play(move)
    try:
        outcome = state.outcome()
        return outcome is not None and outcome.winners == (seat,), horizon_value(state, seat)
    finally:
        state.undo()


def _follow(puzzle: Puzzle, state: AnyState, count: int) -> Attempt:
    """The answer to the solution's move number ``count`` (played on ``state`` here)."""
    solver = state.to_move
    move = puzzle.solution[count]
    state.play(move)
    if count + 1 == puzzle.depth:
        return Attempt(True, True, None, Phrase("{move} is right: solved", move=move))
    if state.to_move == solver:
        return Attempt(True, False, None, Phrase("{move} is right: you move again", move=move))
    right = Phrase("{move} is right: keep going", move=move)
    return Attempt(True, False, puzzle.solution[count + 1], right)
