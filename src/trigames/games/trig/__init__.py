"""Trig, Trigger and Triggest: the game (:mod:`.game`) puts together its rules (:mod:`.rules`),
boards (:mod:`.board`), drawings (:mod:`.text`, :mod:`.svg`), evaluation and action numbering."""

from trigames.games.trig.board import TrigBoard, TrigMove
from trigames.games.trig.game import Trig
from trigames.games.trig.rules import TrigState

__all__ = ["Trig", "TrigBoard", "TrigMove", "TrigState"]
