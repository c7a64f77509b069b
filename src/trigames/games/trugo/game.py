"""Trugo as the catalogue offers it: the rules of :mod:`.rules` with the game's other parts, its
drawings (:mod:`.text`, :mod:`.svg`), its evaluation for the computer players (:mod:`.evaluation`),
why a move is worth playing (:mod:`.explain`, for hints), its action numbering for learning
libraries (:mod:`.actions`), the reader of old records (:mod:`.legacy`) and its compiled kernel
(:mod:`.native`)."""

from __future__ import annotations

from typing import ClassVar

from trigames.core.native import game_kernel
from trigames.games.trugo import actions, evaluation, explain, legacy, svg, text
from trigames.games.trugo.native import TrugoKernel
from trigames.games.trugo.rules import TrugoRules
from trigames.geometry.svg import SEAT_COLOURS


class Trugo(TrugoRules):
    """Trugo with its options fixed by a spec string, and every part of the game."""

    #: The compiled kernel, made when first asked for (:meth:`native_kernel`).
    _kernel: TrugoKernel | None = None

    _num_actions = actions.num_actions
    _max_game_length = actions.max_game_length
    _action_id = staticmethod(actions.action_id)
    _legal_actions = staticmethod(actions.legal_actions)
    _legal_action_mask = staticmethod(actions.legal_action_mask)
    _action_move = staticmethod(actions.action_move)
    observation_planes = staticmethod(actions.observation_planes)
    render_text = staticmethod(text.render)
    drawing = staticmethod(svg.drawing)
    _choice_pictures = staticmethod(svg.choice_pictures)
    describe_last_move = staticmethod(text.describe_last_move)
    explain_last_move = staticmethod(explain.explain)
    heuristic = staticmethod(evaluation.heuristic)
    tactics = staticmethod(evaluation.tactics)
    heuristic_scale: ClassVar[float] = 3.0
    convert_v1_moves = legacy.convert_v1_moves
    seat_colours = (SEAT_COLOURS["white"], SEAT_COLOURS["blue"])

    def native_kernel(self) -> TrugoKernel | None:
        """The compiled kernel for this game (see :mod:`trigames.core.native`), or ``None``
        when it is not built or the pure engine is forced."""
        return game_kernel(self, "trugo", TrugoKernel)
