"""Tricolor: the game (:mod:`.game`) puts together its rules (:mod:`.rules`), board tables
(:mod:`.board`), drawings (:mod:`.text`, :mod:`.svg`), evaluation and action numbering."""

from trigames.games.tricolor.board import COLOURS, Lozenge, TricolorBoard
from trigames.games.tricolor.game import Tricolor
from trigames.games.tricolor.rules import Completion, TricolorState

__all__ = ["COLOURS", "Completion", "Lozenge", "Tricolor", "TricolorBoard", "TricolorState"]
