"""Time of every parser of text a stranger can send, on hostile and worst-case inputs.

For each parser (spec strings, player specs, an ending, each game's move notation) and the
shape of input that made its old regular expressions backtrack (a name or a cell, a long run
of spaces, then a character that fails the match; parentheses; a TRANGLAR move of many
pieces), the table gives the time per call:

- **50,000**: a 50,000-character input, refused by the length limit before it is read;
- **1x**, **2x**: the input at the length limit and at twice it, the limit lifted for the
  measure so that the parser proper reads it; **ratio** is 2x / 1x: near 2 for a linear
  parser, near 4 for a quadratic one, lower when the cost of a call hides the reading;
- **10k**, **20k** and **ratio**: the same at 10,000 and 20,000 characters, where the reading
  dwarfs the call: the ratio shows the growth.

    python benchmarks/parsers.py            # the table
    python benchmarks/parsers.py --json     # the figures, in seconds per call

Not part of the test suite: the tests check the limits and results, never times.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import trigames
import trigames.core.endings
import trigames.core.spec
import trigames.games.tranglar.board
import trigames.games.tricolor.board
import trigames.games.trig.board
import trigames.games.triggle.board
import trigames.games.trugo.board
from trigames.core.spec import GameSpec

HOSTILE = 50_000
LARGE = (10_000, 20_000)
#: Each figure is the best of this many rounds, each at least ``BUDGET`` seconds long; a
#: single call longer than ``SLOW`` seconds is measured once.
ROUNDS, BUDGET, SLOW = 5, 0.1, 1.0


@dataclass(frozen=True)
class Case:
    """A parser, the input shape that was its worst, and where its length limit lives."""

    parser: str
    shape: str
    parse: Callable[[str], object]
    text: Callable[[int], str]
    module: ModuleType
    limit_name: str

    @property
    def limit(self) -> int:
        value = getattr(self.module, self.limit_name)
        assert isinstance(value, int)
        return value


def padded(head: str, tail: str) -> Callable[[int], str]:
    """``head``, spaces, then ``tail``: ``length`` characters in all."""
    return lambda length: head + " " * (length - len(head) - len(tail)) + tail


def repeated(head: str, unit: str, tail: str) -> Callable[[int], str]:
    """``head``, ``unit`` repeated and cut, then ``tail``: ``length`` characters in all."""

    def text(length: int) -> str:
        room = length - len(head) - len(tail)
        return head + (unit * (room // len(unit) + 1))[:room] + tail

    return text


def state_parser(spec: str) -> Callable[[str], object]:
    """What ``State.play`` reads a move with, in the game ``spec``."""
    state: trigames.State[Any] = trigames.load_game(spec).new_initial_state()
    return state.parse


def cases() -> list[Case]:
    spec, games = trigames.core.spec, trigames.games
    return [
        Case("spec string", "name, spaces, x", trigames.parse_spec, padded("a", "x"),
             spec, "MAX_SPEC_LENGTH"),
        Case("spec string", "parentheses", trigames.parse_spec, repeated("triggle(", "(", ")"),
             spec, "MAX_SPEC_LENGTH"),
        Case("spec string", "option, spaces, x", trigames.parse_spec,
             padded("triggle(size=5", "x)"), spec, "MAX_SPEC_LENGTH"),
        Case("player spec", "kind, spaces, !", GameSpec.split, padded("mcts", "!"),
             spec, "MAX_SPEC_LENGTH"),
        Case("ending", "resign, spaces, 1", trigames.core.endings.parse_ending,
             padded("resign", "1"), trigames.core.endings, "MAX_LENGTH"),
        Case("triggle band", "peg, spaces, !", state_parser("triggle(size=8)"),
             padded("A1", "!"), games.triggle.board, "MAX_MOVE_LENGTH"),
        Case("tricolor lozenge", "point, spaces, !", state_parser("tricolor(size=8)"),
             padded("C2", "!"), games.tricolor.board, "MAX_MOVE_LENGTH"),
        Case("trig move", "cell, spaces, !", state_parser("triggest"), padded("E5", "!"),
             games.trig.board, "MAX_MOVE_LENGTH"),
        Case("trugo move", "spot, spaces, !", state_parser("trugo(tiles=90)"),
             padded("c2", "!"), games.trugo.board, "MAX_MOVE_LENGTH"),
        Case("tranglar move", "cells, spaces, !", state_parser("tranglar"),
             padded("Lb3", "!"), games.tranglar.board, "MAX_MOVE_LENGTH"),
        Case("tranglar move", "many pieces", state_parser("tranglar"),
             repeated("xQb3=", "Lb3ne,", "Lb3sw"), games.tranglar.board, "MAX_MOVE_LENGTH"),
    ]  # fmt: skip


def attempt(parse: Callable[[str], object], text: str) -> None:
    with contextlib.suppress(ValueError):  # every error of the project is a ValueError
        parse(text)


def per_call(parse: Callable[[str], object], text: str) -> float:
    """Seconds per call of ``parse(text)``, the best of :data:`ROUNDS` rounds."""
    start = time.perf_counter()
    attempt(parse, text)
    once = time.perf_counter() - start
    if once > SLOW:
        return once
    number = max(1, int(BUDGET / max(once, 1e-7)))
    best = once
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(number):
            attempt(parse, text)
        best = min(best, (time.perf_counter() - start) / number)
    return best


@contextlib.contextmanager
def lifted(case: Case, length: int) -> Iterator[None]:
    """The length limit of ``case`` raised to ``length`` for a while, so the parser reads."""
    saved = case.limit
    setattr(case.module, case.limit_name, max(saved, length))
    try:
        yield
    finally:
        setattr(case.module, case.limit_name, saved)


def measure(case: Case) -> dict[str, Any]:
    """The figures of one row of the table."""
    limit = case.limit
    row: dict[str, Any] = {"parser": case.parser, "shape": case.shape, "limit": limit}
    row["hostile"] = per_call(case.parse, case.text(HOSTILE))
    for key, length in (("1x", limit), ("2x", 2 * limit), ("10k", LARGE[0]), ("20k", LARGE[1])):
        with lifted(case, length):
            row[key] = per_call(case.parse, case.text(length))
    return row


def duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def table(rows: Sequence[dict[str, Any]]) -> str:
    header = ("parser", "shape", "limit", "50,000", "1x", "2x", "ratio", "10k", "20k", "ratio")
    lines = [
        (
            row["parser"],
            row["shape"],
            str(row["limit"]),
            duration(row["hostile"]),
            duration(row["1x"]),
            duration(row["2x"]),
            f"{row['2x'] / row['1x']:.2f}",
            duration(row["10k"]),
            duration(row["20k"]),
            f"{row['20k'] / row['10k']:.2f}",
        )
        for row in rows
    ]
    widths = [max(len(line[i]) for line in [header, *lines]) for i in range(len(header))]
    left = 2  # the text columns; figures align right
    return "\n".join(
        "  ".join(
            cell.ljust(width) if i < left else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in [header, *lines]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    rows = [measure(case) for case in cases()]
    print(json.dumps(rows, indent=1) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
