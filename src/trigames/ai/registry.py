"""The one list of computer player kinds and levels, used by terminal play, hints and matches.

A player is named by a *player spec*: a kind, optionally with settings, for example
``random``, ``mcts``, ``mcts(iterations=2000)``, ``mcts(seconds=0.5,playout=heuristic)``,
``alphabeta(depth=4)`` or a level, ``easy``, ``medium`` or ``hard``, which :data:`LEVELS` turns
into a kind and a budget for each game.

Every numeric setting has a finite range (:data:`SETTINGS` says which), checked when the spec
is read. A web server is stricter: :func:`check_player_spec` with :data:`SERVER_LIMITS` checks
a spec against its ranges, and players made with them stop every move within 10 seconds.

>>> import trigames
>>> game = trigames.load_game("triggle")
>>> resolve("hard", game)
'strong(seconds=1.2)'
>>> make_player("mcts(iterations=20)", seed=1, game=game).kind
'mcts'
>>> try:
...     check_player_spec("mcts(seconds=30)", game, limits=SERVER_LIMITS)
... except PlayerSpecError as error:
...     print(error)
mcts setting 'seconds' must be a number from 0.01 to 10 on a server, not '30'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trigames.ai.alphabeta import AlphaBetaPlayer
from trigames.ai.casual import CasualPlayer
from trigames.ai.mcts import PLAYOUTS, MctsPlayer
from trigames.ai.players import Budget, GreedyPlayer, Player, RandomPlayer
from trigames.ai.strong import StrongPlayer
from trigames.ai.yardstick import SimpleAlphaBetaPlayer
from trigames.core.errors import PlayerSpecError, SpecSyntaxError
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyGame, AnyState
from trigames.core.spec import GameSpec

#: Player kinds, weakest first.
KINDS = ("random", "greedy", "casual", "mcts", "alphabeta", "strong")
#: Evaluations alpha-beta may use: the game's own, or the score lead alone (the yardsticks of
#: :mod:`~trigames.ai.yardstick`).
EVALUATIONS = ("game", "simple")
#: The deepest yardstick search (``alphabeta(eval=simple)`` has no time limit of its own).
MAX_SIMPLE_DEPTH = 6
#: Levels, each a kind with a budget chosen per game (see :data:`LEVELS`).
LEVEL_NAMES = ("easy", "medium", "hard", "expert")
#: The level hints come from (the terminal's ``hint``, the web's hint button): the strongest
#: that answers within 2 seconds.
HINT_LEVEL = "hard"
#: What a hint adds when its player proved the game's value (``last_info["proven"]``).
PROVEN_WORDS = {
    "win": Phrase("it wins by force"),
    "loss": Phrase("every move loses against best play"),
}
#: Everything a seat may be given besides ``human``.
PLAYER_KINDS = (*KINDS, *LEVEL_NAMES)

#: The ``expert`` level where the strong search is the best player (Triggle, Tricolor): up to 8
#: seconds a move on both cores (the native alpha-beta of :mod:`~trigames.ai.strong` with two
#: workers on one table, and the deep search that turns more time into more depth). Trugo,
#: TRANGLAR and Trig search the same way on their own evaluations (``eval=game``).
#: Elsewhere ``expert`` is the game's ``hard`` player given 8 seconds.
EXPERT = "strong(seconds=8,workers=2,deep=true)"
#: Game name -> level -> player spec. Every level but ``expert`` answers within 2 seconds a
#: move on a 2-core laptop of 2024 (see ``trigames bench-ai``), ``expert`` within 10. Games not
#: listed use ``"*"``.
#: Triggle's ``medium`` and ``hard`` are the ``strong`` search, measured against the
#: yardsticks ``alphabeta(depth=2,eval=simple)`` and ``alphabeta(depth=4,eval=simple)`` with
#: ``benchmarks/strength.py`` (the players they replaced, ``mcts(seconds=0.25)`` and
#: ``alphabeta(seconds=0.5)``, stay available by those specs).
#: Triggle's and Tricolor's ``easy`` picks only among moves within a quarter point of its best:
#: with the default margin (a whole point) it gave away so many triangles and points that the
#: one-move ``greedy`` beat it 32-8 on Triggle; with 0.25 it scores about 60 % against
#: ``greedy`` (see docs/command-line.md, the levels).
LEVELS: Mapping[str, Mapping[str, str]] = {
    "triggle": {
        "easy": "casual(margin=0.25)",
        "medium": "strong(seconds=0.3)",
        "hard": "strong(seconds=1.2)",
        "expert": EXPERT,
    },
    "tricolor": {
        "easy": "casual(margin=0.25)",
        "medium": "strong(seconds=0.3)",
        "hard": "strong(seconds=1.2)",
        "expert": EXPERT,
    },
    # Trig: the strong search on how far each side's best chain is from a link (the kernel's
    # trig_evaluate); it beat the native MCTS that was hard, mcts(seconds=1.8), 6-2 from
    # random openings, 3-1 moving second, where the first player wins most games. The MCTS
    # expert, mcts(seconds=8,workers=2), was not above that hard (3/8).
    "trig": {
        "easy": "casual",
        "medium": "alphabeta(seconds=0.5)",
        "hard": "strong(seconds=1.2,eval=game)",
        "expert": "strong(seconds=8,workers=2,deep=true,eval=game)",
    },
    # Trugo: the strong search with the game's evaluation (groups in danger, removals), in
    # the native kernel where it runs; the players it replaced, alphabeta(seconds=0.15) and
    # alphabeta(seconds=0.3), stay available by those specs.
    "trugo": {
        "easy": "casual",
        "medium": "strong(seconds=0.3,eval=game)",
        "hard": "strong(seconds=1.2,eval=game)",
        "expert": "strong(seconds=8,workers=2,deep=true,eval=game)",
    },
    # TRANGLAR: the strong search with the game's evaluation (cells, pieces the opponent could
    # take over, trap exposure, reserve), in the native kernel where it runs; it beat the hard
    # it replaced, alphabeta(seconds=0.5), 16-0.
    "tranglar": {
        "easy": "casual",
        "medium": "strong(seconds=0.2,eval=game)",
        "hard": "strong(seconds=1.2,eval=game)",
        "expert": "strong(seconds=8,workers=2,deep=true,eval=game)",
    },
    "*": {
        "easy": "casual",
        "medium": "mcts(seconds=0.25,playout=heuristic)",
        "hard": "alphabeta(seconds=0.5)",
        "expert": "alphabeta(seconds=8)",
    },
}


#: The longest player spec read; a longer text is refused before it is parsed.
MAX_SPEC_LENGTH = 100


@dataclass(frozen=True)
class Range:
    """The values a numeric setting may take: from ``low`` to ``high``, whole numbers or not.

    >>> Range(1, 64).read("4"), Range(0.01, 60, whole=False).read("0.5")
    (4, 0.5)
    >>> Range(0.01, 60, whole=False).read("nan") is None, Range(1, 64).read("1e3") is None
    (True, True)
    >>> Range(0.01, 60, whole=False).describe()
    'a number from 0.01 to 60'
    """

    low: float
    high: float
    whole: bool = True

    def read(self, text: str) -> int | float | None:
        """The value ``text`` gives, or ``None`` when it is no number in this range."""
        value: int | float
        if self.whole:
            if not _DIGITS.fullmatch(text):
                return None
            value = int(text)
        else:
            try:
                value = float(text)
            except ValueError:
                return None
        return value if math.isfinite(value) and self.low <= value <= self.high else None

    def describe(self) -> str:
        """``a whole number from 1 to 64``, ``a number from 0.01 to 60``."""
        number = "a whole number" if self.whole else "a number"
        return f"{number} from {_plain(self.low)} to {_plain(self.high)}"


_DIGITS = re.compile(r"[0-9]{1,20}")


def _plain(value: float) -> str:
    """A bound as one writes it: ``10000000``, ``0.01``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


@dataclass(frozen=True)
class Limits:
    """Where players play: the range of every numeric setting of every kind, by kind and
    setting name, and ``move_seconds``, a time after which every move ends whatever its
    budget (``None``: no such cap). ``where`` ends the messages: ``""`` or ``" on a server"``.
    """

    ranges: Mapping[str, Mapping[str, Range]]
    move_seconds: float | None = None
    where: str = ""


def _ranges(iterations: int, seconds: float) -> dict[str, dict[str, Range]]:
    budget = {"iterations": Range(1, iterations), "seconds": Range(0.01, seconds, whole=False)}
    return {
        "casual": {
            "overlook": Range(0, 1, whole=False),
            "width": Range(1, 50),
            "margin": Range(0, 100, whole=False),
        },
        "mcts": {
            **budget,
            "depth": Range(0, 1000),
            "c": Range(0, 10, whole=False),
            "workers": Range(1, 2),
        },
        "alphabeta": {**budget, "depth": Range(1, 64)},
        "strong": {**budget, "depth": Range(1, 64), "workers": Range(1, 2)},
    }


#: The ranges of the terminal, matches and the library: up to 10 million iterations or a minute
#: a move.
TERMINAL_LIMITS = Limits(_ranges(iterations=10_000_000, seconds=60))
#: A web server's ranges: up to 1 million iterations or 10 seconds a move, and every move of a
#: player made with them stops after 10 seconds, whatever its iterations (MCTS makes as few as
#: 20 simulations a second in TRANGLAR).
SERVER_LIMITS = Limits(
    _ranges(iterations=1_000_000, seconds=10), move_seconds=10.0, where=" on a server"
)

#: The words a yes-or-no setting takes.
FLAGS: Mapping[str, bool] = {
    "true": True,
    "yes": True,
    "1": True,
    "on": True,
    "false": False,
    "no": False,
    "0": False,
    "off": False,
}
#: Settings that are a choice among words, with the words.
CHOICES: Mapping[str, tuple[str, ...]] = {
    "playout": PLAYOUTS,
    "reuse": tuple(FLAGS),
    "deep": tuple(FLAGS),
    "eval": EVALUATIONS,
}

_MEANINGS: Mapping[str, Mapping[str, str]] = {
    "random": {},
    "greedy": {},
    "casual": {
        "overlook": "chance of not looking at the reply this turn (default 0.3)",
        "width": "how many of the moves that look best it checks against the reply (default 4)",
        "margin": "how far below the best a move it may pick is judged (default 1)",
    },
    "mcts": {
        "iterations": "simulations per move",
        "seconds": "time per move (default 1 when no budget is given)",
        "playout": "random (to the end) or heuristic (a few random moves, then the evaluation)",
        "depth": "random moves before the evaluation in heuristic playouts (default 10)",
        "c": "UCT exploration constant (default 0.7)",
        "reuse": "keep the tree between moves (default true)",
        "workers": "1, or 2 to grow two trees on two cores (where the game's native kernel runs)",
    },
    "alphabeta": {
        "iterations": "nodes per move",
        "seconds": "time per move (default 1 when no budget is given)",
        "depth": "deepest search (default 64; with eval=simple, the fixed depth, default 2)",
        "eval": "game (the game's own evaluation, default) or simple (a yardstick: plain "
        "fixed-depth alpha-beta on the score lead, no time limit)",
    },
    "strong": {
        "iterations": "nodes per move",
        "seconds": "time per move (default 1 when no budget is given)",
        "depth": "deepest main search, before the quiescence search on scoring moves (default 64)",
        "eval": "simple (the score lead, default) or game (the game's own evaluation)",
        "workers": "1, or 2 to search on two cores sharing one table (where the game's native "
        "kernel runs)",
        "deep": "true for null windows, late-move reductions and the best move of an unfinished "
        "iteration: deeper in the same time (where the game's native kernel runs; default false)",
    },
}


def _help(kind: str, key: str, meaning: str) -> str:
    here = TERMINAL_LIMITS.ranges.get(kind, {}).get(key)
    served = SERVER_LIMITS.ranges.get(kind, {}).get(key)
    if here is None or served is None:
        return meaning
    if served == here:
        return f"{meaning}: {here.describe()}"
    return (
        f"{meaning}: {here.describe()} ({_plain(served.low)} to {_plain(served.high)} on a server)"
    )


#: Settings each kind accepts in a player spec, with their meaning and, for numbers, their
#: ranges in the terminal and on a server.
SETTINGS: Mapping[str, Mapping[str, str]] = {
    kind: {key: _help(kind, key, meaning) for key, meaning in meanings.items()}
    for kind, meanings in _MEANINGS.items()
}


def resolve(spec: str, game: AnyGame | None = None) -> str:
    """The player spec a level stands for in ``game`` (other specs are returned as they are)."""
    name = spec.strip().lower()
    if name in LEVEL_NAMES:
        table = LEVELS.get(game.name if game is not None else "*", LEVELS["*"])
        return table[name]
    return spec.strip()


def parse_player_spec(spec: str, limits: Limits = TERMINAL_LIMITS) -> tuple[str, dict[str, str]]:
    """``(kind, settings)`` of a player spec such as ``mcts(iterations=500)``, every setting
    checked against ``limits`` (``PlayerSpecError`` names a wrong one and its range).

    Player specs are written like game specs, so :meth:`GameSpec.split` reads them.

    >>> parse_player_spec("MCTS(seconds=0.5, playout=heuristic)")
    ('mcts', {'seconds': '0.5', 'playout': 'heuristic'})
    """
    _check_length(spec)
    try:
        kind, pairs = GameSpec.split(spec.strip())
    except SpecSyntaxError:
        raise PlayerSpecError(
            f"bad player {spec!r}: write a kind, with any settings as key=value, "
            "such as mcts or mcts(seconds=0.5)"
        ) from None
    if kind not in PLAYER_KINDS:
        sent = spec.strip().partition("(")[0].strip()  # quoted as written, not lowered
        raise PlayerSpecError(
            f"unknown player kind {sent!r}; choose from: human, {', '.join(PLAYER_KINDS)}"
        )
    if kind in LEVEL_NAMES and "(" in spec:
        raise PlayerSpecError(f"the level {kind!r} takes no settings")
    allowed = SETTINGS.get(kind, {})
    ranges = limits.ranges.get(kind, {})
    settings: dict[str, str] = {}
    for key, text in pairs:
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise PlayerSpecError(f"{kind} has no setting {key!r} (settings: {known})")
        if key in settings:
            raise PlayerSpecError(f"{kind} setting {key!r} is given twice")
        if key in ranges:
            if ranges[key].read(text) is None:
                raise PlayerSpecError(
                    f"{kind} setting {key!r} must be {ranges[key].describe()}{limits.where}, "
                    f"not {text!r}"
                )
        elif text not in CHOICES[key]:
            raise PlayerSpecError(
                f"{kind} setting {key!r} must be one of {', '.join(CHOICES[key])}, not {text!r}"
            )
        settings[key] = text
    if (
        kind == "alphabeta"
        and settings.get("eval") == "simple"
        and int(settings.get("depth", "2")) > MAX_SIMPLE_DEPTH
    ):
        raise PlayerSpecError(
            f"alphabeta with eval=simple searches at most depth {MAX_SIMPLE_DEPTH}, "
            f"not {settings['depth']}"
        )
    return kind, settings


def check_player_spec(
    spec: str, game: AnyGame | None = None, *, limits: Limits = TERMINAL_LIMITS
) -> str:
    """The player spec ``spec`` stands for in ``game`` (a level is looked up), checked against
    ``limits``; ``PlayerSpecError`` says what is wrong. A web server passes
    :data:`SERVER_LIMITS`.

    >>> import trigames
    >>> check_player_spec("easy", trigames.load_game("trig"), limits=SERVER_LIMITS)
    'casual'
    """
    return _checked(spec, game, limits)[0]


def make_player(
    spec: str,
    seed: int | None = None,
    game: AnyGame | None = None,
    *,
    limits: Limits = TERMINAL_LIMITS,
) -> Player:
    """A computer player from a player spec checked against ``limits`` (see
    :func:`check_player_spec`); levels are looked up for ``game``."""
    _, kind, settings = _checked(spec, game, limits)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "casual":
        return CasualPlayer(
            seed,
            overlook=float(settings.get("overlook", "0.3")),
            width=int(settings.get("width", "4")),
            margin=float(settings.get("margin", "1")),
        )
    budget = _budget(settings, limits.move_seconds)
    if kind == "mcts":
        return MctsPlayer(
            seed,
            budget,
            exploration=float(settings.get("c", "0.7")),
            playout=settings.get("playout", "random"),
            depth=int(settings.get("depth", "10")),
            reuse=FLAGS[settings.get("reuse", "true")],
            workers=int(settings.get("workers", "1")),
        )
    if kind == "strong":
        return StrongPlayer(
            seed,
            budget,
            max_depth=int(settings.get("depth", "64")),
            evaluation=settings.get("eval", "simple"),
            workers=int(settings.get("workers", "1")),
            deep=FLAGS[settings.get("deep", "false")],
        )
    if settings.get("eval", "game") == "simple":
        seconds = settings.get("seconds")
        cap = limits.move_seconds if seconds is None else float(seconds)
        if seconds is not None and limits.move_seconds is not None:
            cap = min(float(seconds), limits.move_seconds)
        return SimpleAlphaBetaPlayer(seed, int(settings.get("depth", "2")), seconds=cap)
    return AlphaBetaPlayer(seed, budget, max_depth=int(settings.get("depth", "64")))


def _check_length(spec: str) -> None:
    """Refuse a spec too long to read, without repeating it."""
    if len(spec) > MAX_SPEC_LENGTH:
        raise PlayerSpecError(
            f"a player spec has at most {MAX_SPEC_LENGTH} characters, not {len(spec)}"
        )


def _checked(spec: str, game: AnyGame | None, limits: Limits) -> tuple[str, str, dict[str, str]]:
    """The spec a level stands for, its kind and its checked settings."""
    _check_length(spec)
    resolved = resolve(spec, game)
    kind, settings = parse_player_spec(resolved, limits)
    if kind in LEVEL_NAMES:  # a level standing for a level: cannot happen in the table
        raise PlayerSpecError(f"the level {kind!r} does not name a player kind")
    return resolved, kind, settings


def _budget(settings: Mapping[str, str], cap: float | None) -> Budget:
    """The budget of checked settings (1 second when they give none), ``cap`` seconds at most."""
    iterations = settings.get("iterations")
    seconds = settings.get("seconds")
    time = 1.0 if iterations is None and seconds is None else None
    if seconds is not None:
        time = float(seconds)
    if cap is not None:
        time = cap if time is None else min(time, cap)
    return Budget(iterations=None if iterations is None else int(iterations), seconds=time)


def hint_reason(game: AnyGame, state: AnyState, move: Any, info: Mapping[str, Any]) -> Phrase:
    """Why the hint ``move`` is worth playing on ``state`` (which is left as it was): the
    game's :meth:`~trigames.core.protocol.Game.explain_move`, and what the hint player proved,
    from its ``last_info`` (``info``), if anything; a phrase, which a page says in its language.

    >>> import trigames
    >>> game = trigames.load_game("triggle(size=3)")
    >>> state = game.new_initial_state()
    >>> why = hint_reason(game, state, state.legal_moves()[0], {"proven": "win"})
    >>> why
    'claims nothing and gives nothing away; it wins by force'
    >>> why.template
    '{why}; {proven}'
    """
    why = game.explain_move(state, move)
    proven = PROVEN_WORDS.get(str(info.get("proven")))
    return Phrase("{why}; {proven}", why=why, proven=proven) if proven else why
