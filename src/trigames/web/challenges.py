"""Challenges: an account offers a game, another accepts it, and the game begins with each
seat played by its account (by the session's cookie: no token, no link to keep).

- A challenge names a game of two seats, rated or casual, a clock, the seat its author takes
  (or chance) and whom it is for: one account, or anyone. A rated game needs two accounts and
  no computer, which a challenge always makes.
- An account has at most :data:`~trigames.web.limits.OPEN_CHALLENGES` open at once; a
  challenge stays open :data:`~trigames.web.limits.CHALLENGE_DAYS` days.
- Accepting marks the challenge and stores the game in one transaction
  (:meth:`~trigames.web.challenge_store.ChallengeRows.accept_challenge`): two accepting at once
  make one game, and the second is told it was taken.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping

from trigames.core.errors import TrigamesError
from trigames.core.phrases import Phrase
from trigames.games import load_game
from trigames.ratings import PlayerRating
from trigames.web import player_views
from trigames.web.account_store import AccountRow
from trigames.web.challenge_store import ChallengeRow, Status
from trigames.web.clocks import HUMAN
from trigames.web.database import Database
from trigames.web.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    TooManyRequestsError,
    words_of,
)
from trigames.web.limits import CHALLENGE_DAYS, OPEN_CHALLENGES
from trigames.web.player_store import family_of
from trigames.web.player_views import ChallengeView
from trigames.web.requests import ChallengeFilter, ChallengeRequest
from trigames.web.rows import GameRow, StoredSeat
from trigames.web.snapshot import Snapshot, start

#: Why a challenge that is no longer open cannot be answered, by what became of it.
ANSWERED: Mapping[Status, Phrase] = {
    "accepted": Phrase("this challenge was accepted already"),
    "cancelled": Phrase("this challenge was cancelled already"),
    "declined": Phrase("this challenge was declined already"),
}

#: Told when an accepted challenge became a game (stored already): the game's first snapshot.
Started = Callable[[Snapshot], None]


class Challenges:
    """The challenges of one store."""

    def __init__(
        self, database: Database, started: Started, clock: Callable[[], float] = time.time
    ) -> None:
        self.database = database
        self.started = started
        self.clock = clock

    async def offer(self, author: AccountRow, request: ChallengeRequest) -> str:
        """A new open challenge of ``author``'s: its id."""
        try:
            game = load_game(request.spec)
        except TrigamesError as error:
            raise BadRequestError(words_of(error)) from None
        if game.num_players != 2:
            raise BadRequestError(
                Phrase(
                    "a challenge is for a game of two players; {game} has {count}: create it "
                    "from the lobby and share its links",
                    game=str(game.spec),
                    count=game.num_players,
                )
            )
        addressee = ""
        if request.to is not None:
            found = await self.database.run(lambda store: store.account_named(request.to or ""))
            if found is None or found.deleted:
                raise NotFoundError(
                    Phrase("there is no player named {name}", name=repr(request.to))
                )
            if found.id == author.id:
                raise BadRequestError(Phrase("you cannot challenge yourself"))
            addressee = found.id
        if await self.database.run(lambda store: store.open_challenges_by(author.id)) >= (
            OPEN_CHALLENGES
        ):
            raise TooManyRequestsError(
                Phrase(
                    "you have {count} open challenges already: cancel some first",
                    count=OPEN_CHALLENGES,
                )
            )
        clock = None if request.clock is None else request.clock.to_json()
        row = ChallengeRow(
            secrets.token_hex(6), author.id, str(game.spec), request.rated, clock, addressee,
            request.seat, self.clock(),
        )  # fmt: skip
        await self.database.run(lambda store: store.add_challenge(row))
        return row.id

    async def listing(
        self, viewer: AccountRow | None, within: ChallengeFilter
    ) -> list[ChallengeView]:
        """The open challenges ``viewer`` may see (those for anyone, for them, or theirs),
        newest first, their authors' ratings within the filter's bounds."""
        since = self.clock() - CHALLENGE_DAYS * 86_400
        rows = await self.database.run(lambda store: store.open_challenges(since))
        me = viewer.id if viewer is not None else ""
        rows = [row for row in rows if not row.addressee or me in (row.addressee, row.author)]
        ids = {row.author for row in rows} | {row.addressee for row in rows if row.addressee}
        accounts = await self.database.run(lambda store: store.accounts_by_id(ids))
        found = []
        for family in sorted({family_of(row.spec) for row in rows}):
            of_game = [row for row in rows if family_of(row.spec) == family]
            rated = await self._ratings_in(family, {row.author for row in of_game})
            found += [
                player_views.challenge_view(row, accounts, rated, me)
                for row in of_game
                if _within(rated.get(row.author, PlayerRating.new()).rating, within)
            ]
        return sorted(found, key=lambda view: -view["created"])

    async def _ratings_in(self, family: str, authors: set[str]) -> dict[str, PlayerRating]:
        return await self.database.run(lambda store: store.ratings_in(family, authors))

    async def accept(self, challenge_id: str, account: AccountRow) -> str:
        """Accept the challenge: the game it became (its seats the two accounts')."""
        row = await self._open(challenge_id)
        if row.author == account.id:
            raise ConflictError(Phrase("this is your own challenge: wait for someone to accept it"))
        if row.addressee and row.addressee != account.id:
            raise ForbiddenError(Phrase("this challenge is for another player"))
        accounts = await self.database.run(lambda store: store.accounts_by_id([row.author]))
        author = accounts.get(row.author)
        if author is None or author.deleted:
            raise ConflictError(Phrase("the player who made this challenge is gone"))
        author_seat = row.seat if row.seat is not None else secrets.randbelow(2)
        seats = [StoredSeat(account.name, HUMAN, account=account.id)] * 2
        seats[author_seat] = StoredSeat(author.name, HUMAN, account=author.id)
        game = GameRow(secrets.token_hex(6), row.spec, seats, clock=row.clock, rated=row.rated)
        snapshot = start(game, load_game(row.spec).new_initial_state(), self.clock())
        if not await self.database.run(lambda store: store.accept_challenge(row.id, game)):
            raise ConflictError(Phrase("someone accepted this challenge just before you"))
        self.started(snapshot)
        return game.id

    async def cancel(self, challenge_id: str, account: AccountRow) -> None:
        """The author takes the challenge back."""
        row = await self._open(challenge_id)
        if row.author != account.id:
            raise ForbiddenError(Phrase("only the player who made a challenge may cancel it"))
        await self._close(row, "cancelled")

    async def decline(self, challenge_id: str, account: AccountRow) -> None:
        """The player a challenge is for says no."""
        row = await self._open(challenge_id)
        if row.addressee != account.id:
            raise ForbiddenError(Phrase("only the player a challenge is for may decline it"))
        await self._close(row, "declined")

    async def _open(self, challenge_id: str) -> ChallengeRow:
        row = await self.database.run(lambda store: store.challenge(challenge_id[:64]))
        if row is None:
            raise NotFoundError(Phrase("there is no such challenge"))
        if row.status != "open":
            raise ConflictError(ANSWERED[row.status])
        return row

    async def _close(self, row: ChallengeRow, status: Status) -> None:
        if not await self.database.run(lambda store: store.close_challenge(row.id, status)):
            raise ConflictError(Phrase("this challenge was answered meanwhile"))


def _within(rating: float, within: ChallengeFilter) -> bool:
    """Whether an author's ``rating`` is within the filter's bounds."""
    low, high = within.min_rating, within.max_rating
    return (low is None or rating >= low) and (high is None or rating <= high)
