"""A game as the adapters play it: by action ids, on the game's native kernel where one runs.

A learning library's loop asks for the legal ids and plays one, a move at a time. Where the
game's kernel runs and knows its action ids, a :class:`Track` plays the moves on a native line
(:class:`trigames.core.native.NativeLine`) and the engine state catches up only when something
reads it (an observation, a drawing, a move's name): a random game through OpenSpiel then
never builds a Python move. Elsewhere (the pure engine, or a position too large for a kernel)
the engine state answers directly; a Trugo line that outgrows the kernel's room for the
positions a repetition may meet hands over to it. Both give the same ids and the same games.
A game with the swap rule (``swap=true``), which the kernels do not know, starts on the engine
state and goes on on a native line once the swap is past (from its second move).

>>> import trigames
>>> track = Track.start(trigames.load_game("triggle"))
>>> track.legal_actions()[:3], track.seat()
([0, 1, 2], 0)
>>> track.play(track.legal_actions()[0])
>>> track.seat(), track.plies(), [str(m) for m in track.state.history]
(1, 1, ['A1-A4'])
"""

from __future__ import annotations

import operator
from typing import Any

from trigames.core.native import NativeLine, kernel_for
from trigames.core.protocol import AnyGame, AnyState
from trigames.games import load_game
from trigames.interop import returns, winners_returns

#: What :meth:`NativeLine.play` answers when the line outgrew the kernel's room for history.
OUTGROWN = 2


class Track:
    """An engine state, and where the kernel runs, a native line ahead of it by the action ids
    in ``_behind``; ``_seat`` keeps the seat to move (the adapters ask for it several times a
    turn). The engine state is the track's: read it, but play on the track."""

    __slots__ = ("_behind", "_line", "_seat", "_state", "_swapping")

    def __init__(self, state: AnyState, line: NativeLine | None) -> None:
        self._state = state
        self._line = line
        self._behind: list[int] = []
        self._seat = state.current_player
        #: True while a swap may come, which keeps the kernel waiting (see the module).
        self._swapping = line is None and state.swap_ahead()

    @classmethod
    def start(cls, game: AnyGame) -> Track:
        """The start of a game of ``game``."""
        return cls.at(game.new_initial_state())

    @classmethod
    def at(cls, state: AnyState) -> Track:
        """A track from ``state`` (which it plays on)."""
        kernel = kernel_for(state)
        return cls(state, None if kernel is None else kernel.line(state))

    @property
    def state(self) -> AnyState:
        """The engine state, brought up to the line's position."""
        behind = self._behind
        if behind:
            state = self._state
            game = state.game
            for action in behind:
                state.play(game.move_of_action(state, action))
            behind.clear()
        return self._state

    def plies(self) -> int:
        """How many moves the game has had."""
        return len(self._state.history) + len(self._behind)

    def seat(self) -> int | None:
        """The seat to move, ``None`` once the game is over."""
        return self._seat

    def is_over(self) -> bool:
        """True once the game is over."""
        return self._seat is None

    def legal_actions(self) -> list[int]:
        """The legal action ids, smallest first (none at the end)."""
        if self._line is not None:
            return self._line.legal_actions()
        state = self._state
        return state.game.legal_actions(state)

    def action_mask(self) -> bytearray:
        """A new buffer with a byte for each action id, 1 where the id is legal."""
        if self._line is not None:
            return self._line.action_mask()
        state = self._state
        return state.game.legal_action_mask(state)

    def observation(self, seat: int) -> bytearray | None:
        """The observation planes of the position as ``seat`` sees them, flat, as float32
        numbers from the kernel (a new buffer); ``None`` where they come from Python
        (``Game.observation_planes`` of :attr:`state`)."""
        return None if self._line is None else self._line.observation(seat)

    def play(self, action: int) -> None:
        """Play the legal move numbered ``action`` (``IllegalActionError``, as from
        ``Game.move_of_action``, if none has it)."""
        line = self._line
        if line is None:
            state = self._state
            state.play(state.game.move_of_action(state, action))
            self._seat = state.current_player
            if self._swapping and not state.swap_ahead():  # the kernel can follow now
                self._swapping = False
                kernel = kernel_for(state)
                self._line = None if kernel is None else kernel.line(state)
            return
        action = operator.index(action)  # numpy's integers too
        played = line.play(action)
        if played:
            self._behind.append(action)
            self._seat = line.mover()
            if played == OUTGROWN:  # the engine state takes over
                self._line = None
                self.state  # noqa: B018 (catching up)
            return
        state = self.state
        move = state.game.move_of_action(state, action)  # the engine's error
        raise AssertionError(f"the kernel refused legal action {action} ({move})")

    def returns(self) -> list[float]:
        """+1 to winners and -1 to losers at the end; 0 to everybody in a draw or before."""
        players = self._state.game.num_players
        if self._line is None:
            return returns(self._state.outcome(), players)
        if self._seat is not None:
            return [0.0] * players
        shares = self._line.rewards()  # the winners split 1
        return winners_returns({seat for seat, share in enumerate(shares) if share > 0}, players)

    def copy(self) -> Track:
        """An independent track at the same position."""
        line = None if self._line is None else self._line.copy()
        copy = Track(self._state.clone(), line)
        copy._behind = list(self._behind)
        copy._seat = self._seat
        copy._swapping = self._swapping
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Track:  # OpenSpiel clones a state so
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[str, list[str]]]:  # and pickles it so
        state = self.state
        return replay, (str(state.game.spec), [str(move) for move in state.history])


def replay(spec: str, moves: list[str]) -> Track:
    """The track of the game ``spec`` after ``moves`` (in notation) from its start."""
    state = load_game(spec).new_initial_state()
    for move in moves:
        state.play(move)
    return Track.at(state)
