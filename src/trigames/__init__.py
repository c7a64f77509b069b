"""trigames: five abstract strategy games on triangle and hexagon grids.

>>> import trigames
>>> game = trigames.load_game("triggle(players=3,misere=true)")
>>> state = game.new_initial_state()
>>> len(state.legal_moves())
48
>>> state.play("D1-D4")
>>> str(state.history[-1]), state.current_player
('D1-D4', 1)
"""

from trigames.core.errors import (
    GameOverError,
    IllegalActionError,
    IllegalMoveError,
    MoveError,
    MoveParseError,
    OptionValueError,
    PositionError,
    RecordError,
    SpecError,
    SpecSyntaxError,
    TrigamesError,
    UndoError,
    UnknownGameError,
    UnknownOptionError,
)
from trigames.core.outcome import Outcome
from trigames.core.protocol import Game, State
from trigames.core.spec import GameSpec, Option
from trigames.games import list_games, load_game, parse_spec

__version__ = "0.1.0"

__all__ = [
    "Game",
    "GameOverError",
    "GameSpec",
    "IllegalActionError",
    "IllegalMoveError",
    "MoveError",
    "MoveParseError",
    "Option",
    "OptionValueError",
    "Outcome",
    "PositionError",
    "RecordError",
    "SpecError",
    "SpecSyntaxError",
    "State",
    "TrigamesError",
    "UndoError",
    "UnknownGameError",
    "UnknownOptionError",
    "list_games",
    "load_game",
    "parse_spec",
]
