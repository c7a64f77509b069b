"""The result of a finished game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trigames.core.errors import PositionError


@dataclass(frozen=True)
class Outcome:
    """Who won, each player's final score, and why the game ended.

    Several winners mean a draw among them.

    >>> result = Outcome(winners=(0, 1), scores=(12, 12), reason="no legal band")
    >>> result.is_draw
    True
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        """True when more than one player shares the win."""
        return len(self.winners) != 1

    @property
    def margin(self) -> int:
        """How far the sole winner's score is from the nearest other score (0 for a draw).

        >>> Outcome(winners=(1,), scores=(9, 14, 12), reason="no legal band").margin
        2
        """
        if len(self.winners) != 1:
            return 0
        best = self.scores[self.winners[0]]
        return min(
            abs(best - score) for seat, score in enumerate(self.scores) if seat != self.winners[0]
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Outcome:
        """Inverse of :meth:`to_json`."""
        try:
            winners = tuple(int(seat) for seat in obj["winners"])
            scores = tuple(int(score) for score in obj["scores"])
            reason = str(obj["reason"])
        except (KeyError, TypeError, ValueError) as error:
            raise PositionError(f"bad result {obj!r}: {error}") from None
        return cls(winners, scores, reason)
