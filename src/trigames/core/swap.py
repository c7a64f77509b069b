"""The swap rule: this project's option ``swap=true`` for every two-player game (the pie rule,
as Hex and Havannah use it), not a rule of any designer's text.

At ply 1, and only then, seat 1 may answer the first move with ``swap`` instead of a move: the
first move stays on the board but now belongs to seat 1 (its pegs, pieces or tiles change to
seat 1's colour, and whatever it scored or claimed is seat 1's), and seat 0 moves next, as if
seat 1 had made the first move. Where the first move owns nothing (a Triggle band, a Trugo tile,
a TRANGLAR neutral piece), the swap only hands the turn back. A swap is a move like any other:
``swap`` in notation and records, one more action id (the last) for the adapters, taken back by
``undo``; :class:`~trigames.core.protocol.State` carries it out, each game saying what its
first move owns.

>>> import trigames
>>> game = trigames.load_game("trig(swap=true)")
>>> state = game.new_initial_state()
>>> state.play("G6")
>>> [str(move) for move in state.legal_moves()][-1]
'swap'
>>> state.play("swap")
>>> state.to_json()
{'game': 'trig(swap=true)', 'white': [], 'black': ['G6'], 'to_move': 0, 'swapped': True}
>>> game.describe_last(state)
"Black swaps: the first move, G6, is now Black's, and White moves next"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from trigames.core.errors import OptionValueError
from trigames.core.phrases import Phrase
from trigames.core.spec import GameSpec, Option, OptionValue

#: The word of the notation, and of the button that plays it.
SWAP_WORD = "swap"

#: The option, last of every two-player game's options (off by default).
SWAP_OPTION = Option(
    "swap",
    False,
    Phrase(
        "swap rule (this project's, for balance): seat 1 may answer the first move by taking it"
    ),
)


@dataclass(frozen=True, slots=True)
class Swap:
    """Seat 1's answer ``swap`` to the first move (see the module). There is one: :data:`SWAP`.

    >>> SWAP, str(SWAP), Swap() == SWAP
    (Swap(), 'swap', True)
    """

    def __str__(self) -> str:
        return SWAP_WORD


#: The swap, as ``State.legal_moves`` lists it and ``State.play`` takes it.
SWAP = Swap()

#: How a page enters a swap: one button, ``swap`` (see ``Game.input_steps``).
SWAP_STEPS: tuple[tuple[str, ...], ...] = ((Phrase("swap"),),)


def is_swap(text: str) -> bool:
    """True when ``text`` is the notation of a swap (any case, spaces around).

    >>> is_swap(" Swap"), is_swap("swap 1"), is_swap("s" * 10**6)
    (True, False, False)
    """
    return len(text) <= 16 and text.strip().lower() == SWAP_WORD


def check_swap(spec: GameSpec) -> None:
    """Refuse ``swap=true`` for a game of more than two players (raises ``OptionValueError``):
    ``parse_spec`` asks, so no such game is ever made.

    >>> import trigames
    >>> try:
    ...     trigames.parse_spec("triggle(players=3,swap=true)")
    ... except trigames.OptionValueError as error:
    ...     print(error)
    option 'swap' cannot be true with 3 players: the swap rule is for two players
    """
    options: Mapping[str, OptionValue] = spec.options
    players = options.get("players", 2)
    if options.get("swap") is True and players != 2:
        raise OptionValueError(
            f"option 'swap' cannot be true with {players} players: the swap rule is for two players"
        )
