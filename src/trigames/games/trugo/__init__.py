"""Trugo: rules (:mod:`.rules`), notation (:mod:`.board`), text drawing (:mod:`.text`)."""

from trigames.games.trugo.board import TrugoMove
from trigames.games.trugo.rules import Trugo, TrugoState

__all__ = ["Trugo", "TrugoMove", "TrugoState"]
