"""``trigames solve``: the proven value of a small variant, its best first moves and best play.

Progress goes to standard error (a line rewritten in place on a terminal, else a line every
10 seconds); the answer to standard output, as text or JSON. The exit status is 0 when the
value is proven, 1 when the time ran out or Ctrl-C stopped the search first (what was proven
by then is printed all the same).
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from trigames.ai.solve import Solution, solve
from trigames.core.errors import TrigamesError
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game


class Reporter:
    """Progress lines on ``stream``: rewritten in place on a terminal, else every ``every``
    seconds."""

    def __init__(self, stream: TextIO, every: float = 10.0) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.every = every
        self.last = 0.0
        self.width = 0

    def __call__(self, facts: dict[str, Any]) -> None:
        seconds = float(facts.get("seconds", 0.0))
        if not self.live and seconds - self.last < self.every:
            return
        self.last = seconds
        bounds = f" {facts['bounds']}" if "bounds" in facts else ""
        line = (
            f"solve: pass {facts.get('pass', '?')}{bounds}, {facts.get('nodes', 0):,} nodes, "
            f"ply {facts.get('deepest', 0)}, {seconds:.0f} s"
        )
        if self.live:
            self.stream.write("\r" + line.ljust(self.width))
            self.width = len(line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def done(self) -> None:
        if self.live and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def position(spec: str, moves: list[str]) -> AnyState:
    """The state of ``spec`` after ``moves`` (raises ``TrigamesError`` naming a bad move)."""
    state: AnyState = load_game(spec).new_initial_state()
    for number, move in enumerate(moves, start=1):
        try:
            state.play(move)
        except TrigamesError as error:
            raise type(error)(f"move {number} ({move}): {error}") from None
    return state


def run_solve(
    spec: str,
    moves: list[str],
    *,
    seconds: float,
    result_only: bool,
    engine: str,
    memory: int,
    as_json: bool,
) -> int:
    """Solve and print; returns the exit status (0 proven, 1 not)."""
    state = position(spec, moves)
    reporter = Reporter(sys.stderr)
    try:
        solution = solve(
            state,
            seconds=seconds,
            margin=not result_only,
            engine=engine,
            memory=memory,
            progress=reporter,
        )
    finally:
        reporter.done()
    if as_json:
        print(json.dumps(solution.to_json(), indent=2))
    else:
        print(describe(state.game, solution, seconds))
    return 0 if solution.solved else 1


def describe(game: AnyGame, solution: Solution, seconds: float) -> str:
    """The solution for people, a few lines."""
    seat = solution.seat
    mover, other = game.player_name(seat), game.player_name(1 - seat)
    where = " after " + " ".join(solution.moves) if solution.moves else ""
    lines = []
    if solution.solved:
        lines.append(f"{solution.spec}{where}: solved in {solution.seconds:.2f} s")
    elif solution.stopped == "interrupted":
        lines.append(f"{solution.spec}{where}: interrupted after {solution.seconds:.1f} s")
    else:
        lines.append(f"{solution.spec}{where}: not solved within {seconds:g} s")
    lines.append(f"value, {mover} to move: {_result_text(solution, mover, other)}")
    lead = _lead_text(solution, mover, other, getattr(game, "misere", False) is True)
    if lead:
        lines.append(lead)
    if solution.best_moves:
        if solution.all_best:
            count = len(solution.best_moves)
            title = (
                f"best first move{'s' if count > 1 else ''} ({'all ' if count > 1 else ''}{count})"
            )
        else:
            title = "a best first move (not all moves tested)"
        lines.append(f"{title}: {' '.join(solution.best_moves)}")
    if solution.pv:
        more = "" if solution.pv_complete else " ... (the time ran out)"
        lines.append(f"best play: {' '.join(solution.pv)}{more}")
    lines.append(
        f"search: {solution.nodes:,} nodes, {solution.stored:,} positions in the table, "
        f"{solution.engine} engine"
    )
    return "\n".join(lines)


def _result_text(solution: Solution, mover: str, other: str) -> str:
    words = {"win": f"{mover} wins", "draw": "a draw", "loss": f"{other} wins"}
    if solution.result is not None:
        return words[solution.result] + " under best play"
    low, high = solution.result_bounds
    if (low, high) == ("loss", "win"):
        return "unknown"
    return f"unknown: between {words[low]} and {words[high]}"


def _lead_text(solution: Solution, mover: str, other: str, misere: bool) -> str:
    if solution.proves == "result" or solution.result is None:
        return ""
    what = f"{mover}'s final score minus {other}'s"
    if misere:
        what = f"{other}'s final score minus {mover}'s: misère"
    if solution.lead is not None:
        return f"score lead: {solution.lead:+d} ({what})"
    low, high = solution.lead_bounds
    low_text = "?" if low is None else f"{low:+d}"
    high_text = "?" if high is None else f"{high:+d}"
    return f"score lead: between {low_text} and {high_text} ({what}), not proven"
