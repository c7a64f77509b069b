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

Whatever a file holds, reading it raises ``RecordError`` (or ``OSError``) and nothing else: a
file over :data:`MAX_RECORD_BYTES`, text that is not UTF-8 or not JSON, JSON nested too deeply,
``NaN`` or numbers too large, a move longer than :data:`MAX_MOVE_LENGTH`, a result whose winners
or scores do not fit the players. Messages quote at most a short piece of what the file holds.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from trigames.core.errors import RecordError, TrigamesError
from trigames.core.outcome import Outcome
from trigames.core.positions import is_count
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game

FORMAT = "trigames-record"
#: The version written. Version 1 is still read (and converted, see :func:`upgrade_v1`).
VERSION = 2
#: The largest record file read, in bytes (10 MB): a larger one is refused before it is read.
MAX_RECORD_BYTES = 10_000_000
#: The longest move (or ending) a record may hold, in characters.
MAX_MOVE_LENGTH = 100
#: The most digits a whole number in a record file may have.
_MAX_DIGITS = 30


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
            isinstance(p, Mapping)
            and isinstance(p.get("name"), str)
            and isinstance(p.get("kind", ""), str)
            for p in players
        ):
            raise RecordError('\'players\' must be a list of {"name": ..., "kind": ...}')
        if not isinstance(moves, list) or not all(
            isinstance(m, str) and len(m) <= MAX_MOVE_LENGTH for m in moves
        ):
            raise RecordError(
                f"'moves' must be a list of moves in notation, each at most {MAX_MOVE_LENGTH} "
                "characters"
            )
        result = obj.get("result")
        outcome = read_result(result) if result is not None else None
        if version == 1:
            moves, outcome = upgrade_v1(spec, moves, outcome)
        return cls(
            spec=spec,
            players=[Seat(p["name"], p.get("kind", "human")) for p in players],
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
        """Read a record file (``RecordError`` if it is not one; ``OSError`` if unreadable).

        A file over :data:`MAX_RECORD_BYTES` is refused before it is read.
        """
        with Path(path).open("rb") as file:
            too_big = f"{path}: a record file has at most {MAX_RECORD_BYTES} bytes (10 MB)"
            if os.fstat(file.fileno()).st_size > MAX_RECORD_BYTES:
                raise RecordError(too_big)
            data = file.read(MAX_RECORD_BYTES + 1)  # a special file may say 0 and go on
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(too_big)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"{path}: not UTF-8 text (byte {error.start})") from None
        try:
            obj = json.loads(
                text,
                parse_constant=_refuse_constant,
                parse_float=_finite_float,
                parse_int=_short_int,
            )
        except json.JSONDecodeError as error:
            raise RecordError(f"{path}: not valid JSON ({error})") from None
        except RecursionError:
            raise RecordError(f"{path}: the JSON is nested too deeply for a record") from None
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None
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
        _check_scores(self.result, game)
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
            said = _brief(self.result.to_json()) if self.result is not None else "no result"
            raise RecordError(
                f"the recorded result ({said}) does not match the moves, which give {found}"
            )
        return state


def read_result(obj: Any) -> Outcome:
    """A record's result, ``{"winners", "scores", "reason"}``: a score for each seat (a whole
    number), the winners different seats among them. Whether the moves give this result is
    checked by :meth:`GameRecord.replay`.

    >>> read_result({"winners": [1], "scores": [3, 5], "reason": "no legal band"}).winners
    (1,)
    >>> read_result({"winners": [2], "scores": [3, 5], "reason": "no legal band"})
    Traceback (most recent call last):
    ...
    trigames.core.errors.RecordError: bad result: 'winners' must be different seats from 0 to 1
    """
    if not isinstance(obj, Mapping):
        raise RecordError(
            'bad result: expected null or {"winners": ..., "scores": ..., "reason": ...}'
        )
    winners, scores, reason = obj.get("winners"), obj.get("scores"), obj.get("reason")
    if (
        not isinstance(scores, list)
        or not scores
        or not all(is_count(score, -(10**9), 10**9) for score in scores)
    ):
        raise RecordError("bad result: 'scores' must be a whole number for each seat")
    if (
        not isinstance(winners, list)
        or not winners
        or not all(is_count(seat, 0, len(scores) - 1) for seat in winners)
        or len(set(winners)) != len(winners)
    ):
        raise RecordError(
            f"bad result: 'winners' must be different seats from 0 to {len(scores) - 1}"
        )
    if not isinstance(reason, str):
        raise RecordError("bad result: 'reason' must be text")
    return Outcome(tuple(winners), tuple(scores), reason)


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number a record holds")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {_brief(text)} is too large")
    return value


def _short_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise RecordError(f"a whole number has more than {_MAX_DIGITS} digits")
    return int(text)


def _brief(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut after ``limit`` characters, for messages about what a file holds.

    >>> _brief("x" * 200, 10)
    "'xxxxxxxxx..."
    """
    shown = repr(value)
    return shown if len(shown) <= limit else shown[:limit] + "..."


def _check_scores(result: Outcome | None, game: AnyGame) -> None:
    """A result must give a score to each seat of the game, and no more."""
    if result is not None and len(result.scores) != game.num_players:
        raise RecordError(
            f"bad result: {len(result.scores)} scores for the {game.num_players} seats of "
            f"{game.spec}"
        )


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
    _check_scores(result, game)
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
        raise RecordError(
            f"the result says {_brief(name)} resigned, but {spec} has no seat by that name"
        )
    state.resign(seats[0])
    return [*converted, str(state.history[-1])], state.outcome()
