"""Sweeps: the variants a ``--vary OPTION=A,B,...`` list names, and their metrics side by side.

Every combination of the values given is a variant of the spec, the other options kept; each
is checked as a spec is (an unknown option or a value out of range is an error naming it).

>>> varied = parse_vary(["size=3,4", "touch=true,false"])
>>> [spec for spec, _ in variant_specs("triggle", varied)]  # doctest: +NORMALIZE_WHITESPACE
['triggle(size=3)', 'triggle(size=3,touch=false)', 'triggle', 'triggle(touch=false)']
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict

from trigames.analysis.metrics import METRIC_NAMES, Metrics
from trigames.analysis.report import STYLE, figure_img, format_metric
from trigames.core.errors import SpecSyntaxError
from trigames.core.spec import GameSpec
from trigames.games import parse_spec

#: The most options one sweep varies, values an option takes, and variants in all.
MAX_VARIED_OPTIONS = 4
MAX_VALUES = 16
MAX_VARIANTS = 64

_VARY = re.compile(r"([a-z][a-z0-9_]*)=([A-Za-z0-9_.+-]+(?:,[A-Za-z0-9_.+-]+)*)")


class SweepVariant(TypedDict):
    spec: str
    values: dict[str, str]
    metrics: Metrics


class SweepReport(TypedDict):
    game: str
    seats: list[str]
    games: int
    seed: int
    #: What the players' time budgets counted: ``"wall"`` or ``"processor"`` time.
    clock: str
    varied: dict[str, list[str]]
    variants: list[SweepVariant]


def parse_vary(texts: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The options and values of ``--vary`` arguments, each ``OPTION=A,B,...``
    (``SpecSyntaxError`` says what is wrong with one)."""
    if not texts:
        raise SpecSyntaxError("give at least one --vary OPTION=A,B,...")
    if len(texts) > MAX_VARIED_OPTIONS:
        raise SpecSyntaxError(f"a sweep varies at most {MAX_VARIED_OPTIONS} options")
    varied: list[tuple[str, list[str]]] = []
    for text in texts:
        match = _VARY.fullmatch(text.strip()) if len(text) <= 400 else None
        if match is None:
            raise SpecSyntaxError(
                f"bad --vary {text[:60]!r}: write OPTION=A,B,... such as size=3,4,5"
            )
        option, values = match.group(1), match.group(2).split(",")
        if any(option == seen for seen, _ in varied):
            raise SpecSyntaxError(f"--vary gives the option {option!r} twice")
        if len(values) > MAX_VALUES:
            raise SpecSyntaxError(f"--vary {option} has more than {MAX_VALUES} values")
        varied.append((option, values))
    return varied


def variant_specs(
    spec: str, varied: Sequence[tuple[str, Sequence[str]]]
) -> list[tuple[str, dict[str, str]]]:
    """Each variant's canonical spec with the values it takes, the first option varying
    slowest; an unknown option, a bad value or two values making one variant is an error."""
    base = parse_spec(spec)
    count = 1
    for _, values in varied:
        count *= len(values)
    if count > MAX_VARIANTS:
        raise SpecSyntaxError(f"the sweep makes {count} variants, more than {MAX_VARIANTS}")
    kept = [
        (option.name, option.format(base.options[option.name]))
        for option in base.declared
        if option.name not in {name for name, _ in varied}
    ]
    variants: list[tuple[str, dict[str, str]]] = []
    for combination in itertools.product(*(values for _, values in varied)):
        chosen = dict(zip((name for name, _ in varied), combination, strict=True))
        built = str(GameSpec.build(base.name, base.declared, [*kept, *chosen.items()]))
        if any(built == seen for seen, _ in variants):
            raise SpecSyntaxError(f"two values of --vary make the same variant, {built}")
        variants.append((built, chosen))
    return variants


def _label(values: Mapping[str, str]) -> str:
    return ", ".join(f"{option}={value}" for option, value in values.items())


def markdown_table(report: SweepReport) -> str:
    """The metrics of every variant as a Markdown table, one row a variant.

    >>> empty = {"game": "trig", "seats": ["random", "random"], "games": 0, "seed": 0,
    ...          "clock": "wall", "varied": {}, "variants": []}
    >>> markdown_table(empty).splitlines()[0].split(" | ")[:3]
    ['| variant', 'balance', 'advantage']
    """
    names = list(METRIC_NAMES)
    entries: list[Mapping[str, Any]] = [v["metrics"] for v in report["variants"]]
    lines = [
        "| variant | " + " | ".join(name.replace("_", " ") for name in names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for variant, metrics in zip(report["variants"], entries, strict=True):
        cells = [format_metric(metrics[name]) for name in names]
        lines.append(f"| `{variant['spec']}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _draw_metric(axes: Any, report: SweepReport, name: str) -> None:
    """One metric across the variants: points with their intervals."""
    labels = [_label(v["values"]) for v in report["variants"]]
    entries: list[Mapping[str, Any]] = [v["metrics"] for v in report["variants"]]
    for x, entry in enumerate(entries):
        value = entry[name].get("value")
        if value is None:
            continue
        low, high = entry[name].get("low"), entry[name].get("high")
        errors = None if low is None or high is None else [[value - low], [high - value]]
        axes.errorbar([x], [value], yerr=errors, fmt="o", capsize=4, color="#1f77b4")
    axes.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 4 else 0,
                    ha="right" if len(labels) > 4 else "center")  # fmt: skip
    axes.set_title(METRIC_NAMES[name])


def _metric_figure(report: SweepReport, name: str) -> Callable[[Any], None]:
    return lambda axes: _draw_metric(axes, report, name)


def sweep_html(report: SweepReport) -> str:
    """The sweep as one self-contained page: the table (a row a metric, a column a variant)
    and a figure for each metric."""
    names = list(METRIC_NAMES)
    entries: list[Mapping[str, Any]] = [v["metrics"] for v in report["variants"]]
    head = "".join(f"<th>{html.escape(v['spec'])}</th>" for v in report["variants"])
    body = "".join(
        f"<tr><td>{html.escape(label)}</td>"
        + "".join(f"<td>{html.escape(format_metric(m[name]))}</td>" for m in entries)
        + "</tr>"
        for name, label in METRIC_NAMES.items()
    )
    figures = "".join(
        f'<figure data-figure="{name}">'
        + figure_img(_metric_figure(report, name), (6.4, 3.4))
        + "</figure>"
        for name in names
        if any(m[name]["value"] is not None for m in entries)
    )
    title = f"Sweep: {report['game']}"
    varied = "; ".join(
        f"{option} = {', '.join(values)}" for option, values in report["varied"].items()
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>trigames {html.escape(title)}</title><style>{STYLE}</style></head>
<body>
<h1>{html.escape(title)}</h1>
<p class="meta">Varied: {html.escape(varied)}. Seats {html.escape(", ".join(report["seats"]))},
rotated game by game; {report["games"]} games a variant; seed {report["seed"]}. Intervals are
95%; the metrics are defined in docs/designers-lab.md.</p>
<table><thead><tr><th>metric</th>{head}</tr></thead><tbody>{body}</tbody></table>
<div class="figures">{figures}</div>
</body></html>
"""
