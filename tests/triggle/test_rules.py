"""Triggle rules: perft data, cross-checks against the naive model, hand-built positions, errors."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trigames
from tests.triggle import naive
from trigames.core.perft import perft
from trigames.core.phrases import Phrase
from trigames.games.triggle import Band, Triggle, TriggleState
from trigames.games.triggle.rules import END_ALL_CLAIMED, END_NO_BAND, used_last_marker

DATA = Path(__file__).parent.parent / "data"
PERFT: dict[str, dict[str, int]] = json.loads((DATA / "perft" / "triggle.json").read_text())

#: The naive model's end reasons and illegal-move reasons, in the engine's words (a last
#: marker's names the seat: :func:`last_marker`).
REASONS = {naive.ALL_CLAIMED: END_ALL_CLAIMED, naive.NO_BAND: END_NO_BAND}
#: The end reason of a game ended by Blue's or by Yellow's last marker.
BLUE_OUT, YELLOW_OUT = used_last_marker("Blue"), used_last_marker("Yellow")
WHY_ILLEGAL = {
    "covers no new segment": "every segment it would cover is already covered",
    "touches no band": "it does not share a peg with any band on the board",
}


def load(spec: str = "triggle") -> Triggle:
    game = trigames.load_game(spec)
    assert isinstance(game, Triggle)
    return game


def start(spec: str = "triggle") -> TriggleState:
    return load(spec).new_initial_state()


def played(spec: str, bands: list[str]) -> TriggleState:
    state = start(spec)
    for band in bands:
        state.play(band)
    return state


def position(spec: str, **fields: Any) -> TriggleState:
    return load(spec).state_from_json(fields)


def rules_of(state: TriggleState) -> naive.NaiveRules:
    return naive.NaiveRules.from_spec(str(state.game.spec))


def closed_unclaimed(state: TriggleState) -> set[str]:
    board = state.board
    return {
        board.triangle_name(t)
        for t in range(len(board.triangles))
        if state.owner[t] < 0 and state.is_complete(t)
    }


def reason(state: TriggleState) -> str | None:
    outcome = state.outcome()
    return None if outcome is None else outcome.reason


def last_marker(markers: list[int]) -> str:
    """The end reason when the seat with no marker left in ``markers`` has used its last."""
    return used_last_marker(("Blue", "Yellow", "Red", "Green")[markers.index(0)])


def model_reason(model: naive.NaivePosition) -> str:
    """The naive model's end reason in the engine's words."""
    assert model.reason is not None
    if model.reason == naive.LAST_MARKER:
        return last_marker(model.markers)
    return REASONS[model.reason]


# --- perft ----------------------------------------------------------------------------------

#: The naive model checks every count up to this size (a million leaves take it a few seconds).
NAIVE_LIMIT = 1_000_000


@pytest.mark.parametrize("spec", sorted(PERFT))
def test_perft_matches_the_data(spec: str) -> None:
    state = start(spec)
    for depth, count in PERFT[spec].items():
        assert perft(state, int(depth)) == count
    assert state.history == []


@pytest.mark.parametrize("spec", sorted(PERFT))
def test_the_naive_model_agrees_with_the_data(spec: str) -> None:
    begin = naive.NaivePosition.start(naive.NaiveRules.from_spec(spec))
    checked = [depth for depth, count in PERFT[spec].items() if count <= NAIVE_LIMIT]
    assert checked
    for depth in checked:
        assert naive.perft(begin, int(depth)) == PERFT[spec][depth]


def test_the_perft_data_covers_the_published_game_and_its_variants() -> None:
    assert {"triggle", "triggle(touch=false)", "triggle(players=3)"} <= set(PERFT)
    assert all(PERFT[spec].keys() >= {"1", "2", "3"} for spec in PERFT)
    # Without the touch rule any second band will do: one band never covers another.
    assert PERFT["triggle(touch=false)"]["2"] == 48 * 47
    # The game ends on the first claim with one marker: fewer sequences of four bands.
    assert PERFT["triggle(markers=1)"]["4"] < PERFT["triggle"]["4"]


# --- random games, move by move against the naive model --------------------------------------

RANDOM_GAMES = [
    "triggle",
    "triggle(size=3)",
    "triggle(size=3,players=3,markers=2)",
    "triggle(size=3,players=4,touch=false)",
    "triggle(size=3,markers=999,misere=true)",
    "triggle(players=3,markers=3)",
    "triggle(players=4,touch=false,markers=5)",
    "triggle(touch=false,markers=999)",
    "triggle(markers=1,misere=true)",
    "triggle(size=5,markers=4)",
    "triggle(size=5,players=3,touch=false,misere=true,markers=6)",
    "triggle(size=5,players=4,markers=999)",
    "triggle(size=6,markers=2)",
    "triggle(size=6,players=3,touch=false,markers=4)",
    "triggle(size=6,players=4,misere=true,markers=3)",
    "triggle(size=7,touch=false,markers=3)",
    "triggle(size=7,players=3,markers=2,misere=true)",
    "triggle(size=7,touch=false,misere=true,markers=999)",
    "triggle(size=8,markers=3)",
    "triggle(size=8,players=3,markers=40)",
    "triggle(size=8,players=4,touch=false,markers=2)",
]


def assert_agree(state: TriggleState, model: naive.NaivePosition) -> None:
    """Everything observable about the engine's position matches the naive model's."""
    assert sorted(str(m) for m in state.legal_moves()) == model.legal()
    assert state.current_player == model.to_move
    assert state.scores() == model.scores()
    obj = state.to_json()
    assert obj["claims"] == model.claims
    assert obj["markers"] == model.markers
    assert sorted(obj["bands"]) == sorted(model.bands)
    assert closed_unclaimed(state) == model.closed_unclaimed()
    outcome = state.outcome()
    if model.reason is None:
        assert outcome is None
    else:
        assert outcome == trigames.Outcome(
            model.winners() or (), model.scores(), model_reason(model)
        )
        return
    for band in state.board.bands:
        why = model.why_illegal(str(band))
        assert state.illegal_reason(band) == (None if why is None else WHY_ILLEGAL[why])


@pytest.mark.parametrize("spec", RANDOM_GAMES)
def test_random_games_agree_with_the_naive_model(spec: str) -> None:
    for seed in range(2):
        state = start(spec)
        model = naive.NaivePosition.start(rules_of(state))
        rng = random.Random(f"{spec}/{seed}")
        assert_agree(state, model)
        while not state.is_over():
            band = rng.choice(state.legal_moves())
            state.play(band)
            model.play(str(band))
            assert_agree(state, model)
        # The outcome is recomputed from a saved position too.
        assert_agree(state.game.state_from_json(state.to_json()), model)


def test_the_random_games_reach_every_end() -> None:
    """The end reasons met in a few random games: each of the three occurs."""
    seen = set()
    for spec in ["triggle(size=3)", "triggle(touch=false,markers=999)", "triggle(markers=2)"]:
        state = start(spec)
        rng = random.Random(spec)
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
        why = reason(state)
        assert isinstance(why, Phrase)
        seen.add(why.template)
    assert seen == {END_ALL_CLAIMED, BLUE_OUT.template, END_NO_BAND}


# --- board facts ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", range(3, 9))
def test_board_facts(size: int) -> None:
    info = load(f"triggle(size={size})").info()
    board = naive.naive_board(size)
    n = size
    assert info["pegs"] == len(board.pegs) == 3 * n * n - 3 * n + 1
    assert info["segments"] == len(board.segments) == 3 * (n - 1) * (3 * n - 2)
    assert info["triangles"] == len(board.triangles) == 6 * (n - 1) ** 2
    assert info["bands"] == len(board.bands) == 3 * (3 * n * n - 9 * n + 4)
    assert info["players"] == 2
    assert info["markers"] == 22
    # The engine's band names are the naive model's: the same positions, named the same way.
    assert {str(band) for band in load(f"triggle(size={size})").board.bands} == board.bands


def test_the_default_board() -> None:
    info = load().info()
    assert {k: info[k] for k in ("pegs", "segments", "triangles", "bands")} == {
        "pegs": 37,
        "segments": 90,
        "triangles": 54,
        "bands": 48,
    }
    assert load("triggle(players=4,markers=7)").info()["players"] == 4
    assert load("triggle(players=4,markers=7)").info()["markers"] == 7


def test_names_follow_the_rules_page() -> None:
    board = load().board
    assert str(board.parse_band("d4-d1")) == "D1-D4"  # either end, any case
    assert str(board.parse_band("D1-A1")) == "A1-D1"  # the end first in reading order
    assert board.triangle_name(board.parse_triangle("D2-C1-D1")) == "C1-D1-D2"
    # A1 is the top-left corner and D4 the centre: bands from D4 reach the corners A4 and G1...
    assert {str(board.parse_band(b)) for b in ["D4-A4", "D4-G1", "D4-D7", "D4-D1"]} == {
        "A4-D4",
        "D4-G1",
        "D4-D7",
        "D1-D4",
    }
    # ...and on size 3 rows A and E hold three pegs: their edges take no band at all.
    small = load("triggle(size=3)").board
    assert not any(str(b)[0] == str(b)[3] == "A" for b in small.bands)


# --- the rules, one by one --------------------------------------------------------------------


def test_the_first_band_may_go_anywhere() -> None:
    for spec in ["triggle", "triggle(touch=false)", "triggle(size=3)"]:
        state = start(spec)
        assert state.legal_moves() == list(state.board.bands)
        assert position(spec).legal_moves() == list(state.board.bands)
    state = played("triggle", ["G1-G4"])  # a corner of the bottom edge
    state.undo()
    assert len(state.legal_moves()) == 48


def test_a_band_must_touch_one_already_placed() -> None:
    state = played("triggle", ["D1-D4"])
    with pytest.raises(
        trigames.IllegalMoveError,
        match="A1-A4 is not legal: it does not share a peg with any band on the board",
    ):
        state.play("A1-A4")
    assert state.illegal_reason(Band("A1-A4")) is not None
    state.play("A1-D1")  # one shared peg, at the end of both bands, is enough
    assert state.current_player == 0
    state.play("A1-A4")  # now it touches A1-D1


def test_without_the_touch_rule_a_band_may_stand_alone() -> None:
    state = played("triggle(touch=false)", ["D1-D4", "A1-A4", "G1-G4"])
    assert state.current_player == 1
    assert len(state.legal_moves()) == 45
    model = naive.NaivePosition.replay(rules_of(state), ["D1-D4", "A1-A4", "G1-G4"])
    assert sorted(str(m) for m in state.legal_moves()) == model.legal()


def test_a_band_must_cover_a_new_segment() -> None:
    state = played("triggle", ["D1-D4", "D4-D7"])
    for band in ["D1-D4", "D2-D5", "D3-D6", "D4-D7"]:
        with pytest.raises(
            trigames.IllegalMoveError,
            match=f"{band} is not legal: every segment it would cover is already covered",
        ):
            state.play(band)
    state = played("triggle", ["D1-D4"])
    state.play("D2-D5")  # three pegs and two segments shared, one segment new


def test_four_used_pegs_do_not_make_a_band_illegal() -> None:
    """The rulings count segments, not pegs: A1-D4 crosses four bands but lies on none (A2-D5,
    beside it, joins them)."""
    state = position("triggle", bands=["A1-A4", "B2-B5", "C3-C6", "D4-D7", "A2-D5"])
    assert Band("A1-D4") in state.legal_moves()
    state.play("A1-D4")
    assert state.scores() == (0, 0)


def test_one_band_closing_two_triangles_claims_both() -> None:
    state = played("triggle", ["B3-E2", "C1-F2", "A2-D2", "D4-G1", "D3-G3"])
    assert state.scores() == (0, 0)
    state.play("E1-E4")
    assert state.to_json()["claims"] == {"D3-E2-E3": 1, "E2-E3-F2": 1}
    assert state.scores() == (0, 2)
    assert state.current_player == 0
    assert state.game.describe_last_move(state) == (
        "Yellow E1-E4, claims 2 triangles: D3-E2-E3, E2-E3-F2"
    )


def test_the_rules_page_example_with_too_few_markers() -> None:
    """rules.md: Blue's last band closes two triangles with one marker left."""
    state = played("triggle(size=3,markers=2)", ["A2-D4", "B4-E2", "D1-D4", "A2-D1"])
    assert state.to_json()["claims"] == {"C4-D3-D4": 0}
    assert state.to_json()["markers"] == [1, 2]
    state.play("B1-B4")
    assert state.to_json()["claims"] == {"C4-D3-D4": 0, "A2-B2-B3": 0}  # the higher row
    assert closed_unclaimed(state) == {"B3-B4-C4"}
    assert state.outcome() == trigames.Outcome((0,), (2, 0), BLUE_OUT)
    assert state.current_player is None
    assert state.legal_moves() == []


def test_short_of_markers_the_higher_row_goes_first_even_to_the_right() -> None:
    state = played("triggle(markers=1)", ["B2-B5", "A4-D7", "A2-D5"])
    state.play("A4-D4")  # closes A4-B4-B5 (upper right) and B3-B4-C4 (lower left)
    assert state.to_json()["claims"] == {"A4-B4-B5": 1}
    assert closed_unclaimed(state) == {"B3-B4-C4"}
    assert reason(state) == YELLOW_OUT


def test_short_of_markers_in_one_row_the_left_triangle_goes_first() -> None:
    state = position("triggle(markers=1)", bands=["A1-D1", "A1-D4", "C1-F2", "A3-D3"])
    state.play("D1-D4")  # closes C1-D1-D2 and C3-D3-D4
    assert state.to_json()["claims"] == {"C1-D1-D2": 0}
    assert closed_unclaimed(state) == {"C3-D3-D4"}
    assert state.outcome() == trigames.Outcome((0,), (1, 0), BLUE_OUT)


def test_the_game_ends_when_the_mover_uses_their_last_marker() -> None:
    state = played("triggle(markers=1)", ["D1-D4", "A1-D1"])
    assert not state.is_over()
    state.play("C1-F2")
    assert state.outcome() == trigames.Outcome((0,), (1, 0), BLUE_OUT)
    # With a marker to spare the same band only claims, and play goes on.
    state = played("triggle(markers=2)", ["D1-D4", "A1-D1", "C1-F2"])
    assert state.scores() == (1, 0)
    assert state.current_player == 1


def test_a_default_two_player_game_ends_on_the_last_marker() -> None:
    """22 markers each and 54 triangles: someone runs out before the board fills."""
    for seed in range(3):
        state = start()
        rng = random.Random(seed)
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None
        mover = (len(state.history) - 1) % 2  # the seat that played the last band
        assert outcome.reason == used_last_marker(state.game.player_name(mover))
        assert state.to_json()["markers"][mover] == 0
        assert max(outcome.scores) == 22


def test_the_game_ends_when_every_triangle_is_claimed() -> None:
    state = start("triggle(players=3,markers=999)")
    rng = random.Random(7)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    assert reason(state) == END_ALL_CLAIMED
    assert sum(state.scores()) == 54
    assert all(left > 900 for left in state.to_json()["markers"])
    last = state.undo()
    assert not state.is_over()
    assert sum(state.scores()) < 54
    assert last in state.legal_moves()  # the last band still had work to do


def test_the_game_ends_when_no_band_is_left() -> None:
    """On size 3 the twelve edge segments lie under no band: twelve triangles never close."""
    state = start("triggle(size=3)")
    rng = random.Random(1)
    while not state.is_over():
        state.play(rng.choice(state.legal_moves()))
    assert reason(state) == END_NO_BAND
    assert len(state.history) == 12  # on this board every band fits
    assert sum(state.scores()) == 12
    model = naive.NaivePosition.replay(rules_of(state), [str(m) for m in state.history])
    assert model.reason == naive.NO_BAND
    unclosed = [t for t in range(24) if not state.is_complete(t)]
    assert len(unclosed) == 12


TIE = [
    "B2-E3",
    "C1-C4",
    "A1-D3",
    "B1-E2",
    "D1-D4",
    "B1-B4",
    "A3-D2",
    "B4-E2",
    "B3-E1",
    "C2-C5",
    "A2-D4",
    "A2-D1",
]


def test_no_band_left_after_a_known_game() -> None:
    state = played("triggle(size=3)", TIE[:-1])
    assert state.legal_moves() == [Band(TIE[-1])]
    assert position("triggle(size=3)", **state.to_json()).legal_moves() == [Band(TIE[-1])]
    state.play(TIE[-1])
    assert reason(state) == END_NO_BAND
    assert state.legal_moves() == []


def test_a_tie_for_the_lead_is_a_draw_between_the_tied_players() -> None:
    for spec in ["triggle(size=3)", "triggle(size=3,misere=true)"]:
        state = played(spec, TIE)
        outcome = state.outcome()
        assert outcome == trigames.Outcome((0, 1), (6, 6), END_NO_BAND)
        assert outcome.is_draw


def test_a_tie_between_two_of_three_players() -> None:
    bands = ["A2-D1", "A2-D4", "B2-E3", "A3-D2", "D1-D4", "C2-C5"]
    bands += ["B3-E1", "B4-E2", "C1-C4", "A1-D3", "B1-B4", "B1-E2"]
    state = played("triggle(size=3,players=3)", bands)
    assert state.outcome() == trigames.Outcome((1, 2), (0, 6, 6), END_NO_BAND)
    state = played("triggle(size=3,players=3,misere=true)", bands)
    assert state.outcome() == trigames.Outcome((0,), (0, 6, 6), END_NO_BAND)


def test_misere_fewest_triangles_win() -> None:
    bands = ["B2-E3", "C1-C4", "A1-D3", "B1-E2", "D1-D4", "B1-B4", "A3-D2"]
    state = played("triggle(size=3,players=3,markers=2)", bands)
    assert state.outcome() == trigames.Outcome((0,), (2, 0, 0), BLUE_OUT)
    state = played("triggle(size=3,players=3,markers=2,misere=true)", bands)
    assert state.outcome() == trigames.Outcome((1, 2), (2, 0, 0), BLUE_OUT)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_go_round_in_seat_order(players: int) -> None:
    """Bands that close nothing, then one that closes a triangle: the mover owns it."""
    game = load(f"triggle(players={players})")
    state = game.new_initial_state()
    opening = ["D4-D7", "D4-G1", "D1-D4", "A1-D1", "A1-A4"]
    seats = []
    for band in opening:
        seats.append(state.current_player)
        state.play(band)
        assert state.scores() == (0,) * players
    seats.append(state.current_player)
    state.play("C1-F2")
    assert seats == [i % players for i in range(6)]
    mover = 5 % players
    assert state.to_json()["claims"] == {"C1-D1-D2": mover}
    assert game.describe_last_move(state).startswith(game.player_name(mover))
    assert state.current_player == (mover + 1) % players
    assert [game.player_name(i) for i in range(players)] == ["Blue", "Yellow", "Red", "Green"][
        :players
    ]


def test_to_move_follows_the_bands_unless_seats_left() -> None:
    with pytest.raises(trigames.PositionError, match="'to_move' must be 2: 2 bands on the board"):
        position("triggle(players=4)", bands=["D1-D4", "A1-D1"], to_move=3)
    state = position(
        "triggle(players=4)", bands=["D1-D4", "A1-D1"], to_move=3, endings=["resign 2"]
    )
    state.play("C1-F2")
    assert state.to_json()["claims"] == {"C1-D1-D2": 3}
    assert state.to_json()["markers"] == [22, 22, 22, 21]
    assert state.current_player == 0


def test_a_saved_finished_position_keeps_its_result() -> None:
    state = played("triggle(size=3,players=3,markers=2)", ["B2-E3", "C1-C4", "A1-D3", "B1-E2"])
    state.play("D1-D4")
    state.play("B1-B4")
    state.play("A3-D2")
    again = state.game.state_from_json(state.to_json())
    assert again.outcome() == state.outcome()
    assert again.current_player is None


# --- properties -------------------------------------------------------------------------------


@st.composite
def specs(draw: st.DrawFn) -> str:
    size = draw(st.integers(3, 5))
    players = draw(st.integers(2, 4))
    markers = draw(st.integers(1, 30))
    touch = draw(st.booleans())
    misere = draw(st.booleans())
    options = f"size={size},players={players},markers={markers}"
    options += f",touch={str(touch).lower()},misere={str(misere).lower()}"
    return f"triggle({options})"


def check_invariants(state: TriggleState) -> None:
    game = state.game
    total = len(state.board.triangles)
    obj = state.to_json()
    claims: dict[str, int] = obj["claims"]
    markers: list[int] = obj["markers"]
    unclaimed = closed_unclaimed(state)
    assert not unclaimed & set(claims)
    assert len(claims) + len(unclaimed) <= total
    for seat in range(game.num_players):
        mine = sum(1 for owner in claims.values() if owner == seat)
        assert mine <= game.markers
        assert mine + markers[seat] == game.markers
        assert state.scores()[seat] == mine
    assert all(state.is_complete(state.board.parse_triangle(name)) for name in claims)
    if unclaimed:  # only a mover out of markers leaves a closed triangle, and that ends the game
        assert reason(state) == last_marker(markers)
    # The end conditions, checked independently of the engine's own bookkeeping.
    model = naive.NaivePosition.from_json(rules_of(state), {**obj, "to_move": 0})
    ends = [
        (len(claims) == total, END_ALL_CLAIMED),
        (0 in markers, last_marker(markers) if 0 in markers else None),
        (not model.legal(), END_NO_BAND),
    ]
    expected = next((why for holds, why in ends if holds), None)
    assert reason(state) == expected
    assert state.is_over() == (expected is not None)
    outcome = state.outcome()
    if outcome is not None:
        best = min(outcome.scores) if game.misere else max(outcome.scores)
        assert outcome.winners == tuple(s for s, n in enumerate(outcome.scores) if n == best)
        # Every segment lies under some band on boards of size 4 and up: the board runs out of
        # triangles before it runs out of bands. On size 3 twelve triangles never close.
        assert outcome.reason != (END_NO_BAND if game.board.size > 3 else END_ALL_CLAIMED)


@settings(max_examples=40, deadline=None)
@given(spec=specs(), seed=st.integers(0, 2**32))
def test_invariants_hold_through_random_games(spec: str, seed: int) -> None:
    state = start(spec)
    pegs = naive.naive_board(state.board.size).band_pegs
    used: set[tuple[int, int]] = set()
    rng = random.Random(seed)
    check_invariants(state)
    while not state.is_over():
        band = rng.choice(state.legal_moves())
        if state.game.touch and used:
            assert used & set(pegs[str(band)])
        used |= set(pegs[str(band)])
        state.play(band)
        check_invariants(state)
    assert len(state.history) <= len(state.board.bands)


@settings(max_examples=30, deadline=None)
@given(spec=specs(), seed=st.integers(0, 2**32), plies=st.integers(0, 30))
def test_positions_mid_game_agree_with_the_naive_model(spec: str, seed: int, plies: int) -> None:
    state = start(spec)
    rng = random.Random(seed)
    while not state.is_over() and len(state.history) < plies:
        state.play(rng.choice(state.legal_moves()))
    loaded = state.game.state_from_json(state.to_json())
    model = naive.NaivePosition.from_json(rules_of(state), state.to_json())
    assert_agree(loaded, model)


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "text", "message"),
    [
        ("triggle", "D1", "write two points joined by '-'"),
        ("triggle", "D1-D4-D7", "write two points joined by '-'"),
        ("triggle", "D1-D1", "its two points are the same"),
        ("triggle", "D1-D3", "its ends must be 4 pegs apart on one line"),
        ("triggle", "D1-E4", "its ends must be 4 pegs apart on one line"),
        ("triggle", "A1-D7", "its ends must be 4 pegs apart on one line"),
        ("triggle", "Z1-Z4", "rows run from A to G"),
        ("triggle", "A1-A5", "row A has points 1 to 4"),
        ("triggle", "x-D4", "'x' is not a point name like A1"),
        ("triggle(size=3)", "A1-A4", "row A has points 1 to 3"),
        ("triggle(size=3)", "D1-G1", "rows run from A to E"),
    ],
)
def test_malformed_bands(spec: str, text: str, message: str) -> None:
    with pytest.raises(trigames.MoveParseError, match=re.escape(message)) as error:
        start(spec).play(text)
    assert str(error.value).startswith(f"{text!r} is not a band: ")


def test_a_band_from_another_board_is_not_on_this_one() -> None:
    state = start("triggle(size=3)")
    reason = state.illegal_reason(Band("A1-A4"))
    assert reason is not None
    assert reason.startswith("'A1-A4' is not a band: 'A4': row A has points 1 to 3")
    with pytest.raises(trigames.IllegalMoveError, match="row A has points 1 to 3"):
        state.play(Band("A1-A4"))


def test_a_band_object_not_written_canonically_says_how_to_write_it() -> None:
    with pytest.raises(trigames.IllegalMoveError, match="not written canonically: play D1-D4"):
        start().play(Band("D4-D1"))
    start().play("D4-D1")  # the text is read in either order


def test_no_move_after_the_end() -> None:
    state = played("triggle(markers=1)", ["D1-D4", "A1-D1", "C1-F2"])
    with pytest.raises(trigames.GameOverError, match="cannot play G1-G4: the game is over"):
        state.play("G1-G4")
    with pytest.raises(trigames.MoveParseError):  # the notation is checked first
        state.play("G1-G5")


BAD_POSITIONS = json.loads((DATA / "triggle" / "bad_positions.json").read_text())["positions"]


@pytest.mark.parametrize("case", BAD_POSITIONS, ids=[case["case"] for case in BAD_POSITIONS])
def test_impossible_positions_are_refused(case: dict[str, Any]) -> None:
    """Hand-made positions no game reaches (tests/data/triggle/bad_positions.json)."""
    with pytest.raises(trigames.PositionError) as refused:
        load(case["spec"]).state_from_json(case["position"])
    assert case["error"] in str(refused.value)


def test_the_band_check_is_exact_on_the_small_board() -> None:
    """Every set of bands that play can reach loads, and every other set is refused for its
    bands: with ``touch`` the reachable sets are exactly the connected ones (the rules page,
    section Positions, says why). Checked for all 4096 sets of the 12 bands of size 3."""
    game = load("triggle(size=3,markers=99)")
    board = game.board
    reached = {0}
    state = game.new_initial_state()

    def explore() -> None:
        for band in state.legal_moves():
            state.play(band)
            if state.placed not in reached:
                reached.add(state.placed)
                explore()
            state.undo()

    explore()
    assert len(reached) == 4066
    everything = set(range(1 << len(board.bands)))
    refused = set()
    for placed in everything:
        bands = [str(board.bands[i]) for i in range(len(board.bands)) if placed >> i & 1]
        try:
            game.state_from_json({"bands": bands, "to_move": None})
        except trigames.PositionError as error:
            if "'bands' fall apart" in str(error):
                refused.add(placed)
    assert refused == everything - reached


def test_without_touch_bands_need_not_meet() -> None:
    state = position("triggle(touch=false)", bands=["A1-A4", "G1-G4"], to_move=0)
    assert state.legal_moves() == [b for b in state.board.bands if str(b) not in ("A1-A4", "G1-G4")]


def test_the_last_marker_goes_to_the_upper_triangle_as_a_position() -> None:
    """The band that ended the game by a last marker is found among those on the board."""
    fields = {"bands": ["B2-B5", "A4-D7", "A2-D5", "A4-D4"], "markers": [1, 0], "to_move": None}
    state = position("triggle(markers=1)", claims={"A4-B4-B5": 1}, **fields)
    assert state.outcome() == trigames.Outcome((1,), (0, 1), YELLOW_OUT)
    with pytest.raises(trigames.PositionError, match="no band on the board fits"):
        position("triggle(markers=1)", claims={"B3-B4-C4": 1}, **fields)


def test_with_three_players_the_turn_is_not_checked_once_seats_left() -> None:
    """Seats that left (``endings``) change the order of turns from then on, and a position
    does not say when they left: any seat may be to move."""
    state = load("triggle(players=3)").new_initial_state()
    state.play("resign 1")
    state.play("D1-D4")
    state.play("A1-D1")
    position_json = state.to_json()
    assert position_json["to_move"] == 0
    assert load("triggle(players=3)").state_from_json(position_json).current_player == 0
    del position_json["endings"]  # then nobody has left: the bands give the turn
    with pytest.raises(trigames.PositionError, match="'to_move' must be 2: 2 bands"):
        load("triggle(players=3)").state_from_json(position_json)


def test_a_finished_position_names_no_player_to_move() -> None:
    state = played("triggle(markers=1)", ["D1-D4", "A1-D1", "C1-F2"])
    finished = state.to_json()
    assert finished["to_move"] is None
    with pytest.raises(
        trigames.PositionError,
        match=re.escape(f"the game is over ({BLUE_OUT}): 'to_move' must be null"),
    ):
        load("triggle(markers=1)").state_from_json({**finished, "to_move": 1})
    assert load("triggle(markers=1)").state_from_json(finished).outcome() == state.outcome()


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("triggle(size=2)", trigames.OptionValueError, "option 'size' cannot be '2'"),
        ("triggle(size=9)", trigames.OptionValueError, "it takes an integer from 3 to 8"),
        ("triggle(players=1)", trigames.OptionValueError, "an integer from 2 to 4"),
        ("triggle(players=5)", trigames.OptionValueError, "option 'players' cannot be '5'"),
        ("triggle(markers=0)", trigames.OptionValueError, "an integer from 1 to 999"),
        ("triggle(markers=many)", trigames.OptionValueError, "option 'markers' cannot be"),
        ("triggle(touch=yes)", trigames.OptionValueError, "it takes true or false"),
        ("triggle(misere=1)", trigames.OptionValueError, "option 'misere' cannot be '1'"),
        (
            "triggle(colour=red)",
            trigames.UnknownOptionError,
            "game 'triggle' has no option 'colour'; its options are: "
            "size, players, markers, touch, misere",
        ),
        ("triggle(size=4,size=5)", trigames.SpecSyntaxError, "option 'size' is given twice"),
        ("triggle(size)", trigames.SpecSyntaxError, "bad option 'size'"),
        ("triggle(size=3", trigames.SpecSyntaxError, "bad spec string"),
        ("triggles", trigames.UnknownGameError, "unknown game 'triggles'"),
    ],
)
def test_bad_specs(spec: str, error: type[trigames.SpecError], message: str) -> None:
    assert issubclass(error, trigames.SpecError)
    with pytest.raises(error, match=re.escape(message)):
        trigames.load_game(spec)


def test_spec_options_are_case_and_space_tolerant_and_canonical() -> None:
    game = load("Triggle( misere = TRUE , players=3 )")
    assert str(game.spec) == "triggle(players=3,misere=true)"
    assert game.misere
    assert game.num_players == 3
    assert str(load("triggle(size=4,markers=22,touch=true)").spec) == "triggle"
