"""Players: what an account sees of itself (``/api/me``), what anyone sees of a player
(``/api/players/{name}``), and each game's leaderboard (``/api/leaderboard/{game}``).

A leaderboard lists players whose rating in the game is not provisional (its deviation, grown
by the time since their last rated game, under 110) after at least
:data:`~trigames.web.limits.LEADERBOARD_GAMES` rated games, best first.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from trigames.core.phrases import Phrase
from trigames.games import GAMES
from trigames.ratings import PROVISIONAL_DEVIATION, PlayerRating
from trigames.web import player_views
from trigames.web.account_store import AccountRow
from trigames.web.database import Database
from trigames.web.errors import NotFoundError
from trigames.web.limits import LEADERBOARD_GAMES
from trigames.web.player_views import Leaderboard, Me, PlayerPage
from trigames.web.requests import ACCOUNT_NAME
from trigames.web.rows import GameRow


class Players:
    """The players of one store."""

    def __init__(self, database: Database, clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.clock = clock

    async def me(self, account: AccountRow) -> Me:
        """The session's account: ratings, the games waiting for its move, its latest games."""
        ratings, games = await self._ratings_and_games(account.id)
        waiting = await self.database.run(lambda store: store.your_turn(account.id))
        return {
            "name": account.name,
            "ratings": player_views.rating_views(ratings, self.clock()),
            "your_turn": waiting,
            "games": [player_views.game_summary(row, account.id) for row in games],
        }

    async def player(self, name: str) -> PlayerPage:
        """A player as anyone sees them (404 for no such player, or one deleted)."""
        found = None
        if ACCOUNT_NAME.fullmatch(name):
            found = await self.database.run(lambda store: store.account_named(name))
        if found is None or found.deleted:
            raise NotFoundError(Phrase("there is no player named {name}", name=repr(name[:40])))
        account = found
        ratings, games = await self._ratings_and_games(account.id)
        points = await self.database.run(lambda store: store.rating_history(account.id))
        return {
            "name": account.name,
            "ratings": player_views.rating_views(ratings, self.clock()),
            "history": player_views.history(points),
            "games": [player_views.game_summary(row, "") for row in games],
        }

    async def _ratings_and_games(
        self, account_id: str
    ) -> tuple[dict[str, PlayerRating], list[GameRow]]:
        ratings = await self.database.run(lambda store: store.ratings_of(account_id))
        return ratings, await self.database.run(lambda store: store.games_of(account_id))

    async def leaderboard(self, game: str) -> Leaderboard:
        """The best players of ``game`` (one of the five: ``trig`` for Trig, Trigger and
        Triggest)."""
        if game not in GAMES:
            raise NotFoundError(
                Phrase(
                    "there is no game {game}; the games are {games}",
                    game=repr(game[:40]),
                    games=", ".join(GAMES),
                )
            )
        leaders = await self.database.run(
            lambda store: store.leaderboard(game, LEADERBOARD_GAMES, PROVISIONAL_DEVIATION)
        )
        return player_views.leaderboard(game, leaders, self.clock(), PROVISIONAL_DEVIATION)
