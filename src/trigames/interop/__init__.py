"""Adapters to learning libraries: OpenSpiel (:mod:`trigames.openspiel`) and PettingZoo
(:mod:`trigames.pettingzoo`).

They know only the engine protocol: each game numbers its moves and describes its positions
(``Game.num_actions``, ``action_of``, ``move_of_action``, ``observation_planes``); no rule is
repeated here.
"""

from __future__ import annotations

from collections.abc import Collection

from trigames.core.outcome import Outcome


def returns(outcome: Outcome | None, players: int) -> list[float]:
    """Each seat's return: 0 until the end; then +1 for a winner and -1 for a loser, except
    that a game everybody shares (a draw) gives everybody 0.

    >>> returns(Outcome((1,), (3, 5), "done"), 2), returns(Outcome((0, 1), (4, 4), "done"), 2)
    ([-1.0, 1.0], [0.0, 0.0])
    >>> returns(Outcome((0, 2), (5, 1, 5), "done"), 3), returns(None, 2)
    ([1.0, -1.0, 1.0], [0.0, 0.0])
    """
    return [0.0] * players if outcome is None else winners_returns(outcome.winners, players)


def winners_returns(winners: Collection[int], players: int) -> list[float]:
    """The returns of a finished game that ``winners`` won (see :func:`returns`).

    >>> winners_returns({2}, 3), winners_returns({0, 1}, 2)
    ([-1.0, -1.0, 1.0], [0.0, 0.0])
    """
    if len(winners) == players:
        return [0.0] * players
    return [1.0 if seat in winners else -1.0 for seat in range(players)]
