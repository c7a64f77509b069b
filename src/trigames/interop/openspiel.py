"""Every trigames game as an OpenSpiel Python game (imported by :mod:`trigames.openspiel`).

A state plays on a :class:`~trigames.interop.track.Track`: on the game's native kernel where
one runs, else on the engine state. OpenSpiel copies a Python state's attributes to clone it and
pickles them to serialize it: a track copies itself and pickles as its spec and move list.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from trigames.core.protocol import AnyGame, AnyState
from trigames.games import list_games, load_game
from trigames.interop.track import Track

#: OpenSpiel names the games ``trigames_triggle``, ``trigames_trig`` and so on.
PREFIX = "trigames_"
#: ``max_game_length`` for games with no bound short of a repetition rule (Trugo).
UNBOUNDED_LENGTH = 1_000_000_000
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def game_type(cls: type[AnyGame]) -> pyspiel.GameType:
    """The OpenSpiel game type of a trigames game class; its parameters are its options."""
    seats = next((o for o in cls.options if o.name == "players"), None)
    fewest, most = (seats.minimum, seats.maximum) if seats is not None else (2, 2)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=PREFIX + cls.name,
        long_name=cls.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        # +1 to winners and -1 to losers sums to zero only with two seats.
        utility=utility.ZERO_SUM if most == 2 else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={o.name: o.default for o in cls.options},
    )


class TrigamesGame(pyspiel.Game):  # type: ignore[misc]
    """A trigames game and variant, its spec given by the OpenSpiel parameters."""

    #: The trigames game class; :func:`register_all` makes a subclass for each game.
    engine_class: type[AnyGame]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = self.engine_class
        options = {o.name: o for o in cls.options}
        pairs = ",".join(f"{k}={options[k].format(v)}" for k, v in (params or {}).items())
        self.engine = load_game(f"{cls.name}({pairs})")
        kind = game_type(cls)
        two = kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_actions(),
            max_chance_outcomes=0,
            num_players=self.engine.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if two else None,
            max_game_length=self.engine.max_game_length() or UNBOUNDED_LENGTH,
        )
        super().__init__(kind, info, dict(self.engine.spec.options))

    def new_initial_state(self) -> TrigamesState:
        """The start of a game."""
        return TrigamesState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        """The planes of ``Game.observation_planes`` and the text drawing; for perfect recall,
        OpenSpiel's observer of the move history."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return PlanesObserver(self.engine)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class TrigamesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a game's :class:`~trigames.interop.track.Track`."""

    def __init__(self, game: TrigamesGame) -> None:
        super().__init__(game)
        self.position = Track.start(game.engine)

    @property
    def engine(self) -> AnyState:
        """The engine state."""
        return self.position.state

    def current_player(self) -> int:
        """The seat to move (it may move twice in a row), or ``pyspiel.PlayerId.TERMINAL``."""
        seat = self.position.seat()
        return TERMINAL if seat is None else seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of the seat to move, smallest first (none for another seat
        or at the end), answered here rather than through OpenSpiel's C++ ``LegalActions``,
        which asks this state for its player three times and converts the list twice."""
        position = self.position
        if player is None or player == position.seat():
            return position.legal_actions()  # none at the end
        if position.is_over():
            return []
        found: list[int] = super().legal_actions(player)  # OpenSpiel's answer for other seats
        return found

    # OpenSpiel calls these several times a turn: each goes straight to the track.

    def _legal_actions(self, player: int) -> list[int]:
        return self.position.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.position.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.position.state
        return str(state.game.move_of_action(state, action))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.position.is_over()

    def returns(self) -> list[float]:
        """+1 to winners and -1 to losers at the end; 0 to everybody in a draw or before."""
        return self.position.returns()

    def __str__(self) -> str:
        state = self.engine
        return state.game.render_text(state)


class PlanesObserver:
    """OpenSpiel's observer interface over ``Game.observation_planes``: one named view per
    plane into the flat tensor."""

    def __init__(self, engine: AnyGame) -> None:
        self.engine = engine
        layout = engine.observation_planes(engine.new_initial_state(), 0)
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        start = 0
        for name, (length,) in zip(layout.names, layout.shapes, strict=True):
            self.dict[name] = self.tensor[start : start + length]
            start += length

    def set_from(self, state: TrigamesState, player: int) -> None:
        """Fill the tensor with ``state`` as ``player`` sees it."""
        native = state.position.observation(player)
        if native is not None:  # from the kernel
            self.tensor[:] = np.frombuffer(native, np.float32)
            return
        planes = self.engine.observation_planes(state.engine, player)
        self.tensor[:] = np.fromiter(planes.values(), np.float32, planes.size)

    def string_from(self, state: TrigamesState, player: int) -> str:
        """The text drawing of the position (the same for every player)."""
        return str(state)


def register_all() -> None:
    """Register every game with OpenSpiel, as ``trigames_<name>``: a subclass of
    :class:`TrigamesGame` for each (OpenSpiel makes a game by calling its class)."""
    for cls in list_games():
        maker = type(f"{cls.__name__}Game", (TrigamesGame,), {"engine_class": cls})
        pyspiel.register_game(game_type(cls), maker)


def load(spec: str) -> TrigamesGame:
    """The OpenSpiel game of a trigames spec string, ``trig(board=trigger)`` for example."""
    engine = load_game(spec)
    game = pyspiel.load_game(PREFIX + engine.spec.name, dict(engine.spec.options))
    assert isinstance(game, TrigamesGame)
    return game
