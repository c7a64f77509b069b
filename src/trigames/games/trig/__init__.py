"""Trig, Trigger and Triggest: rules (:mod:`.rules`), boards (:mod:`.board`), text drawing."""

from trigames.games.trig.board import TrigBoard, TrigMove
from trigames.games.trig.rules import Trig, TrigState

__all__ = ["Trig", "TrigBoard", "TrigMove", "TrigState"]
