"""Tricolor: rules (:mod:`.rules`), board tables (:mod:`.board`) and text drawing (:mod:`.text`)."""

from trigames.games.tricolor.board import COLOURS, Lozenge, TricolorBoard
from trigames.games.tricolor.rules import Completion, Tricolor, TricolorState

__all__ = ["COLOURS", "Completion", "Lozenge", "Tricolor", "TricolorBoard", "TricolorState"]
