"""How fast a computer player searches: self-play moves, timed, with the search's own counts.

>>> import trigames
>>> figures = bench_player(trigames.load_game("triggle(size=3)"), "mcts(iterations=20)", moves=2)
>>> figures["moves"], figures["simulations"]
(2, 40)
"""

from __future__ import annotations

import time
from typing import Any

from trigames.ai.registry import make_player, resolve
from trigames.core.protocol import AnyGame


def bench_player(game: AnyGame, spec: str, *, moves: int = 10, seed: int = 0) -> dict[str, Any]:
    """Let one player play ``moves`` moves of self-play from the start and time them.

    Reports seconds per move (mean and longest), the ``mode`` the search ran in (``native``
    when a compiled kernel ran it, else ``pure``) and, for MCTS, simulations per second; for
    alpha-beta, nodes per second and the depth reached.
    """
    player = make_player(spec, seed=seed, game=game)
    state = game.new_initial_state()
    times: list[float] = []
    simulations = nodes = 0
    depths: list[int] = []
    native = False
    while not state.is_over() and len(times) < moves:
        started = time.perf_counter()
        move = player.choose(state)
        times.append(time.perf_counter() - started)
        info = player.last_info
        native = native or info.get("mode") == "native"
        simulations += int(info.get("simulations", 0))
        nodes += int(info.get("nodes", 0))
        if "depth" in info:
            depths.append(int(info["depth"]))
        state.play(move)
    total = sum(times)
    figures: dict[str, Any] = {
        "game": str(game.spec),
        "player": resolve(spec, game),
        "moves": len(times),
        "seconds": round(total, 3),
        "seconds_per_move": round(total / len(times), 3) if times else 0.0,
        "longest_move_seconds": round(max(times), 3) if times else 0.0,
        "mode": "native" if native else "pure",
    }
    if player.kind == "mcts":
        figures["simulations"] = simulations
        figures["simulations_per_second"] = round(simulations / total, 1) if total else 0.0
    if player.kind in ("alphabeta", "strong"):
        figures["nodes"] = nodes
        figures["nodes_per_second"] = round(nodes / total, 1) if total else 0.0
        figures["mean_depth"] = round(sum(depths) / len(depths), 2) if depths else 0
    return figures
