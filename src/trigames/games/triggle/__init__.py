"""Triggle: the game (:mod:`.game`) puts together its rules (:mod:`.rules`), board tables
(:mod:`.board`), drawings (:mod:`.text`, :mod:`.svg`), evaluation and action numbering."""

from trigames.games.triggle.board import Band, TriggleBoard
from trigames.games.triggle.game import Triggle
from trigames.games.triggle.rules import TriggleState

__all__ = ["Band", "Triggle", "TriggleBoard", "TriggleState"]
