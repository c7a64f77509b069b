"""How strong a computer player is against a yardstick: K seeded games, scored.

The player under test (a level such as ``medium``, or any player spec) plays ``--games`` games
against an opponent (by default the yardstick ``alphabeta(depth=2,eval=simple)``: plain
fixed-depth alpha-beta on the score lead). Half the games are played on each game spec given
(by default Triggle as it comes and ``triggle(touch=false)``), and within each spec the player
takes the first seat in every other game. Game ``i`` seeds its players with ``seed + i`` (the
player under test) and ``seed + i + 500_000`` (the opponent), so every game can be played again.

With ``--opening-plies N`` each game starts after N random legal moves, the same N for the two
games of a pair (one spec, the seats swapped) and new ones for the next pair. Where the first
player wins nearly every game between two players (Trig), the empty board decides the match;
varied openings played from both seats show which player is stronger.

It prints each game (spec, seats, scores, winner), the player's score (a win 1, a draw 1/2),
the player's score in each seat, the longest move the player took (and the processor time of
that move: much less means the machine was busy; and the most processor time any of its moves
took), and the command that reproduces the table:

    python benchmarks/strength.py --player medium --opponent 'alphabeta(depth=2,eval=simple)'
    python benchmarks/strength.py --player hard --opponent 'alphabeta(depth=4,eval=simple)'
    python benchmarks/strength.py --spec trig --player expert --opponent hard --opening-plies 2

Run it with ``nice -n 19`` on a shared machine, one match at a time: the levels play by the
clock, so a busy machine makes them weaker.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from trigames.ai.match import random_opening
from trigames.ai.players import use_processor_time
from trigames.ai.registry import make_player
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game

DEFAULT_SPECS = ("triggle", "triggle(touch=false)")
OPPONENT_SEED_OFFSET = 500_000
OPENING_SEED_OFFSET = 900_000
MAX_OPENING_PLIES = 20


class OpeningEndedError(Exception):
    """The game ended within the random opening."""


def opening(game: AnyGame, plies: int, seed: int) -> tuple[AnyState, list[str]]:
    """The position after ``plies`` random legal moves drawn with ``seed``
    (:func:`~trigames.ai.match.random_opening`), and those moves."""
    moves = random_opening(game, plies, seed)
    if len(moves) < plies:
        raise OpeningEndedError(f"the game ended within {plies} random opening plies")
    state = game.new_initial_state()
    for move in moves:
        state.play(move)
    return state, [str(move) for move in moves]


def play(
    player: str, opponent: str, specs: list[str], games: int, seed: int, opening_plies: int = 0
) -> tuple[float, float, float, float, list[tuple[float, int]]]:
    """Play the match, printing each game; return the player's score, its longest move in
    seconds and the processor time of that move (less when the machine was busy), its longest
    move in processor time, and its score and games in each seat."""
    score = 0.0
    longest = longest_cpu = most_cpu = 0.0
    by_seat = [0.0, 0.0]
    in_seat = [0, 0]
    for i in range(games):
        spec = specs[i % len(specs)]
        first = (i // len(specs)) % 2 == 0  # the player moves first in every other game
        game = load_game(spec)
        me = make_player(player, seed=seed + i, game=game)
        them = make_player(opponent, seed=seed + i + OPPONENT_SEED_OFFSET, game=game)
        my_seat = 0 if first else 1
        seats = [me, them] if first else [them, me]
        pair = i // (2 * len(specs)) * len(specs) + i % len(specs)
        state, moves = opening(game, opening_plies, seed + OPENING_SEED_OFFSET + pair)
        while (mover := state.current_player) is not None:
            started, cpu = time.perf_counter(), time.process_time()
            move = seats[mover].choose(state)
            took, took_cpu = time.perf_counter() - started, time.process_time() - cpu
            if mover == my_seat:
                if took > longest:
                    longest, longest_cpu = took, took_cpu
                most_cpu = max(most_cpu, took_cpu)
            state.play(move)
        outcome = state.outcome()
        assert outcome is not None
        points = (1.0 if len(outcome.winners) == 1 else 0.5) if my_seat in outcome.winners else 0.0
        score += points
        by_seat[my_seat] += points
        in_seat[my_seat] += 1
        print(
            f"game {i:3d} {spec:22s} player seat {my_seat}  scores {outcome.scores}  "
            f"player gets {points:g}" + (f"  opening {' '.join(moves)}" if moves else ""),
            flush=True,
        )
    return score, longest, longest_cpu, most_cpu, list(zip(by_seat, in_seat, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--player", default="medium", help="player spec or level under test")
    parser.add_argument("--opponent", default="alphabeta(depth=2,eval=simple)")
    parser.add_argument("--spec", action="append", help="game spec (repeat; default Triggle)")
    parser.add_argument("--games", type=int, default=16, help="games in all (default 16)")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 0 (default 1)")
    parser.add_argument(
        "--opening-plies",
        type=int,
        default=0,
        metavar="N",
        help=f"start each pair of games (seats swapped) after the same N random moves, "
        f"0 to {MAX_OPENING_PLIES} (default 0: the empty board)",
    )
    parser.add_argument(
        "--processor-time",
        action="store_true",
        help="time budgets count processor time, not wall-clock seconds (fair on a busy machine)",
    )
    args = parser.parse_args(argv)
    if args.processor_time:
        use_processor_time()
    if not 1 <= args.games <= 10_000:
        parser.error("--games must be from 1 to 10000")
    if not 0 <= args.opening_plies <= MAX_OPENING_PLIES:
        parser.error(f"--opening-plies must be from 0 to {MAX_OPENING_PLIES}")
    specs = args.spec or list(DEFAULT_SPECS)
    started = time.perf_counter()
    try:
        score, longest, longest_cpu, most_cpu, by_seat = play(
            args.player, args.opponent, specs, args.games, args.seed, args.opening_plies
        )
    except OpeningEndedError as error:
        parser.error(f"{error}; ask for fewer")
    command = ["python", "benchmarks/strength.py", "--player", args.player]
    command += ["--opponent", args.opponent, "--games", str(args.games), "--seed", str(args.seed)]
    command += ["--processor-time"] if args.processor_time else []
    command += ["--opening-plies", str(args.opening_plies)] if args.opening_plies else []
    for spec in specs:
        command += ["--spec", spec]
    print(
        f"{args.player} vs {args.opponent}: {score:g}/{args.games} "
        f"({100 * score / args.games:.0f} %), longest move of {args.player} {longest:.2f} s "
        f"({longest_cpu:.2f} s of processor time; the most processor time a move took "
        f"{most_cpu:.2f} s), {time.perf_counter() - started:.0f} s in all"
    )
    print(
        ", ".join(f"player seat {seat}: {points:g}/{n}" for seat, (points, n) in enumerate(by_seat))
    )
    print("reproduce: PYTHONPATH=src " + shlex.join(command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
