"""``trigames sweep``: the metrics of a game's variants, one analysis each, side by side.

Each variant's games are played by :class:`~trigames.cli.match.MatchRun` with the same seats
and seeds (in this process, on ``--jobs`` processes or on Ray), and measured as ``trigames
analyze`` measures them (:func:`~trigames.analysis.metrics.measure`, the skill chain with
``--skill-depth``). The directory (``--out``, default ``sweep-<spec>``) gets ``sweep.json``,
``sweep.html`` (the table and a figure per metric) and each variant's games.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from rich.console import Console as RichConsole
from rich.table import Table

from trigames.analysis.metrics import METRIC_NAMES, SkillStep, measure
from trigames.analysis.report import format_metric
from trigames.analysis.sweep import (
    SweepReport,
    SweepVariant,
    markdown_table,
    parse_vary,
    sweep_html,
    variant_specs,
)
from trigames.cli.analyze import check_skill_chain, play_skill_chain, slug
from trigames.cli.match import MatchRun, clock_name, match_progress, split_seats
from trigames.extras import require_extra
from trigames.games import load_game


def run_sweep(
    spec: str,
    vary: Sequence[str],
    seats: str,
    games: int,
    *,
    jobs: int = 1,
    seed: int = 0,
    ray: str | None = None,
    out: Path | None = None,
    as_json: bool = False,
    markdown: bool = False,
    skill_levels: Sequence[str] | None = None,
    skill_games: int = 20,
    processor_time: bool = False,
    resume: bool = False,
    console: RichConsole | None = None,
) -> int:
    """The ``trigames sweep`` command; returns the exit status (130 when interrupted: the
    variants finished by then are reported). ``resume`` keeps the games already in the
    variants' games files (:meth:`~trigames.cli.match.MatchRun.resume`)."""
    require_extra("matplotlib", "analysis")  # before playing, not after
    base = str(load_game(spec).spec)
    varied = parse_vary(vary)
    variants = variant_specs(base, varied)
    players = split_seats(seats)
    runs = [
        MatchRun(name, players, games, seed, None, processor_time=processor_time)
        for name, _ in variants
    ]
    if skill_levels is not None:
        for name, _ in variants:
            check_skill_chain(name, skill_levels, skill_games)
    directory = out or Path(f"sweep-{slug(base)}")
    directory.mkdir(parents=True, exist_ok=True)
    for run in runs:
        run.out = directory / f"games-{slug(run.spec)}.json"
        if resume:
            run.resume()
    session: AbstractContextManager[Any] = nullcontext()
    if ray is not None:
        from trigames.ai.cluster import ray_session

        session = ray_session(ray)
    done: list[SweepVariant] = []
    complete = True
    with session, match_progress() as progress:
        for run, (name, values) in zip(runs, variants, strict=True):
            chain: list[SkillStep] | None = None
            complete = run.run(jobs, progress, ray, f"{name}: ")
            if complete and skill_levels is not None:
                chain = play_skill_chain(
                    name, skill_levels, skill_games,
                    seed=seed, jobs=jobs, progress=progress, ray=ray,
                    processor_time=processor_time,
                )  # fmt: skip
                complete = chain is not None
            if not complete:
                break
            metrics = measure(run.results, len(players), chain)["metrics"]
            done.append({"spec": name, "values": values, "metrics": metrics})
    report: SweepReport = {
        "game": base,
        "seats": players,
        "games": games,
        "seed": seed,
        "clock": clock_name(processor_time),
        "varied": dict(varied),
        "variants": done,
    }
    (directory / "sweep.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (directory / "sweep.html").write_text(sweep_html(report), encoding="utf-8")
    console = console or RichConsole(width=None if sys.stdout.isatty() else 200)
    if as_json:
        print(json.dumps(report, indent=1))
    elif markdown:
        print(markdown_table(report), end="")
    else:
        console.print(_table(report))
        console.print(f"sweep: {directory / 'sweep.html'} (figures in {directory / 'sweep.json'})")
    if not complete:
        print(f"interrupted: {len(done)} of {len(variants)} variants finished", file=sys.stderr)
    return 0 if complete else 130


def _table(report: SweepReport) -> Table:
    """The metrics, one row a metric and one column a variant."""
    table = Table(title=f"{report['game']}: {report['games']} games a variant")
    table.add_column("metric")
    for variant in report["variants"]:
        table.add_column(variant["spec"], justify="right")
    for name, label in METRIC_NAMES.items():
        entries: list[Any] = [variant["metrics"] for variant in report["variants"]]
        table.add_row(label, *(format_metric(entry[name]) for entry in entries))
    return table


__all__ = ["run_sweep"]
