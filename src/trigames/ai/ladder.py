"""Each game's published ladder: the Elo ratings of its computer players from a round robin.

``benchmarks/ladder.py SPEC --save`` plays the round robin (``trigames match`` games, seats
alternating) and keeps the table as package data (``ai/ladders/<game>.json``); the rules of
the game (``trigames rules``, the terminal's ``rules``, the web's rules pages) end with it, so a
player can see how far apart the levels are before choosing one.

>>> from trigames.ai.match import play_match
>>> results = play_match("triggle(size=3)", ["random", "greedy"], games=2, seed=1)
>>> ladder = ladder_of(results, "triggle(size=3)", seed=1, command="...")
>>> [row.player for row in ladder.rows], ladder.game
(['greedy', 'random'], 'triggle')
>>> Ladder.from_json(ladder.to_json()) == ladder
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import date
from importlib import resources
from typing import Any

from trigames.ai.elo import ratings
from trigames.ai.match import GameResult
from trigames.games import game_class

#: Where the ladders are kept, inside the package.
LADDER_FOLDER = "ladders"


@dataclass(frozen=True)
class LadderRow:
    """One player of a ladder: its name, what it stood for, its rating and its results."""

    player: str
    plays: str  # the player spec it stood for (a level looked up)
    elo: float
    low: float  # the 95 % interval
    high: float
    score: float  # wins, shared wins counting a share
    games: int


@dataclass(frozen=True)
class Ladder:
    """The ratings of one round robin on one game spec, best first."""

    game: str
    spec: str
    measured: str  # ISO date
    pair_games: tuple[int, int]  # the fewest and the most games a pair played
    seed: int
    processor_time: bool
    command: str  # what plays it again
    rows: tuple[LadderRow, ...]

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "rows": [asdict(row) for row in self.rows]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ladder:
        rows = tuple(LadderRow(**row) for row in data["rows"])
        fewest, most = data["pair_games"]
        return cls(**{**data, "rows": rows, "pair_games": (fewest, most)})

    def table(self) -> str:
        """The ratings as a Markdown table, best first."""
        lines = [
            "| player | plays as | Elo | 95 % interval | score | games |",
            "|---|---|--:|--:|--:|--:|",
        ]
        for row in self.rows:
            lines.append(
                f"| `{row.player}` | `{row.plays}` | {row.elo:+.0f} "
                f"| {row.low:+.0f} to {row.high:+.0f} | {row.score:g} | {row.games} |"
            )
        return "\n".join(lines)

    def section(self) -> str:
        """The ladder as the closing section of the game's rules."""
        clock = "processor time" if self.processor_time else "wall-clock time"
        return (
            "## How strong the computer players are\n\n"
            f"Elo ratings from a round robin on `{self.spec}` ({self._pairs()}, seats "
            f"alternating, thinking time counted in {clock}; measured "
            f"{self.measured}). A player 191 points above another is expected to score 75 % "
            "against it; the interval is where the rating lies with 95 % confidence. `easy`, "
            "`medium`, `hard` and `expert` are the levels you can play against; "
            "`alphabeta(depth=N,eval=simple)` are plain fixed-depth searches on the score, "
            "kept as yardsticks.\n\n"
            f"{self.table()}\n\n"
            f"Played again with `{self.command}`.\n"
        )

    def _pairs(self) -> str:
        fewest, most = self.pair_games
        if fewest == most:
            return f"{most} games a pair"
        return f"{fewest} to {most} games a pair, fewer for the slowest players"


def points(result: GameResult, player: str) -> float:
    """``player``'s points in a game: 1 for a win, 1/2 for a shared win, 0 for a loss."""
    seats = [seat for seat, name in enumerate(result.players) if name == player]
    if not any(seat in result.winners for seat in seats):
        return 0.0
    return 1.0 / len(result.winners)


def ladder_of(
    results: Sequence[GameResult],
    spec: str,
    *,
    seed: int,
    command: str,
    processor_time: bool = False,
) -> Ladder:
    """The ladder the games of a round robin give (every player is rated together)."""
    rated = ratings([(result.players, [result.players[s] for s in result.winners])
                     for result in results])  # fmt: skip
    plays: dict[str, str] = {}
    for result in results:
        plays.update(zip(result.players, result.resolved, strict=True))
    rows = []
    for name in sorted(rated, key=lambda player: -rated[player].elo):
        mine = [result for result in results if name in result.players]
        rating = rated[name]
        score = sum(points(result, name) for result in mine)
        rows.append(LadderRow(name, plays[name], round(rating.elo, 1), round(rating.low, 1),
                              round(rating.high, 1), score, len(mine)))  # fmt: skip
    pairs = Counter(frozenset(result.players) for result in results)
    return Ladder(
        game=game_class(spec.split("(")[0]).name,
        spec=spec,
        measured=date.today().isoformat(),
        pair_games=(min(pairs.values()), max(pairs.values())),
        seed=seed,
        processor_time=processor_time,
        command=command,
        rows=tuple(rows),
    )


def load_ladder(game: str) -> Ladder | None:
    """The published ladder of the game called ``game``, or ``None`` when none is kept."""
    path = resources.files("trigames.ai").joinpath(LADDER_FOLDER, f"{game}.json")
    if not path.is_file():
        return None
    return Ladder.from_json(json.loads(path.read_text(encoding="utf-8")))


def rules_with_ladder(game: str, rules: str) -> str:
    """A game's rules text followed by its ladder, where one is kept."""
    ladder = load_ladder(game)
    return rules if ladder is None else f"{rules.rstrip()}\n\n{ladder.section()}"
