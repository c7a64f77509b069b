"""``trigames``: list, explain, play, replay and measure the games.

Run without arguments for an interactive start that asks which game to play.

Every numeric option has a range, given in its help (:data:`SEEDS`, :data:`GAMES`...); a value
outside it, ``nan`` or ``inf`` included, is a usage error. Errors are one line on standard
error, escaped (:func:`~trigames.cli.console.printable`) and cut to :data:`ERROR_LENGTH`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console as RichConsole
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from trigames.ai.ladder import rules_with_ladder
from trigames.ai.playout import benchmark
from trigames.ai.registry import LEVEL_NAMES, PLAYER_KINDS, Range, make_player
from trigames.ai.solve import ENGINES
from trigames.analysis.metrics import MAX_SKILL_GAMES, MAX_SKILL_LEVELS, SKILL_LEVELS
from trigames.cli.console import NAME_LENGTH, Console, printable
from trigames.cli.play import TerminalGame
from trigames.cli.puzzles import add_parser as add_puzzles_parser
from trigames.cli.replay import replay
from trigames.core import native
from trigames.core.errors import TrigamesError
from trigames.core.native import kernel_for, kernel_of
from trigames.core.perft import divide
from trigames.core.protocol import AnyGame
from trigames.diagrams import rules_with_text_boards
from trigames.games import describe_games, list_games, load_game
from trigames.records import GameRecord, Seat

SEAT_KINDS = ("human", *PLAYER_KINDS)

#: This machine's processors: the most processes ``--jobs`` may ask for.
PROCESSORS = os.cpu_count() or 1
#: The ranges of the numeric options.
SEEDS = Range(0, 2**32 - 1)
GAMES = Range(1, 100_000)
JOBS = Range(1, PROCESSORS)
PERFT_DEPTHS = Range(1, 30)
BENCH_SECONDS = Range(0.01, 600, whole=False)
BENCH_MOVES = Range(1, 1000)
PORTS = Range(1, 65535)
SOLVE_SECONDS = Range(0.01, 86_400, whole=False)
REVIEW_SECONDS = Range(0.01, 60, whole=False)
SOLVE_MEMORY = Range(1, 65_536)
GAMES_PER_MOVE = Range(1, 10_000)
DEPTH_GAMES = Range(2, MAX_SKILL_GAMES)
WORKERS = Range(1, 64)
#: Limits of ``serve`` a client address or a game may reach, and computer worker processes.
PER_CLIENT = Range(1, 100_000)
COMPUTERS = Range(1, 256)
#: The most characters of an error message printed (a message may quote a file).
ERROR_LENGTH = 500


class UsageError(Exception):
    """A command-line argument is wrong; the message says how."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``trigames`` command; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # argparse printed the help, or a usage error (status 2)
        return done.code if isinstance(done.code, int) else 0
    try:
        if args.command is None:
            return start(Console.terminal())
        result: int = args.handler(args)
        return result
    except (TrigamesError, UsageError) as error:
        print(f"trigames: error: {printable(str(error), ERROR_LENGTH)}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (for example `| head`): nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 1
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        text = printable(f"{where}{error.strerror or error}", ERROR_LENGTH)
        print(f"trigames: error: {text}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trigames",
        description="Abstract strategy games on triangle and hexagon grids. "
        "Run without a command to choose a game and play.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub = commands.add_parser("list", help="games and their options with defaults")
    sub.add_argument("--json", action="store_true", help="print JSON")
    sub.set_defaults(handler=cmd_list)

    sub = commands.add_parser("rules", help="the rules of a game, rulings included")
    sub.add_argument("game", help="game name, for example triggle")
    sub.set_defaults(handler=cmd_rules)

    sub = commands.add_parser("info", help="facts about a game's board")
    sub.add_argument("spec", help="spec string, for example 'triggle(size=5)'")
    sub.add_argument("--json", action="store_true", help="print a JSON object")
    sub.set_defaults(handler=cmd_info)

    sub = commands.add_parser(
        "play",
        help="play in the terminal",
        description="Play a new game, or go on with a saved one (--resume FILE): its players "
        "play on as the record names them, unless --seat or --name say otherwise.",
    )
    sub.add_argument(
        "spec", nargs="?", help="spec string, for example 'triggle(players=3)' (not with --resume)"
    )
    sub.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with the game in a record saved by 'play' or by the web app (JSON)",
    )
    sub.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="N=KIND",
        help=f"who plays seat N (from 0): {', '.join(SEAT_KINDS)}, or a kind with settings "
        "such as 'mcts(seconds=0.5)'; default human",
    )
    sub.add_argument(
        "--name",
        action="append",
        default=[],
        metavar="N=NAME",
        help=f"a player's name, at most {NAME_LENGTH} characters",
    )
    _add_seed_argument(sub, None, "seed for the computer players")
    sub.add_argument("--save", metavar="FILE", help="keep the record in FILE after every move")
    sub.add_argument("--no-color", action="store_true", help="plain text, no colours")
    sub.set_defaults(handler=cmd_play)

    sub = commands.add_parser("replay", help="step through a saved game record")
    sub.add_argument("file", help="a record saved by 'play' (JSON)")
    sub.add_argument("--all", action="store_true", help="print every position, no stepping")
    sub.add_argument("--no-color", action="store_true", help="plain text, no colours")
    sub.set_defaults(handler=cmd_replay)

    sub = commands.add_parser(
        "review",
        help="review a saved game: chances after every move, the engine's best, marks",
        description="Search every position of a game record and print, for each ply, seat "
        "0's chance to win after it, the move the engine preferred and a mark on moves that "
        "lost chances (?! 10%%, ? 20%%, ?? 30%% or more). With a level the review is the same "
        "for the same seed.",
    )
    sub.add_argument("file", help="a record saved by 'play' or by the web app (JSON)")
    budget = sub.add_mutually_exclusive_group()
    budget.add_argument(
        "--level", choices=LEVEL_NAMES, help="search budget per position (default hard)"
    )
    budget.add_argument(
        "--seconds",
        type=_in(REVIEW_SECONDS),
        help=f"search time per position instead, {REVIEW_SECONDS.describe()}",
    )
    _add_seed_argument(sub, 0)
    sub.add_argument("--json", action="store_true", help="print the plies as a JSON list")
    sub.set_defaults(handler=cmd_review)

    sub = commands.add_parser("render", help="draw a position as an SVG image")
    sub.add_argument("spec", help="spec string, for example 'trig(board=trigger)'")
    given = sub.add_mutually_exclusive_group()
    given.add_argument("--moves", nargs="+", default=[], metavar="MOVE", help="moves to play first")
    given.add_argument("--record", metavar="FILE", help="draw the last position of a game record")
    sub.add_argument(
        "--out", required=True, metavar="FILE", help="the SVG file to write, - for stdout"
    )
    sub.add_argument("--no-labels", action="store_true", help="leave out the coordinates")
    sub.set_defaults(handler=cmd_render)

    sub = commands.add_parser("perft", help="count move sequences of exactly DEPTH moves")
    sub.add_argument("spec", help="spec string")
    sub.add_argument(
        "depth", type=_in(PERFT_DEPTHS), help=f"number of moves, {PERFT_DEPTHS.describe()}"
    )
    sub.add_argument("--divide", action="store_true", help="also print the count per first move")
    sub.set_defaults(handler=cmd_perft)

    sub = commands.add_parser("bench", help="random playouts per second")
    sub.add_argument("spec", help="spec string")
    sub.add_argument(
        "--seconds",
        type=_in(BENCH_SECONDS),
        default=5.0,
        help=f"how long to run, {BENCH_SECONDS.describe()} (default 5)",
    )
    _add_seed_argument(sub, 0)
    sub.add_argument("--json", action="store_true", help="print a JSON object")
    sub.set_defaults(handler=cmd_bench)

    sub = commands.add_parser("match", help="computer players against each other")
    sub.add_argument("spec", help="spec string")
    sub.add_argument(
        "--seats",
        required=True,
        metavar="A,B[,C...]",
        help="one player per seat: a kind, a level or a kind with settings, "
        "for example hard,easy or 'mcts(iterations=500),random'",
    )
    _add_games_arguments(sub, 10)
    sub.add_argument("--out", metavar="FILE", help="write the results as JSON after every game")
    _add_resume_argument(sub, "the --out file")
    _add_ray_argument(sub)
    sub.set_defaults(handler=cmd_match)

    sub = commands.add_parser(
        "analyze",
        help="self-play games and a report: first-player advantage, lengths, branching...",
        description="Play games between computer players (as 'match' does) and write a report: "
        "report.html with figures and report.json with every number, plus the games.",
    )
    sub.add_argument("spec", help="spec string")
    sub.add_argument(
        "--seats",
        required=True,
        metavar="A,B[,C...]",
        help="one player per seat, rotated game by game, for example easy,easy or random,random",
    )
    _add_games_arguments(sub, 100)
    sub.add_argument(
        "--out", metavar="DIR", help="where to write the report (default analysis-<spec>)"
    )
    sub.add_argument(
        "--compare",
        metavar="SPEC2",
        help="also analyse this variant with the same seats and seeds, side by side",
    )
    sub.add_argument("--open", action="store_true", help="open the report in a web browser")
    _add_resume_argument(sub, "the --out directory's games files")
    _add_ray_argument(sub)
    _add_skill_arguments(sub)
    sub.set_defaults(handler=cmd_analyze)

    sub = commands.add_parser(
        "fairness",
        help="the first player's score after each first move, and a map of the board",
        description="Play --games-per-move games after every legal first move, both seats "
        "played by --player, and give seat 0's score (a win 1, a draw a half) with a 95% "
        "interval for each; --out draws the board with each first move's places coloured by "
        "it (red: the second player wins, blue: the first). See docs/designers-lab.md.",
    )
    sub.add_argument("spec", help="spec string")
    sub.add_argument(
        "--player", required=True, help="the player of both seats, for example medium or greedy"
    )
    sub.add_argument(
        "--games-per-move",
        type=_in(GAMES_PER_MOVE),
        required=True,
        metavar="N",
        help=f"games after each first move, {GAMES_PER_MOVE.describe()} (at most 100000 in all)",
    )
    _add_games_arguments(sub, 0, counted=False)
    sub.add_argument("--out", metavar="FILE.svg", help="write the fairness map to this file")
    sub.add_argument("--json", action="store_true", help="print a JSON object")
    _add_ray_argument(sub)
    sub.set_defaults(handler=cmd_fairness)

    sub = commands.add_parser(
        "sweep",
        help="the metrics of a game's variants side by side",
        description="Analyse every variant that the --vary options make (every combination of "
        "their values), with the same seats and seeds, and compare their metrics: a table, "
        "sweep.json and sweep.html with a figure per metric in --out DIR (default "
        "sweep-<spec>), and each variant's games. See docs/designers-lab.md.",
    )
    sub.add_argument("spec", help="spec string: the options not varied keep its values")
    sub.add_argument(
        "--vary",
        action="append",
        required=True,
        metavar="OPTION=A,B,...",
        help="an option and the values to try, for example size=3,4,5; repeat for more "
        "options (at most 4, 16 values each, 64 variants in all)",
    )
    sub.add_argument(
        "--seats",
        required=True,
        metavar="A,B[,C...]",
        help="one player per seat, rotated game by game, for example medium,medium",
    )
    _add_games_arguments(sub, 100)
    sub.add_argument("--out", metavar="DIR", help="where to write the sweep (default sweep-<spec>)")
    shown = sub.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print a JSON object")
    shown.add_argument(
        "--markdown", action="store_true", help="print the metrics as a Markdown table"
    )
    _add_resume_argument(sub, "the --out directory's games files")
    _add_ray_argument(sub)
    _add_skill_arguments(sub)
    sub.set_defaults(handler=cmd_sweep)

    sub = commands.add_parser("bench-ai", help="how fast a computer player searches")
    sub.add_argument("spec", help="spec string")
    sub.add_argument("--player", default="mcts", help="player spec (default mcts, 1 second a move)")
    sub.add_argument(
        "--moves",
        type=_in(BENCH_MOVES),
        default=10,
        help=f"moves of self-play, {BENCH_MOVES.describe()} (default 10)",
    )
    _add_seed_argument(sub, 0)
    sub.add_argument("--json", action="store_true", help="print a JSON object")
    sub.set_defaults(handler=cmd_bench_ai)

    sub = commands.add_parser(
        "solve",
        help="prove the value of a small variant under best play, with the best first moves",
        description="Search a two-player variant (or a position after --moves) to the end of "
        "every line and prove its value for the player to move: the result (win, draw or "
        "loss), then the final score lead (own score minus the opponent's, reversed in a "
        "misère game) the winner can force, with every best first move and a line of best "
        "play. Uses the game's native kernel when it runs. Progress goes to standard error; "
        "the exit status is 1 when the time runs out (or Ctrl-C stops it) before the proof, "
        "and what was proven by then is printed.",
    )
    sub.add_argument("spec", help="spec string, for example 'triggle(size=3)'")
    sub.add_argument("--moves", nargs="+", default=[], metavar="MOVE", help="moves to play first")
    sub.add_argument(
        "--seconds",
        type=_in(SOLVE_SECONDS),
        default=60.0,
        help=f"time limit, {SOLVE_SECONDS.describe()} (default 60)",
    )
    sub.add_argument(
        "--result-only",
        action="store_true",
        help="prove only who wins, not by how much (often much faster)",
    )
    sub.add_argument(
        "--memory",
        type=_in(SOLVE_MEMORY),
        default=256,
        metavar="MIB",
        help=f"the table's size in MiB, {SOLVE_MEMORY.describe()} (default 256; the Python "
        "engine's table counts about 500 bytes a position)",
    )
    sub.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="native (the game's kernel), pure (Python) or auto (native when it runs)",
    )
    sub.add_argument("--json", action="store_true", help="print a JSON object")
    sub.set_defaults(handler=cmd_solve)

    add_puzzles_parser(commands, _in)

    sub = commands.add_parser("serve", help="the web server: play in the browser or over the API")
    sub.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sub.add_argument(
        "--port", type=_in(PORTS), default=8000, help=f"port, {PORTS.describe()} (default 8000)"
    )
    sub.add_argument(
        "--db",
        metavar="PATH|URL",
        help="where the games are kept: an SQLite file, or a PostgreSQL database "
        "postgresql://USER@HOST:PORT/DBNAME that several servers share (default $TRIGAMES_DB, "
        "else an SQLite file in the user's data folder)",
    )
    sub.add_argument(
        "--workers",
        type=_in(WORKERS),
        default=1,
        metavar="N",
        help=f"server processes on this port, {WORKERS.describe()} (default 1; more than one "
        "needs PostgreSQL)",
    )
    for option, default, what in _serve_limits():
        sub.add_argument(
            option,
            type=_in(PER_CLIENT),
            metavar="N",
            help=f"{what}, {PER_CLIENT.describe()} (default {default})",
        )
    sub.add_argument(
        "--computers",
        type=_in(COMPUTERS),
        metavar="N",
        help="worker processes (of each server process) where the computer thinks, "
        f"{COMPUTERS.describe()} (default: one per processor, at least 2)",
    )
    sub.add_argument(
        "--smtp",
        metavar="URL",
        help="send players email digests when it is their move, through this SMTP server: "
        "smtp://[USER[:PASSWORD]@]HOST[:PORT]?from=ADDRESS (smtp+starttls:// or smtps:// "
        "for a secure connection)",
    )
    sub.add_argument(
        "--site-url",
        metavar="URL",
        help="the address players reach the site at, for the links of emails "
        "(default http://HOST:PORT/)",
    )
    sub.add_argument(
        "--contact",
        metavar="URI",
        default="mailto:nobody@trigames.invalid",
        help="whom browsers' push services may write to about this server's notifications: "
        "a mailto: address or an https: URL (default mailto:nobody@trigames.invalid)",
    )
    sub.add_argument(
        "--secure-cookies",
        action="store_true",
        help="mark session cookies Secure (sent over HTTPS only): set it when players reach "
        "the server through HTTPS",
    )
    sub.add_argument(
        "--access-log",
        action="store_true",
        help="write a line for every request and WebSocket (no seat's token shows in it)",
    )
    sub.add_argument("--open", action="store_true", help="open the page in a web browser")
    sub.set_defaults(handler=cmd_serve)
    return parser


# --- commands ---------------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    games = list_games()
    if args.json:
        print(json.dumps(describe_games(), indent=2))
        return 0
    for cls in games:
        print(f"{cls.name}: {cls.title} - {cls.summary}")
        for alias, fixed in cls.aliases.items():
            settings = ",".join(f"{key}={value}" for key, value in fixed.items())
            print(f"  also {alias}: {cls.name}({settings})")
        for option in cls.options:
            default = option.format(option.default)
            setting = f"{option.name}={default}"
            print(f"  {setting:<16} {option.help} ({option.describe_range()})")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    text = rules_with_text_boards(rules_with_ladder(game.name, game.rules()))
    if sys.stdout.isatty():
        from rich.markdown import Markdown

        RichConsole().print(Markdown(text))
    else:
        print(text)
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    game = load_game(args.spec)
    info = {**game.info(), **_engine_facts(game)}
    print_facts(info, as_json=args.json)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    resumed = None
    if args.resume is not None:
        if args.spec is not None:
            raise UsageError("give a spec or --resume FILE, not both: the record names its game")
        record = GameRecord.load(args.resume)
        state = record.replay()
        game = state.game
        seats = parse_seats(game, args.seat, args.name, start=record.players)
        resumed = (state, record.date)
    elif args.spec is None:
        raise UsageError("say which game to play (a spec such as 'triggle'), or --resume FILE")
    else:
        game = load_game(args.spec)
        seats = parse_seats(game, args.seat, args.name)
    console = Console.terminal()
    if args.no_color:
        console.color = False
    session = TerminalGame(
        game,
        seats,
        console,
        seed=args.seed,
        autosave=Path(args.save) if args.save else None,
        resumed=resumed,
    )
    session.run()
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = GameRecord.load(args.file)
    console = Console.terminal()
    if args.no_color:
        console.color = False
    replay(record, console, step=not args.all)
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from trigames.analysis.review import budget_for, review_game

    record = GameRecord.load(args.file)
    with _progress() as progress:
        task = progress.add_task("review", total=None)
        plies = review_game(
            record,
            budget=budget_for(args.level, args.seconds),
            seed=args.seed,
            progress=lambda done, total: progress.update(task, completed=done, total=total),
        )
    if args.json:
        print(json.dumps([ply.to_json() for ply in plies], indent=1))
        return 0
    names = [printable(seat.name, NAME_LENGTH) for seat in record.players]
    width = max([len("mover"), *(len(name) for name in names)])
    print(f"{'ply':>4}  {'move':<14} {'mover':<{width}} {'eval':>6}  {'mark':<4} best")
    for ply in plies:
        print(
            f"{ply.ply:>4}  {printable(ply.move, 14):<14} {names[ply.mover]:<{width}} "
            f"{100 * ply.eval:>5.1f}%  {ply.mark or '':<4} {ply.best}"
        )
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    game = load_game(args.spec)
    if args.record:
        record = GameRecord.load(args.record)
        state = record.replay()
        if state.game != game:
            raise UsageError(f"{args.record} is a record of {state.game.spec}, not of {game.spec}")
    else:
        state = game.new_initial_state()
        for number, move in enumerate(args.moves, start=1):
            try:
                state.play(move)
            except TrigamesError as error:
                raise UsageError(f"move {number} ({move}): {error}") from None
    picture = game.render_svg(state, labels=not args.no_labels)
    if args.out == "-":
        sys.stdout.write(picture + "\n")
    else:
        Path(args.out).write_text(picture + "\n", encoding="utf-8")
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    state = load_game(args.spec).new_initial_state()
    with _progress() as progress:
        task = progress.add_task("perft", total=None)
        counts = divide(
            state,
            args.depth,
            lambda done, total: progress.update(task, completed=done, total=total),
        )
    if args.divide:
        for move, count in counts.items():
            print(f"{move}: {count}")
    print(sum(counts.values()))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    game = load_game(args.spec)
    with _progress() as progress:
        task = progress.add_task("bench", total=args.seconds)
        result = benchmark(
            game, args.seconds, args.seed, lambda elapsed: progress.update(task, completed=elapsed)
        )
    figures = {
        "game": str(game.spec),
        "seconds": round(result.seconds, 3),
        "playouts": result.playouts,
        "plies": result.plies,
        "playouts_per_second": round(result.playouts_per_second, 1),
        "plies_per_second": round(result.plies_per_second, 1),
        "average_length": round(result.average_length, 2),
        **_engine_facts(game),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['game']}: {result.playouts} random playouts in {result.seconds:.2f} s")
        print(f"playouts per second: {result.playouts_per_second:.1f}")
        print(f"plies per second: {result.plies_per_second:.1f}")
        print(f"average length: {result.average_length:.2f} plies")
        print(f"engine: {figures['engine']}")
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    from trigames.cli.match import run_match

    with _settings_errors():
        return run_match(
            args.spec,
            args.seats,
            args.games,
            jobs=args.jobs,
            seed=args.seed,
            out=Path(args.out) if args.out else None,
            ray=args.ray,
            processor_time=args.processor_time,
            resume=args.resume,
        )


def cmd_analyze(args: argparse.Namespace) -> int:
    from trigames.cli.analyze import run_analysis

    with _settings_errors():
        return run_analysis(
            args.spec,
            args.seats,
            args.games,
            jobs=args.jobs,
            seed=args.seed,
            out=Path(args.out) if args.out else None,
            compare=args.compare,
            ray=args.ray,
            open_browser=args.open,
            skill_levels=_skill_levels(args),
            skill_games=args.depth_games,
            processor_time=args.processor_time,
            resume=args.resume,
        )


def _skill_levels(args: argparse.Namespace) -> list[str] | None:
    """The skill chain ``--skill-depth`` asks for (``None`` without it)."""
    from trigames.cli.match import split_seats

    if not args.skill_depth:
        if args.depth_levels is not None:
            raise UsageError("--depth-levels needs --skill-depth")
        return None
    return split_seats(args.depth_levels or ",".join(SKILL_LEVELS))


def cmd_fairness(args: argparse.Namespace) -> int:
    from trigames.cli.fairness import run_fairness

    with _settings_errors():
        return run_fairness(
            args.spec,
            args.player,
            args.games_per_move,
            seed=args.seed,
            jobs=args.jobs,
            ray=args.ray,
            out=Path(args.out) if args.out else None,
            as_json=args.json,
            processor_time=args.processor_time,
        )


def cmd_sweep(args: argparse.Namespace) -> int:
    from trigames.cli.sweep import run_sweep

    with _settings_errors():
        return run_sweep(
            args.spec,
            args.vary,
            args.seats,
            args.games,
            jobs=args.jobs,
            seed=args.seed,
            ray=args.ray,
            out=Path(args.out) if args.out else None,
            as_json=args.json,
            markdown=args.markdown,
            skill_levels=_skill_levels(args),
            skill_games=args.depth_games,
            processor_time=args.processor_time,
            resume=args.resume,
        )


def cmd_solve(args: argparse.Namespace) -> int:
    from trigames.cli.solve import run_solve

    return run_solve(
        args.spec,
        args.moves,
        seconds=args.seconds,
        result_only=args.result_only,
        engine=args.engine,
        memory=args.memory << 20,
        as_json=args.json,
    )


def cmd_bench_ai(args: argparse.Namespace) -> int:
    from trigames.ai.bench import bench_player

    game = load_game(args.spec)
    with _settings_errors():
        figures = bench_player(game, args.player, moves=args.moves, seed=args.seed)
    facts = _engine_facts(game)
    if figures.get("mode") == "pure" and facts["mode"] == "native":  # a player without one
        facts = {"mode": "pure", "engine": f"pure: {figures['player']} searches in Python"}
    print_facts({**figures, **facts}, as_json=args.json)
    return 0


# --- helpers ----------------------------------------------------------------------------------


def _engine_facts(game: AnyGame) -> dict[str, str]:
    """Which engine runs ``game``'s hot loops: ``mode`` is ``native`` (its compiled kernel) or
    ``pure`` (the Python engine), ``engine`` says why."""
    if kernel_for(game.new_initial_state()) is not None:
        return {"mode": "native", "engine": native.describe()}
    why = native.describe()
    if native.mode() == "native" and game.swap and kernel_of(game) is not None:
        why = f"pure until the swap is past: the native kernel knows no swap rule; {why}"
    elif native.mode() == "native" and game.name in native.built():
        why = f"pure: the native kernel of {game.name} does not serve {game.spec}; {why}"
    elif native.mode() == "native":
        why = f"pure: {game.name} has no native kernel yet; {why}"
    return {"mode": "pure", "engine": why}


def _in(numbers: Range) -> Callable[[str], int | float]:
    """An argparse type: a number in the range ``numbers``, else a usage error saying it."""

    def number(text: str) -> int | float:
        value = numbers.read(text)
        if value is None:
            raise argparse.ArgumentTypeError(
                f"must be {numbers.describe()}, not {printable(text, 20)}"
            )
        return value

    return number


def _add_seed_argument(sub: argparse.ArgumentParser, default: int | None, what: str = "") -> None:
    sub.add_argument(
        "--seed",
        type=_in(SEEDS),
        default=default,
        metavar="S",
        help=f"{what or 'random seed'}, {SEEDS.describe()}"
        + ("" if default is None else f" (default {default})"),
    )


def _add_games_arguments(sub: argparse.ArgumentParser, games: int, *, counted: bool = True) -> None:
    """``--games`` (unless not ``counted``), ``--jobs`` and ``--seed`` of the commands that
    play games."""
    if counted:
        sub.add_argument(
            "--games",
            type=_in(GAMES),
            default=games,
            metavar="N",
            help=f"games, {GAMES.describe()} (default {games})",
        )
    sub.add_argument(
        "--jobs",
        type=_in(JOBS),
        default=1,
        metavar="J",
        help="processes, from 1 to this machine's processors (os.cpu_count(), "
        f"{PROCESSORS} here; default 1)",
    )
    sub.add_argument(
        "--processor-time",
        action="store_true",
        help="count the players' time budgets (seconds=..., the levels) in processor time, "
        "not on the wall clock, so that a busy machine does not weaken them; each move then "
        "takes longer on the wall clock when the machine is busy",
    )
    _add_seed_argument(sub, 0)


def _add_resume_argument(sub: argparse.ArgumentParser, where: str) -> None:
    """``--resume``: go on with an interrupted run from the games it saved."""
    sub.add_argument(
        "--resume",
        action="store_true",
        help=f"keep the games already in {where}, from an interrupted run with the same "
        "settings (a larger --games adds games), and play only the others: the results are "
        "those of one uninterrupted run",
    )


@contextmanager
def _settings_errors() -> Iterator[None]:
    """A ``ValueError`` about settings (a player spec, the seats) becomes a usage error."""
    try:
        yield
    except ValueError as error:
        if isinstance(error, TrigamesError):
            raise
        raise UsageError(str(error)) from None


def _add_skill_arguments(sub: argparse.ArgumentParser) -> None:
    """``--skill-depth`` and its settings, for the ``skill_depth`` metric."""
    sub.add_argument(
        "--skill-depth",
        action="store_true",
        help="also play the skill chain (costly: expert takes up to 10 s a move): games "
        "between each level and the next, a step counting when the stronger wins at least "
        "60%% of its games in each seat",
    )
    sub.add_argument(
        "--depth-games",
        type=_in(DEPTH_GAMES),
        default=20,
        metavar="N",
        help=f"games a step of the chain, half in each seat: an even number, "
        f"{DEPTH_GAMES.describe()} (default 20)",
    )
    sub.add_argument(
        "--depth-levels",
        metavar="A,B,...",
        help=f"the chain, weakest first, 2 to {MAX_SKILL_LEVELS} player specs (default "
        f"{','.join(SKILL_LEVELS)})",
    )


def _add_ray_argument(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play the games as tasks on the Ray cluster at ADDRESS ('local' starts one here); "
        "needs pip install 'trigames[ray]'",
    )


def _serve_limits() -> tuple[tuple[str, int, str], ...]:
    """``serve``'s limits per client address and per game: option, default, what it bounds
    (the defaults are the web server's, read only here: nothing imports the web package)."""
    from trigames.web import limits

    return (
        (
            "--watchers-per-address",
            limits.WATCHERS_PER_ADDRESS,
            "pages (WebSockets) one client address may hold open",
        ),
        ("--watchers-per-game", limits.WATCHERS_PER_GAME, "pages one game may have"),
        (
            "--games-per-minute",
            limits.NEW_GAMES_PER_MINUTE,
            "games one client address may create a minute",
        ),
        (
            "--thinking-games",
            limits.THINKING_GAMES,
            "games of one client address the computer may think in at once",
        ),
    )


def _check_reach(smtp: str | None, site_url: str, contact: str) -> None:
    """``ValueError`` for an SMTP URL, site address or push contact a server cannot use."""
    from trigames.web import mail, push

    if smtp is not None:
        mail.read_smtp(smtp)
    if not site_url.startswith(("http://", "https://")) or len(site_url) > 200:
        raise ValueError("--site-url must be an http:// or https:// address")
    push.check_subject(contact)


def print_facts(facts: Mapping[str, Any], *, as_json: bool) -> None:
    """Print ``facts`` as indented JSON, or one ``key: value`` line each."""
    if as_json:
        print(json.dumps(facts, indent=2))
    else:
        for key, value in facts.items():
            print(f"{key.replace('_', ' ')}: {value}")


def cmd_serve(args: argparse.Namespace) -> int:
    from trigames.web.server import serve  # the web server's libraries load only when serving
    from trigames.web.settings import Settings
    from trigames.web.storage import open_store
    from trigames.web.store import StoreError, default_db, describe, is_postgres

    db: str = args.db or default_db()
    if args.workers > 1 and not is_postgres(db):
        raise UsageError(
            "--workers needs a PostgreSQL database (--db postgresql://USER@HOST:PORT/DBNAME): "
            "an SQLite file serves one process"
        )
    try:
        open_store(db).close()  # connect, and create or migrate the schema, once
    except StoreError as error:
        print(f"trigames: error: {printable(str(error), ERROR_LENGTH)}", file=sys.stderr)
        return 1
    print(f"trigames: games are stored in {describe(db)}", file=sys.stderr)
    chosen = {
        field: value
        for field, value in (
            ("watchers_per_address", args.watchers_per_address),
            ("watchers_per_game", args.watchers_per_game),
            ("games_per_minute", args.games_per_minute),
            ("thinking_games", args.thinking_games),
            ("computers", args.computers),
        )
        if value is not None
    }
    site_url = args.site_url or f"http://{args.host}:{args.port}"
    with _settings_errors():
        _check_reach(args.smtp, site_url, args.contact)
    settings = Settings(
        **chosen,
        secure_cookies=args.secure_cookies,
        smtp=args.smtp,
        site_url=site_url.rstrip("/"),
        contact=args.contact,
    )
    serve(
        args.host,
        args.port,
        db,
        open_browser=args.open,
        workers=args.workers,
        settings=settings,
        access_log=args.access_log,
    )
    return 0


def _progress() -> Progress:
    """A progress bar on standard error, shown only when it is a terminal."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=RichConsole(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )


def parse_seats(
    game: AnyGame,
    seat_args: Sequence[str],
    name_args: Sequence[str],
    start: Sequence[Seat] | None = None,
) -> list[Seat]:
    """Seats from ``N=KIND`` and ``N=NAME`` arguments; N is a seat number or colour name.
    ``start`` gives the seats before the arguments (a resumed record's players, whose kinds
    are checked as the arguments' are), else every seat is a human named by its colour."""
    kinds = ["human"] * game.num_players
    names: list[str] = [game.player_name(i) for i in range(game.num_players)]
    for number, player in enumerate(start or ()):
        names[number] = player.name
        kind = player.kind.lower().replace(" ", "")
        if kind != "human":
            try:
                make_player(kind, game=game)
            except ValueError as error:
                raise UsageError(f"the record's seat {number} ({player.kind}): {error}") from None
        kinds[number] = kind
    for text in seat_args:
        seat, kind = _seat_assignment(game, text, "--seat")
        kind = kind.lower().replace(" ", "")
        if kind.partition("(")[0] not in SEAT_KINDS:
            raise UsageError(
                f"--seat {text}: the kind must be one of {', '.join(SEAT_KINDS)}, "
                "optionally with settings such as mcts(seconds=0.5)"
            )
        if kind != "human":
            try:
                make_player(kind, game=game)
            except ValueError as error:
                raise UsageError(f"--seat {text}: {error}") from None
        kinds[seat] = kind
    for text in name_args:
        seat, name = _seat_assignment(game, text, "--name")
        if len(name) > NAME_LENGTH:
            raise UsageError(f"--name: a name has at most {NAME_LENGTH} characters")
        names[seat] = name
    return [Seat(name, kind) for name, kind in zip(names, kinds, strict=True)]


def _seat_assignment(game: AnyGame, text: str, flag: str) -> tuple[int, str]:
    key, sep, value = text.partition("=")
    colours = {game.player_name(i).lower(): i for i in range(game.num_players)}
    if not sep or not value:
        raise UsageError(f"{flag} {text}: write N=VALUE, for example {flag} 1=random")
    key = key.strip().lower()
    if key.isdigit() and int(key) < game.num_players:
        return int(key), value.strip()
    if key in colours:
        return colours[key], value.strip()
    raise UsageError(
        f"{flag} {text}: seats are 0 to {game.num_players - 1} (or {', '.join(colours)})"
    )


def start(console: Console) -> int:
    """The interactive start of ``make run``: choose a game and opponents, then play."""
    games = list_games()
    console.write("trigames: abstract strategy games on triangle and hexagon grids\n")
    for number, cls in enumerate(games, start=1):
        console.write(f"  {number}. {cls.title}: {cls.summary}")
    game: AnyGame | None = None
    while game is None:
        numbers = "1" if len(games) == 1 else f"1-{len(games)}"
        answer = console.ask(
            f"\nWhich game? Type {numbers} (Enter for 1), a spec like 'triggle(players=3)', "
            "or q to quit: "
        )
        if answer is None or answer.lower() in ("q", "quit"):
            return 0
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            answer = games[int(answer) - 1].name
        try:
            game = load_game(answer or games[0].name)
        except TrigamesError as error:
            console.write(str(error))
    console.write(f"\n{game.title}: type 'help' during the game for commands, 'rules' for rules.")
    seats: list[Seat] = []
    for seat in range(game.num_players):
        colour = game.player_name(seat)
        default = "human" if seat == 0 else "greedy"
        while True:
            answer = console.ask(
                f"Who plays {colour} (seat {seat})? {'/'.join(SEAT_KINDS)} [{default}]: "
            )
            if answer is None:
                return 0
            kind = answer.lower() or default
            if kind in SEAT_KINDS:
                break
            console.write(f"Please answer one of: {', '.join(SEAT_KINDS)}")
        seats.append(Seat(colour, kind))
    TerminalGame(game, seats, console).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
