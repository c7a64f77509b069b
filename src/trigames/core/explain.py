"""Words shared by the games' move explanations (``Game.explain_move``, for hints).

Each game says in its own ``explain.py`` why a move is worth playing: what it gains now and
what it leaves, denies or threatens next, computed from the position. These helpers give the
explanations one grammar: lists of names, the end of a game, and a sentence of clauses that
stays short. The clauses are :class:`~trigames.core.phrases.Phrase` s (a count with
:func:`~trigames.core.phrases.counted`), and so is the sentence, which pages say in their
language.

>>> from trigames.core.phrases import Phrase
>>> sentence(Phrase("claims {count} triangles", count=2), Phrase("leaves none"))
'claims 2 triangles and leaves none'
>>> sentence(Phrase("captures {cell}", cell="F6"), Phrase("threatens to win"), but(Phrase("x")))
'captures F6, threatens to win but x'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from trigames.core.phrases import Phrase, Value, joined
from trigames.core.protocol import State

#: The longest explanation, in characters of English: one sentence under the hint's move.
LIMIT = 120

S = TypeVar("S", bound=State[Any])


def listed(names: Sequence[Value], conjunction: str = "and", most: int = 3) -> Phrase:
    """``names`` as words: ``A``, ``A and B``, ``A, B and C``; past ``most``, the first ones
    and how many more.

    >>> listed(["F6"]), listed(["F6", "G8"], "or"), listed(["a", "b", "c", "d", "e"])
    ('F6', 'F6 or G8', 'a, b, c and 2 more')
    """
    items = list(names)
    if len(items) > most:
        items = [*items[:most], Phrase("{count} more", count=len(items) - most)]
    return joined(items, conjunction)


def but(clause: Phrase) -> Phrase:
    """A clause set against the ones before it (``but Black can win at E4``); alone, or
    first, it is said without ``but``.

    >>> sentence(but(Phrase("Black can win")))
    'Black can win'
    """
    return Phrase("but {clause}", clause=clause)


def sentence(*clauses: Phrase | None, limit: int = LIMIT) -> Phrase:
    """The given ``clauses`` as one sentence: joined by commas, the last one by ``and`` (or
    by its own ``but``: :func:`but`), or all by semicolons when a clause has commas; clauses
    from the end are left out while the English is longer than ``limit``.

    >>> a, b, c = Phrase("a"), Phrase("b"), Phrase("c")
    >>> sentence(a, None, b, c)
    'a, b and c'
    >>> sentence(Phrase("completes nothing"), but(Phrase("leaves Black a star")), limit=20)
    'completes nothing'
    >>> sentence(Phrase("completes {done}", done="a crown, a star"), a)
    'completes a crown, a star; a'
    """
    parts = [clause for clause in clauses if clause]
    if parts and parts[0].template == "but {clause}":  # nothing before to set it against
        first = parts[0].values["clause"]
        assert isinstance(first, Phrase)
        parts[0] = first
    text = _joined(parts)
    while len(text) > limit and len(parts) > 1:
        parts.pop()
        text = _joined(parts)
    return text


def _joined(parts: list[Phrase]) -> Phrase:
    """Clauses joined; by semicolons when one has commas of its own (outside brackets)."""
    if not parts:
        return Phrase("{item}", item="")  # nothing to say
    text = parts[0]
    if any(", " in _outside_brackets(part) for part in parts):
        for part in parts[1:]:
            text = Phrase("{first}; {second}", first=text, second=part)
        return text
    for part in parts[1:-1]:
        text = Phrase("{first}, {second}", first=text, second=part)
    if len(parts) > 1:
        last = parts[-1]
        if last.template == "but {clause}":
            return Phrase("{first} {but}", first=text, but=last)
        return Phrase("{first} and {last}", first=text, last=last)
    return text


def _outside_brackets(text: str) -> str:
    """``text`` without what is in brackets.

    >>> _outside_brackets("a (b, c) d")
    'a  d'
    """
    kept, depth = [], 0
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth == 0 and char != ")":
            kept.append(char)
    return "".join(kept)


def result(state: State[Any], mover: int) -> Phrase | None:
    """What the end of the game on ``state`` means to ``mover``, with the scores: ``wins
    12-10``, ``draws 11-11``, ``loses 9-11``, with more players ``wins with 8``; ``None``
    while it goes on.

    >>> import trigames
    >>> state = trigames.load_game("trig").new_initial_state()
    >>> result(state, 0) is None
    True
    """
    outcome = state.outcome()
    if outcome is None:
        return None
    scores, winners = outcome.scores, outcome.winners
    verb = "loses" if mover not in winners else "wins" if len(winners) == 1 else "draws"
    mine = scores[mover]
    if len(scores) != 2:
        return {
            "wins": Phrase("wins with {score}", score=mine),
            "draws": Phrase("draws with {score}", score=mine),
            "loses": Phrase("loses with {score}", score=mine),
        }[verb]
    theirs = scores[1 - mover]
    if min(scores) >= 0:
        return {
            "wins": Phrase("wins {mine}-{theirs}", mine=mine, theirs=theirs),
            "draws": Phrase("draws {mine}-{theirs}", mine=mine, theirs=theirs),
            "loses": Phrase("loses {mine}-{theirs}", mine=mine, theirs=theirs),
        }[verb]
    return {
        "wins": Phrase("wins {mine} to {theirs}", mine=mine, theirs=theirs),
        "draws": Phrase("draws {mine} to {theirs}", mine=mine, theirs=theirs),
        "loses": Phrase("loses {mine} to {theirs}", mine=mine, theirs=theirs),
    }[verb]


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
