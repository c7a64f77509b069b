"""The PettingZoo environments, checked with PettingZoo's own tests."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import trigames  # noqa: E402
import trigames.pettingzoo  # noqa: E402
from tests.interop import play_aec  # noqa: E402
from tests.test_protocol import SPECS  # noqa: E402


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


def test_the_planes_are_computed_when_first_read_and_show_the_position_observed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = trigames.pettingzoo.env("trig")
    env.reset(seed=1)
    game = env.unwrapped.game
    planes = game.observation_planes
    counted: list[int] = []

    def counting(state: trigames.State[object], seat: int) -> object:
        counted.append(seat)
        return planes(state, seat)

    monkeypatch.setattr(game, "observation_planes", counting)
    first = env.observe("white_0")
    env.step(int(np.flatnonzero(env.observe("white_0")["action_mask"])[0]))
    env.step(int(np.flatnonzero(env.observe("black_1")["action_mask"])[0]))
    assert counted == []
    start = np.array(planes(game.new_initial_state(), 0).flat(), np.float32)
    assert np.array_equal(first["observation"], start)  # the start, though play went on
    assert counted == [0]
    later = env.observe("white_0")
    assert list(later) == ["observation", "action_mask"]
    assert len(later) == 2
    assert "observation" in later
    assert counted == [0]
    copied = dict(later)
    assert counted == [0, 0]
    assert type(copied) is dict
    assert copied == later
    assert np.array_equal(copied["observation"], later["observation"])
    again = pickle.loads(pickle.dumps(env.observe("white_0")))
    assert type(again) is dict
    assert list(again) == ["observation", "action_mask"]
    assert np.array_equal(again["observation"], later["observation"])
    assert "array(" in repr(env.observe("black_1"))
    assert [key for key, _ in env.observe("black_1").items()] == ["observation", "action_mask"]
    assert env.observe("black_1").get("observation") is not None
