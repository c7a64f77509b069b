"""Checks shared by every game's ``state_from_json``.

>>> is_seat(1, players=2), is_seat(True, players=2), is_seat(2, players=2)
(True, False, False)
>>> is_count(2, 0, 2), is_count(3, 0, 2), is_count(10**30, 0, None), is_count(1.0, 0, 2)
(True, False, True, False)
>>> read_result({"result": result_json((1, 0), "time ran out")}, players=2)
((0, 1), 'time ran out')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from trigames.core.errors import PositionError
from trigames.core.spec import GameSpec


def position_fields(
    obj: object, spec: GameSpec, title: str, keys: Collection[str]
) -> Mapping[str, Any]:
    """``obj`` as a position object of the game ``spec``, holding only ``keys`` (and ``game``,
    the ``endings`` that the base class reads and the ``swapped`` of :func:`read_swapped`)."""
    if not isinstance(obj, Mapping):
        raise PositionError(f"a {title} position is a JSON object, not {type(obj).__name__}")
    unknown = {k if isinstance(k, str) else type(k).__name__ for k in obj}
    unknown -= {"game", "endings", "swapped", *keys}
    if unknown:
        raise PositionError(
            f"unknown position keys: {', '.join(sorted(unknown))}; "
            f"a {title} position has {', '.join(keys)}"
        )
    if not isinstance(obj.get("game", ""), str):
        raise PositionError(f"'game' must be the spec string, such as {str(spec)!r}")
    if "game" in obj and obj["game"] != str(spec):
        raise PositionError(f"this position is for {obj['game']!r}, not {str(spec)!r}")
    return obj


def read_swapped(obj: Mapping[str, Any], swap: bool) -> bool:
    """``obj['swapped']``: true once seat 1 has swapped the first move, false (or missing)
    before; true only in a game with the swap rule (``swap``). The turn alternates from seat 1
    after a swap, so a reader checks ``to_move`` by it.

    >>> read_swapped({}, swap=True), read_swapped({"swapped": True}, swap=True)
    (False, True)
    >>> read_swapped({"swapped": True}, swap=False)
    Traceback (most recent call last):
    ...
    trigames.core.errors.PositionError: 'swapped' is true, but this game has no swap rule
    """
    swapped = obj.get("swapped", False)
    if not isinstance(swapped, bool):
        raise PositionError("'swapped' must be true or false")
    if swapped and not swap:
        raise PositionError("'swapped' is true, but this game has no swap rule")
    return swapped


def is_seat(value: object, players: int) -> bool:
    """True for a whole number that names one of ``players`` seats."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def is_count(value: object, low: int, high: int | None) -> bool:
    """True for a whole number (not a boolean) from ``low`` to ``high`` (``None``: no limit)."""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and low <= value
        and (high is None or value <= high)
    )


def read_to_move(obj: Mapping[str, Any], players: int, end_reason: str | None) -> int | None:
    """The seat to move from ``obj['to_move']``: ``null`` exactly when the game is over.

    Missing, it is seat 0 for a game in progress.
    """
    to_move = obj.get("to_move", None if end_reason else 0)
    if end_reason is not None:
        if to_move is not None:
            raise PositionError(f"the game is over ({end_reason}): 'to_move' must be null")
    elif not is_seat(to_move, players):
        raise PositionError(f"'to_move' must be a seat from 0 to {players - 1}")
    return to_move  # type: ignore[no-any-return]


def read_turn(
    obj: Mapping[str, Any], players: int, end_reason: str | None, due: int, why: str
) -> int | None:
    """The seat to move, read as :func:`read_to_move` reads it (missing, it is ``due``), where
    the rules give the turn to seat ``due`` (``why`` says why).

    With more than two players, seats may have left the game when the position lists
    ``endings`` (they resigned or ran out of time), and turns pass over them, so ``to_move`` may
    then come after ``due`` in seat order, past at most ``players - 2`` seats: one more and a
    single player would be left, and the game over.

    >>> read_turn({"to_move": 2, "endings": ["resign 1"]}, 3, None, due=1, why="seat 0 moved")
    2
    >>> read_turn({"to_move": 0}, 2, None, due=1, why="one band is on the board")
    Traceback (most recent call last):
    ...
    trigames.core.errors.PositionError: 'to_move' must be 1: one band is on the board
    """
    to_move = read_to_move({"to_move": None if end_reason else due, **obj}, players, end_reason)
    passed = players - 2 if obj.get("endings") else 0
    if to_move is not None and (to_move - due) % players > passed:
        raise PositionError(
            f"'to_move' must be {due}: {why}"
            if not passed
            else f"'to_move' must be {due} ({why}), or a seat after it in turn order if the "
            "seats between have left the game"
        )
    return to_move


def result_json(winners: tuple[int, ...], reason: str | None) -> dict[str, Any] | None:
    """The ``result`` entry of a position: ``None`` while the game goes on."""
    return None if reason is None else {"winners": list(winners), "reason": reason}


def read_result(obj: Mapping[str, Any], players: int) -> tuple[tuple[int, ...], str] | None:
    """``(winners, reason)`` from ``obj['result']``, or ``None`` while the game goes on.

    For games whose positions keep the result (it cannot always be worked out from the
    board: a resignation, a repetition). ``to_move`` must then be null.
    """
    result = obj.get("result")
    if result is None:
        return None
    if obj.get("to_move") is not None:
        raise PositionError("the game is over: 'to_move' must be null")
    if not (
        isinstance(result, Mapping)
        and set(result) == {"winners", "reason"}
        and isinstance(result["reason"], str)
        and isinstance(result["winners"], list)
        and result["winners"]
        and all(is_seat(s, players) for s in result["winners"])
    ):
        raise PositionError('\'result\' must be null or {"winners": [seats], "reason": text}')
    return tuple(sorted(set(result["winners"]))), result["reason"]
