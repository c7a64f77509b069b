"""Matches between computer players: many games, seats rotated, results and their summary.

Game ``i`` of a match gives seat ``s`` to player ``(s + i) mod k`` of the ``k`` players, so
every player takes every seat (and moves first) equally often. Each game has its own seed,
from the match's seed and the game's index, from which the players' seeds follow, so any game
can be played again alone, in any process or on any machine, with the same result.

Besides the result, a game keeps what analysis reports need: for every ply the number of legal
moves, the mover and the scores after the move, the game's own facts
(:meth:`~trigames.core.protocol.Game.move_facts` added up, and
:meth:`~trigames.core.protocol.Game.game_facts`), and the board's places its moves named and
those any legal move named (:mod:`trigames.core.places`). A task may give opening moves, played
before the players take over (``trigames fairness`` plays every first move so).

>>> results = play_match("triggle(size=3)", ["random", "greedy"], games=2, seed=1)
>>> [r.players for r in results]
[('random', 'greedy'), ('greedy', 'random')]
>>> summary = summarise(results, ["random", "greedy"])
>>> summary.games, sum(row.played for row in summary.by_seat)
(2, 4)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trigames.ai.elo import Rating, ratings
from trigames.ai.players import use_processor_time
from trigames.ai.registry import make_player, resolve
from trigames.core.places import Places
from trigames.core.protocol import AnyGame
from trigames.core.swap import SWAP
from trigames.games import load_game

SEED_STRIDE = 1_000_003


def random_opening(game: AnyGame, plies: int, seed: int) -> list[Any]:
    """``plies`` seeded random moves from the start (fewer if the game would end): an opening
    for a pair of games with the seats swapped, where the first move decides too much.

    >>> import trigames
    >>> [str(move) for move in random_opening(trigames.load_game("trig"), 2, seed=7)]
    ['G6', 'F7']
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    moves: list[Any] = []
    for _ in range(plies):
        state.play(chosen := rng.choice(state.legal_moves()))
        if state.is_over():
            state.undo()
            break
        moves.append(chosen)
    return moves


@dataclass(frozen=True)
class GameResult:
    """One finished game of a match."""

    index: int
    seed: int
    players: tuple[str, ...]  # the player in each seat, seat 0 first
    resolved: tuple[str, ...]  # what each player stands for (levels looked up)
    winners: tuple[int, ...]  # winning seats
    scores: tuple[int, ...]
    reason: str
    length: int
    seconds: float
    branching: tuple[int, ...] = ()  # legal moves before each ply
    movers: tuple[int, ...] = ()  # the seat that made each ply
    ply_scores: tuple[tuple[int, ...], ...] = ()  # the scores after each ply
    facts: dict[str, float | str] = field(default_factory=dict)
    places: tuple[str, ...] = ()  # the board's places the moves named, sorted
    offered: tuple[str, ...] = ()  # the board's places some legal move named, sorted

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.players),
            "players": list(self.resolved),
            "winners": list(self.winners),
            "winner_players": [self.players[s] for s in self.winners],
            "scores": list(self.scores),
            "reason": self.reason,
            "length": self.length,
            "seconds": round(self.seconds, 3),
            "branching": list(self.branching),
            "movers": list(self.movers),
            "ply_scores": [list(scores) for scores in self.ply_scores],
            "facts": dict(self.facts),
            "places": list(self.places),
            "offered": list(self.offered),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> GameResult:
        return cls(
            index=int(obj["index"]),
            seed=int(obj["seed"]),
            players=tuple(obj["seats"]),
            resolved=tuple(obj["players"]),
            winners=tuple(obj["winners"]),
            scores=tuple(obj["scores"]),
            reason=str(obj["reason"]),
            length=int(obj["length"]),
            seconds=float(obj["seconds"]),
            branching=tuple(obj.get("branching", ())),
            movers=tuple(obj.get("movers", ())),
            ply_scores=tuple(tuple(scores) for scores in obj.get("ply_scores", ())),
            facts=dict(obj.get("facts", {})),
            places=tuple(obj.get("places", ())),
            offered=tuple(obj.get("offered", ())),
        )


@dataclass(frozen=True)
class Task:
    """What one process needs to play one game: ``opening`` moves (in notation) are played
    before the players choose."""

    spec: str
    index: int
    seed: int
    players: tuple[str, ...]
    opening: tuple[str, ...] = ()
    #: Time budgets count the thinking thread's processor time, not the wall clock (see
    #: :func:`~trigames.ai.players.use_processor_time`): a busy machine does not weaken them.
    processor_time: bool = False


def schedule(
    spec: str, players: Sequence[str], games: int, seed: int = 0, *, processor_time: bool = False
) -> list[Task]:
    """The games of a match, seats rotated game by game."""
    k = len(players)
    return [
        Task(
            spec,
            i,
            seed * SEED_STRIDE + i,
            tuple(players[(s + i) % k] for s in range(k)),
            processor_time=processor_time,
        )
        for i in range(games)
    ]


def play_game(task: Task) -> GameResult:
    """Play one game of a match to the end."""
    use_processor_time(task.processor_time)
    game = load_game(task.spec)
    if len(task.players) != game.num_players:
        raise ValueError(f"{game.spec} has {game.num_players} seats, not {len(task.players)}")
    seats = [
        make_player(name, seed=task.seed * 8 + s, game=game) for s, name in enumerate(task.players)
    ]
    state = game.new_initial_state()
    started = time.perf_counter()
    branching, movers, ply_scores = [], [], []
    facts: dict[str, float | str] = {}
    used: set[str] = set()
    offered: set[str] = set()
    places = Places(game)
    while not state.is_over():
        seat = state.current_player
        assert seat is not None
        legal = state.legal_moves()
        branching.append(len(legal))
        movers.append(seat)
        offered.update(*places.of(state, legal))
        ply = len(state.history)
        move = (
            state.parse(task.opening[ply])  # a move, or a swap (swap=true)
            if ply < len(task.opening)
            else seats[seat].choose(state)
        )
        used |= places.of(state, [move])[0]
        if ply == 1 and SWAP in legal:  # the swap rule's answer, counted by the reports
            facts["swap"] = "taken" if move == SWAP else "declined"
        state.play(move)
        ply_scores.append(state.scores())
        for key, value in game.move_facts(state).items():
            facts[key] = float(facts.get(key, 0.0)) + value
    outcome = state.outcome()
    assert outcome is not None
    facts.update(game.game_facts(state))
    return GameResult(
        index=task.index,
        seed=task.seed,
        players=task.players,
        resolved=tuple(resolve(name, game) for name in task.players),
        winners=outcome.winners,
        scores=outcome.scores,
        reason=outcome.reason,
        length=len(state.history),
        seconds=time.perf_counter() - started,
        branching=tuple(branching),
        movers=tuple(movers),
        ply_scores=tuple(ply_scores),
        facts=facts,
        places=tuple(sorted(used)),
        offered=tuple(sorted(offered)),
    )


def play_match(
    spec: str,
    players: Sequence[str],
    games: int,
    seed: int = 0,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play a match in this process (see ``trigames match`` for parallel processes)."""
    results = []
    for task in schedule(spec, players, games, seed):
        result = play_game(task)
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


@dataclass
class Record:
    """Wins, draws and losses (a shared win counts as a draw)."""

    label: str
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game: a win 1, a draw a half."""
        return (self.wins + self.draws / 2) / self.played if self.played else 0.0

    def add(self, seat: int, winners: Sequence[int]) -> None:
        if seat not in winners:
            self.losses += 1
        elif len(winners) == 1:
            self.wins += 1
        else:
            self.draws += 1


@dataclass
class Summary:
    """The figures of a match so far."""

    games: int
    by_seat: list[Record]
    by_player: list[Record]
    average_length: float
    first_player_wins: float
    elo: dict[str, Rating] = field(default_factory=dict)


def summarise(results: Iterable[GameResult], players: Sequence[str]) -> Summary:
    """Per-seat and per-player records, average length, first-seat win rate and Elo ratings."""
    done = sorted(results, key=lambda r: r.index)
    labels = list(players)
    k = len(labels)
    by_seat = [Record(f"seat {s}") for s in range(k)]
    by_player = [Record(label) for label in labels]
    rated = []
    for result in done:
        for seat in range(k):
            by_seat[seat].add(seat, result.winners)
            # The player list may repeat a kind: seat s holds player (s + index) mod k.
            by_player[(seat + result.index) % k].add(seat, result.winners)
        named = [labels[(seat + result.index) % k] for seat in range(k)]
        rated.append((named, [named[s] for s in result.winners]))
    n = len(done)
    return Summary(
        games=n,
        by_seat=by_seat,
        by_player=by_player,
        average_length=sum(r.length for r in done) / n if n else 0.0,
        first_player_wins=sum(r.winners == (0,) for r in done) / n if n else 0.0,
        elo=ratings(rated) if n else {},
    )


def player_labels(players: Sequence[str]) -> list[str]:
    """Distinct labels for the players of a match: ``hard``, ``hard#2``..."""
    seen: dict[str, int] = {}
    labels = []
    for name in players:
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return labels
