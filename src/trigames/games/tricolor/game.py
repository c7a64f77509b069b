"""Tricolor as the catalogue offers it: the rules of :mod:`.rules` with the game's other parts, its
drawings (:mod:`.text`, :mod:`.svg`), its evaluation for the computer players (:mod:`.evaluation`),
why a move is worth playing (:mod:`.explain`, for hints), its action numbering for learning
libraries (:mod:`.actions`) and its compiled kernel (:mod:`.native`)."""

from __future__ import annotations

from typing import ClassVar

from trigames.core.native import game_kernel
from trigames.games.tricolor import actions, evaluation, explain, svg, text
from trigames.games.tricolor.native import TricolorKernel
from trigames.games.tricolor.rules import TricolorRules
from trigames.geometry.svg import SEAT_COLOURS


class Tricolor(TricolorRules):
    """Tricolor with its options fixed by a spec string, and every part of the game."""

    #: The compiled kernel, made when first asked for (:meth:`native_kernel`).
    _kernel: TricolorKernel | None = None

    _num_actions = actions.num_actions
    _max_game_length = actions.max_game_length
    _action_id = staticmethod(actions.action_id)
    _legal_actions = staticmethod(actions.legal_actions)
    _legal_action_bits = staticmethod(actions.legal_action_bits)
    _action_move = staticmethod(actions.action_move)
    observation_planes = staticmethod(actions.observation_planes)
    render_text = staticmethod(text.render)
    drawing = staticmethod(svg.drawing)
    describe_last_move = staticmethod(text.describe_last_move)
    explain_last_move = staticmethod(explain.explain)
    heuristic = staticmethod(evaluation.heuristic)
    heuristic_scale: ClassVar[float] = 1.0
    seat_colours = tuple(SEAT_COLOURS[name.lower()] for name in TricolorRules.seat_names)

    def native_kernel(self) -> TricolorKernel | None:
        """The compiled kernel for this spec (see :mod:`trigames.core.native`), or ``None``
        when it is not built or the pure engine is forced."""
        return game_kernel(self, "tricolor", TricolorKernel)
