"""The one list of computer player kinds and levels, used by terminal play, hints and matches.

A player is named by a *player spec*: a kind, optionally with settings, for example
``random``, ``mcts``, ``mcts(iterations=2000)``, ``mcts(seconds=0.5,playout=heuristic)``,
``alphabeta(depth=4)`` or a level, ``easy``, ``medium`` or ``hard``, which :data:`LEVELS` turns
into a kind and a budget for each game.

>>> import trigames
>>> game = trigames.load_game("triggle")
>>> resolve("hard", game)
'alphabeta(seconds=0.5)'
>>> make_player("mcts(iterations=20)", seed=1, game=game).kind
'mcts'
"""

from __future__ import annotations

from collections.abc import Mapping

from trigames.ai.alphabeta import AlphaBetaPlayer
from trigames.ai.mcts import MctsPlayer
from trigames.ai.players import Budget, GreedyPlayer, Player, RandomPlayer
from trigames.core.errors import SpecSyntaxError
from trigames.core.protocol import AnyGame
from trigames.core.spec import GameSpec

#: Player kinds, weakest first.
KINDS = ("random", "greedy", "mcts", "alphabeta")
#: Levels, each a kind with a budget chosen per game (see :data:`LEVELS`).
LEVEL_NAMES = ("easy", "medium", "hard")
#: Everything a seat may be given besides ``human``.
PLAYER_KINDS = (*KINDS, *LEVEL_NAMES)

#: Game name -> level -> player spec. Every level answers within 2 seconds a move on a
#: 2-core laptop of 2024 (see ``trigames bench-ai``). Games not listed use ``"*"``.
LEVELS: Mapping[str, Mapping[str, str]] = {
    "triggle": {
        "easy": "mcts(iterations=150)",
        "medium": "mcts(seconds=0.25)",
        "hard": "alphabeta(seconds=0.5)",
    },
    "tricolor": {
        "easy": "mcts(iterations=150)",
        "medium": "mcts(seconds=0.25)",
        "hard": "alphabeta(seconds=0.5)",
    },
    "trig": {
        "easy": "greedy",
        "medium": "alphabeta(seconds=0.25)",
        "hard": "alphabeta(seconds=0.5)",
    },
    "trugo": {
        "easy": "greedy",
        "medium": "alphabeta(seconds=0.15)",
        "hard": "alphabeta(seconds=0.3)",
    },
    "*": {
        "easy": "greedy",
        "medium": "mcts(seconds=0.25,playout=heuristic)",
        "hard": "alphabeta(seconds=0.5)",
    },
}

#: Settings each kind accepts in a player spec, with their meaning.
SETTINGS: Mapping[str, Mapping[str, str]] = {
    "random": {},
    "greedy": {},
    "mcts": {
        "iterations": "simulations per move",
        "seconds": "time per move (default 1 when no budget is given)",
        "playout": "random (to the end) or heuristic (a few random moves, then the evaluation)",
        "depth": "random moves before the evaluation in heuristic playouts (default 10)",
        "c": "UCT exploration constant (default 0.7)",
        "reuse": "keep the tree between moves (default true)",
    },
    "alphabeta": {
        "iterations": "nodes per move",
        "seconds": "time per move (default 1 when no budget is given)",
        "depth": "deepest search (default 64)",
    },
}


def resolve(spec: str, game: AnyGame | None = None) -> str:
    """The player spec a level stands for in ``game`` (other specs are returned as they are)."""
    name = spec.strip().lower()
    if name in LEVEL_NAMES:
        table = LEVELS.get(game.name if game is not None else "*", LEVELS["*"])
        return table[name]
    return spec.strip()


def parse_player_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``(kind, settings)`` of a player spec such as ``mcts(iterations=500)``.

    Player specs are written like game specs, so :meth:`GameSpec.split` reads them.
    """
    try:
        kind, pairs = GameSpec.split(spec.strip())
    except SpecSyntaxError:
        raise ValueError(
            f"bad player {spec!r}: write a kind, with any settings as key=value, "
            "such as mcts or mcts(seconds=0.5)"
        ) from None
    if kind not in PLAYER_KINDS:
        raise ValueError(
            f"unknown player kind {kind!r}; choose from: human, {', '.join(PLAYER_KINDS)}"
        )
    if kind in LEVEL_NAMES and "(" in spec:
        raise ValueError(f"the level {kind!r} takes no settings")
    allowed = SETTINGS.get(kind, {})
    for key, _ in pairs:
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise ValueError(f"{kind} has no setting {key!r} (settings: {known})")
    return kind, dict(pairs)


def make_player(spec: str, seed: int | None = None, game: AnyGame | None = None) -> Player:
    """A computer player from a player spec; levels are looked up for ``game``."""
    kind, settings = parse_player_spec(resolve(spec, game))
    if kind in LEVEL_NAMES:  # a level standing for a level: cannot happen in the table
        raise ValueError(f"the level {kind!r} does not name a player kind")
    try:
        if kind == "random":
            return RandomPlayer(seed)
        if kind == "greedy":
            return GreedyPlayer(seed)
        budget = _budget(settings)
        if kind == "mcts":
            return MctsPlayer(
                seed,
                budget,
                exploration=float(settings.get("c", 0.7)),
                playout=settings.get("playout", "random"),
                depth=int(settings.get("depth", 10)),
                reuse=_flag(settings.get("reuse", "true")),
            )
        return AlphaBetaPlayer(seed, budget, max_depth=int(settings.get("depth", 64)))
    except ValueError as error:
        raise ValueError(f"bad player {spec!r}: {error}") from None


def _budget(settings: Mapping[str, str]) -> Budget:
    iterations = settings.get("iterations")
    seconds = settings.get("seconds")
    if iterations is None and seconds is None:
        return Budget(seconds=1.0)
    return Budget(
        iterations=None if iterations is None else int(iterations),
        seconds=None if seconds is None else float(seconds),
    )


def _flag(text: str) -> bool:
    if text in ("true", "yes", "1", "on"):
        return True
    if text in ("false", "no", "0", "off"):
        return False
    raise ValueError(f"expected true or false, not {text!r}")
