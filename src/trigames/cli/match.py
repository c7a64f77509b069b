"""``trigames match``: computer players against each other, in parallel processes or on Ray.

Results go to the ``--out`` file after every finished game, so an interrupted match keeps them;
Ctrl-C stops the games in progress and prints the table of the finished ones, and ``--resume``
plays only the games the file does not hold yet (every game has its own seed, so the results are
those of an uninterrupted run). ``trigames analyze`` and ``trigames sweep`` play their games with
the same :class:`MatchRun`.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from rich.console import Console as RichConsole
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from trigames.ai.match import GameResult, Summary, Task, play_game, schedule, summarise
from trigames.ai.registry import make_player, resolve
from trigames.games import load_game


def split_seats(text: str) -> list[str]:
    """Player specs separated by commas, commas inside brackets kept: ``mcts(a=1,b=2),random``.

    >>> split_seats("hard, mcts(iterations=50,playout=heuristic) ,random")
    ['hard', 'mcts(iterations=50,playout=heuristic)', 'random']
    """
    parts: list[str] = []
    depth = 0
    current = ""
    for char in text:
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        depth += (char == "(") - (char == ")")
        current += char
    parts.append(current.strip())
    return parts


def clock_name(processor_time: bool) -> str:
    """What the players' time budgets were measured in, as reports write it.

    >>> clock_name(True), clock_name(False)
    ('processor', 'wall')
    """
    return "processor" if processor_time else "wall"


#: What a results file must share with a match for ``--resume`` to go on with it.
_SAME_ON_RESUME = ("game", "players", "seed", "clock")


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class MatchRun:
    """One ``trigames match``: plays the games and keeps the results file up to date."""

    def __init__(
        self,
        spec: str,
        players: Sequence[str],
        games: int,
        seed: int,
        out: Path | None,
        *,
        processor_time: bool = False,
    ) -> None:
        game = load_game(spec)
        if len(players) != game.num_players:
            raise ValueError(
                f"{game.spec} has {game.num_players} seats: give {game.num_players} players "
                f"to --seats, not {len(players)}"
            )
        for name in players:
            make_player(name, game=game)  # check every player spec before starting
        self.spec = str(game.spec)
        self.players = list(players)
        self.resolved = [resolve(name, game) for name in players]
        self.seed = seed
        self.out = out
        self.processor_time = processor_time
        self.tasks = schedule(self.spec, players, games, seed, processor_time=processor_time)
        self.results: list[GameResult] = []

    def run(self, jobs: int, progress: Progress, ray: str | None = None, label: str = "") -> bool:
        """Play every game, in this process, on ``jobs`` processes or on the Ray cluster at
        ``ray``; ``False`` if interrupted (finished results are kept)."""
        bar = progress.add_task(
            label + self._tally(), total=len(self.tasks), completed=len(self.results)
        )
        done = {result.index for result in self.results}

        def finished(result: GameResult) -> None:
            self.results.append(result)
            self.save()
            progress.update(bar, advance=1, description=label + self._tally())

        self.save()
        try:
            play_tasks([t for t in self.tasks if t.index not in done], jobs, ray, finished)
        except KeyboardInterrupt:
            return False
        return True

    def resume(self) -> int:
        """Keep the games in the results file (``out``) of an earlier run of this match, so
        that :meth:`run` plays only the others; the number kept (0 without a file).

        The file must hold the same game, players, seed and clock; ``games`` may be larger than
        before, to add games. ``ValueError`` says what differs.
        """
        if self.out is None or not self.out.exists():
            return 0
        try:
            document = json.loads(self.out.read_text(encoding="utf-8"))
            earlier = [GameResult.from_json(game) for game in document["games"]]
            settings = {key: document[key] for key in _SAME_ON_RESUME}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise ValueError(
                f"--resume: {self.out} is not a results file of trigames ({error!r})"
            ) from None
        ours = self.document()
        differences = [
            f"{key} {settings[key]!r}, not {ours[key]!r}"
            for key in _SAME_ON_RESUME
            if settings[key] != ours[key]
        ]
        if differences:
            raise ValueError(
                f"--resume: {self.out} holds another match ({', '.join(differences)}): "
                "give the same settings, or another --out"
            )
        seeds = {task.index: task.seed for task in self.tasks}
        indexes = [result.index for result in earlier]
        if len(set(indexes)) < len(indexes) or any(
            seeds.get(result.index) != result.seed for result in earlier
        ):
            raise ValueError(
                f"--resume: {self.out} holds games this match does not plan "
                f"(it plans {len(self.tasks)}: a smaller --games than before?)"
            )
        self.results = earlier
        return len(earlier)

    def _tally(self) -> str:
        wins = [0] * len(self.players)
        draws = 0
        for result in self.results:
            if len(result.winners) == 1:
                wins[(result.winners[0] + result.index) % len(self.players)] += 1
            else:
                draws += 1
        text = " ".join(f"{name} {w}" for name, w in zip(self.players, wins, strict=True))
        return f"{text} draws {draws}"

    def document(self) -> dict[str, Any]:
        return {
            "game": self.spec,
            "players": self.players,
            "resolved": self.resolved,
            "seed": self.seed,
            "clock": clock_name(self.processor_time),
            "planned": len(self.tasks),
            "finished": len(self.results),
            "games": [r.to_json() for r in sorted(self.results, key=lambda r: r.index)],
        }

    def save(self) -> None:
        """Write the results so far (to a temporary file first, so a file is never half done)."""
        if self.out is None:
            return
        scratch = self.out.with_name(self.out.name + ".tmp")
        scratch.write_text(json.dumps(self.document(), indent=1) + "\n", encoding="utf-8")
        os.replace(scratch, self.out)

    def summary(self) -> Summary:
        return summarise(self.results, self.players)


def play_tasks(
    tasks: Sequence[Task], jobs: int, ray: str | None, finished: Callable[[GameResult], None]
) -> None:
    """Play ``tasks`` in this process, on ``jobs`` processes or on the Ray cluster at ``ray``,
    calling ``finished`` with each result as it comes; Ctrl-C stops them and goes on up."""
    if ray is not None:
        from trigames.ai.cluster import play_on_ray

        play_on_ray(tasks, ray, finished)
    elif jobs <= 1:
        for task in tasks:
            finished(play_game(task))
    else:
        _play_in_processes(tasks, jobs, finished)


def _play_in_processes(
    tasks: Sequence[Task], jobs: int, finished: Callable[[GameResult], None]
) -> None:
    """Play ``tasks`` on ``jobs`` processes; on Ctrl-C stop them and let it go on up."""
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    pending: set[Future[GameResult]] = set()
    queue = list(reversed(tasks))
    try:
        while queue or pending:
            while queue and len(pending) < 2 * jobs:
                pending.add(pool.submit(play_game, queue.pop()))
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                finished(future.result())
    except KeyboardInterrupt:
        for process in list(pool._processes.values()):  # stop the games in progress
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def match_progress() -> Progress:
    """The progress bar of a match, on standard error when it is a terminal."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=RichConsole(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )


def summary_tables(run: MatchRun) -> list[Table]:
    """The final tables: per player (with Elo), per seat, and the match's figures."""
    summary = run.summary()
    players = Table(title=f"{run.spec}: {summary.games} games")
    for heading in ("player", "plays as", "wins", "draws", "losses", "score", "Elo (95% CI)"):
        players.add_column(
            heading, justify="left" if heading in ("player", "plays as") else "right"
        )
    for record, resolved in zip(summary.by_player, run.resolved, strict=True):
        rating = summary.elo.get(record.label)
        elo = (
            f"{rating.elo:+.0f} ({rating.low:+.0f} to {rating.high:+.0f})"
            if rating is not None
            else "-"
        )
        players.add_row(
            record.label,
            resolved,
            str(record.wins),
            str(record.draws),
            str(record.losses),
            f"{100 * record.score:.1f}%",
            elo,
        )
    seats = Table(title="by seat")
    for heading in ("seat", "wins", "draws", "losses"):
        seats.add_column(heading, justify="left" if heading == "seat" else "right")
    for record in summary.by_seat:
        seats.add_row(record.label, str(record.wins), str(record.draws), str(record.losses))
    figures = Table(show_header=False, title="match")
    figures.add_column("figure")
    figures.add_column("value", justify="right")
    figures.add_row("average length (moves)", f"{summary.average_length:.1f}")
    figures.add_row("first player (seat 0) wins", f"{100 * summary.first_player_wins:.1f}%")
    figures.add_row("seconds per game", f"{_mean_seconds(run.results):.2f}")
    return [players, seats, figures]


def _mean_seconds(results: Sequence[GameResult]) -> float:
    return sum(r.seconds for r in results) / len(results) if results else 0.0


def run_match(
    spec: str,
    seats: str,
    games: int,
    *,
    jobs: int = 1,
    seed: int = 0,
    out: Path | None = None,
    ray: str | None = None,
    processor_time: bool = False,
    resume: bool = False,
    console: RichConsole | None = None,
) -> int:
    """The ``trigames match`` command; returns the exit status (130 when interrupted).
    ``resume`` keeps the games already in ``out`` (:meth:`MatchRun.resume`)."""
    if resume and out is None:
        raise ValueError("--resume needs --out: the results file to go on with")
    run = MatchRun(spec, split_seats(seats), games, seed, out, processor_time=processor_time)
    kept = run.resume() if resume else 0
    console = console or RichConsole(width=None if sys.stdout.isatty() else 120)
    if kept:
        console.print(f"resumed: {kept} of {len(run.tasks)} games already played in {out}")
    with match_progress() as progress:
        complete = run.run(jobs, progress, ray)
    if not complete:
        console.print(f"interrupted: {len(run.results)} of {len(run.tasks)} games finished")
    for table in summary_tables(run):
        console.print(table)
    if out is not None:
        console.print(f"results: {out}")
    return 0 if complete else 130


__all__ = [
    "MatchRun",
    "Task",
    "clock_name",
    "match_progress",
    "play_tasks",
    "run_match",
    "split_seats",
    "summary_tables",
]
