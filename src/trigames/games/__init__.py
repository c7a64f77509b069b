"""The catalogue of games: look a game up by its spec string.

>>> load_game("triggle(players=3)").num_players
3
>>> [entry.name for entry in list_games()]
['triggle', 'trig', 'tricolor', 'trugo', 'tranglar']
>>> str(parse_spec("Trigger"))  # a name standing for a game with options fixed
'trig(board=trigger)'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from trigames.core.errors import OptionValueError, UnknownGameError
from trigames.core.limits import quote
from trigames.core.protocol import AnyGame
from trigames.core.spec import GameSpec
from trigames.core.swap import check_swap
from trigames.games.tranglar import Tranglar
from trigames.games.tricolor import Tricolor
from trigames.games.trig import Trig
from trigames.games.triggle import Triggle
from trigames.games.trugo import Trugo

GAMES: dict[str, type[AnyGame]] = {
    cls.name: cls for cls in (Triggle, Trig, Tricolor, Trugo, Tranglar)
}


#: Names that stand for a game with some options fixed, wherever a spec is taken: ``trigger``
#: is ``trig(board=trigger)``. Each game declares its own (``Game.aliases``).
ALIASES: dict[str, tuple[type[AnyGame], dict[str, str]]] = {
    alias: (cls, dict(fixed)) for cls in GAMES.values() for alias, fixed in cls.aliases.items()
}


def game_class(name: str) -> type[AnyGame]:
    """The class of the game called ``name`` (or one of its aliases)."""
    if name in ALIASES:
        return ALIASES[name][0]
    try:
        return GAMES[name]
    except KeyError:
        known = f"{', '.join(GAMES)} (also {', '.join(ALIASES)})"
        raise UnknownGameError(f"unknown game {quote(name)}; known games: {known}") from None


def parse_spec(text: str) -> GameSpec:
    """Check a spec string and fill in the defaults (raises a ``SpecError`` subclass)."""
    name, pairs = GameSpec.split(text)
    cls = game_class(name)
    if name in ALIASES:
        fixed = ALIASES[name][1]
        for key, _ in pairs:
            if key in fixed:
                raise OptionValueError(
                    f"{name} is {cls.name}({key}={fixed[key]}): its {key} cannot be changed"
                )
        pairs = [*fixed.items(), *pairs]
    spec = GameSpec.build(cls.name, cls.options, pairs)
    check_swap(spec)
    return spec


def load_game(spec: str | GameSpec) -> AnyGame:
    """The game named by a spec string such as ``triggle(players=3,misere=true)``.

    Games are immutable once built (what they change later are caches only), so equal specs
    share one game object: the :data:`GAMES_KEPT` most recently loaded are kept.

    >>> load_game("trigger") is load_game("trig(board=trigger)")
    True
    """
    if isinstance(spec, str):
        spec = parse_spec(spec)
    return _shared_game(spec)


#: How many game objects :func:`load_game` keeps for reuse, the most recently loaded.
GAMES_KEPT = 16


@lru_cache(maxsize=GAMES_KEPT)
def _shared_game(spec: GameSpec) -> AnyGame:
    return game_class(spec.name)(spec)


def list_games() -> list[type[AnyGame]]:
    """Every game class, with its ``name``, ``title``, ``summary`` and ``options``."""
    return list(GAMES.values())


def describe_games() -> list[dict[str, Any]]:
    """Every game with its title, summary and options (default, range, help, and what a menu
    needs: ``choices``, or ``minimum`` and ``maximum``), JSON-ready: for ``trigames list --json``
    and the web lobby's menus."""
    return [
        {
            "name": cls.name,
            "title": cls.title,
            "summary": cls.summary,
            "aliases": {
                alias: f"{cls.name}({', '.join(f'{k}={v}' for k, v in fixed.items())})"
                for alias, fixed in cls.aliases.items()
            },
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "values": o.describe_range(),
                    "help": o.help,
                    "choices": list(o.choices),
                    "minimum": o.minimum,
                    "maximum": o.maximum,
                }
                for o in cls.options
            ],
        }
        for cls in list_games()
    ]
