"""OpenSpiel interface: importing this module registers every game with OpenSpiel.

The games are called ``trigames_<name>``; their parameters are the game's options, with the
same defaults. Needs the optional extra: ``pip install trigames[openspiel]``.

>>> import pyspiel
>>> import trigames.openspiel
>>> game = pyspiel.load_game("trigames_trig(board=trigger)")
>>> game.num_distinct_actions(), game.num_players()
(3268, 2)
>>> state = game.new_initial_state()
>>> action = state.legal_actions()[0]
>>> state.action_to_string(action)
'F6'
>>> trigames.openspiel.load("tricolor(size=2)").get_type().short_name
'trigames_tricolor'
"""

from __future__ import annotations

from trigames.extras import missing_extra

try:
    from trigames.interop.openspiel import (
        PREFIX,
        TrigamesGame,
        TrigamesState,
        load,
        register_all,
    )
except ModuleNotFoundError as error:
    if error.name not in ("pyspiel", "open_spiel", "numpy"):
        raise
    raise missing_extra("open_spiel", "openspiel") from error

register_all()

__all__ = ["PREFIX", "TrigamesGame", "TrigamesState", "load"]
