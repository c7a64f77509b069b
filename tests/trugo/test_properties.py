"""Trugo property tests: random games keep the rules' invariants and undo retraces them.

Each position is read into the naive model of ``tests/trugo/naive.py``, which lists the legal
moves and checks the layout from scratch; ``test_naive.py`` compares whole games move by move.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from tests.trugo import naive
from tests.trugo.drawings import TextBoard
from trigames.games.trugo import Trugo, TrugoState
from trigames.games.trugo.rules import most_full_junctions

SPECS = ["trugo", "trugo(tiles=12,pieces=8)", "trugo(tiles=9,pieces=5,stacking=false)"]


def connected(cells: set[naive.Cell]) -> bool:
    """True when the tiles form one piece (or there are none)."""
    if not cells:
        return True
    seen, todo = set(), [next(iter(cells))]
    while todo:
        q, r = todo.pop()
        seen.add((q, r))
        todo.extend(n for n in ((q + a, r + b) for a, b in naive.STEPS) if n in cells - seen)
    return seen == cells


def check(state: TrugoState) -> None:
    """The invariants of a position, and its legal moves as the naive model finds them."""
    game = state.game
    obj = state.to_json()
    model = naive.from_json(obj)
    full = model.full()
    assert set(model.stacks) <= full, "pieces sit only on full junctions"
    assert all(len(stack) <= 2 for stack in model.stacks.values())
    assert connected(set(model.tiles)), "the layout stays connected"
    assert state.fulls == {j for j, tiles in enumerate(state.full) if tiles == 3}
    # the bounds the action ids are sized by (``games/trugo/actions.py``)
    assert len(state.fulls) <= most_full_junctions(game.tiles)
    if state.pool:
        assert len(state.frontier) <= 2 * (game.tiles - state.pool) + 4 <= 2 * game.tiles + 2
    for seat in (0, 1):
        assert model.count(seat) == state.scores()[seat]
        assert model.count(seat) + obj["supply"][seat] <= game.pieces
    if state.is_over():
        assert state.legal_moves() == []
        return
    assert {str(m) for m in state.legal_moves()} == set(model.legal())
    for seat in (0, 1):
        assert model.capture(seat) == 0, "surrounded groups were captured already"


@settings(max_examples=30, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_undo_retraces_them(spec: str, seed: int) -> None:
    game = trigames.load_game(spec)
    assert isinstance(game, Trugo)
    state = game.new_initial_state()
    rng = random.Random(seed)
    start_hash = state.hash
    while not state.is_over() and len(state.history) < 150:
        check(state)
        state.play(rng.choice(state.legal_moves()))
    check(state)
    while state.history:
        state.undo()
    assert state.hash == start_hash
    assert state.to_json() == game.new_initial_state().to_json()
    assert state.fulls == set()


@settings(max_examples=30, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_every_move_notation_reads_back_and_names_spots_on_the_drawing(
    spec: str, seed: int, plies: int
) -> None:
    game = trigames.load_game(spec)
    assert isinstance(game, Trugo)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_over() and len(state.history) < plies:
        state.play(rng.choice(state.legal_moves()))
    board = TextBoard(game.render_text(state))
    labels = board.labels()
    pieces = {board.name_at(*at) for at in board.pieces()}
    for move in state.legal_moves():
        assert state.parse_move(str(move).upper()) == move
        text = str(move)
        if text == "pass":
            continue
        if "-" in text[1:]:  # a piece moves from a piece to a junction of the drawing
            start, end = text.split("-")
            assert start in pieces
            assert board.where(end) is not None
        else:  # a tile goes on, or leaves, a cell whose name the drawing shows
            cell = text.lstrip("-").rstrip("nsew")
            assert board.where(cell) == labels[cell]
    again = game.state_from_json(state.to_json())
    assert again.fulls == state.fulls
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
