"""Triggle's words for people are phrases: the same English as ever, their seats phrases and
their notation plain, and French from the catalogue (trigames.core.phrases, trigames.web.i18n)."""

from __future__ import annotations

import pytest

import trigames
from tests.phrases import untranslated
from tests.triggle.test_explain import after
from trigames.core.phrases import Phrase, said
from trigames.games.triggle import Band
from trigames.web.i18n import say

#: The first bands of a game: the third claims a triangle.
OPENING = ["D1-D4", "A1-D1", "C1-F2"]
#: Bands of a game on size 3 after which B1-E2 ends it.
ENDGAME = ["A2-D1", "A2-D4", "B2-E3", "A3-D2", "D1-D4", "C2-C5", "B3-E1", "B4-E2", "C1-C4",
           "A1-D3", "B1-B4"]  # fmt: skip


def phrase(text: object) -> Phrase:
    assert isinstance(text, Phrase), f"{text!r} is not a phrase"
    return text


def french(text: object) -> str:
    """``text`` in French, checked to be French: a phrase not said as its English."""
    words = say(phrase(text), "fr")
    assert words != text
    return words


def test_the_seats_are_colours_in_french() -> None:
    game = trigames.load_game("triggle(players=4)")
    names = [phrase(game.player_name(seat)) for seat in range(4)]
    assert names == ["Blue", "Yellow", "Red", "Green"]
    assert [french(name) for name in names] == ["Bleu", "Jaune", "Rouge", "Vert"]
    state = after("triggle", OPENING)
    assert 'data-owner-name="Blue"' in game.render_svg(state)  # the English, as before


def test_a_band_that_claims_nothing() -> None:
    state = after("triggle", OPENING[:1])
    line = phrase(state.game.describe_last_move(state))
    assert line == "Blue D1-D4"
    assert said(line) == ["{seat} {band}", {"seat": ["Blue"], "band": "D1-D4"}]
    assert french(line) == "Bleu D1-D4"


def test_a_band_that_claims_one_triangle() -> None:
    state = after("triggle", OPENING)
    line = phrase(state.game.describe_last_move(state))
    assert line == "Blue C1-F2, claims 1 triangle: C1-D1-D2"
    values = {"count": 1, "seat": ["Blue"], "band": "C1-F2", "triangles": "C1-D1-D2"}
    assert said(line) == [
        [
            "{seat} {band}, claims {count} triangle: {triangles}",
            "{seat} {band}, claims {count} triangles: {triangles}",
        ],
        values,
    ]
    assert french(line) == "Bleu C1-F2, prend 1 triangle : C1-D1-D2"


def test_a_band_that_claims_two_triangles() -> None:
    state = after("triggle", ["B3-E2", "C1-F2", "A2-D2", "D4-G1", "D3-G3", "E1-E4"])
    line = phrase(state.game.describe_last_move(state))
    assert line == "Yellow E1-E4, claims 2 triangles: D3-E2-E3, E2-E3-F2"
    assert french(line) == "Jaune E1-E4, prend 2 triangles : D3-E2-E3, E2-E3-F2"


def test_the_status_line_names_the_seats() -> None:
    """Triggle's status is the scores (``Game.status``), the seats said in French."""
    state = after("triggle", OPENING)
    status = phrase(state.game.status(state))
    assert status == "Score: Blue 1, Yellow 0"
    assert "Bleu 1" in french(status)


def test_no_move_yet() -> None:
    state = after("triggle", [])
    assert french(state.game.describe_last_move(state)) == "aucun coup pour l\u2019instant"


def test_the_last_marker_names_the_seat_that_used_it() -> None:
    state = after("triggle(markers=1)", OPENING)
    outcome = state.outcome()
    assert outcome is not None
    reason = phrase(outcome.reason)
    assert reason == "Blue used their last marker"
    assert said(reason) == ["{seat} used their last marker", {"seat": ["Blue"]}]
    assert french(reason) == "Bleu a utilisé son dernier marqueur"
    # Read back from its position, the game names the same seat.
    again = state.game.state_from_json(state.to_json()).outcome()
    assert again is not None
    assert said(again.reason) == said(reason)


@pytest.mark.parametrize(
    ("spec", "english", "words"),
    [
        ("triggle(markers=999)", "every triangle is claimed", "tous les triangles sont pris"),
        # On size 3 the edge segments lie under no band: their triangles never close.
        ("triggle(size=3)", "no legal band is left", "il ne reste aucun élastique jouable"),
    ],
)
def test_the_other_ends(spec: str, english: str, words: str) -> None:
    state = after(spec, [])
    while not state.is_over():
        state.play(state.legal_moves()[0])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == english
    assert french(outcome.reason) == words


def test_why_a_band_is_refused() -> None:
    state = after("triggle", ["A1-A4"])
    away = phrase(state.illegal_reason(Band("G1-G4")))
    assert away == "it does not share a peg with any band on the board"
    assert french(away) == "il n\u2019a aucun picot en commun avec un élastique du plateau"
    assert french(state.illegal_reason(Band("A1-A4"))) == (
        "tous les segments qu\u2019il couvrirait sont déjà couverts"
    )
    backwards = phrase(state.illegal_reason(Band("D4-A1")))
    assert backwards == "it is not written canonically: play A1-D4 or the text 'D4-A1'"
    assert said(backwards) == [
        "it is not written canonically: play {band} or the text {text}",
        {"band": "A1-D4", "text": "'D4-A1'"},
    ]
    assert french(backwards) == (
        "il n\u2019est pas écrit sous sa forme usuelle : jouez A1-D4 ou le texte 'D4-A1'"
    )
    with pytest.raises(trigames.IllegalMoveError, match="does not share a peg"):
        state.play("G1-G4")


@pytest.mark.parametrize(
    ("text", "english", "words"),
    [
        (
            "A1-B1",
            "'A1-B1' is not a band: its ends must be 4 pegs apart on one line",
            "'A1-B1' n\u2019est pas un élastique : ses bouts doivent être à 4 picots "
            "l\u2019un de l\u2019autre sur une même ligne",
        ),
        (  # the lattice's own words stay English for now
            "A1",
            "'A1' is not a band: write two points joined by '-'; a band is written by its end "
            "pegs, like A1-A4",
            "'A1' n\u2019est pas un élastique : write two points joined by '-' ; un élastique "
            "s\u2019écrit par les picots de ses bouts, comme A1-A4",
        ),
    ],
)
def test_a_band_badly_written(text: str, english: str, words: str) -> None:
    state = after("triggle", [])
    with pytest.raises(trigames.MoveParseError) as raised:
        state.parse_move(text)
    error = phrase(raised.value.args[0])
    assert error == str(raised.value) == english
    assert french(error) == words


def test_the_guide() -> None:
    game = trigames.load_game("triggle")
    guide = phrase(game.input_guide(game.new_initial_state()))
    assert guide == "tap the two end pegs of a band"
    assert french(guide) == "touchez les deux picots aux bouts d\u2019un élastique"


@pytest.mark.parametrize(
    ("spec", "bands", "band", "english"),
    [
        ("triggle", [], "D1-D4", "claims nothing and gives nothing away"),
        (
            "triggle(size=3)",
            ["B4-E2", "C1-C4", "A2-D1"],
            "B2-E3",
            "claims 2 triangles (B2-C2-C3, C3-C4-D3) and leaves none for Blue to close",
        ),
        (
            "triggle",
            OPENING[:2],
            "C1-F2",
            "claims C1-D1-D2 but lets Yellow close 1 triangle with one band",
        ),
        (
            "triggle(size=3)",
            ENDGAME,
            "B1-E2",
            "claims 4 triangles and wins 8-4",
        ),
        (
            "triggle(size=3,misere=true)",
            ["B4-E2", "C1-C4", "A2-D1", "D1-D4", "B1-E2"],
            "C2-C5",
            "claims nothing and forces Blue to close 1 triangle or more",
        ),
        (  # letting the next player close a triangle is no threat in misère: no "but"
            "triggle(misere=true)",
            ["A4-D4"],
            "D2-D5",
            "claims nothing and lets Blue close 1 triangle with one band",
        ),
    ],
)
def test_the_hints_are_phrases_all_french(
    spec: str, bands: list[str], band: str, english: str
) -> None:
    state = after(spec, bands)
    why = phrase(state.game.explain_move(state, state.parse_move(band)))
    assert why == english
    assert not untranslated(why)
    french(why)


def test_a_hint_in_french() -> None:
    state = after("triggle", OPENING[:2])
    why = phrase(state.game.explain_move(state, state.parse_move("C1-F2")))
    lets = [
        "lets {seat} close {count} triangle with one band",
        "lets {seat} close {count} triangles with one band",
    ]
    assert said(why) == [
        "{first} {but}",
        {
            "first": ["claims {triangle}", {"triangle": "C1-D1-D2"}],
            "but": ["but {clause}", {"clause": [lets, {"count": 1, "seat": ["Yellow"]}]}],
        },
    ]
    assert french(why) == (
        "prend C1-D1-D2 mais laisse Jaune fermer 1 triangle d\u2019un seul élastique"
    )
