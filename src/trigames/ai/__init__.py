"""Game-independent computer players, built only on the engine protocol."""

from trigames.ai.players import GreedyPlayer, Player, RandomPlayer, make_player

__all__ = ["GreedyPlayer", "Player", "RandomPlayer", "make_player"]
