"""Seeded random play through both adapters gives the games it gave before they were made
fast: ``data/interop/random_games.json`` holds the action ids and results of two games per
spec, recorded with the adapters that numbered every move, sorted and looked moves up by a
scan."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

import trigames.openspiel  # noqa: E402
import trigames.pettingzoo  # noqa: E402
from tests.interop import play_aec  # noqa: E402
from tests.test_protocol import SPECS  # noqa: E402

RECORDED = json.loads((Path(__file__).parents[1] / "data/interop/random_games.json").read_text())


def openspiel_game(spec: str, seed: int) -> list[Any]:
    """A pyspiel-style random game: the ids played and the returns."""
    game = trigames.openspiel.load(spec)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return [[item.action for item in state.full_history()], state.returns()]


def pettingzoo_game(spec: str, seed: int) -> list[Any]:
    """A random game drawn by the action spaces' masked sampler: the ids played and the
    final rewards."""
    env = trigames.pettingzoo.env(spec)
    env.reset(seed=seed)
    played: list[int] = []

    def choose(agent: str, observation: dict[str, Any]) -> int:
        played.append(int(env.action_space(agent).sample(observation["action_mask"])))
        return played[-1]

    rewards = play_aec(env, choose)
    return [played, rewards]


@pytest.mark.parametrize("spec", SPECS)
def test_seeded_random_games_are_the_games_recorded_before(spec: str) -> None:
    assert [openspiel_game(spec, seed) for seed in (0, 1)] == RECORDED[spec]["openspiel"]
    assert [pettingzoo_game(spec, seed) for seed in (0, 1)] == RECORDED[spec]["pettingzoo"]
