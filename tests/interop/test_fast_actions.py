"""Each game's own way to list legal action ids and read a move off an id, against the
reference in ``Game`` (number every legal move, sort; look through the legal moves)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trigames
from tests.test_protocol import SPECS
from trigames.core.protocol import Game

#: Ids checked at each position besides the legal ones and their neighbours, where a game
#: has too many to check them all.
SAMPLED = 300


def ids_to_check(game: trigames.Game[Any, Any], legal: list[int], rng: random.Random) -> list[int]:
    count = game.num_actions()
    if count <= 2 * SAMPLED:
        return list(range(count))
    near = {a + d for a in legal for d in (-1, 0, 1) if 0 <= a + d < count}
    return sorted(near | {rng.randrange(count) for _ in range(SAMPLED)})


def check_position(state: trigames.State[Any], rng: random.Random) -> None:
    game = state.game
    reference = Game.legal_actions(game, state)
    assert game.legal_actions(state) == reference
    mask = game.legal_action_mask(state)
    assert len(mask) == game.num_actions()
    assert [i for i, on in enumerate(mask) if on] == reference
    assert set(mask) <= {0, 1}
    by_id = {game._action_id(state, move): move for move in state.legal_moves()}
    checked = ids_to_check(game, reference, rng)
    for action in checked:
        assert game._action_move(state, action) == by_id.get(action), action
    for action in rng.sample(checked, min(len(checked), 8)):  # the reference is slow
        assert Game._action_move(game, state, action) == by_id.get(action)


@pytest.mark.parametrize("spec", SPECS)
def test_the_fast_numbering_equals_the_reference_along_random_games(spec: str) -> None:
    rng = random.Random(spec)
    for _ in range(2):
        state = trigames.load_game(spec).new_initial_state()
        while not state.is_over():
            check_position(state, rng)
            state.play(rng.choice(state.legal_moves()))
        check_position(state, rng)
        assert state.game.legal_actions(state) == []


def test_seats_that_left_and_endings_change_nothing() -> None:
    rng = random.Random(5)
    state = trigames.load_game("triggle(size=3,players=4,markers=3)").new_initial_state()
    state.play(rng.choice(state.legal_moves()))
    state.play("resign 2")
    while not state.is_over():
        check_position(state, rng)
        state.play(rng.choice(state.legal_moves()))
    check_position(state, rng)
    resigned = trigames.load_game("trig").new_initial_state()
    resigned.play("G6")
    resigned.play("resign")
    check_position(resigned, rng)
    assert resigned.game.legal_actions(resigned) == []


@pytest.mark.parametrize("spec", ["triggle", "triggle(players=3)", "tricolor", "tricolor(size=2)"])
def test_legal_action_bits_are_the_legal_actions(spec: str) -> None:
    game = trigames.load_game(spec)
    rng = random.Random(7)
    state = game.new_initial_state()
    while True:
        found = game.legal_action_bits(state)
        assert found is not None
        assert [i for i in range(found.bit_length()) if found >> i & 1] == (
            game.legal_actions(state) if not state.is_over() else []
        )
        if state.is_over():
            break
        state.play(rng.choice(state.legal_moves()))
