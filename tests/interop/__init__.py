"""Tests of the adapters to learning libraries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def play_aec(env: Any, choose: Callable[[str, Any], int]) -> dict[str, float]:
    """Play a PettingZoo AEC game to its end from ``env`` (reset already), each turn's action
    ``choose(agent, observation)``; return each agent's final reward."""
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(choose(agent, observation))
    return final
