"""The PettingZoo environments, checked with PettingZoo's own tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import trigames  # noqa: E402
import trigames.pettingzoo  # noqa: E402
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
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        state = env.unwrapped.state
        assert np.flatnonzero(mask).tolist() == game.legal_actions(state)
        assert env.render() == game.render_text(state)
        others = [a for a in env.agents if a != agent]
        assert all(env.observe(other)["action_mask"].sum() == 0 for other in others)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    outcome = env.unwrapped.state.outcome()
    assert outcome is not None
    assert final == {
        agent: 1.0 if seat in outcome.winners else -1.0
        for seat, agent in enumerate(["blue_0", "yellow_1", "red_2"])
    }


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        trigames.pettingzoo.env("trig", render_mode="human")
