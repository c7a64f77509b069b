"""Triggle: rules (:mod:`.rules`), board tables (:mod:`.board`) and text drawing (:mod:`.text`)."""

from trigames.games.triggle.board import Band, TriggleBoard
from trigames.games.triggle.rules import Triggle, TriggleState

__all__ = ["Band", "Triggle", "TriggleBoard", "TriggleState"]
