"""How deep the strong search gets in its time: the depth of the last finished iteration, and
the nodes, of a few players on one position of each game whose levels use it.

Each position is the one a seeded run of random moves reaches (``--seed``; 8 moves into Triggle,
6 into Tricolor, 10 into TRANGLAR, 20 into Trugo). The players are ``hard``, ``hard`` with
``deep=true`` (the same time), and ``expert`` (8 seconds on both cores, ``deep=true``). Budgets
count processor time (each thinking thread its own), so a busy machine does not make the
searches shallower, only slower.

    PYTHONPATH=src python benchmarks/search_depth.py
    PYTHONPATH=src python benchmarks/search_depth.py --game tricolor --seed 2

It prints a Markdown table: for each game and player, the finished depth and the nodes.
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
from typing import Any

from trigames.ai.players import use_processor_time
from trigames.ai.registry import LEVELS, make_player
from trigames.games import load_game

#: Game -> random moves before the position searched.
PLIES = {"triggle": 8, "tricolor": 6, "tranglar": 10, "trugo": 20}


def players(game: str) -> dict[str, str]:
    """Column title -> player spec: ``hard``, ``hard`` with ``deep=true``, ``expert``."""
    hard = LEVELS[game]["hard"]
    return {
        f"`hard` ({hard})": hard,
        "`hard` with `deep=true`": hard.replace("(", "(deep=true,", 1),
        f"`expert` ({LEVELS[game]['expert']})": LEVELS[game]["expert"],
    }


def position(game: str, seed: int) -> Any:
    """The position ``PLIES[game]`` seeded random moves into the game."""
    state = load_game(game).new_initial_state()
    rng = random.Random(seed)
    for _ in range(PLIES[game]):
        moves = state.legal_moves()
        state.play(moves[rng.randrange(len(moves))])
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(PLIES), help="(repeat)")
    parser.add_argument("--seed", type=int, default=5, help="seed of the random moves")
    args = parser.parse_args(argv)
    use_processor_time()
    print("| game (root moves) | player | depth | nodes |")
    print("|---|---|--:|--:|")
    for game in args.game or list(PLIES):
        state = position(game, args.seed)
        for title, spec in players(game).items():
            player = make_player(spec, seed=1, game=state.game)
            player.choose(state)
            info = player.last_info
            print(
                f"| {game} ({len(state.legal_moves())}) | {title} | {info['depth']} "
                f"| {info['nodes']:,} |",
                flush=True,
            )
    print("reproduce: PYTHONPATH=src " + shlex.join(["python", *sys.argv]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
