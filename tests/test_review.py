"""Reviewing a game: one entry per ply, legal best moves and lines, chances, marks, the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from trigames.ai.players import Budget
from trigames.ai.registry import make_player
from trigames.analysis.review import LEVELS, PlyReview, review_game
from trigames.cli.main import main
from trigames.core.errors import RecordError
from trigames.records import GameRecord, Seat

SMALL = "triggle(size=3)"
FAST = LEVELS["easy"]
#: Seat 0's last move leaves seat 1 the triangles that decide the game (found by the search).
BLUNDER = ["A2-D1", "A2-D4", "B2-E3", "A3-D2", "A1-D3"]


def record_of(spec: str, moves: list[str]) -> GameRecord:
    state = trigames.load_game(spec).new_initial_state()
    for move in moves:
        state.play(move)
    return GameRecord.from_state(state, [Seat(f"P{i}") for i in range(state.game.num_players)])


def played(spec: str, players: list[str], seed: int, limit: int | None = None) -> GameRecord:
    """A game between computer players (by spec), cut after ``limit`` plies."""
    game = trigames.load_game(spec)
    seats = [make_player(p, seed=seed + i, game=game) for i, p in enumerate(players)]
    state = game.new_initial_state()
    while not state.is_over() and (limit is None or len(state.history) < limit):
        mover = state.current_player
        assert mover is not None
        state.play(seats[mover].choose(state))
    return GameRecord.from_state(state, [Seat(p, p) for p in players])


def check_review(record: GameRecord, plies: list[PlyReview]) -> None:
    """One legal entry per ply, chances in [0, 1], the last one the result when it ended."""
    assert [p.ply for p in plies] == list(range(1, len(record.moves) + 1))
    assert [p.move for p in plies] == record.moves
    positions = [state.clone() for state in record.positions()]
    for ply, before in zip(plies, positions, strict=False):
        assert ply.mover == before.current_player
        assert 0 <= ply.eval <= 1
        legal = {str(move) for move in before.legal_moves()}
        assert ply.best in legal
        assert ply.line[0] == ply.best
        assert len(ply.line) <= 4
        line = before.clone()
        for move in ply.line:
            line.play(move)  # raises if the line is not legal
        assert set(ply.to_json()) == {"ply", "move", "mover", "eval", "best", "line", "mark"}
    outcome = positions[-1].outcome()
    if outcome is not None and plies:
        share = 1 / len(outcome.winners) if 0 in outcome.winners else 0.0
        assert plies[-1].eval == share


def test_a_finished_game_is_reviewed_ply_by_ply() -> None:
    record = played(SMALL, ["random", "random"], seed=3)
    assert record.result is not None
    plies = review_game(record, budget=FAST, seed=1)
    check_review(record, plies)
    assert plies[-1].eval in (0.0, 0.5, 1.0)


def test_a_review_is_the_same_for_the_same_seed() -> None:
    record = played("triggle(size=4)", ["random", "random"], seed=5, limit=10)
    assert review_game(record, budget=FAST, seed=2) == review_game(record, budget=FAST, seed=2)


def test_a_move_that_hands_over_the_game_is_a_blunder() -> None:
    plies = review_game(record_of(SMALL, BLUNDER), budget=FAST, seed=0)
    last = plies[-1]
    assert last.mover == 0
    assert last.move != last.best
    assert last.eval == 0.0  # proven lost for seat 0 after it
    assert last.mark == "??"
    assert all(p.mark is None for p in plies if p.move == p.best)


@settings(max_examples=10, deadline=None)
@given(
    spec=st.sampled_from(["triggle", "tricolor", "trig", "trugo", "tranglar"]),
    seed=st.integers(0, 10**6),
    length=st.integers(0, 6),
)
def test_random_short_games_of_every_game_review(spec: str, seed: int, length: int) -> None:
    rng = random.Random(seed)
    state: trigames.State[Any] = trigames.load_game(spec).new_initial_state()
    while not state.is_over() and len(state.history) < length:
        state.play(rng.choice(state.legal_moves()))
    record = GameRecord.from_state(state, [Seat(f"P{i}") for i in range(state.game.num_players)])
    plies = review_game(record, budget=Budget(iterations=300), seed=seed, workers=1)
    check_review(record, plies)


def test_a_random_players_games_have_more_marks_than_a_strong_players() -> None:
    def marks_per_move(players: list[str]) -> float:
        marks = moves = 0
        for seed in range(3):
            plies = review_game(played(SMALL, players, seed=seed), budget=FAST, seed=seed)
            marks += sum(p.mark is not None for p in plies)
            moves += len(plies)
        return marks / moves

    strong = "strong(iterations=5000)"
    assert marks_per_move(["random", "random"]) > marks_per_move([strong, strong])


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = record_of(SMALL, BLUNDER[:2])
    record.moves.append("A2-D1")  # played already
    with pytest.raises(RecordError, match="move 3"):
        review_game(record, budget=FAST)


# --- the command ---------------------------------------------------------------------------


@pytest.fixture
def blunder_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    record_of(SMALL, BLUNDER).save(path)
    return path


def test_review_json(blunder_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(blunder_file), "--json", "--level", "easy", "--seed", "0"]) == 0
    plies = json.loads(capsys.readouterr().out)
    assert [p["move"] for p in plies] == BLUNDER
    assert plies[-1]["mark"] == "??"
    expected = review_game(record_of(SMALL, BLUNDER), budget=FAST, seed=0)
    assert plies == [p.to_json() for p in expected]


def test_review_table(blunder_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(blunder_file), "--level", "easy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["ply", "move", "mover", "eval", "mark", "best"]
    assert len(lines) == 1 + len(BLUNDER)
    last = lines[-1].split()
    assert last[:4] == ["5", "A1-D3", "P0", "0.0%"]
    assert last[4] == "??"


def test_review_of_a_broken_record_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    record = record_of(SMALL, BLUNDER[:2])
    record.moves.append("Z9-Z9")
    record.save(path)
    assert main(["review", str(path), "--level", "easy"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("trigames: error: move 3 (Z9-Z9) does not replay")
    assert error.count("\n") == 1
