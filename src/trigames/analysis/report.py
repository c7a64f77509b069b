"""The analysis report: one JSON file with every number and one self-contained HTML page.

The figures are drawn with matplotlib (the ``analysis`` extra) from the JSON figures alone, as
SVG images inlined in the page, so the page needs no other file. With two variants (``trigames
analyze --compare``), the tables put them side by side and every figure draws both. The
metrics (:mod:`.metrics`) have a table of their own and figures for balance, length and lead
change.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trigames.analysis.metrics import METRIC_NAMES, Metrics, credits, lead_change_rate
from trigames.analysis.stats import wilson
from trigames.extras import require_extra

#: One colour per variant (matplotlib's first two), so A and B look the same in every figure.
COLOURS = ("#1f77b4", "#ff7f0e")
#: The branching figure leaves out plies that fewer than this share of the games reached.
BRANCHING_MIN_SHARE = 0.25


@dataclass(frozen=True)
class Variant:
    """One analysed game variant: its spec, the games planned, and :func:`.stats.analyse`."""

    spec: str
    planned: int
    figures: dict[str, Any]


def report_json(
    variants: Sequence[Variant], players: Sequence[str], seed: int, generated: str
) -> dict[str, Any]:
    """The JSON report: the run's settings and each variant's figures."""
    return {
        "generated": generated,
        "seats": list(players),
        "seed": seed,
        "variants": [
            {"game": v.spec, "planned": v.planned, "finished": v.figures["games"], **v.figures}
            for v in variants
        ],
    }


# --- figures ------------------------------------------------------------------------------------

Axes = Any
Draw = Callable[[Axes, Sequence[Variant]], None]


def figure_img(draw: Callable[[Axes], None], size: tuple[float, float]) -> str:
    """A figure drawn by ``draw`` on one pair of axes, as an ``<img>`` holding its SVG."""
    require_extra("matplotlib", "analysis")
    from matplotlib.figure import Figure  # the object API: no global state, no display

    figure = Figure(figsize=size, layout="constrained")
    axes = figure.subplots()
    draw(axes)
    axes.grid(alpha=0.3)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="" src="data:image/svg+xml;base64,{data}">'


def _svg(draw: Draw, variants: Sequence[Variant], size: tuple[float, float]) -> str:
    """A figure of the variants drawn by ``draw``, with a key when there are two."""
    return figure_img(lambda axes: _draw_with_key(axes, draw, variants), size)


def _draw_with_key(axes: Axes, draw: Draw, variants: Sequence[Variant]) -> None:
    draw(axes, variants)
    handles, labels = axes.get_legend_handles_labels()
    if len(variants) == 1:  # one variant needs no key, only the marks drawn besides
        kept = [
            (h, label)
            for h, label in zip(handles, labels, strict=True)
            if label != variants[0].spec
        ]
        handles, labels = [h for h, _ in kept], [label for _, label in kept]
    if handles:
        axes.legend(handles, labels, fontsize="small")


def _bar_offsets(count: int, width: float = 0.8) -> tuple[list[float], float]:
    """The offsets and width of ``count`` bars grouped around each x position."""
    each = width / count
    return [(i - (count - 1) / 2) * each for i in range(count)], each


def draw_outcomes(axes: Axes, variants: Sequence[Variant]) -> None:
    """Each seat's win rate and the draw rate, with 95 % intervals."""
    offsets, width = _bar_offsets(len(variants))
    for v, offset, colour in zip(variants, offsets, COLOURS, strict=False):
        rates = [row["win_rate"] for row in v.figures["by_seat"]] + [v.figures["draws"]]
        xs = [i + offset for i in range(len(rates))]
        heights = [r["rate"] for r in rates]
        errors = [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]
        axes.bar(xs, heights, width, yerr=errors, capsize=3, color=colour, label=v.spec)
    seats = len(variants[0].figures["by_seat"])
    axes.set_xticks(range(seats + 1), [f"seat {s} wins" for s in range(seats)] + ["draw"])
    axes.axhline(1 / seats, color="grey", linestyle="--", linewidth=1, label="1 / seats")
    axes.set_ylim(0, 1)
    axes.set_ylabel("share of games")
    axes.set_title("Who wins (95% Wilson intervals)")


def _draw_histograms(axes: Axes, variants: Sequence[Variant], pick: Callable[[Any], Any]) -> None:
    """Bars of each variant's histogram of ``pick(figures)``, side by side in every bin."""
    offsets, share = _bar_offsets(len(variants))
    for v, offset, colour in zip(variants, offsets, COLOURS, strict=False):
        bins = pick(v.figures).get("histogram", [])
        if not bins:
            continue
        width = bins[0]["high"] - bins[0]["low"]
        centres = [(b["low"] + b["high"] - 1) / 2 + offset * width for b in bins]
        counts = [b["count"] for b in bins]
        axes.bar(centres, counts, share * width, color=colour, label=v.spec)
        median = pick(v.figures)["median"]
        axes.axvline(median, color=colour, linestyle="--", linewidth=1, label=f"median {median}")
    axes.set_ylabel("games")


def draw_lengths(axes: Axes, variants: Sequence[Variant]) -> None:
    _draw_histograms(axes, variants, lambda f: f["length"])
    axes.set_xlabel("plies")
    axes.set_title("Game length")


def draw_lead_changes(axes: Axes, variants: Sequence[Variant]) -> None:
    _draw_histograms(axes, variants, lambda f: f["lead_changes"])
    axes.set_xlabel("changes of the sole leader in a game")
    axes.set_title("Lead changes")


def draw_balance(axes: Axes, variants: Sequence[Variant]) -> None:
    """Each seat's share of the games (a shared win split among its winners), 95 % Wilson
    intervals, and the balance: 1 - (highest share - lowest)."""
    offsets, width = _bar_offsets(len(variants))
    seats = len(variants[0].figures["by_seat"])
    for v, offset, colour in zip(variants, offsets, COLOURS, strict=False):
        games = v.figures["game_results"]
        n = len(games)
        shares = [sum(credits(g["winners"], seats)[s] for g in games) for s in range(seats)]
        intervals = [wilson(share, n) for share in shares]
        rates = [share / n for share in shares]
        errors = [
            [rate - low for rate, (low, _) in zip(rates, intervals, strict=True)],
            [high - rate for rate, (_, high) in zip(rates, intervals, strict=True)],
        ]
        label = f"{v.spec}: balance {v.figures['metrics']['balance']['value']:.2f}"
        axes.bar([s + offset for s in range(seats)], rates, width, yerr=errors, capsize=3,
                 color=colour, label=label)  # fmt: skip
    axes.set_xticks(range(seats), [f"seat {s}" for s in range(seats)])
    axes.axhline(1 / seats, color="grey", linestyle="--", linewidth=1, label="1 / seats")
    axes.set_ylim(0, 1)
    axes.set_ylabel("share of the games (draws split)")
    axes.set_title("Balance: each seat's share (95% Wilson intervals)")


def draw_lead_change(axes: Axes, variants: Sequence[Variant]) -> None:
    """Histogram of each game's lead changes per ply, with the mean (the lead-change metric)."""
    rates = [[lead_change_rate(g) for g in v.figures["game_results"]] for v in variants]
    top = max(0.05, math.ceil(20 * max((r for each in rates for r in each), default=0)) / 20)
    bins = [top * i / 20 for i in range(21)]
    for v, each, colour in zip(variants, rates, COLOURS, strict=False):
        axes.hist(each, bins=bins, color=colour, alpha=0.6, label=v.spec)
        mean = v.figures["metrics"]["lead_change"]["value"]
        if mean is not None:
            axes.axvline(mean, color=colour, linestyle="--", linewidth=1, label=f"mean {mean:.3f}")
    axes.set_xlim(0, top)
    axes.set_xlabel("changes of the points leader / (plies - 1)")
    axes.set_ylabel("games")
    axes.set_title("Lead change per game")


def draw_branching(axes: Axes, variants: Sequence[Variant]) -> None:
    """Mean legal moves by ply, with the band from the 10 % to the 90 % quantile."""
    for v, colour in zip(variants, COLOURS, strict=False):
        least = BRANCHING_MIN_SHARE * v.figures["games"]
        rows = [row for row in v.figures["branching"]["by_ply"] if row["games"] >= least]
        plies = [row["ply"] for row in rows]
        axes.plot(plies, [row["mean"] for row in rows], color=colour, label=v.spec)
        axes.fill_between(
            plies, [row["low"] for row in rows], [row["high"] for row in rows],
            color=colour, alpha=0.2,
        )  # fmt: skip
    axes.set_xlabel("ply (those reached by a quarter of the games or more)")
    axes.set_ylabel("legal moves")
    axes.set_ylim(bottom=0)
    axes.set_title("Branching factor: mean, band 10% to 90%")


def draw_elo(axes: Axes, variants: Sequence[Variant]) -> None:
    """The Elo ratings of the seats and the players with their 95 % intervals."""
    names = [
        *variants[0].figures["elo"]["seats"],
        *(f"player {p}" for p in variants[0].figures["elo"]["players"]),
    ]
    offsets, _ = _bar_offsets(len(variants), 0.4)
    for v, offset, colour in zip(variants, offsets, COLOURS, strict=False):
        elo = v.figures["elo"]
        rated = [*elo["seats"].values(), *elo["players"].values()]
        ys = [i + offset for i in range(len(rated))]
        centres = [r["elo"] for r in rated]
        errors = [[r["elo"] - r["low"] for r in rated], [r["high"] - r["elo"] for r in rated]]
        axes.errorbar(centres, ys, xerr=errors, fmt="o", capsize=3, color=colour, label=v.spec)
    axes.set_yticks(range(len(names)), names)
    axes.invert_yaxis()
    axes.axvline(0, color="grey", linewidth=1)
    axes.set_xlabel("Elo (mean 0)")
    axes.set_title("Elo of the seats and of the players (95% intervals)")


def _draw_counts(axes: Axes, variants: Sequence[Variant], pick: Callable[[Any], Any]) -> None:
    """Horizontal bars: the share of games of each value of ``pick(figures)``."""
    values = list(dict.fromkeys(key for v in variants for key in pick(v.figures)))
    offsets, width = _bar_offsets(len(variants))
    for v, offset, colour in zip(variants, offsets, COLOURS, strict=False):
        counts = pick(v.figures)
        shares = [counts.get(key, 0) / max(v.figures["games"], 1) for key in values]
        axes.barh([i + offset for i in range(len(values))], shares, width, color=colour,
                  label=v.spec)  # fmt: skip
    axes.set_yticks(range(len(values)), values)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of games")


def draw_reasons(axes: Axes, variants: Sequence[Variant]) -> None:
    _draw_counts(axes, variants, lambda f: f["reasons"])
    axes.set_title("How the games ended")


def _fact_figures(variants: Sequence[Variant]) -> list[tuple[str, Draw, tuple[float, float]]]:
    """A figure for every fact the game reports: histograms of numbers, bars of words."""
    figures: list[tuple[str, Draw, tuple[float, float]]] = []
    numbers = dict.fromkeys(k for v in variants for k in v.figures["facts"]["numbers"])
    words = dict.fromkeys(k for v in variants for k in v.figures["facts"]["words"])
    for key in numbers:

        def draw_number(axes: Axes, variants: Sequence[Variant], key: str = key) -> None:
            _draw_histograms(axes, variants, lambda f: f["facts"]["numbers"].get(key, {}))
            axes.set_xlabel(f"{key} in a game")
            axes.set_title(f"{key.capitalize()} per game")

        figures.append((key, draw_number, (6.4, 3.6)))
    for key in words:

        def draw_word(axes: Axes, variants: Sequence[Variant], key: str = key) -> None:
            _draw_counts(axes, variants, lambda f: f["facts"]["words"].get(key, {}))
            axes.set_title(key.capitalize())

        figures.append((key, draw_word, (6.4, 3.0)))
    return figures


# --- the page -------------------------------------------------------------------------------------


def _interval(p: dict[str, Any]) -> str:
    return f"{100 * p['rate']:.1f}% ({100 * p['low']:.1f} to {100 * p['high']:.1f})"


def _seat_gap(figures: dict[str, Any]) -> str:
    seats = figures["elo"]["seats"]
    first, second = seats.get("seat 0"), seats.get("seat 1")
    if first is None or second is None:
        return "-"
    return f"{first['elo'] - second['elo']:+.0f}"


def key_rows(figures: dict[str, Any]) -> list[tuple[str, str]]:
    """The headline figures of one variant, as (name, value) rows for people."""
    length = figures["length"]
    branching = figures["branching"]["all_plies"]
    rows = [
        ("games", str(figures["games"])),
        ("first player (seat 0) wins", _interval(figures["first_player"]["win_rate"])),
        (
            "first player's share of decisive games",
            _interval(figures["first_player"]["decisive_share"])
            + f", fair {100 * figures['first_player']['fair_share']:.0f}%",
        ),
        ("seat 0's Elo over seat 1", _seat_gap(figures)),
        ("draws", _interval(figures["draws"])),
    ]
    if length["count"]:
        q = length["quantiles"]
        rows += [
            ("length: mean (median)", f"{length['mean']:.1f} ({length['median']:g}) plies"),
            ("length: 10% to 90%, min to max",
             f"{q['10']:g} to {q['90']:g}, {length['min']} to {length['max']}"),
            ("branching factor: mean (median)",
             f"{branching['mean']:.1f} ({branching['median']:g}) legal moves"),
            ("lead changes per game: mean (max)",
             f"{figures['lead_changes']['mean']:.2f} ({figures['lead_changes']['max']})"),
        ]  # fmt: skip
    for key, fact in figures["facts"]["numbers"].items():
        if fact["count"]:
            rows.append(
                (f"{key}: per game (per ply)", f"{fact['mean']:.2f} ({fact['per_ply']:.3f})")
            )
    for key, counts in figures["facts"]["words"].items():
        total = sum(counts.values())
        shares = ", ".join(f"{word} {100 * n / total:.0f}%" for word, n in counts.items())
        rows.append((key, shares))
    return rows


def format_metric(entry: Mapping[str, Any]) -> str:
    """A metric for people: its value, with its interval when it has one.

    >>> format_metric({"value": 0.75, "low": 0.5, "high": 1.0})
    '0.750 (0.500 to 1.000)'
    >>> format_metric({"value": 0.5, "used": 2, "places": 4})
    '0.500, 2 of 4 places'
    >>> format_metric({"value": 1, "threshold": 0.6, "steps": [{}, {}]})
    '1 of 2 steps'
    """
    value = entry.get("value")
    if value is None:
        return "-"
    if "steps" in entry:  # the skill depth: steps counted of those played
        return f"{value} of {len(entry['steps'])} steps"
    digits = 3 if abs(value) < 10 else 1
    text = f"{value:.{digits}f}"
    if entry.get("low") is not None and entry.get("high") is not None:
        text += f" ({entry['low']:.{digits}f} to {entry['high']:.{digits}f})"
    if "places" in entry:
        text += f", {entry['used']} of {entry['places']} places"
    return text


def metric_rows(metrics: Metrics) -> list[tuple[str, str]]:
    """Every metric of a variant as (name, value) rows for people, in :data:`METRIC_NAMES`
    order."""
    entries: Mapping[str, Any] = metrics
    return [(label, format_metric(entries[name])) for name, label in METRIC_NAMES.items()]


def _metrics_table(variants: Sequence[Variant]) -> str:
    """The metrics, one column per variant."""
    columns = [dict(metric_rows(v.figures["metrics"])) for v in variants]
    rows = [[label, *(column[label] for column in columns)] for label in METRIC_NAMES.values()]
    return _table(["", *(v.spec for v in variants)], rows)


def _table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headings)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _key_table(variants: Sequence[Variant]) -> str:
    """The headline figures, one column per variant."""
    columns = [dict(key_rows(v.figures)) for v in variants]
    names = list(dict.fromkeys(name for column in columns for name in column))
    rows = [[name, *(column.get(name, "-") for column in columns)] for name in names]
    return _table(["", *(v.spec for v in variants)], rows)


def _seat_tables(variants: Sequence[Variant]) -> str:
    parts = []
    for v in variants:
        seats = [
            [f"seat {row['seat']}", str(row["wins"]), str(row["draws"]), str(row["losses"]),
             _interval(row["win_rate"])]
            for row in v.figures["by_seat"]
        ]  # fmt: skip
        players = [
            [row["player"], str(row["wins"]), str(row["draws"]), str(row["losses"]),
             f"{100 * row['score']:.1f}%",
             "{elo:+.0f} ({low:+.0f} to {high:+.0f})".format(
                 **v.figures["elo"]["players"].get(row["player"], {"elo": 0, "low": 0, "high": 0}))]
            for row in v.figures["by_player"]
        ]  # fmt: skip
        parts.append(
            f"<div><h3>{html.escape(v.spec)}</h3>"
            + _table(["seat", "wins", "draws", "losses", "win rate (95%)"], seats)
            + _table(["player", "wins", "draws", "losses", "score", "Elo (95%)"], players)
            + "</div>"
        )
    return '<div class="side">' + "".join(parts) + "</div>"


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1400px; color: #222; }
h1 { margin-bottom: 0.2em; } .meta { color: #666; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.3em 0.8em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(560px, 1fr));
           gap: 1em; }
.figures img { width: 100%; height: auto; }
.side { display: flex; gap: 3em; flex-wrap: wrap; }
"""


def report_html(
    variants: Sequence[Variant], players: Sequence[str], seed: int, generated: str
) -> str:
    """The report as one self-contained HTML page."""
    title = " vs ".join(v.spec for v in variants)
    finished = all(v.figures["games"] == v.planned for v in variants)
    note = "" if finished else " (interrupted: not every planned game was played)"
    figures: list[tuple[str, Draw, tuple[float, float]]] = [
        ("outcomes", draw_outcomes, (6.4, 3.6)),
        ("balance", draw_balance, (6.4, 3.6)),
        ("lengths", draw_lengths, (6.4, 3.6)),
        ("lead change", draw_lead_change, (6.4, 3.6)),
        ("branching", draw_branching, (6.4, 3.6)),
        ("lead changes", draw_lead_changes, (6.4, 3.6)),
        ("elo", draw_elo, (6.4, 3.6)),
        ("reasons", draw_reasons, (6.4, 3.0)),
        *_fact_figures(variants),
    ]
    images = "".join(
        f'<figure data-figure="{html.escape(name)}">{_svg(draw, variants, size)}</figure>'
        for name, draw, size in figures
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>trigames analysis: {html.escape(title)}</title><style>{STYLE}</style></head>
<body>
<h1>Analysis: {html.escape(title)}</h1>
<p class="meta">Seats {html.escape(", ".join(players))}, rotated game by game; seed {seed};
generated {html.escape(generated)}{note}. Intervals are 95%.</p>
<h2>Key figures</h2>
{_key_table(variants)}
<h2>Metrics</h2>
{_metrics_table(variants)}
<p class="meta">The metrics of the Ludii system, as docs/designers-lab.md defines them; each can
be recomputed from the games listed in report.json (<code>game_results</code>).</p>
<h2>Figures</h2>
<div class="figures">{images}</div>
<h2>Seats and players</h2>
{_seat_tables(variants)}
<p class="meta">A draw is a game without a sole winner. The leader after a ply is the seat with
the highest score when no other seat has it; the lead changes when another seat leads than the
last one that did. Per-game facts come from the game itself: numbers are added up over a game's
moves, per ply is their total over all plies.</p>
</body></html>
"""


def write_report(
    directory: Path,
    variants: Sequence[Variant],
    players: Sequence[str],
    seed: int,
    generated: str,
) -> tuple[Path, Path]:
    """Write ``report.json`` and ``report.html`` into ``directory``; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    data = directory / "report.json"
    page = directory / "report.html"
    document = report_json(variants, players, seed, generated)
    data.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    page.write_text(report_html(variants, players, seed, generated), encoding="utf-8")
    return page, data
