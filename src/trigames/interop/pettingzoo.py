"""Every trigames game as a PettingZoo AEC environment (imported by :mod:`trigames.pettingzoo`).

Agents are named after the seats (``blue_0``, ``yellow_1``...). An observation is a dict: the
``observation`` planes of ``Game.observation_planes`` as one flat float32 vector, and the
``action_mask`` over the game's action ids (int8). Every observation has a mask of its own, a
new writable array that the environment never touches again, as in PettingZoo's classic
environments (which build theirs with ``np.zeros`` at every ``observe``): a learner may keep
it in a replay buffer or write into it. (Reusing one array and changing only the ids that
changed would not save a copy, and a kept mask would change under the learner's feet.)
Rewards come at the end: +1 to winners, -1 to losers, 0 to everybody in a draw. The games
have no chance, so ``reset(seed=...)`` only seeds the spaces' samplers.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterator, ValuesView
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable

from trigames.core.protocol import AnyState
from trigames.games import load_game
from trigames.interop.track import Track

Array = np.ndarray[Any, Any]
#: The value of ``observation`` until the planes are computed (compared by identity).
_PENDING: Array = np.empty(0, np.float32)
#: What ``last()`` returns: observation, cumulative reward, termination, truncation, info.
Last = tuple["Observation | None", float, bool, bool, dict[str, Any]]


class Observation(dict[str, Array]):
    """An observation: ``observation``, the planes as one flat vector, and ``action_mask``.

    The planes cost more than a turn of the game, and a policy that only masks never reads
    them, so they are computed the first time they are read: by key, by ``get``, ``values``,
    ``items``, comparison, copying or pickling. Until then the dict holds a placeholder, and
    iterating over it (which its keys need no planes for) goes through the methods that fill
    it, not through a raw copy. The environment makes one as a copy of a dict with the
    placeholder, then sets the mask and ``_source``: where the planes come from.
    """

    __slots__ = ("_source",)

    #: The environment, the game's track, how many moves it had then, and the seat observing.
    _source: tuple[TrigamesEnv, Track, int, int] | None

    def _fill(self) -> None:
        if dict.get(self, "observation") is _PENDING:
            source = self._source
            assert source is not None
            env, track, plies, seat = source
            dict.__setitem__(self, "observation", env._planes(track, plies, seat))
            self._source = None

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
        #: Each observation starts as a copy of this: the planes pending, the mask unset.
        self._blank: dict[str, Array] = {"observation": _PENDING, "action_mask": _PENDING}
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
        self.track = Track.start(self.game)

    @property
    def state(self) -> AnyState:
        """The engine state of the game in play."""
        return self.track.state

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
        self.track = Track.start(self.game)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        seat = self.track.seat()
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """The agent's view: its action mask now, its planes when first read (see
        :class:`Observation`)."""
        seat = self.seats[agent]
        track = self.track
        observation = Observation(self._blank)
        observation._source = (self, track, track.plies(), seat)
        if track.seat() != seat:
            observation["action_mask"] = np.zeros(self.num_actions, np.int8)
            return observation
        observation["action_mask"] = np.frombuffer(track.action_mask(), np.int8)
        return observation

    def last(self, observe: bool = True) -> Last:
        """The observation, cumulative reward, termination, truncation and info of the agent
        to move (PettingZoo's, read directly)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _planes(self, track: Track, plies: int, seat: int) -> Array:
        """The planes of the game as it was after ``plies`` moves: from the kernel while that
        is now, else from the engine state; the environment only plays on (and ``reset``
        starts a new track), so a later position is taken back on a copy."""
        native = track.observation(seat) if track.plies() == plies else None
        if native is not None:
            return np.frombuffer(native, np.float32)
        state = track.state
        if len(state.history) != plies:
            state = state.clone()
            while len(state.history) > plies:
                state.undo()
        planes = self.game.observation_planes(state, seat)
        return np.fromiter(planes.values(), np.float32, planes.size)

    def step(self, action: int) -> None:
        """Play ``action`` for the agent to move (any action of a finished agent is ignored)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        track = self.track
        track.play(int(action))
        seat = track.seat()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        else:
            self.agent_selection = self.possible_agents[0]
            final = track.returns()
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
    """PettingZoo's wrapper that refuses out-of-order calls, with the calls and attributes of
    an AEC loop's every turn going straight to the environment once ``reset`` has been called:
    the wrapper forwards an attribute through ``__getattr__``, twice over, and ``last()``
    reads five of them, which cost more than a turn of the quicker games. Before ``reset``,
    and for every other attribute, PettingZoo's own wrapper answers."""

    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    _cumulative_rewards = _forwarded("_cumulative_rewards")

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable[str, Observation, int]:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)

    def last(self, observe: bool = True) -> Last:
        if not self._has_reset:
            found: Last = super().last(observe)  # PettingZoo's error
            return found
        return self.env.last(observe)  # type: ignore[no-any-return]

    def observe(self, agent: str) -> Observation | None:
        if not self._has_reset:
            return super().observe(agent)  # type: ignore[no-any-return]
        return self.env.observe(agent)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # PettingZoo's error or warning

    def __str__(self) -> str:
        return str(self.env)


#: PettingZoo's message for a loop over ``agent_iter`` that skips ``step``.
UNSTEPPED = "need to call step() or reset() in a loop over `agent_iter`"


class _Turns(AECOrderEnforcingIterable[str, Observation, int]):  # type: ignore[misc]
    """What ``agent_iter`` returns: PettingZoo's iterable, whose iterator reads the agents
    and the agent to move off the wrapped environment directly."""

    def __iter__(self) -> Iterator[str]:
        wrapper: OrderEnforcing = self.env
        env = wrapper.env
        left = self.max_iter
        while env.agents and left > 0:
            left -= 1
            assert wrapper._has_updated, UNSTEPPED
            wrapper._has_updated = False
            yield env.agent_selection
