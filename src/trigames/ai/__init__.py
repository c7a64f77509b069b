"""Game-independent computer players, built only on the engine protocol.

Kinds: ``random``, ``greedy`` (:mod:`~trigames.ai.players`), ``mcts`` (:mod:`~trigames.ai.mcts`)
and ``alphabeta`` (:mod:`~trigames.ai.alphabeta`); levels ``easy``, ``medium`` and ``hard``
map to them per game in :mod:`~trigames.ai.registry`. :mod:`~trigames.ai.match` plays them
against each other and :mod:`~trigames.ai.elo` rates them.
"""

from trigames.ai.alphabeta import AlphaBetaPlayer
from trigames.ai.mcts import MctsPlayer
from trigames.ai.players import Budget, GreedyPlayer, Player, RandomPlayer
from trigames.ai.registry import KINDS, LEVEL_NAMES, LEVELS, PLAYER_KINDS, make_player, resolve

__all__ = [
    "KINDS",
    "LEVELS",
    "LEVEL_NAMES",
    "PLAYER_KINDS",
    "AlphaBetaPlayer",
    "Budget",
    "GreedyPlayer",
    "MctsPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
    "resolve",
]
