"""``trigames analyze``: self-play games of a variant (or two, side by side) and a report.

The games are played by :class:`~trigames.cli.match.MatchRun`, as ``trigames match`` plays them,
so the same seed gives the same games, locally or on Ray. The report (``report.html`` and
``report.json``) and the games (``games.json``, ``games-compare.json``) go to one directory.
With ``--skill-depth``, each variant's skill chain (:func:`play_skill_chain`) is played after
its games, for the ``skill_depth`` metric.
"""

from __future__ import annotations

import itertools
import re
import sys
import webbrowser
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console as RichConsole
from rich.progress import Progress

from trigames.ai.registry import make_player
from trigames.analysis.metrics import (
    MAX_SKILL_GAMES,
    MAX_SKILL_LEVELS,
    SkillGame,
    SkillStep,
    measure,
    skill_step,
)
from trigames.analysis.report import Variant, key_rows, metric_rows, write_report
from trigames.analysis.stats import analyse
from trigames.cli.match import MatchRun, match_progress, split_seats
from trigames.extras import require_extra
from trigames.games import load_game


def check_skill_chain(spec: str, levels: Sequence[str], games: int) -> None:
    """``ValueError`` unless ``levels`` (weakest first) can be a skill chain of ``spec`` with
    ``games`` games a step: a two-seat game, 2 to :data:`MAX_SKILL_LEVELS` distinct player
    specs, an even number of games (as many in each seat) up to :data:`MAX_SKILL_GAMES`."""
    game = load_game(spec)
    if game.num_players != 2:
        raise ValueError(f"the skill chain needs a two-seat game, not {game.spec}")
    if not 2 <= len(levels) <= MAX_SKILL_LEVELS:
        raise ValueError(f"a skill chain has 2 to {MAX_SKILL_LEVELS} levels, not {len(levels)}")
    if len(set(levels)) != len(levels):
        raise ValueError("a skill chain names each level once")
    if games % 2 or not 2 <= games <= MAX_SKILL_GAMES:
        raise ValueError(
            f"--depth-games must be an even number from 2 to {MAX_SKILL_GAMES} (as many games "
            f"in each seat), not {games}"
        )
    for level in levels:
        make_player(level, game=game)


def play_skill_chain(
    spec: str,
    levels: Sequence[str],
    games: int,
    *,
    seed: int,
    jobs: int,
    progress: Progress,
    ray: str | None,
    processor_time: bool = False,
) -> list[SkillStep] | None:
    """Each step of the chain: ``games`` games between a level and the next, seats rotated
    (``None`` when Ctrl-C stopped them)."""
    steps: list[SkillStep] = []
    for weaker, stronger in itertools.pairwise(levels):
        run = MatchRun(spec, [weaker, stronger], games, seed, None, processor_time=processor_time)
        if not run.run(jobs, progress, ray, f"{spec} skill {weaker} < {stronger}: "):
            return None
        played = sorted(run.results, key=lambda r: r.index)
        results: list[SkillGame] = [
            {"stronger_seat": r.players.index(stronger), "winners": list(r.winners)} for r in played
        ]
        steps.append(skill_step(weaker, stronger, results))
    return steps


def slug(spec: str) -> str:
    """A spec spelled for a file system.

    >>> slug("triggle(size=4,touch=false)")
    'triggle-size-4-touch-false'
    """
    return re.sub(r"[^a-z0-9]+", "-", spec.lower()).strip("-")


def default_directory(specs: list[str]) -> Path:
    """``analysis-<spec>`` (``-vs-<spec>`` when comparing).

    >>> default_directory(["triggle(size=3)", "triggle(size=4,touch=false)"]).name
    'analysis-triggle-size-3-vs-triggle-size-4-touch-false'
    """
    return Path("analysis-" + "-vs-".join(slug(spec) for spec in specs))


def run_analysis(
    spec: str,
    seats: str,
    games: int,
    *,
    jobs: int = 1,
    seed: int = 0,
    out: Path | None = None,
    compare: str | None = None,
    ray: str | None = None,
    open_browser: bool = False,
    skill_levels: Sequence[str] | None = None,
    skill_games: int = 20,
    processor_time: bool = False,
    resume: bool = False,
    console: RichConsole | None = None,
) -> int:
    """The ``trigames analyze`` command; returns the exit status (130 when interrupted).
    ``skill_levels`` (weakest first) plays the skill chain too, ``skill_games`` games a step;
    ``resume`` keeps the games already in the games files
    (:meth:`~trigames.cli.match.MatchRun.resume`)."""
    require_extra("matplotlib", "analysis")  # before playing, not after
    players = split_seats(seats)
    specs = [str(load_game(s).spec) for s in [spec, *([compare] if compare else [])]]
    if skill_levels is not None:
        for name in specs:
            check_skill_chain(name, skill_levels, skill_games)
    directory = out or default_directory(specs)
    directory.mkdir(parents=True, exist_ok=True)
    files = ["games.json", "games-compare.json"]
    runs = [
        MatchRun(s, players, games, seed, directory / name, processor_time=processor_time)
        for s, name in zip(specs, files, strict=False)
    ]
    if resume:
        for run in runs:
            run.resume()
    console = console or RichConsole(width=None if sys.stdout.isatty() else 120)
    session: AbstractContextManager[Any] = nullcontext()
    if ray is not None:
        from trigames.ai.cluster import ray_session

        session = ray_session(ray)  # one Ray session for both variants
    complete = True
    chains: list[list[SkillStep] | None] = [None] * len(runs)
    with session, match_progress() as progress:
        for i, run in enumerate(runs):
            label = f"{run.spec}: " if len(runs) > 1 else ""
            complete = run.run(jobs, progress, ray, label)
            if not complete:
                break
            if skill_levels is not None:
                chains[i] = play_skill_chain(
                    run.spec, skill_levels, skill_games,
                    seed=seed, jobs=jobs, progress=progress, ray=ray,
                    processor_time=processor_time,
                )  # fmt: skip
                complete = chains[i] is not None
                if not complete:
                    break
    if not complete:
        done = ", ".join(f"{run.spec} {len(run.results)} of {len(run.tasks)}" for run in runs)
        console.print(f"interrupted: games finished: {done}")
    if not all(run.results for run in runs):
        console.print("no report: a variant has no finished game")
        return 130
    variants = [
        Variant(
            run.spec,
            len(run.tasks),
            {**analyse(run.results, run.players), **measure(run.results, len(players), chain)},
        )
        for run, chain in zip(runs, chains, strict=True)
    ]
    generated = datetime.now(UTC).isoformat(timespec="seconds")
    page, data = write_report(directory, variants, players, seed, generated)
    for variant in variants:
        console.print(f"[bold]{variant.spec}[/bold]")
        for name, value in [*key_rows(variant.figures), *metric_rows(variant.figures["metrics"])]:
            console.print(f"  {name}: {value}")
    console.print(f"report: {page} (figures in {data})")
    if open_browser:
        webbrowser.open(page.resolve().as_uri())
    return 0 if complete else 130


__all__ = [
    "check_skill_chain",
    "default_directory",
    "play_skill_chain",
    "run_analysis",
    "slug",
]
