"""The places of the board a move names: what analysis reports count as the board used.

A game's :meth:`~trigames.core.protocol.Game.render_svg` picture marks every place a player can
point at with ``data-name`` (and ``data-spot``, its sort), and
:meth:`~trigames.core.protocol.Game.input_steps` says which names enter a move. A move's
*places* are the names in its steps that are places on the board in the picture of the position
it is played on: a Triggle band names its two end pegs, a Tricolor lozenge its spot, a Trig peg
its cell, a Trugo tile its cell, a TRANGLAR piece the cells it covers. Words for choices off the
board (``pass``, a tile's orientation) are no places, and neither are the pieces a player holds
in hand, drawn beside the board (:data:`OFF_BOARD_SPOTS`).

The names are learnt from the pictures as they first appear: a name a legal move gives is on
the picture of the position it is legal in, or it is a word, and a place keeps its name for the
whole game, so a game's pictures are drawn only when its moves give new names.

>>> import trigames
>>> game = trigames.load_game("triggle(size=3)")
>>> state = game.new_initial_state()
>>> [sorted(places) for places in Places(game).of(state, [state.parse_move("A1-D3")])]
[['A1', 'D3']]
>>> len(board_places(game, state))  # every peg
19
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from trigames.core.protocol import AnyGame, AnyState

#: Sorts of named spots (``data-spot``) that are drawn but are not on the board: the pieces a
#: player holds (TRANGLAR's reserve).
OFF_BOARD_SPOTS = frozenset({"reserve"})

_ATTRIBUTE = re.compile(r"\b(data-name|data-spot)=\"([^\"]*)\"")


def board_places(game: AnyGame, state: AnyState) -> frozenset[str]:
    """The names of the board's places on the picture of ``state``."""
    places = set()
    for tag in game.render_svg(state, labels=False).split("<"):  # an element's tag, and text
        if 'data-name="' not in tag:
            continue
        attributes = dict(_ATTRIBUTE.findall(tag.partition(">")[0]))
        if attributes.get("data-spot") not in OFF_BOARD_SPOTS:
            places.add(html.unescape(attributes["data-name"]))
    return frozenset(places)


class Places:
    """The places each move names, for one game: :meth:`of`."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self._places: set[str] = set()
        self._words: set[str] = set()

    def of(self, state: AnyState, moves: Sequence[Any]) -> list[frozenset[str]]:
        """The board's places each of the legal ``moves`` on ``state`` names."""
        named = [
            frozenset(name for step in self.game.input_steps(state, move) for name in step)
            for move in moves
        ]
        new = set().union(*named) - self._places - self._words
        if new:
            board = board_places(self.game, state)
            self._places |= new & board
            self._words |= new - board
        return [names & self._places for names in named]
