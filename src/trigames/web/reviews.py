"""Reviews of the server's games: ``POST /api/games/{id}/analysis`` asks for one, ``GET``
follows it (``queued``, ``running``, then ``done`` with every ply, or ``failed``).

A review searches each position of the game up to the ply it was asked at as
``trigames review`` does (:func:`~trigames.analysis.review.assess_position`, the same level
and seeds give the same review), one question to the computer's workers a position, behind
every question a person waits for: a review never takes the last free worker, so the games
being played keep their pace. Its plies carry what :class:`~trigames.analysis.review.PlyReview`
says, and ``best_places``: the places on the board that enter the best move, for a page to
mark.

Bounds: one review queued or running per client address (:data:`REVIEWS_PER_ADDRESS`), at most
:data:`REVIEWS_WAITING` for the whole server, :data:`MAX_REVIEW_PLIES` plies a review; the
reviews done are kept by game, ply and level, the latest :data:`REVIEW_PLIES_KEPT` plies in all,
so asking again costs nothing. A finished game's review is anyone's; a game in progress is
reviewed for its players only, up to the present.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from trigames.analysis.review import Assessed, PlyJson, plies_from
from trigames.core.phrases import Phrase
from trigames.core.protocol import AnyState
from trigames.core.swap import SWAP, is_swap
from trigames.records import GameRecord
from trigames.web.computer import Computer, ComputerFailedError, Question, Thought
from trigames.web.errors import BadRequestError, ConflictError, NotFoundError, TooManyRequestsError
from trigames.web.snapshot import Actor, Snapshot
from trigames.web.turns import seats_held

LOG = logging.getLogger(__name__)

Status = Literal["queued", "running", "done", "failed"]
#: The levels a server reviews at (``expert`` is for ``trigames review``: minutes a game).
REVIEW_LEVELS = ("easy", "medium", "hard")
DEFAULT_REVIEW_LEVEL = "hard"
#: Reviews one client address may have queued or running at once.
REVIEWS_PER_ADDRESS = 1
#: Reviews queued or running at once on the whole server; more are answered 429.
REVIEWS_WAITING = 16
#: The most plies one review covers (a longer game is reviewed up to this ply).
MAX_REVIEW_PLIES = 300
#: Plies of the reviews done kept in memory, all reviews together, and reviews kept (the
#: oldest go first).
REVIEW_PLIES_KEPT = 60_000
REVIEWS_KEPT = 1_000


class ReviewedPly(PlyJson):
    """A ply reviewed, with the places that enter the best move on the board before it."""

    best_places: list[str]


class Progress(TypedDict):
    """Positions searched of those to search."""

    done: int
    total: int


class ReviewView(TypedDict):
    """A review as the API answers it: ``plies`` once ``done``, ``error`` once ``failed``."""

    status: Status
    level: str
    upto: int
    progress: Progress
    plies: list[ReviewedPly]
    error: str | None


#: A review's key: the game, the plies it covers, the level.
Key = tuple[str, int, str]


@dataclass
class _Review:
    key: Key
    asker: str
    total: int
    done: int = 0
    plies: list[ReviewedPly] = field(default_factory=list)
    error: str | None = None
    finished: bool = False

    @property
    def status(self) -> Status:
        if self.finished:
            return "failed" if self.error is not None else "done"
        return "running" if self.done else "queued"

    def view(self) -> ReviewView:
        return {
            "status": self.status,
            "level": self.key[2],
            "upto": self.key[1],
            "progress": {"done": self.done, "total": self.total},
            "plies": self.plies,
            "error": self.error,
        }


def read_level(body: dict[str, Any]) -> str:
    """The level a request asks for (:data:`DEFAULT_REVIEW_LEVEL` when it says none).

    >>> read_level({}), read_level({"level": "medium"})
    ('hard', 'medium')
    """
    level = body.get("level", DEFAULT_REVIEW_LEVEL)
    if level not in REVIEW_LEVELS:
        raise BadRequestError(
            Phrase("a review's level is one of {levels}", levels=", ".join(REVIEW_LEVELS))
        )
    return str(level)


def check_may_see(snapshot: Snapshot, actor: Actor) -> None:
    """A finished game's review is anyone's; a game in progress is reviewed for its players
    only (401 or 403 for others)."""
    if not snapshot.over:
        seats_held(snapshot, actor)


class Reviews:
    """The reviews asked of this process, searched by ``computer``'s workers."""

    def __init__(
        self, computer: Computer, spawn: Callable[[Coroutine[Any, Any, None]], None]
    ) -> None:
        self.computer = computer
        self._spawn = spawn
        self._reviews: OrderedDict[Key, _Review] = OrderedDict()
        #: The review with the most plies of each game and level.
        self._latest: dict[tuple[str, str], Key] = {}
        #: The review each address has queued or running.
        self._busy: dict[str, Key] = {}
        self._plies_kept = 0

    def start(self, snapshot: Snapshot, actor: Actor, asker: str, level: str) -> ReviewView:
        """Review ``snapshot``'s game up to now (or say how the review asked before goes)."""
        check_may_see(snapshot, actor)
        plies = min(snapshot.ply, MAX_REVIEW_PLIES)
        if plies == 0:
            raise ConflictError(Phrase("there is no move to review yet"))
        key = (snapshot.id, plies, level)
        found = self._reviews.get(key)
        if found is not None and found.error is None:
            self._reviews.move_to_end(key)
            return found.view()
        if asker in self._busy:
            raise TooManyRequestsError(
                Phrase("one review at a time: wait for the one you asked for to finish")
            )
        if len(self._busy) >= REVIEWS_WAITING:
            raise TooManyRequestsError(
                Phrase("the server is busy with other reviews: ask again soon")
            )
        review = _Review(key, asker, total=plies + 1)
        self._reviews[key] = review
        self._busy[asker] = key
        latest = self._latest.get((key[0], level))
        if latest is None or latest[1] <= plies:
            self._latest[(key[0], level)] = key
        record = snapshot.record()
        record.moves = record.moves[:plies]
        self._spawn(self._run(review, record))
        return review.view()

    def find(self, snapshot: Snapshot, actor: Actor, level: str) -> ReviewView:
        """The latest review of ``snapshot``'s game at ``level`` (404 when none was asked)."""
        check_may_see(snapshot, actor)
        key = self._latest.get((snapshot.id, level))
        if key is None:
            raise NotFoundError(Phrase("this game has no review yet: ask for one (POST)"))
        return self._reviews[key].view()

    async def _run(self, review: _Review, record: GameRecord) -> None:
        game_id, _, level = review.key
        asks: list[asyncio.Task[Thought]] = []
        try:
            states = await asyncio.to_thread(_positions, record)

            async def ask(ply: int) -> Thought:
                moves = tuple(record.moves[:ply])
                question = Question(f"review:{game_id}", record.spec, moves, "", review=level)
                thought = await self.computer.ask(question, review.asker, people_wait=False)
                review.done += 1
                return thought

            asks = [asyncio.ensure_future(ask(ply)) for ply in range(len(states))]
            thoughts = await asyncio.gather(*asks)
            found = [Assessed(t.move or None, t.line, t.chances) for t in thoughts]
            review.plies = await asyncio.to_thread(_reviewed, states, record.moves, found)
        except ComputerFailedError as error:
            review.error = f"the computer failed: {error}"
        except Exception as error:  # a review that cannot be made must not stay "running"
            LOG.exception("reviewing game %s failed", game_id)
            review.error = f"the review failed: {type(error).__name__}"
        finally:
            for task in asks:
                task.cancel()  # the positions not yet searched leave the queue
            review.finished = True
            if self._busy.get(review.asker) == review.key:
                del self._busy[review.asker]
            self._kept(review)

    def _kept(self, review: _Review) -> None:
        """Count a finished review's plies, and forget the oldest finished reviews past the
        bounds."""
        self._plies_kept += len(review.plies)
        for key, old in list(self._reviews.items()):
            if self._plies_kept <= REVIEW_PLIES_KEPT and len(self._reviews) <= REVIEWS_KEPT:
                return
            if old.finished:
                del self._reviews[key]
                self._plies_kept -= len(old.plies)
                if self._latest.get((key[0], key[2])) == key:
                    del self._latest[(key[0], key[2])]


def _positions(record: GameRecord) -> list[AnyState]:
    """The start, then the position after each move of ``record``."""
    return [state.clone() for state in record.positions()]


def _reviewed(
    states: Sequence[AnyState], moves: Sequence[str], found: Sequence[Assessed]
) -> list[ReviewedPly]:
    """The plies reviewed, with the places of each best move."""
    plies = plies_from(states, moves, found)
    return [
        {**ply.to_json(), "best_places": _places(states[ply.ply - 1], ply.best)} for ply in plies
    ]


def _places(state: AnyState, move: str) -> list[str]:
    """The names of the places that enter ``move`` in ``state`` (the words of buttons too:
    a page marks what its board has)."""
    steps = state.game.input_steps(state, SWAP if is_swap(move) else state.parse_move(move))
    return sorted({name for step in steps for name in step})
