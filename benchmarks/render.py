"""What drawing a board costs: milliseconds of one ``render_svg(state)`` per position.

For each game (by default every game at its defaults) the script plays ``--games`` seeded random
games to the end and times one drawing of every position on the way, the start included, as a
server draws the board after each move (the first drawings of a game fill whatever the renderer
caches, and count too). It reports the median and the 90th percentile of those times, and how
many positions were drawn.

    python benchmarks/render.py                       # the table
    python benchmarks/render.py --games 5 --json      # the figures as JSON
    python benchmarks/render.py --against /tmp/oldtree/src

``--against`` times another copy of the sources too (its ``src`` directory, for example one
exported with ``git archive HEAD src | tar -x -C /tmp/oldtree``), each game of each copy in a
fresh process, the two copies in turn, and gives the ratio of the medians: on a busy machine
only figures taken side by side compare.

Not part of the test suite: the tests check the pictures, never times.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

import trigames

SPECS = ("triggle", "tricolor", "trig", "trugo", "tranglar")


def measure(spec: str, games: int) -> dict[str, Any]:
    """The milliseconds of one drawing of each position of ``games`` seeded random games."""
    game = trigames.load_game(spec)
    times = []
    for seed in range(games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while True:
            start = time.perf_counter()
            game.render_svg(state)
            times.append((time.perf_counter() - start) * 1000)
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))
    return {
        "spec": spec,
        "positions": len(times),
        "median ms": statistics.median(times),
        "p90 ms": statistics.quantiles(times, n=10)[-1],
    }


def measure_in(source: str | None, spec: str, games: int) -> dict[str, Any]:
    """:func:`measure` in a fresh process, importing ``trigames`` from ``source`` if given."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    command = [sys.executable, __file__, "--child", spec, "--games", str(games)]
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    found: dict[str, Any] = json.loads(out)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("specs", nargs="*", default=SPECS, help="games to draw (all by default)")
    parser.add_argument("--games", type=int, default=3, help="seeded random games per spec")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--against", metavar="SRC", help="another copy of the sources to time")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.child, args.games)))
        return 0
    rows = []
    for spec in args.specs:
        if args.against is None:
            rows.append(measure(spec, args.games))
            continue
        row = measure_in(None, spec, args.games)
        old = measure_in(args.against, spec, args.games)
        row.update({f"against {key}": old[key] for key in ("positions", "median ms", "p90 ms")})
        row["speed-up"] = old["median ms"] / row["median ms"]
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    header = f"{'spec':12} {'positions':>9} {'median ms':>10} {'p90 ms':>8}"
    if args.against:
        header += f" {'against: median':>16} {'p90 ms':>8} {'speed-up':>9}"
    print(header)
    for row in rows:
        line = (
            f"{row['spec']:12} {row['positions']:9} {row['median ms']:10.3f} {row['p90 ms']:8.3f}"
        )
        if args.against:
            line += (
                f" {row['against median ms']:16.3f} {row['against p90 ms']:8.3f}"
                f" {row['speed-up']:8.1f}x"
            )
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
