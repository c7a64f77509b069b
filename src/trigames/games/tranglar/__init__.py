"""TRANGLAR: the game (:mod:`.game`) puts together its rules (:mod:`.rules`), pieces and notation
(:mod:`.board`), drawings (:mod:`.text`, :mod:`.svg`), evaluation and action numbering."""

from trigames.games.tranglar.board import TranglarMove
from trigames.games.tranglar.game import Tranglar
from trigames.games.tranglar.rules import TranglarState

__all__ = ["Tranglar", "TranglarMove", "TranglarState"]
