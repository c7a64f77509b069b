"""Words shared by the games' move explanations (``Game.explain_move``, for hints).

Each game says in its own ``explain.py`` why a move is worth playing: what it gains now and
what it leaves, denies or threatens next, computed from the position. These helpers give the
explanations one grammar: counts with their nouns, lists of names, the end of a game, and a
sentence of clauses that stays short.

>>> sentence("claims 2 triangles", "leaves none for Yellow to close")
'claims 2 triangles and leaves none for Yellow to close'
>>> sentence("captures F6", "threatens to win at G9", "but Black can win at E4")
'captures F6, threatens to win at G9 but Black can win at E4'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from trigames.core.protocol import State

#: The longest explanation, in characters: one sentence under the hint's move.
LIMIT = 120

S = TypeVar("S", bound=State[Any])


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with ``noun``, in the plural (``noun + 's'`` unless given) but for one.

    >>> counted(1, "triangle"), counted(3, "piece"), counted(0, "cell")
    ('1 triangle', '3 pieces', '0 cells')
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def listed(names: Sequence[str], conjunction: str = "and", most: int = 3) -> str:
    """``names`` as words: ``A``, ``A and B``, ``A, B and C``; past ``most``, the first ones
    and how many more.

    >>> listed(["F6"]), listed(["F6", "G8"], "or"), listed(["a", "b", "c", "d", "e"])
    ('F6', 'F6 or G8', 'a, b, c and 2 more')
    """
    names = list(names)
    if len(names) > most:
        names = [*names[:most], f"{len(names) - most} more"]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def sentence(*clauses: str, limit: int = LIMIT) -> str:
    """The non-empty ``clauses`` as one sentence: joined by commas, the last one by ``and``
    (or by its own ``but``, dropped from a first clause), or all by semicolons when a clause
    has commas; clauses from the end are left out while it is longer than
    ``limit``, and the first one alone is cut short at a word.

    >>> sentence("a", "", "b", "c")
    'a, b and c'
    >>> sentence("completes nothing", "but leaves Black a star", limit=20)
    'completes nothing'
    >>> sentence("completes a crown at C3, a star at C3", limit=30)
    'completes a crown at C3, a…'
    """
    parts = [clause for clause in clauses if clause]
    if parts and parts[0].startswith("but "):  # nothing before to set it against
        parts[0] = parts[0].removeprefix("but ")
    while True:
        text = _joined(parts)
        if len(text) <= limit:
            return text
        if len(parts) <= 1:  # one clause too long: cut at a word
            cut = text.rfind(" ", 0, limit - 1)
            return text[: cut if cut > 0 else limit - 1] + "…"
        parts.pop()


def _joined(parts: list[str]) -> str:
    """Clauses joined; by semicolons when one has commas of its own (outside brackets)."""
    if len(parts) <= 1:
        return "".join(parts)
    if any(", " in re.sub(r"\(.*?\)", "", part) for part in parts):
        return "; ".join(parts)
    *head, last = parts
    glue = " " if last.startswith("but ") else " and "
    return ", ".join(head) + glue + last


def result(state: State[Any], mover: int) -> str:
    """What the end of the game on ``state`` means to ``mover``, with the scores: ``wins
    12-10``, ``draws 11-11``, ``loses 9-11``, with more players ``wins with 8``; empty while
    it goes on.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> result(state, 0)
    ''
    """
    outcome = state.outcome()
    if outcome is None:
        return ""
    scores = outcome.scores
    score = ""
    if len(scores) == 2:
        mine, theirs = scores[mover], scores[1 - mover]
        score = f" {mine}-{theirs}" if min(scores) >= 0 else f" {mine} to {theirs}"
    else:
        score = f" with {scores[mover]}"
    if mover not in outcome.winners:
        return f"loses{score}"
    return f"wins{score}" if len(outcome.winners) == 1 else f"draws{score}"


def replies(state: State[Any], moves: Sequence[Any] | None = None) -> Iterator[Any]:
    """Play each of ``moves`` (by default every legal move) on ``state`` in turn, yielding
    it while it is played, and take it back before the next: a look at every reply."""
    for move in state.legal_moves() if moves is None else moves:
        state.play(move)
        try:
            yield move
        finally:
            state.undo()


def best_reply(state: S, value: Callable[[S], int]) -> tuple[int, list[Any]]:
    """The most ``value`` (measured on the position after a reply) any legal move on
    ``state`` gets, and the moves that get it; ``(0, [])`` when there is no move."""
    best, moves = 0, list[Any]()
    for move in replies(state):
        got = value(state)
        if got > best or not moves:
            best, moves = got, [move]
        elif got == best:
            moves.append(move)
    return (best, moves) if moves else (0, [])
