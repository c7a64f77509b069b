"""Trugo: the game (:mod:`.game`) puts together its rules (:mod:`.rules`), notation
(:mod:`.board`), drawings (:mod:`.text`, :mod:`.svg`), evaluation, action numbering and the
reader of old records (:mod:`.legacy`)."""

from trigames.games.trugo.board import TrugoMove
from trigames.games.trugo.game import Trugo
from trigames.games.trugo.rules import TrugoState

__all__ = ["Trugo", "TrugoMove", "TrugoState"]
