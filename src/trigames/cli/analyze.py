"""``trigames analyze``: self-play games of a variant (or two, side by side) and a report.

The games are played by :class:`~trigames.cli.match.MatchRun`, as ``trigames match`` plays them,
so the same seed gives the same games, locally or on Ray. The report (``report.html`` and
``report.json``) and the games (``games.json``, ``games-compare.json``) go to one directory.
"""

from __future__ import annotations

import re
import sys
import webbrowser
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console as RichConsole

from trigames.analysis.report import Variant, key_rows, write_report
from trigames.analysis.stats import analyse
from trigames.cli.match import MatchRun, match_progress, split_seats
from trigames.extras import require_extra
from trigames.games import load_game


def default_directory(specs: list[str]) -> Path:
    """``analysis-<spec>`` (``-vs-<spec>`` when comparing), spelled for a file system.

    >>> default_directory(["triggle(size=3)", "triggle(size=4,touch=false)"]).name
    'analysis-triggle-size-3-vs-triggle-size-4-touch-false'
    """
    slugs = [re.sub(r"[^a-z0-9]+", "-", spec.lower()).strip("-") for spec in specs]
    return Path("analysis-" + "-vs-".join(slugs))


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
    console: RichConsole | None = None,
) -> int:
    """The ``trigames analyze`` command; returns the exit status (130 when interrupted)."""
    require_extra("matplotlib", "analysis")  # before playing, not after
    players = split_seats(seats)
    specs = [str(load_game(s).spec) for s in [spec, *([compare] if compare else [])]]
    directory = out or default_directory(specs)
    directory.mkdir(parents=True, exist_ok=True)
    files = ["games.json", "games-compare.json"]
    runs = [
        MatchRun(s, players, games, seed, directory / name)
        for s, name in zip(specs, files, strict=False)
    ]
    console = console or RichConsole(width=None if sys.stdout.isatty() else 120)
    session: AbstractContextManager[Any] = nullcontext()
    if ray is not None:
        from trigames.ai.cluster import ray_session

        session = ray_session(ray)  # one Ray session for both variants
    complete = True
    with session, match_progress() as progress:
        for run in runs:
            label = f"{run.spec}: " if len(runs) > 1 else ""
            complete = run.run(jobs, progress, ray, label)
            if not complete:
                break
    if not complete:
        done = ", ".join(f"{run.spec} {len(run.results)} of {len(run.tasks)}" for run in runs)
        console.print(f"interrupted: games finished: {done}")
    if not all(run.results for run in runs):
        console.print("no report: a variant has no finished game")
        return 130
    variants = [
        Variant(run.spec, len(run.tasks), analyse(run.results, run.players)) for run in runs
    ]
    generated = datetime.now(UTC).isoformat(timespec="seconds")
    page, data = write_report(directory, variants, players, seed, generated)
    for variant in variants:
        console.print(f"[bold]{variant.spec}[/bold]")
        for name, value in key_rows(variant.figures):
            console.print(f"  {name}: {value}")
    console.print(f"report: {page} (figures in {data})")
    if open_browser:
        webbrowser.open(page.resolve().as_uri())
    return 0 if complete else 130


__all__ = ["default_directory", "run_analysis"]
