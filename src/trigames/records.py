"""Game records: a JSON file with the spec, the players, the moves in notation, result and date.

The moves include how the game ended when it did not end by its rules: ``resign 1``,
``timeout 1`` or ``draw agreed`` (see :mod:`trigames.core.endings`). Replaying a record plays
every move and ending and checks that the recorded result is the one they give.

>>> import trigames
>>> state = trigames.load_game("triggle").new_initial_state()
>>> state.play("D1-D4")
>>> state.resign()
>>> record = GameRecord.from_state(state, [Seat("Ann", "human"), Seat("Bot", "random")])
>>> record.moves, record.result.reason
(['D1-D4', 'resign 1'], 'Yellow resigned')
>>> GameRecord.from_json(record.to_json()) == record
True
>>> record.replay().history == state.history
True

Version 1 records (trigames 0.1) are converted when read: their Trugo moves used names that
moved with the layout, and a resignation was written only in the result.
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
#: The version written. Version 1 is still read (and converted, see :func:`upgrade_v1`).
VERSION = 2


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
        version = obj.get("version")
        if version not in (1, VERSION) or isinstance(version, bool):
            raise RecordError(
                f"unsupported record version {version!r}: this trigames reads versions 1 and "
                f"{VERSION}"
            )
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
        if version == 1:
            moves, outcome = upgrade_v1(spec, moves, outcome)
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
        """The final state, after checking every move and the recorded result."""
        state: AnyState | None = None
        for state in self.positions():  # noqa: B007 - we want the last one
            pass
        assert state is not None
        outcome = state.outcome()
        if outcome != self.result:
            found = outcome.to_json() if outcome is not None else "no result yet"
            said = self.result.to_json() if self.result is not None else "no result"
            raise RecordError(
                f"the recorded result ({said}) does not match the moves, which give {found}"
            )
        return state


def upgrade_v1(
    spec: str, moves: Sequence[str], result: Outcome | None
) -> tuple[list[str], Outcome | None]:
    """The moves and result of a version 1 record, as version 2 writes them.

    The game converts its own notation (:meth:`~trigames.core.protocol.Game.convert_v1_moves`).
    A resignation was written only in the result (reason ``<seat name> resigned`` on a position
    the rules had not ended); it becomes a ``resign`` move. With more than two players the game
    then goes on among the others, as resignation now works, so the old result is dropped.

    >>> moves, result = upgrade_v1(
    ...     "trig", ["G6"], Outcome((0,), (0, 0), "Black resigned"))
    >>> moves, result.reason
    (['G6', 'resign 1'], 'Black resigned')
    """
    try:
        game = load_game(spec)
    except TrigamesError as error:
        raise RecordError(f"the record's game cannot be loaded: {error}") from None
    converted = game.convert_v1_moves(moves)
    if result is None or not result.reason.endswith(" resigned"):
        return converted, result
    state = game.new_initial_state()
    for number, move in enumerate(converted, start=1):
        try:
            state.play(move)
        except TrigamesError as error:
            raise RecordError(f"move {number} ({move}) does not replay: {error}") from None
    if state.is_over():
        return converted, result
    name = result.reason.removesuffix(" resigned")
    seats = [seat for seat in range(game.num_players) if game.player_name(seat) == name]
    if not seats:
        raise RecordError(f"the result says {name} resigned, but {spec} has no seat {name}")
    state.resign(seats[0])
    return [*converted, str(state.history[-1])], state.outcome()
