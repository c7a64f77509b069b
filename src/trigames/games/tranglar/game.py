"""TRANGLAR as the catalogue offers it: the rules of :mod:`.rules` with the game's other parts, its
drawings (:mod:`.text`, :mod:`.svg`), its evaluation for the computer players (:mod:`.evaluation`),
why a move is worth playing (:mod:`.explain`, for hints), its action numbering for learning
libraries (:mod:`.actions`) and its compiled kernel (:mod:`.native`)."""

from __future__ import annotations

from typing import ClassVar

from trigames.core.native import game_kernel
from trigames.games.tranglar import actions, evaluation, explain, svg, text
from trigames.games.tranglar.native import MOST_QUIET_LIMIT, TranglarKernel
from trigames.games.tranglar.rules import TranglarRules
from trigames.geometry.svg import SEAT_COLOURS


class Tranglar(TranglarRules):
    """Tranglar with its options fixed by a spec string, and every part of the game."""

    #: The compiled kernel, made when first asked for (:meth:`native_kernel`).
    _kernel: TranglarKernel | None = None

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
    heuristic_scale: ClassVar[float] = 8.0
    seat_colours = (SEAT_COLOURS["petrol"], SEAT_COLOURS["acid green"])

    def native_kernel(self) -> TranglarKernel | None:
        """The compiled kernel for this quiet limit (see :mod:`trigames.core.native`), or
        ``None``: not built, the pure engine forced, or no quiet limit the kernel serves (from
        1 to ``MOST_QUIET_LIMIT``; its states hold the positions the repetition rule counts)."""
        if not 0 < self.quiet_limit <= MOST_QUIET_LIMIT:
            return None
        return game_kernel(self, "tranglar", TranglarKernel)
