"""A casual player: sensible moves with a beginner's mistakes, for the ``easy`` level.

A beginner does not play at random. They see what a move gains at once, they usually glance at
the reply it allows, and they overlook things: now and then they miss the reply altogether,
and among moves that look about as good they pick one by taste, not by calculation. The casual
player does just that:

1. every legal move is judged one move deep by the game's evaluation (what it gains at once);
2. unless it *overlooks* this turn (probability ``overlook``), it also looks at the best reply
   to each of its ``width`` most promising moves, and judges those by what is left after it;
3. it plays one of the moves within ``margin`` of the best judged value, the better ones more
   often (weights falling by half every ``margin / 2``).

So it never gives a game away for nothing when it looks, takes what is offered, and loses to
players who set traps two moves deep, as beginners do.

>>> import trigames
>>> state = trigames.load_game("triggle(size=3)").new_initial_state()
>>> player = CasualPlayer(seed=1)
>>> player.choose(state) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any

from trigames.core.protocol import AnyState


class CasualPlayer:
    """Looks one move deep, usually glances at the reply, and picks among the good-looking moves
    (see the module)."""

    kind = "casual"

    def __init__(
        self,
        seed: int | None = None,
        *,
        overlook: float = 0.3,
        width: int = 4,
        margin: float = 1.0,
    ) -> None:
        if not 0.0 <= overlook <= 1.0:
            raise ValueError("overlook is a probability, from 0 to 1")
        if width < 1 or margin < 0:
            raise ValueError("width is at least 1 and margin at least 0")
        self.rng = random.Random(seed)
        self.overlook = overlook
        self.width = width
        self.margin = margin
        self.last_info: dict[str, Any] = {}

    def choose(self, state: AnyState) -> Any:
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        game = state.game
        scratch = state.clone()
        judged: list[tuple[float, Any]] = []
        for move in state.legal_moves():
            scratch.play(move)
            judged.append((game.evaluate(scratch, seat), move))
            scratch.undo()
        self.rng.shuffle(judged)
        judged.sort(key=lambda item: -item[0])
        looked = self.rng.random() >= self.overlook
        if looked:
            judged = [
                (self._after_reply(scratch, move, seat), move) for _, move in judged[: self.width]
            ]
            judged.sort(key=lambda item: -item[0])
        best = judged[0][0]
        near = [(value, move) for value, move in judged if value >= best - self.margin]
        half = self.margin / 2 or 1.0
        weights = [0.5 ** ((best - value) / half) for value, _ in near]
        value, move = self.rng.choices(near, weights)[0]
        self.last_info = {"value": value, "looked at the reply": looked, "candidates": len(near)}
        return move

    @staticmethod
    def _after_reply(state: AnyState, move: Any, seat: int) -> float:
        """``seat``'s value after ``move`` and the reply worst for ``seat`` (if another seat
        replies; the same seat moving again judges the position as it stands)."""
        game = state.game
        state.play(move)
        try:
            mover = state.current_player
            if mover is None or mover == seat:
                return game.evaluate(state, seat)
            worst = None
            for reply in state.legal_moves():
                state.play(reply)
                value = game.evaluate(state, seat)
                state.undo()
                if worst is None or value < worst:
                    worst = value
            return game.evaluate(state, seat) if worst is None else worst
        finally:
            state.undo()
