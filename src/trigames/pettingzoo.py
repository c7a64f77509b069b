"""PettingZoo interface: ``env(spec)`` is a game as an AEC environment with action masks.

Needs the optional extra: ``pip install trigames[pettingzoo]``.

>>> import trigames.pettingzoo
>>> game = trigames.pettingzoo.env("tricolor(size=2)")
>>> game.reset(seed=1)
>>> game.agent_selection, game.observe("white_0")["action_mask"].sum()
('white_0', np.int64(10))
"""

from __future__ import annotations

from trigames.extras import missing_extra

try:
    from pettingzoo.utils import wrappers

    from trigames.interop.pettingzoo import OrderEnforcing, TrigamesEnv
except ModuleNotFoundError as error:
    if error.name not in ("pettingzoo", "gymnasium", "numpy"):
        raise
    raise missing_extra("pettingzoo", "pettingzoo") from error


def raw_env(spec: str, render_mode: str | None = None) -> TrigamesEnv:
    """The environment of the game ``spec``, without PettingZoo's checking wrappers."""
    return TrigamesEnv(spec, render_mode=render_mode)


def env(spec: str, render_mode: str | None = None) -> wrappers.OrderEnforcingWrapper:
    """The environment of the game ``spec``, wrapped to refuse out-of-order calls."""
    return OrderEnforcing(raw_env(spec, render_mode=render_mode))


__all__ = ["TrigamesEnv", "env", "raw_env"]
