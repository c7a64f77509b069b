"""How often a player takes the swap: for each seed, the first move of ``--player`` in seat 0
answered by ``--player`` in seat 1, in each game with ``swap=true``. Budgets count processor
time, so a busy machine does not weaken the players.

    PYTHONPATH=src python benchmarks/swap_answers.py
    PYTHONPATH=src python benchmarks/swap_answers.py --games triggle,tricolor --player hard

It prints a Markdown table: for each game, the swaps taken of the openings tried and the first
moves played most often. (Self-play records the same as the ``swap`` fact of each game.)
"""

from __future__ import annotations

import argparse
from collections import Counter

from trigames.ai.players import use_processor_time
from trigames.ai.registry import make_player
from trigames.core.swap import SWAP
from trigames.games import list_games, load_game


def swaps_taken(spec: str, player: str, openings: int) -> tuple[int, Counter[str]]:
    """The swaps ``player`` takes in ``openings`` seeded openings of ``spec`` (seeds 0 up,
    the seats' seeds as ``trigames match`` makes them), and the first moves it answered."""
    game = load_game(spec)
    taken, firsts = 0, Counter[str]()
    for seed in range(openings):
        first = make_player(player, seed=seed * 8, game=game)
        second = make_player(player, seed=seed * 8 + 1, game=game)
        state = game.new_initial_state()
        move = first.choose(state)
        firsts[str(move)] += 1
        state.play(move)
        taken += second.choose(state) == SWAP
    return taken, firsts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = ",".join(cls.name for cls in list_games())
    parser.add_argument("--games", default=names, help=f"games, comma-separated (default {names})")
    parser.add_argument("--player", default="medium", help="both seats' player (default medium)")
    parser.add_argument("--openings", type=int, default=30, help="openings a game (default 30)")
    args = parser.parse_args()
    use_processor_time()
    print(f"| game | swaps taken by {args.player} | most played first moves |")
    print("|---|---|---|")
    for name in args.games.split(","):
        taken, firsts = swaps_taken(f"{name}(swap=true)", args.player, args.openings)
        common = ", ".join(f"{move} ({n})" for move, n in firsts.most_common(3))
        print(f"| {name} | {taken} of {args.openings} | {common} |", flush=True)


if __name__ == "__main__":
    main()
