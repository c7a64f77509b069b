"""The PettingZoo environments, checked with PettingZoo's own tests."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # noqa: E402

import trigames  # noqa: E402
import trigames.pettingzoo  # noqa: E402
from tests.interop import play_aec  # noqa: E402
from tests.test_protocol import SPECS  # noqa: E402
from trigames.core import native  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("spec", SPECS)
def test_pettingzoo_api_and_seed_tests_pass(spec: str) -> None:
    api_test(trigames.pettingzoo.env(spec), num_cycles=100)
    seed_test(lambda: trigames.pettingzoo.env(spec), num_cycles=50)


def test_a_whole_game_gives_masks_rewards_and_a_drawing() -> None:
    env = trigames.pettingzoo.env("triggle(size=3,players=3)", render_mode=None)
    env.reset(seed=3)
    assert env.agents == ["blue_0", "yellow_1", "red_2"]
    game = trigames.load_game("triggle(size=3,players=3)")
    rng = np.random.default_rng(3)

    def choose(agent: str, observation: dict[str, Any]) -> int:
        mask = observation["action_mask"]
        state = env.unwrapped.state
        assert np.flatnonzero(mask).tolist() == game.legal_actions(state)
        assert env.render() == game.render_text(state)
        others = [a for a in env.agents if a != agent]
        assert all(env.observe(other)["action_mask"].sum() == 0 for other in others)
        return int(rng.choice(np.flatnonzero(mask)))

    final = play_aec(env, choose)
    outcome = env.unwrapped.state.outcome()
    assert outcome is not None
    assert final == {
        agent: 1.0 if seat in outcome.winners else -1.0
        for seat, agent in enumerate(["blue_0", "yellow_1", "red_2"])
    }


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        trigames.pettingzoo.env("trig", render_mode="human")


def count_planes(game: Any, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats ``game.observation_planes`` is asked for from now on, in order."""
    planes = game.observation_planes
    counted: list[int] = []

    def counting(state: trigames.State[object], seat: int) -> object:
        counted.append(seat)
        return planes(state, seat)

    monkeypatch.setattr(game, "observation_planes", counting)
    return counted


def test_the_planes_are_computed_when_first_read_and_show_the_position_observed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = trigames.pettingzoo.env("triggle")  # its planes come from Python in both modes
    env.reset(seed=1)
    first_agent, second_agent = env.possible_agents
    game = env.unwrapped.game
    planes = game.observation_planes
    counted = count_planes(game, monkeypatch)
    first = env.observe(first_agent)
    env.step(int(np.flatnonzero(env.observe(first_agent)["action_mask"])[0]))
    env.step(int(np.flatnonzero(env.observe(second_agent)["action_mask"])[0]))
    assert counted == []
    start = np.array(planes(game.new_initial_state(), 0).flat(), np.float32)
    assert np.array_equal(first["observation"], start)  # the start, though play went on
    assert counted == [0]
    later = env.observe(first_agent)
    assert list(later) == ["observation", "action_mask"]
    assert len(later) == 2
    assert "observation" in later
    assert counted == [0]
    copied = dict(later)
    assert counted == [0, 0]
    assert type(copied) is dict
    assert copied == later
    assert np.array_equal(copied["observation"], later["observation"])
    again = pickle.loads(pickle.dumps(env.observe(first_agent)))
    assert type(again) is dict
    assert list(again) == ["observation", "action_mask"]
    assert np.array_equal(again["observation"], later["observation"])
    assert "array(" in repr(env.observe(second_agent))
    assert [key for key, _ in env.observe(second_agent).items()] == ["observation", "action_mask"]
    assert env.observe(second_agent).get("observation") is not None


@pytest.mark.parametrize("spec", ["trig", "trugo(tiles=12,pieces=6)", "tranglar"])
def test_the_planes_come_from_the_kernel_where_it_has_them(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = trigames.pettingzoo.env(spec)
    env.reset(seed=3)
    game = env.unwrapped.game
    planes = game.observation_planes
    counted = count_planes(game, monkeypatch)
    for _ in range(6):
        agent = env.agent_selection
        observation = env.observe(agent)
        seat = env.unwrapped.seats[agent]
        expected = np.array(planes(env.unwrapped.state, seat).flat(), np.float32)
        assert np.array_equal(observation["observation"], expected)
        observation["observation"][0] = 7.0  # a learner may write into its own
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert len(counted) == (0 if native.mode() == "native" else 6)


BEFORE_RESET: dict[str, Callable[[Any], object]] = {
    "last": lambda env: env.last(),
    "observe": lambda env: env.observe("white_0"),
    "step": lambda env: env.step(0),
    "agent_iter": lambda env: env.agent_iter(),
    "agent_selection": lambda env: env.agent_selection,
    "terminations": lambda env: env.terminations,
}


@pytest.mark.parametrize("call", BEFORE_RESET.values(), ids=BEFORE_RESET.keys())
def test_calls_before_reset_fail_as_through_pettingzoos_own_wrapper(
    call: Callable[[Any], object],
) -> None:
    theirs = OrderEnforcingWrapper(trigames.pettingzoo.raw_env("trig"))
    with pytest.raises((AssertionError, AttributeError)) as expected:
        call(theirs)
    with pytest.raises(expected.type, match=re.escape(str(expected.value))):
        call(trigames.pettingzoo.env("trig"))


def test_a_loop_that_skips_step_fails_and_a_step_after_the_end_warns(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = trigames.pettingzoo.env("tricolor(size=2)")
    env.reset()
    turns = iter(env.agent_iter())
    assert next(turns) == "white_0"
    with pytest.raises(AssertionError, match=r"need to call step\(\)"):
        next(turns)
    env.reset()
    assert list(env.agent_iter(max_iter=0)) == []
    assert list(env.agent_iter(max_iter=1)) == ["white_0"]
    env.reset()
    play_aec(env, lambda agent, observation: int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.agents == []
    env.step(None)
    assert "all agents are terminated" in caplog.text


@pytest.mark.parametrize("spec", ["triggle", "trig", "trugo(tiles=6,pieces=4)"])
def test_every_observation_keeps_its_own_writable_mask(spec: str) -> None:
    """Like PettingZoo's classic environments, each observation has a fresh mask: one kept
    in a replay buffer never changes, and a policy may write into its own."""
    env = trigames.pettingzoo.env(spec)
    env.reset()
    game = env.unwrapped.game
    kept: list[tuple[Any, list[int]]] = []
    for agent in env.agent_iter(max_iter=12):
        observation, _, terminated, truncated, _ = env.last()
        mask = observation["action_mask"]
        assert (mask.dtype, mask.shape) == (np.int8, (game.num_actions(),))
        assert mask.flags.writeable
        legal = game.legal_actions(env.unwrapped.state)
        assert np.flatnonzero(mask).tolist() == legal
        mask[legal[:1]] = 0  # the policy's own: the environment neither reads nor resets it
        kept.append((mask, mask.tolist()))
        env.step(None if terminated or truncated else legal[-1])
        other = env.observe(agent)["action_mask"]
        kept.append((other, other.tolist()))
    for mask, seen in kept:
        assert mask.tolist() == seen
