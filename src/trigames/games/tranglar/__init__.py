"""TRANGLAR: rules (:mod:`.rules`), pieces and notation (:mod:`.board`), drawing (:mod:`.text`)."""

from trigames.games.tranglar.board import TranglarMove
from trigames.games.tranglar.rules import Tranglar, TranglarState

__all__ = ["Tranglar", "TranglarMove", "TranglarState"]
