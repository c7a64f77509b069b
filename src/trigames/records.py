"""Game records: a JSON file with the spec, the players, the moves in notation, result and date.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> state.play("D1-D4")
>>> record = GameRecord.from_state(state, [Seat("Ann", "human"), Seat("Bot", "random")])
>>> record.moves
['D1-D4']
>>> GameRecord.from_json(record.to_json()) == record
True
>>> record.replay().history == state.history
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from trigames.core.errors import RecordError, TrigamesError
from trigames.core.outcome import Outcome
from trigames.core.protocol import AnyState
from trigames.games import load_game

FORMAT = "trigames-record"
VERSION = 1
#: How the reason of a result ends when a player resigned. A record of an unfinished position
#: may carry such a result: the game ended there by resignation, outside the rules' moves.
RESIGNED = " resigned"


def now() -> str:
    """The current time as the records write it (ISO 8601, UTC, whole seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Seat:
    """Who sat in a seat: a display name and a kind (``human``, ``random``, ``greedy``...)."""

    name: str
    kind: str = "human"


@dataclass
class GameRecord:
    """A game as saved on disk. ``result`` is ``None`` for a game still in progress."""

    spec: str
    players: list[Seat]
    moves: list[str] = field(default_factory=list)
    result: Outcome | None = None
    date: str = field(default_factory=lambda: now())

    @classmethod
    def from_state(
        cls, state: AnyState, players: Sequence[Seat], date: str | None = None
    ) -> GameRecord:
        """The record of the moves played on ``state`` since it was created.

        ``date`` (ISO 8601) is when the game started; by default, now.
        """
        record = cls(
            spec=str(state.game.spec),
            players=list(players),
            moves=[str(move) for move in state.history],
            result=state.outcome(),
        )
        if date is not None:
            record.date = date
        return record

    # --- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.spec,
            "players": [{"name": seat.name, "kind": seat.kind} for seat in self.players],
            "moves": list(self.moves),
            "result": self.result.to_json() if self.result else None,
            "date": self.date,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> GameRecord:
        """Read a record's dictionary, checking its shape (not yet that it replays)."""
        if not isinstance(obj, Mapping) or obj.get("format") != FORMAT:
            raise RecordError(f"not a trigames record: 'format' must be {FORMAT!r}")
        if obj.get("version") != VERSION:
            raise RecordError(f"unsupported record version {obj.get('version')!r}")
        spec, players, moves = obj.get("game"), obj.get("players"), obj.get("moves")
        if not isinstance(spec, str):
            raise RecordError("'game' must be a spec string such as 'triggle'")
        if not isinstance(players, list) or not all(
            isinstance(p, Mapping) and isinstance(p.get("name"), str) for p in players
        ):
            raise RecordError('\'players\' must be a list of {"name": ..., "kind": ...}')
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("'moves' must be a list of moves in notation")
        result = obj.get("result")
        try:
            outcome = Outcome.from_json(result) if result is not None else None
        except TrigamesError as error:
            raise RecordError(str(error)) from None
        return cls(
            spec=spec,
            players=[Seat(p["name"], str(p.get("kind", "human"))) for p in players],
            moves=list(moves),
            result=outcome,
            date=str(obj.get("date", "")),
        )

    def save(self, path: str | Path) -> None:
        """Write the record as JSON, replacing the file atomically."""
        target = Path(path)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")
        temporary.replace(target)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file (``RecordError`` if it is not one; ``OSError`` if unreadable)."""
        text = Path(path).read_text(encoding="utf-8")
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"{path}: not valid JSON ({error})") from None
        return cls.from_json(obj)

    # --- replay ---------------------------------------------------------------------------

    def positions(self) -> Iterator[AnyState]:
        """The starting position, then the state after each move (one state, updated in place).

        Raises ``RecordError`` naming the move number and the reason when a move does not play.
        """
        try:
            game = load_game(self.spec)
        except TrigamesError as error:
            raise RecordError(f"the record's game cannot be loaded: {error}") from None
        if len(self.players) != game.num_players:
            raise RecordError(
                f"the record lists {len(self.players)} players but {self.spec} has "
                f"{game.num_players}"
            )
        state = game.new_initial_state()
        yield state
        for number, move in enumerate(self.moves, start=1):
            try:
                state.play(move)
            except TrigamesError as error:
                raise RecordError(f"move {number} ({move}) does not replay: {error}") from None
            yield state

    def replay(self) -> AnyState:
        """The final state, after checking every move and the recorded result.

        A result whose reason ends in ``resigned`` is accepted on an unfinished position.
        """
        state: AnyState | None = None
        for state in self.positions():  # noqa: B007 - we want the last one
            pass
        assert state is not None
        outcome = state.outcome()
        if outcome is None and self.result is not None and self.result.reason.endswith(RESIGNED):
            return state  # a player resigned in a game whose rules have no resignation move
        if self.result is not None and outcome != self.result:
            found = outcome.to_json() if outcome is not None else "no result yet"
            raise RecordError(
                f"the recorded result {self.result.to_json()} does not match the moves, "
                f"which give {found}"
            )
        return state
