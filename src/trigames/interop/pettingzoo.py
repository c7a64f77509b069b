"""Every trigames game as a PettingZoo AEC environment (imported by :mod:`trigames.pettingzoo`).

Agents are named after the seats (``blue_0``, ``yellow_1``...). An observation is a dict: the
``observation`` planes of ``Game.observation_planes`` as one flat float32 vector, and the
``action_mask`` over the game's action ids (int8). Rewards come at the end: +1 to winners, -1 to
losers, 0 to everybody in a draw. The games have no chance, so ``reset(seed=...)`` only seeds
the spaces' samplers.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, ValuesView
from functools import partial
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from trigames.core.protocol import AnyState
from trigames.games import load_game
from trigames.interop import returns

Array = np.ndarray[Any, Any]
#: The value of ``observation`` until the planes are computed (compared by identity).
_PENDING: Array = np.empty(0, np.float32)


class Observation(dict[str, Array]):
    """An observation: ``observation``, the planes as one flat vector, and ``action_mask``.

    The planes cost more than a turn of the game, and a policy that only masks never reads
    them, so they are computed the first time they are read: by key, by ``get``, ``values``,
    ``items``, comparison, copying or pickling. Until then the dict holds a placeholder, and
    iterating over it (which its keys need no planes for) goes through the methods that fill
    it, not through a raw copy.
    """

    def __init__(self, planes: Callable[[], Array], mask: Array) -> None:
        super().__init__(observation=_PENDING, action_mask=mask)
        self._planes: Callable[[], Array] | None = planes

    def _fill(self) -> None:
        if self._planes is not None:
            if dict.__getitem__(self, "observation") is _PENDING:
                dict.__setitem__(self, "observation", self._planes())
            self._planes = None

    def __getitem__(self, key: str) -> Array:
        value = dict.__getitem__(self, key)
        if value is _PENDING:
            self._fill()
            value = dict.__getitem__(self, key)
        return value

    def __iter__(self) -> Iterator[str]:  # also makes dict(self) and {**self} read by key
        return dict.__iter__(self)

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, Observation):
            other._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, key, default)

    def values(self) -> ValuesView[Array]:  # type: ignore[override]
        self._fill()
        return dict.values(self)

    def items(self) -> ItemsView[str, Array]:  # type: ignore[override]
        self._fill()
        return dict.items(self)

    def copy(self) -> dict[str, Array]:
        self._fill()
        return dict(dict.items(self))

    def pop(self, *args: Any) -> Any:
        self._fill()
        return dict.pop(self, *args)

    def popitem(self) -> tuple[str, Array]:
        self._fill()
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.setdefault(self, key, default)

    def __or__(self, other: Any) -> Any:
        return self.copy() | other

    def __ror__(self, other: Any) -> Any:
        return other | self.copy()

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:  # copies and pickles: a dict
        return dict, (self.copy(),)


class TrigamesEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A game of ``spec`` as an AEC environment; ``render()`` returns the text drawing."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's convention)
        "render_modes": ["ansi"],
        "name": "trigames_v0",
        "is_parallelizable": False,
    }

    def __init__(self, spec: str, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.game = load_game(spec)
        self.metadata = {**TrigamesEnv.metadata, "name": f"trigames_{self.game.name}_v0"}
        players = self.game.num_players
        self.possible_agents = [
            f"{self.game.player_name(seat).lower()}_{seat}" for seat in range(players)
        ]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.game.observation_planes(self.game.new_initial_state(), 0).size
        self.num_actions = count = self.game.num_actions()
        self._mask_bytes = (count + 7) // 8
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.state: AnyState = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the action and observation spaces' samplers."""
        if seed is not None:
            for offset, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + offset)
                self.observation_spaces[agent].seed(seed + offset)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        seat = self.state.current_player
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """The agent's view: its action mask now, its planes when first read (see
        :class:`Observation`)."""
        seat = self.seats[agent]
        state = self.state
        game = self.game
        legal = game.legal_action_bits(state) if state.current_player == seat else 0
        if legal is not None:  # the bits straight into the mask, no ids listed
            packed = np.frombuffer(legal.to_bytes(self._mask_bytes, "little"), np.uint8)
            mask = np.unpackbits(packed, count=self.num_actions, bitorder="little").view(np.int8)
        else:
            mask = np.zeros(self.num_actions, np.int8)
            mask[game.legal_actions(state)] = 1
        return Observation(partial(self._planes, state, len(state.history), seat), mask)

    def _planes(self, state: AnyState, plies: int, seat: int) -> Array:
        """The planes of ``state`` as it was after ``plies`` moves: the environment only plays
        on (and ``reset`` starts a new state), so a later position is taken back on a copy."""
        if len(state.history) != plies:
            state = state.clone()
            while len(state.history) > plies:
                state.undo()
        return np.array(self.game.observation_planes(state, seat).flat(), np.float32)

    def step(self, action: int) -> None:
        """Play ``action`` for the agent to move (any action of a finished agent is ignored)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        state = self.state
        state.play(state.game.move_of_action(state, int(action)))
        self.agent_selection = self._agent_to_move()
        if state.is_over():
            final = returns(state.outcome(), self.game.num_players)
            for seat, name in enumerate(self.agents):
                self.rewards[name] = final[seat]
                self.terminations[name] = True
            self._accumulate_rewards()  # rewards are all 0 before the end: nothing to add
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str:
        """The position as text."""
        return self.game.render_text(self.state)

    def close(self) -> None:
        """Nothing to release."""


def _forwarded(name: str) -> property:
    """An attribute of the wrapped environment, read directly once ``reset`` has been called
    (before, PettingZoo's ``__getattr__`` raises its error)."""

    def read(self: OrderEnforcing) -> Any:
        if self._has_reset:
            return getattr(self.env, name)
        return self.__getattr__(name)

    return property(read, doc=f"The wrapped environment's ``{name}``.")


class OrderEnforcing(OrderEnforcingWrapper[str, Observation, int]):  # type: ignore[misc]
    """PettingZoo's wrapper that refuses out-of-order calls, with the attributes an AEC loop
    reads every turn (the agent to move, the agents, the terminations...) as properties: the
    wrapper forwards any other attribute through ``__getattr__``, twice over, which cost more
    than a turn of the quicker games."""

    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards")

    def __str__(self) -> str:
        return str(self.env)
