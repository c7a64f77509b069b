"""What it costs to build a game: time and memory, at each game's defaults and largest options.

For every spec the script measures, each time in a fresh Python process (so nothing is cached
yet), the work a server does when a game starts: ``load_game(spec)``, ``new_initial_state()``,
the first ``legal_moves()`` and ``render_svg``. It reports

- **seconds**: wall time of that work, without tracemalloc (which slows Python down);
- **peak MB**: the most memory allocated at once during it (tracemalloc, another process);
- **kept MB**: what stays allocated once the caller has dropped the game and its state: the
  caches (the catalogue's shared game object among them).

Then, in one process, it builds every Trugo size from ``tiles=3`` to ``tiles=90`` in turn (as
a server does when players ask for them all) and reports the memory still allocated afterwards
and the peak, and the process's maximum resident set size.

    python benchmarks/game_sizes.py            # the table
    python benchmarks/game_sizes.py --json     # the same figures as JSON

Run it with ``PYTHONPATH`` pointing at the sources to measure (the figures compare two copies
of the code only when they run one after the other on the same machine).
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

#: The defaults and the largest options of every game (the options that make a board larger).
SPECS = (
    "triggle",
    "triggle(size=8,players=4,markers=999)",
    "trig",
    "trig(board=triggest)",
    "tricolor",
    "tricolor(size=8,players=4)",
    "trugo",
    "trugo(tiles=90,pieces=99)",
    "tranglar",
    "tranglar(quiet_limit=10000)",
)

MB = 1024 * 1024


def _build(spec: str) -> None:
    """The work a server does when a game of ``spec`` starts."""
    from trigames import load_game

    game = load_game(spec)
    state = game.new_initial_state()
    state.legal_moves()
    game.render_svg(state)


def measure_time(spec: str) -> float:
    """Seconds to build ``spec`` once, caches cold."""
    import trigames.games  # noqa: F401  (imports are not part of the cost)

    start = time.perf_counter()
    _build(spec)
    return time.perf_counter() - start


def measure_memory(spec: str) -> dict[str, float]:
    """Peak and kept memory (MB) of building ``spec`` once, caches cold."""
    import trigames.games  # noqa: F401

    gc.collect()
    tracemalloc.start()
    _build(spec)
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"peak MB": peak / MB, "kept MB": kept / MB}


def trugo_sweep() -> dict[str, float]:
    """Memory after building every Trugo size in turn, then the time it all took."""
    import trigames.games  # noqa: F401

    gc.collect()
    tracemalloc.start()
    start = time.perf_counter()
    for tiles in range(3, 91):
        _build(f"trugo(tiles={tiles})")
    seconds = time.perf_counter() - start
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"kept MB": kept / MB, "peak MB": peak / MB, "max RSS MB": rss, "seconds": seconds}


def _child(what: str, spec: str = "") -> Any:
    """Run one measurement in a fresh interpreter (the environment, ``PYTHONPATH`` included, is
    this one's)."""
    command = [sys.executable, __file__, "--child", what, spec]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


CHILDREN: dict[str, Callable[[str], object]] = {
    "time": measure_time,
    "memory": measure_memory,
    "sweep": lambda _: trugo_sweep(),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--repeat", type=int, default=3, help="timings per spec (best kept)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(CHILDREN[args.child[0]](args.child[1])))
        return 0
    rows = []
    for spec in SPECS:
        seconds = min(_child("time", spec) for _ in range(args.repeat))
        rows.append({"spec": spec, "seconds": seconds, **_child("memory", spec)})
    sweep = _child("sweep")
    if args.json:
        print(json.dumps({"specs": rows, "trugo 3 to 90": sweep}, indent=2))
        return 0
    print(f"{'spec':40} {'seconds':>8} {'peak MB':>8} {'kept MB':>8}")
    for row in rows:
        print(f"{row['spec']:40} {row['seconds']:8.3f} {row['peak MB']:8.2f} {row['kept MB']:8.2f}")
    print(
        f"\nevery Trugo size, 3 to 90 tiles, in turn: {sweep['seconds']:.1f} s (traced), "
        f"kept {sweep['kept MB']:.1f} MB, peak {sweep['peak MB']:.1f} MB, "
        f"max RSS {sweep['max RSS MB']:.0f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
