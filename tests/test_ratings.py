"""Glicko-2 ratings: the paper's example, lichess's figures, growth with inactivity, rated
games, JSON, refusal of bad numbers, and properties over any valid input."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trigames.ratings import (
    DEVIATION_LIMIT,
    MAX_DEVIATION,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    PROVISIONAL_DEVIATION,
    RATING_LIMIT,
    RATING_PERIOD_DAYS,
    START_DEVIATION,
    START_RATING,
    START_VOLATILITY,
    TAU_LIMIT,
    VOLATILITY_LIMIT,
    Glicko,
    PlayerRating,
    glicko2,
    rate_game,
    shown,
)

SCALE = 173.7178  # Glicko points per Glicko-2 unit
DAY = 86_400.0
YEAR = 365 * DAY
NOW = 1_750_000_000.0  # some Unix time
PAPER_RESULTS = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]


def test_the_papers_example() -> None:
    """Glickman's "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to
    1550/100 and 1700/300, tau 0.5 -> 1464.06 / 151.52 / 0.05999.

    The paper rounds its steps to four decimals (mu' = -0.2069, phi' = 0.8722) before
    converting (-0.2069 * 173.7178 + 1500 = 1464.06), so its figures are met to the last
    decimal printed; the full-precision figures are checked too.
    """
    new = glicko2(1500, 200, 0.06, PAPER_RESULTS, tau=0.5)
    assert isinstance(new, Glicko)
    # the paper's figures, to the decimals it prints
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.deviation == pytest.approx(151.52, abs=0.005)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)
    # the Glicko-2 scale, which the paper prints to four decimals
    assert round((new.rating - 1500) / SCALE, 4) == -0.2069
    assert round(new.deviation / SCALE, 4) == 0.8722
    # the same steps at full precision (as other implementations of the paper give them)
    assert new.rating == pytest.approx(1464.0506705393, abs=1e-6)
    assert new.deviation == pytest.approx(151.5165241239, abs=1e-6)
    assert new.volatility == pytest.approx(0.0599959843, abs=1e-9)


def test_without_games_only_the_deviation_grows() -> None:
    """The paper's step 6 for a player who did not compete: phi* = sqrt(phi^2 + sigma^2)."""
    new = glicko2(1500, 200, 0.06, [], tau=0.5)
    assert new.rating == 1500
    assert new.volatility == 0.06
    assert new.deviation == pytest.approx(SCALE * math.hypot(200 / SCALE, 0.06))
    assert new.deviation > 200
    assert glicko2(1834.5, 45, 0.09, []).rating == 1834.5


def test_lichess_first_games() -> None:
    """lichess's own figures (scalachess's GlickoCalculatorTest) for a first game."""
    winner, loser = rate_game(PlayerRating.new(), PlayerRating.new(), 1.0, NOW)
    assert winner.rating == pytest.approx(1741, abs=1)
    assert loser.rating == pytest.approx(1258, abs=1)
    assert winner.deviation == loser.deviation == pytest.approx(396, abs=1)
    assert winner.volatility == loser.volatility == pytest.approx(0.0899983, abs=1e-7)
    player = PlayerRating(1500, 350, 0.06, 0, None)
    winner, loser = rate_game(player, player, 1.0, NOW)
    assert winner.rating == pytest.approx(1662.21, abs=0.005)
    assert loser.rating == pytest.approx(1337.79, abs=0.005)
    assert winner.deviation == loser.deviation == pytest.approx(290.23, abs=0.005)
    assert winner.volatility == pytest.approx(0.0599993, abs=1e-7)


def test_a_win_mirrors_the_losers_result() -> None:
    ann = PlayerRating(1620.0, 80.0, 0.06, 40, NOW - 3 * DAY)
    bob = PlayerRating(1480.0, 150.0, 0.07, 12, NOW - 30 * DAY)
    ann_won, bob_lost = rate_game(ann, bob, 1.0, NOW)
    bob_lost_again, ann_won_again = rate_game(bob, ann, 0.0, NOW)
    assert (ann_won, bob_lost) == (ann_won_again, bob_lost_again)
    assert ann_won.rating > ann.rating
    assert bob_lost.rating < bob.rating
    # between equal players the winner gains exactly what the loser loses
    equal = PlayerRating(1700.0, 120.0, 0.06, 20, NOW - DAY)
    winner, loser = rate_game(equal, equal, 1.0, NOW)
    assert winner.rating - equal.rating == pytest.approx(equal.rating - loser.rating, abs=1e-9)
    assert winner.deviation == loser.deviation


@pytest.mark.parametrize(
    "player",
    [
        PlayerRating.new(),
        PlayerRating(1850.0, 70.0, 0.06, 300, NOW),
        PlayerRating(1850.0, 70.0, 0.06, 300, NOW - 100 * DAY),
    ],
)
def test_a_draw_between_equal_players(player: PlayerRating) -> None:
    first, second = rate_game(player, player, 0.5, NOW)
    assert first == second
    assert first.rating == player.rating
    # below the deviation grown by the days since the last game (below 70 if played today)
    assert first.deviation < player.deviation_at(NOW)
    # and glicko2 itself, over one rating period
    new = glicko2(1500, 300, 0.06, [(1500, 300, 0.5)])
    assert new.rating == 1500
    assert new.deviation < 300


def test_deviation_grows_with_inactivity_up_to_500() -> None:
    player = PlayerRating(2100.0, 50.0, 0.06, 500, NOW)
    times = [NOW + days * DAY for days in (0, 0.001, 0.5, 1, 7, 30, 365, 3650, 36500, 1e7)]
    deviations = [player.deviation_at(t) for t in times]
    assert deviations[0] == 50.0
    assert deviations == sorted(deviations)
    assert deviations[-1] == MAX_DEVIATION
    assert all(d <= MAX_DEVIATION for d in deviations)
    growing = [d for d in deviations if d < MAX_DEVIATION]
    assert len(growing) == 8
    assert len(set(growing)) == len(growing)  # it grows from the first minutes
    # a clock behind the last game does not shrink it; a player never rated keeps theirs
    assert player.deviation_at(NOW - YEAR) == 50.0
    assert PlayerRating.new().deviation_at(NOW) == START_DEVIATION


def test_rating_periods_follow_lichess() -> None:
    """lichess chose its 0.21436 periods a day so that a deviation of 60 reaches 110 in a
    year without games: sqrt(phi^2 + periods * sigma^2), periods = days / period length."""
    assert pytest.approx(0.21436) == 1 / RATING_PERIOD_DAYS
    player = PlayerRating(1500.0, 60.0, 0.06, 100, NOW)
    assert player.deviation_at(NOW + YEAR) == pytest.approx(110, abs=0.5)
    periods = 30 / RATING_PERIOD_DAYS
    expected = SCALE * math.sqrt((60 / SCALE) ** 2 + periods * 0.06**2)
    assert player.deviation_at(NOW + 30 * DAY) == pytest.approx(expected, rel=1e-12)


def test_a_game_after_a_long_absence_moves_the_rating_more() -> None:
    opponent = PlayerRating(1500.0, 60.0, 0.06, 100, NOW)
    regular = PlayerRating(1500.0, 60.0, 0.06, 100, NOW)
    absent = PlayerRating(1500.0, 60.0, 0.06, 100, NOW - 2 * YEAR)
    after_regular, _ = rate_game(regular, opponent, 1.0, NOW)
    after_absent, _ = rate_game(absent, opponent, 1.0, NOW)
    assert after_absent.rating - 1500 > after_regular.rating - 1500 > 0
    assert after_absent.deviation > after_regular.deviation
    assert (after_absent.games, after_absent.last_rated) == (101, NOW)


def test_a_rating_stops_being_provisional_after_enough_games() -> None:
    player = PlayerRating.new()
    assert player.provisional
    assert shown(player) == "1500?"
    opponent = PlayerRating(1600.0, 60.0, 0.06, 400, NOW)
    games = 0
    while player.provisional:
        now = NOW + games * DAY
        player, _ = rate_game(player, opponent, [1.0, 0.5, 0.0][games % 3], now)
        games += 1
        assert player.provisional == (player.deviation >= PROVISIONAL_DEVIATION)
        assert shown(player).endswith("?") == player.provisional
        assert games < 40, "a player should be established after a few dozen games"
    assert player.games == games > 5
    assert shown(player) == str(math.floor(player.rating + 0.5))
    # deviations never go below lichess's floor, however many games
    for n in range(300):
        player, opponent = rate_game(player, opponent, 0.5, NOW + (games + n) * DAY)
    assert player.deviation >= MIN_DEVIATION
    assert player.deviation == pytest.approx(MIN_DEVIATION, abs=5)


def test_shown() -> None:
    assert shown(PlayerRating(1519.6, 200.0, 0.09, 3, None)) == "1520?"
    assert shown(PlayerRating(1634.4, 60.0, 0.06, 80, None)) == "1634"
    assert shown(PlayerRating(1634.5, 60.0, 0.06, 80, None)) == "1635"
    assert shown(PlayerRating(1500.0, PROVISIONAL_DEVIATION, 0.06, 9, None)) == "1500?"


def test_volatility_stays_within_lichess_cap() -> None:
    wild = PlayerRating(1500.0, 300.0, 0.5, 10, NOW)
    strong = PlayerRating(2500.0, 45.0, 0.06, 900, NOW)
    after, _ = rate_game(wild, strong, 1.0, NOW + DAY)
    assert after.volatility <= MAX_VOLATILITY


@pytest.mark.parametrize(
    "rating",
    [
        PlayerRating.new(),
        PlayerRating(1732.123456789, 87.654321, 0.0612345, 42, 1_751_234_567.891),
        PlayerRating(-3.5, 1e-300, 5e-324, 0, -1.0),
    ],
)
def test_json_round_trip(rating: PlayerRating) -> None:
    data = rating.to_json()
    assert data.keys() == {"rating", "deviation", "volatility", "games", "last_rated"}
    again = PlayerRating.from_json(json.loads(json.dumps(data)))
    assert again == rating
    assert again.to_json() == data


def test_ints_are_stored_as_floats() -> None:
    rating = PlayerRating(1500, 500, 1, 0, 1_700_000_000)
    assert [type(v) for v in (rating.rating, rating.deviation, rating.volatility)] == [float] * 3
    assert type(rating.last_rated) is float
    assert PlayerRating.from_json({**rating.to_json(), "rating": 1500}) == rating


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1500, 500, 0.09, 0, None], "must be a dictionary"),
        ({"rating": 1500.0}, "exactly the keys"),
        ({**PlayerRating.new().to_json(), "extra": 1}, "exactly the keys"),
        ({**PlayerRating.new().to_json(), "rating": "1500"}, "rating must be a number"),
        ({**PlayerRating.new().to_json(), "deviation": 0.0}, "deviation must be greater than 0"),
        ({**PlayerRating.new().to_json(), "games": 1.5}, "games must be a whole number"),
        ({**PlayerRating.new().to_json(), "games": True}, "games must be a whole number"),
        ({**PlayerRating.new().to_json(), "games": -1}, "games must be a whole number"),
        ({**PlayerRating.new().to_json(), "last_rated": "today"}, "last_rated must be a number"),
    ],
)
def test_from_json_refuses_what_is_not_a_rating(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PlayerRating.from_json(data)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((1500, 0, 0.06, []), "deviation must be greater than 0"),
        ((1500, -200, 0.06, []), "deviation must be greater than 0"),
        ((1500, 200, 0, []), "volatility must be greater than 0"),
        ((1500, 200, 0.06, [], 0), "tau must be greater than 0"),
        ((1500, 200, 0.06, [], -0.5), "tau must be greater than 0"),
        ((math.nan, 200, 0.06, []), "rating must be a finite number"),
        ((1500, math.inf, 0.06, []), "deviation must be a finite number"),
        ((1500, 200, 0.06, [], math.nan), "tau must be a finite number"),
        ((1500, 200, 0.06, [(1400, 30, 1.5)]), "result 0: score must be between 0 and 1"),
        ((1500, 200, 0.06, [(1400, 30, 1), (1400, 30, -0.5)]), "result 1: score must be"),
        ((1500, 200, 0.06, [(1400, 30, math.nan)]), "result 0: score must be a finite number"),
        ((1500, 200, 0.06, [(1400, 0, 1)]), "result 0: opponent deviation must be greater"),
        ((1500, 200, 0.06, [(-math.inf, 30, 1)]), "result 0: opponent rating must be a finite"),
        ((1500, 200, 0.06, [(1400, 30)]), "result 0 must be \\(opponent_rating"),
        ((1500, 200, 0.06, [1400]), "result 0 must be \\(opponent_rating"),
        ((1500, 200, 0.06, [(1400, 30, True)]), "result 0: score must be a number"),
        ((2 * RATING_LIMIT, 200, 0.06, []), "rating must be between -10000 and 10000"),
        ((1500, 2 * DEVIATION_LIMIT, 0.06, []), "deviation must be greater than 0 and at most"),
        ((1500, 200, 2 * VOLATILITY_LIMIT, []), "volatility must be greater than 0 and at most"),
        ((1500, 200, 0.06, [], 2 * TAU_LIMIT), "tau must be greater than 0 and at most 10"),
    ],
)
def test_glicko2_refuses_bad_numbers(arguments: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        glicko2(*arguments)


def test_player_ratings_and_games_refuse_bad_numbers() -> None:
    with pytest.raises(ValueError, match="volatility must be greater than 0"):
        PlayerRating(1500.0, 200.0, -0.06, 0, None)
    with pytest.raises(ValueError, match="last_rated must be a finite number"):
        PlayerRating(1500.0, 200.0, 0.06, 0, math.inf)
    player = PlayerRating.new()
    with pytest.raises(ValueError, match="first_score must be between 0 and 1"):
        rate_game(player, player, 2.0, NOW)
    with pytest.raises(ValueError, match="now must be a finite number"):
        rate_game(player, player, 1.0, math.nan)
    with pytest.raises(ValueError, match="now must be a finite number"):
        player.deviation_at(math.inf)


def test_start_values_are_lichess_defaults() -> None:
    assert PlayerRating.new() == PlayerRating(
        START_RATING, START_DEVIATION, START_VOLATILITY, 0, None
    )
    assert (START_RATING, START_DEVIATION, START_VOLATILITY) == (1500.0, 500.0, 0.09)


RATINGS = st.floats(-RATING_LIMIT, RATING_LIMIT)
DEVIATIONS = st.floats(0, DEVIATION_LIMIT, exclude_min=True)
VOLATILITIES = st.floats(0, VOLATILITY_LIMIT, exclude_min=True)
SCORES = st.sampled_from([0.0, 0.5, 1.0]) | st.floats(0, 1)
RESULTS = st.lists(st.tuples(RATINGS, DEVIATIONS, SCORES), max_size=8)


@settings(max_examples=300, deadline=None)
@given(RATINGS, DEVIATIONS, VOLATILITIES, RESULTS, st.floats(0, TAU_LIMIT, exclude_min=True))
def test_glicko2_gives_finite_ratings_for_any_valid_input(
    rating: float,
    deviation: float,
    volatility: float,
    results: list[tuple[float, float, float]],
    tau: float,
) -> None:
    new = glicko2(rating, deviation, volatility, results, tau)
    assert all(math.isfinite(value) for value in new)
    assert new.deviation > 0
    assert new.volatility > 0
    if len(results) == 1:
        score = results[0][2]
        if score == 1:
            assert new.rating >= rating
        elif score == 0:
            assert new.rating <= rating


PLAYERS = st.builds(
    PlayerRating,
    RATINGS,
    DEVIATIONS,
    VOLATILITIES,
    st.integers(0, 10**6),
    st.none() | st.floats(0, 4e9),
)


@settings(max_examples=200, deadline=None)
@given(PLAYERS, PLAYERS, st.sampled_from([0.0, 0.5, 1.0]), st.floats(0, 4e9))
def test_rated_games_keep_ratings_in_range(
    first: PlayerRating, second: PlayerRating, score: float, now: float
) -> None:
    one, two = rate_game(first, second, score, now)
    assert (two, one) == rate_game(second, first, 1 - score, now)
    for before, after in ((first, one), (second, two)):
        assert MIN_DEVIATION <= after.deviation <= MAX_DEVIATION
        assert 0 < after.volatility <= MAX_VOLATILITY
        assert (after.games, after.last_rated) == (before.games + 1, now)
        assert PlayerRating.from_json(json.loads(json.dumps(after.to_json()))) == after
    if score == 1:
        assert one.rating >= first.rating
        assert two.rating <= second.rating
    elif score == 0:
        assert one.rating <= first.rating
        assert two.rating >= second.rating
