"""Trig, Trigger and Triggest as the catalogue offers them: the rules of :mod:`.rules` with the
game's other parts, its drawings (:mod:`.text`, :mod:`.svg`), its evaluation for the computer
players (:mod:`.evaluation`), why a move is worth playing (:mod:`.explain`, for hints), its action
numbering for learning libraries (:mod:`.actions`) and its compiled kernel (:mod:`.native`)."""

from __future__ import annotations

from typing import ClassVar

from trigames.core.native import game_kernel
from trigames.games.trig import actions, evaluation, explain, svg, text
from trigames.games.trig.native import TrigKernel
from trigames.games.trig.rules import TrigRules
from trigames.geometry.svg import PALETTE


class Trig(TrigRules):
    """Trig with its options fixed by a spec string, and every part of the game."""

    #: The compiled kernel, made when first asked for (:meth:`native_kernel`).
    _kernel: TrigKernel | None = None

    _num_actions = actions.num_actions
    _max_game_length = actions.max_game_length
    _action_id = staticmethod(actions.action_id)
    _legal_actions = staticmethod(actions.legal_actions)
    _action_move = staticmethod(actions.action_move)
    observation_planes = staticmethod(actions.observation_planes)
    render_text = staticmethod(text.render)
    drawing = staticmethod(svg.drawing)
    _choice_pictures = staticmethod(svg.choice_pictures)
    describe_last_move = staticmethod(text.describe_last_move)
    explain_last_move = staticmethod(explain.explain)
    heuristic = staticmethod(evaluation.heuristic)
    heuristic_scale: ClassVar[float] = 2.0
    seat_colours = (PALETTE["white"], PALETTE["black"])

    def native_kernel(self) -> TrigKernel | None:
        """The compiled kernel for this board (see :mod:`trigames.core.native`), or ``None``
        when it is not built or the pure engine is forced."""
        return game_kernel(self, "trig", TrigKernel)
