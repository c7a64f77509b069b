"""What pages are shown of players: ratings, games, challenges and leaderboards, as typed
JSON objects made from what the store keeps (pure functions).

>>> describe_clock({"days_per_move": 1}), describe_clock({"per_move": 90}), describe_clock(None)
('1 day a move', '90 seconds a move', 'no clock')
>>> text = challenge_text("Ann", "1520?", True, "Triggle", {"days_per_move": 1}, None)
>>> text
'Ann (1520?) wants a rated Triggle game, 1 day a move'
>>> from trigames.web.i18n import say
>>> say(text, "fr")
'Ann (1520?) propose une partie classée de Triggle, 1 jour par coup'
"""

from __future__ import annotations

from typing import TypedDict

from trigames.core.phrases import Phrase, counted, said
from trigames.core.phrases import Said as Phrased
from trigames.games import load_game
from trigames.ratings import PlayerRating, shown
from trigames.web.account_store import AccountRow
from trigames.web.challenge_store import ChallengeRow
from trigames.web.player_store import RatingPoint
from trigames.web.rows import GameRow


class RatingView(TypedDict):
    """A rating as shown: rounded, its deviation today (grown while the player is away), the
    rated games, whether it is provisional, and the text ("1520?")."""

    rating: int
    deviation: int
    games: int
    provisional: bool
    shown: str


class GameSummary(TypedDict):
    """A game in an account's list: its players' names, and their kinds (``human``, a
    computer's level...) by which a page shows a computer's name in its language."""

    id: str
    game: str
    title: str
    players: list[str]
    kinds: list[str]
    rated: bool
    your_turn: bool
    over: bool
    winners: list[int] | None
    updated: str


class Me(TypedDict):
    """The account of the session: its name, ratings, the games waiting for its move, and its
    latest games (those waiting for it first)."""

    name: str
    ratings: dict[str, RatingView]
    your_turn: list[str]
    games: list[GameSummary]


class HistoryPoint(TypedDict):
    game: str
    family: str
    at: float
    rating: int


class PlayerPage(TypedDict):
    """A player as anyone sees them: ratings, their history, latest games."""

    name: str
    ratings: dict[str, RatingView]
    history: list[HistoryPoint]
    games: list[GameSummary]


class LeaderRow(TypedDict):
    rank: int
    name: str
    rating: int
    deviation: int
    games: int


class Leaderboard(TypedDict):
    game: str
    title: str
    players: list[LeaderRow]


class ChallengeView(TypedDict):
    """An open challenge as a lobby lists it, with the sentence that says it (in English, and
    as a phrase that the lobby says in its language)."""

    id: str
    by: str
    by_rating: str
    game: str
    title: str
    rated: bool
    clock: dict[str, int] | None
    to: str | None
    seat: int | None
    created: float
    text: str
    said: Phrased
    yours: bool


def short_title(spec: str) -> str:
    """A game's name as a sentence says it (Trig's boards by their own names).

    >>> short_title("triggle"), short_title("trig(board=triggest)"), short_title("trig")
    ('Triggle', 'Triggest', 'Trig')
    """
    game = load_game(spec)
    if game.name == "trig":
        return str(game.spec.options.get("board", "trig")).capitalize()
    return game.title.split(" (")[0]


def rating_view(rating: PlayerRating, now: float) -> RatingView:
    deviation = rating.deviation_at(now)
    grown = PlayerRating(rating.rating, deviation, rating.volatility, rating.games, None)
    return {
        "rating": round(rating.rating),
        "deviation": round(deviation),
        "games": rating.games,
        "provisional": grown.provisional,
        "shown": shown(grown),
    }


def rating_views(ratings: dict[str, PlayerRating], now: float) -> dict[str, RatingView]:
    return {family: rating_view(rating, now) for family, rating in ratings.items()}


def game_summary(row: GameRow, account_id: str) -> GameSummary:
    return {
        "id": row.id,
        "game": row.spec,
        "title": short_title(row.spec),
        "players": [seat.name for seat in row.seats],
        "kinds": [seat.kind for seat in row.seats],
        "rated": row.rated,
        "your_turn": bool(account_id) and row.waiting_for == account_id and row.result is None,
        "over": row.result is not None,
        "winners": None if row.result is None else list(row.result.winners),
        "updated": row.updated,
    }


def history(points: list[RatingPoint]) -> list[HistoryPoint]:
    return [
        {"game": p.game, "family": p.family, "at": p.at, "rating": round(p.rating)} for p in points
    ]


def describe_clock(clock: dict[str, int] | None) -> Phrase:
    """A clock in words (a phrase)."""
    if not clock:
        return Phrase("no clock")
    if "days_per_move" in clock:
        return counted("{count} day a move", "{count} days a move", clock["days_per_move"])
    seconds = clock["per_move"]
    if seconds % 60 or seconds < 120:
        return counted("{count} second a move", "{count} seconds a move", seconds)
    return counted("{count} minute a move", "{count} minutes a move", seconds // 60)


def challenge_text(
    by: str, by_rating: str, rated: bool, title: str, clock: dict[str, int] | None, to: str | None
) -> Phrase:
    """The sentence that says a challenge (a phrase).

    >>> challenge_text("Ann", "1500?", False, "Trig", {"per_move": 120}, "Bob")
    'Ann (1500?) wants a casual Trig game with Bob, 2 minutes a move'
    """
    values = {"by": by, "rating": by_rating, "title": title, "clock": describe_clock(clock)}
    if to and rated:
        return Phrase(
            "{by} ({rating}) wants a rated {title} game with {to}, {clock}", to=to, **values
        )
    if to:
        return Phrase(
            "{by} ({rating}) wants a casual {title} game with {to}, {clock}", to=to, **values
        )
    if rated:
        return Phrase("{by} ({rating}) wants a rated {title} game, {clock}", **values)
    return Phrase("{by} ({rating}) wants a casual {title} game, {clock}", **values)


def challenge_view(
    row: ChallengeRow,
    accounts: dict[str, AccountRow],
    ratings: dict[str, PlayerRating],
    viewer: str,
) -> ChallengeView:
    """A challenge as ``viewer`` (an account id, ``""`` for a visitor) sees it."""
    by = accounts[row.author].name if row.author in accounts else "deleted"
    to = accounts[row.addressee].name if row.addressee in accounts else None
    by_rating = shown(ratings.get(row.author, PlayerRating.new()))
    title = short_title(row.spec)
    text = challenge_text(by, by_rating, row.rated, title, row.clock, to)
    return {
        "id": row.id,
        "by": by,
        "by_rating": by_rating,
        "game": row.spec,
        "title": title,
        "rated": row.rated,
        "clock": row.clock,
        "to": to,
        "seat": row.seat,
        "created": row.created,
        "text": text,
        "said": said(text),
        "yours": bool(viewer) and viewer == row.author,
    }


def leaderboard(
    family: str, leaders: list[tuple[str, PlayerRating]], now: float, max_deviation: float
) -> Leaderboard:
    """The leaders whose deviation today is still under ``max_deviation``, ranked."""
    kept = [(name, r) for name, r in leaders if r.deviation_at(now) < max_deviation]
    return {
        "game": family,
        "title": load_game(family).title.split(" (")[0],
        "players": [
            {
                "rank": rank,
                "name": name,
                "rating": round(r.rating),
                "deviation": round(r.deviation_at(now)),
                "games": r.games,
            }
            for rank, (name, r) in enumerate(kept, start=1)
        ],
    }
