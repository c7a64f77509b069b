"""The puzzles: the shipped data, the definition (:func:`verify`) and its mutants, the exact
search against plain minimax, answers to attempts, the maker and ``trigames puzzles``."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import trigames
from trigames.cli import puzzles as puzzles_cli
from trigames.cli.main import main
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyState
from trigames.learn import puzzles as module
from trigames.learn.puzzle_maker import make_puzzles, solution_line
from trigames.learn.puzzle_search import DepthSearch, SearchLimitError, horizon_value
from trigames.learn.puzzles import (
    MAX_DEPTH,
    PUZZLE_GAMES,
    Puzzle,
    PuzzleError,
    check_attempt,
    find_puzzle,
    puzzles_for,
    read_file,
    verify,
)

DATA = Path(module.__file__).parent / "data" / "puzzles"
#: Puzzles of each game verified in full by this file (``trigames puzzles check`` verifies all).
SAMPLE = 40


def sample(game: str) -> list[Puzzle]:
    """:data:`SAMPLE` puzzles of ``game``, spread over its depths (the same every run)."""
    found = list(puzzles_for(game))
    return random.Random(game).sample(found, min(SAMPLE, len(found)))


def replayed(puzzle: Puzzle, upto: int) -> AnyState:
    """The puzzle's position after the first ``upto`` moves of its solution."""
    state = puzzle.position()
    for move in puzzle.solution[:upto]:
        state.play(move)
    return state


def brute(state: AnyState, depth: int, seat: int) -> int:
    """Plain minimax (no table, no pruning) of ``state`` for ``seat``, ``depth`` plies deep:
    the definition's values, the slow way."""
    values = []
    for move in state.legal_moves():
        state.play(move)
        if state.to_move is None or depth == 1:
            values.append(horizon_value(state, seat))
        else:
            values.append(brute(state, depth - 1, seat))
        state.undo()
    return max(values) if state.to_move == seat else min(values)


def brute_root(state: AnyState, depth: int) -> list[int]:
    """The value of each legal move of ``state`` for its player to move, by :func:`brute`."""
    seat = state.to_move
    assert seat is not None
    values = []
    for move in state.legal_moves():
        state.play(move)
        deeper = state.to_move is not None and depth > 1
        values.append(brute(state, depth - 1, seat) if deeper else horizon_value(state, seat))
        state.undo()
    return values


# --- the shipped data ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_every_file_loads_with_at_least_200_puzzles(game: str) -> None:
    obj = json.loads((DATA / f"{game}.json").read_text(encoding="utf-8"))
    assert obj["game"] == game
    assert obj["spec"] == str(trigames.load_game(game).spec)
    assert obj["by"].startswith(f"trigames puzzles make {game} ")
    assert read_file(obj, game) == puzzles_for(game)
    found = puzzles_for(game)
    assert len(found) >= 200
    assert [p.id for p in found] == [f"{game}-{n:04d}" for n in range(1, len(found) + 1)]
    assert [p.rating for p in found] == sorted(p.rating for p in found)  # easiest first
    depths = Counter(p.depth for p in found)
    assert set(depths) <= {1, 2, 3, 4, 5}, depths
    assert len(depths) >= 3, depths
    assert all(1000 <= p.rating <= 2200 and p.themes for p in found)
    positions = {(p.spec, p.moves) for p in found}
    assert len(positions) == len(found)  # no position twice


def test_ids_are_unique_across_games() -> None:
    ids = [puzzle.id for game in PUZZLE_GAMES for puzzle in puzzles_for(game)]
    assert len(ids) == len(set(ids))
    assert find_puzzle(ids[-1]).id == ids[-1]


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_moves_and_solutions_are_legal(game: str) -> None:
    for puzzle in puzzles_for(game):
        state = puzzle.position()
        solver = state.to_move
        assert solver is not None, puzzle.id
        assert len(state.legal_moves()) >= 2, puzzle.id
        for move in puzzle.solution:
            assert state.to_move is not None, puzzle.id
            state.play(move)
        assert state.movers[-1] == solver, puzzle.id
        assert puzzle.to_json()["solution"] == list(puzzle.solution)


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_the_definition_holds_on_a_sample(game: str) -> None:
    for puzzle in sample(game):
        assert verify(puzzle) is None, puzzle.id


# --- the definition, and its mutants ----------------------------------------------------------


def first_of_depth(game: str, depth: int) -> Puzzle:
    """The easiest puzzle of ``game`` of ``depth`` plies whose second ply is a reply and whose
    every move of the solver has another legal move beside it."""

    def fits(puzzle: Puzzle) -> bool:
        state = puzzle.position()
        solver = state.to_move
        for ply, move in enumerate(puzzle.solution):
            mover = state.to_move
            if (ply == 1 and mover == solver) or (mover == solver and len(state.legal_moves()) < 2):
                return False
            state.play(move)
        return True

    return next(p for p in puzzles_for(game) if p.depth == depth and fits(p))


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_a_first_move_that_is_not_the_best_fails(game: str) -> None:
    puzzle = first_of_depth(game, 1)
    state = puzzle.position()
    other = next(str(m) for m in state.legal_moves() if str(m) != puzzle.solution[0])
    why = verify(dataclasses.replace(puzzle, solution=(other,)))
    assert why is not None
    assert "is not the best at depth 1" in why


def test_a_first_move_that_ties_fails() -> None:
    state = trigames.load_game("triggle").new_initial_state()  # every band is worth 0
    puzzle = Puzzle("triggle-9999", "triggle", "triggle", (), ("A1-D1",), 1000, ("one-move",))
    ties = len(state.legal_moves())
    assert (
        verify(puzzle)
        == f"move 1 of the solution ('A1-D1'): {ties} moves are best at depth 1, not one"
    )
    assert verify(dataclasses.replace(puzzle, solution=("A1-D1", "A1-A4", "A2-D2"))) is not None


#: Trig's puzzles are all wins, where every reply loses alike: every reply is a best one.
@pytest.mark.parametrize("game", [game for game in PUZZLE_GAMES if game != "trig"])
def test_a_reply_that_is_not_a_best_reply_fails(game: str) -> None:
    for puzzle in puzzles_for(game):
        if puzzle.depth < 3:
            continue
        state = replayed(puzzle, 1)
        if state.to_move == state.movers[-1]:  # the solver moves again
            continue
        search = DepthSearch()
        left = puzzle.depth - 1
        value = search.value(state, left)
        worse = [m for m in state.legal_moves() if search.move_value(state, m, left) < value]
        if worse:  # (where every reply is as good, any may follow)
            break
    solution = (puzzle.solution[0], str(worse[0]), *puzzle.solution[2:])
    why = verify(dataclasses.replace(puzzle, solution=solution))
    assert why is not None
    assert why.startswith("move 2 of the solution")
    assert why.endswith(f"is not one of the opponent's best replies at depth {left}")


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_a_later_move_of_the_solver_must_be_the_only_best_too(game: str) -> None:
    puzzle = first_of_depth(game, 3)
    state = replayed(puzzle, 2)
    other = next(str(m) for m in state.legal_moves() if str(m) != puzzle.solution[2])
    why = verify(dataclasses.replace(puzzle, solution=(*puzzle.solution[:2], other)))
    assert why is not None
    assert why.startswith("move 3 of the solution")
    short = verify(dataclasses.replace(puzzle, solution=puzzle.solution[:2]))
    assert short is not None  # the opponent cannot move last


def test_a_puzzle_that_does_not_replay_fails() -> None:
    puzzle = find_puzzle("trig-0001")
    why = verify(dataclasses.replace(puzzle, moves=("A1",)))
    assert why is not None
    assert "move 1" in why
    assert verify(dataclasses.replace(puzzle, solution=("Z99",))) is not None


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_the_search_is_plain_minimax(game: str) -> None:
    """The exact search (alpha-beta with a table) finds the values, the ties and the best
    moves that minimax over every move finds, on random positions of every game."""
    rng = random.Random(game)
    checked = 0
    while checked < 8:
        state = trigames.load_game(game).new_initial_state()
        for _ in range(rng.randrange(200)):
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
        if state.is_over() or len(state.legal_moves()) > 12:
            continue
        depth = 1 + checked % 3
        values = brute_root(state, depth)
        search = DepthSearch()
        best = search.best(state, depth)
        assert (best.value, best.ties) == (max(values), values.count(max(values)))
        assert search.value(state, depth) == max(values)
        moves = state.legal_moves()
        assert search.best_moves(state, depth) == [
            move for move, value in zip(moves, values, strict=True) if value == max(values)
        ]
        checked += 1


def test_a_search_stops_at_its_node_limit() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    with pytest.raises(SearchLimitError, match="limit of 100 positions"):
        DepthSearch(node_limit=100).best(state, 3)
    with pytest.raises(ValueError, match="1 to 9 plies"):
        DepthSearch().value(state, 0)


# --- attempts ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_the_solution_is_accepted_move_by_move(game: str) -> None:
    puzzle = first_of_depth(game, 3)
    state = puzzle.position()
    solver = state.to_move
    played: list[str] = []
    while True:
        move = puzzle.solution[len(played)]
        attempt = check_attempt(puzzle, played, move)
        assert attempt.correct, attempt
        played.append(move)
        state.play(move)
        if attempt.done:
            break
        if attempt.reply is None:  # the solver moves again
            assert state.to_move == solver
            continue
        assert attempt.reply == puzzle.solution[len(played)]
        played.append(attempt.reply)
        state.play(attempt.reply)
    assert played == list(puzzle.solution)
    assert attempt.message.endswith("solved")


@pytest.mark.parametrize("game", PUZZLE_GAMES)
def test_a_wrong_move_is_refused_with_the_reason(game: str) -> None:
    puzzle = first_of_depth(game, 1)
    state = puzzle.position()
    other = next(m for m in state.legal_moves() if str(m) != puzzle.solution[0])
    attempt = check_attempt(puzzle, [], str(other))
    assert (attempt.correct, attempt.done, attempt.reply) == (False, False, None)
    assert attempt.message.startswith(f"{other} is not the best move here: it ")


def test_an_illegal_or_unreadable_move_is_refused() -> None:
    puzzle = find_puzzle("triggle-0001")
    played = puzzle.moves[0]  # a band already on the board
    attempt = check_attempt(puzzle, [], played)
    assert not attempt.correct
    assert "is not legal here" in attempt.message
    assert not check_attempt(puzzle, [], "Z9-Z12").correct
    with pytest.raises(PuzzleError, match="at most 100 characters"):
        check_attempt(puzzle, [], "A" * 101)


def test_played_moves_must_be_the_start_of_the_solution() -> None:
    puzzle = first_of_depth("triggle", 3)
    with pytest.raises(PuzzleError, match="not the start of the solution"):
        check_attempt(puzzle, ["A1-D1"], puzzle.solution[0])
    with pytest.raises(PuzzleError, match="not the start of the solution"):
        check_attempt(puzzle, list(puzzle.solution), puzzle.solution[0])
    with pytest.raises(PuzzleError, match="the opponent's turn"):
        check_attempt(puzzle, list(puzzle.solution[:1]), puzzle.solution[1])


def test_an_equally_good_last_move_is_accepted() -> None:
    """At the solver's last move any move worth as much counts (here every band is worth 0)."""
    puzzle = Puzzle("triggle-9999", "triggle", "triggle", (), ("A1-D1",), 1000, ("one-move",))
    attempt = check_attempt(puzzle, [], "A1-A4")
    assert attempt == module.Attempt(
        True, True, None, Phrase("{move} is as good as {best}: solved", move="A1-A4", best="A1-D1")
    )
    assert attempt.message == "A1-A4 is as good as A1-D1: solved"


def test_another_move_that_wins_at_once_is_accepted() -> None:
    """As any mate counts, a move that wins the game at once counts, even where the solution
    wins by more."""
    for game in PUZZLE_GAMES:
        for puzzle in puzzles_for(game):
            if "win" not in puzzle.themes or puzzle.depth != 1:
                continue
            state = puzzle.position()
            solver = state.to_move
            for move in state.legal_moves():
                if str(move) == puzzle.solution[0]:
                    continue
                state.play(move)
                outcome = state.outcome()
                state.undo()
                if outcome is not None and outcome.winners == (solver,):
                    attempt = check_attempt(puzzle, [], str(move))
                    assert attempt.correct, attempt
                    assert attempt.done, attempt
                    assert attempt.message == f"{move} wins the game too: solved"
                    return
    pytest.fail("no shipped puzzle has a second winning move to try")


# --- finding puzzles ---------------------------------------------------------------------------


def test_unknown_games_and_puzzles_are_refused() -> None:
    with pytest.raises(PuzzleError, match="no puzzles for 'chess'"):
        puzzles_for("chess")
    for name in ["triggle-0000", "chess-0001", "triggle", ""]:
        with pytest.raises(PuzzleError, match="no puzzle"):
            find_puzzle(name)
    with pytest.raises(PuzzleError, match="at most 40 characters"):
        find_puzzle("x" * 41)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": 3}, "'id' is a text"),
        ({"moves": "A1-D1"}, "'moves' must be a list of texts"),
        ({"game": "chess"}, "'game' must be one of"),
        ({"rating": "1500"}, "'rating' must be a whole number"),
        ({"spec": "trig"}, "is not a game of triggle"),
        ({"solution": []}, f"a solution has 1 to {MAX_DEPTH} moves"),
    ],
)
def test_a_malformed_puzzle_is_refused(change: dict[str, Any], message: str) -> None:
    obj: dict[str, Any] = {**find_puzzle("triggle-0001").to_json(), **change}
    with pytest.raises(PuzzleError, match=message):
        Puzzle.from_json(obj)
    with pytest.raises(PuzzleError, match="not a puzzle file of trig"):
        read_file({"game": "triggle", "puzzles": []}, "trig")


# --- making puzzles ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["triggle", "tricolor", "trig"])
def test_making_is_reproducible_and_makes_puzzles_that_hold(game: str) -> None:
    made = make_puzzles(game, 3, seed=7)
    assert made == make_puzzles(game, 3, seed=7)
    assert [p.id for p in made] == [f"{game}-0001", f"{game}-0002", f"{game}-0003"]
    for puzzle in made:
        assert verify(puzzle) is None, puzzle


def test_the_solution_line_of_a_position_without_one_is_none() -> None:
    state = trigames.load_game("triggle").new_initial_state()
    assert solution_line(state, 1, DepthSearch()) is None


# --- the command ---------------------------------------------------------------------------------


def test_show_prints_the_position_and_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = first_of_depth("trig", 3)
    assert main(["puzzles", "show", puzzle.id]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{puzzle.id} (trig, after {len(puzzle.moves)} moves)")
    assert f"1. {puzzle.solution[0]} (solver)  2. {puzzle.solution[1]} (reply)" in out
    assert main(["puzzles", "show", "trig-9999"]) == 2
    assert "no puzzle 'trig-9999'" in capsys.readouterr().err


def test_check_counts_the_puzzles_that_hold_and_fails_on_one_that_does_not(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = first_of_depth("tricolor", 1)
    bad = dataclasses.replace(good, id="tricolor-9999", solution=("A1-A2",))
    monkeypatch.setattr(puzzles_cli, "puzzles_for", lambda game: (good,))
    assert main(["puzzles", "check", "tricolor"]) == 0
    assert "tricolor: 1 of 1 puzzles hold" in capsys.readouterr().out
    monkeypatch.setattr(puzzles_cli, "puzzles_for", lambda game: (good, bad))
    assert main(["puzzles", "check", "tricolor"]) == 1
    out = capsys.readouterr().out
    assert "tricolor-9999: move 1 of the solution ('A1-A2')" in out
    assert "tricolor: 1 of 2 puzzles hold" in out
    assert out.endswith("1 puzzles fail\n")


def test_make_writes_a_data_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "made.json"
    command = ["puzzles", "make", "triggle", "--count", "2", "--seed", "3", "--out", str(out)]
    assert main(command) == 0
    obj = json.loads(out.read_text(encoding="utf-8"))
    assert obj["by"] == "trigames puzzles make triggle --count 2 --seed 3"
    made = read_file(obj, "triggle")
    assert len(made) == 2
    assert all(verify(p) is None for p in made)
    assert "2 puzzles of triggle in" in capsys.readouterr().err
    assert main(["puzzles", "make", "chess"]) == 2
    assert main(["puzzles", "make", "trig", "--count", "0"]) == 2
