"""Tricolor's words for people are phrases: the same English as ever, which a French page says
in French (seat and piece colours translated, lozenges and places as they are written)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.phrases import untranslated
from tests.tricolor.test_explain import after
from trigames.core.errors import MoveParseError
from trigames.core.phrases import Phrase, said
from trigames.web.i18n import say

#: Words of the English templates that no French line may keep.
ENGLISH = ("completes", "moves again", "lozenge", "crown", "empty", "tap", "game", " is ", "no ")


def template_and_values(text: str) -> tuple[Any, dict[str, Any]]:
    """A phrase's JSON for the pages, :func:`~trigames.core.phrases.said`, as its parts."""
    made = said(text)
    assert isinstance(made, list)
    assert len(made) == 2
    return made[0], made[1]


def french(text: str) -> str:
    """``text`` said in French, checked to be a phrase that keeps none of its English."""
    assert isinstance(text, Phrase)
    words = say(text, "fr")
    assert words != str(text)
    assert not [word for word in ENGLISH if word in words], words
    return words


def test_a_crown_and_its_extra_move() -> None:
    state = after("tricolor(size=2)", ["C2-C3", "A2-B3", "B3-C3"])
    line = state.game.describe_last_move(state)
    assert line == "White B3-C3 (yellow); completes a crown at B2; moves again"
    template, values = template_and_values(line)
    assert template == "{seat} {move} ({colour}); {effects}"
    assert values["seat"] == ["White"]
    assert values["colour"] == ["yellow"]
    assert values["move"] == "B3-C3"
    assert french(line) == "Blanc B3-C3 (jaune) ; complète une couronne en B2 ; rejoue"


def test_a_hexagon_scores() -> None:
    state = after("tricolor(size=2)", ["C1-C2", "C3-D3", "B3-C3", "B3-B4", "A2-B3"])
    line = state.game.describe_last_move(state)
    assert line == "Black A2-B3 (green); completes a hexagon at B3; +1"
    assert french(line) == "Noir A2-B3 (vert) ; complète un hexagone en B3 ; +1"


def test_two_empty_triangles_are_counted_and_their_places_kept() -> None:
    pieces = "E5-E6 C2-D3 D3-E2 F1-F2 A1-B2 E5-F4 D1-D2 D5-E5 A3-B3 C1-C2 B3-C4 C6-D6 F2-F3"
    state = after("tricolor(size=3)", pieces.split())
    line = state.game.describe_last_move(state)
    assert line == "Black F2-F3 (orange); completes 2 empty triangles E2-E3-F2, F2-G1-G2; -2"
    done = template_and_values(line)[1]["effects"][1]["done"]
    assert done == [
        ["an empty triangle {places}", "{count} empty triangles {places}"],
        {"count": 2, "places": "E2-E3-F2, F2-G1-G2"},
    ]
    assert french(line) == (
        "Noir F2-F3 (orange) ; complète 2 triangles vides E2-E3-F2, F2-G1-G2 ; -2"
    )


def test_the_last_move_and_why_the_game_ended() -> None:
    pieces = "B3-B4 A2-B3 C2-D1 B1-B2 D2-E2 C3-D2 C4-C5 D3-E3 B3-C3"
    state = after("tricolor(size=2)", pieces.split())
    line = state.game.describe_last_move(state)
    assert line == (
        "White B3-C3 (yellow); completes a hexagon at B3, an empty triangle B2-C2-C3; +0; "
        "ends the game: +1 for the last move"
    )
    assert french(line) == (
        "Blanc B3-C3 (jaune) ; complète un hexagone en B3, un triangle vide B2-C2-C3 ; +0 ; "
        "termine la partie : +1 pour le dernier coup"
    )
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == "no orange lozenge is left"
    assert said(outcome.reason) == ["no {colour} lozenge is left", {"colour": ["orange"]}]
    assert french(outcome.reason) == "il ne reste aucun losange orange"


def test_seats_and_the_guide() -> None:
    state = after("tricolor(size=2,players=4)", ["C2-C3"])
    game = state.game
    assert [say(game.player_name(seat), "fr") for seat in range(4)] == [
        "Blanc",
        "Noir",
        "Rouge",
        "Bleu",
    ]
    assert all(isinstance(name, Phrase) for name in game.seat_names)
    guide = game.input_guide(state)
    assert guide == "tap where your green lozenge goes"
    assert french(guide) == "touchez l’endroit où va votre losange vert"  # noqa: RUF001
    nothing = game.describe_last_move(after("tricolor", []))
    assert french(nothing) == "aucun coup pour l’instant"  # noqa: RUF001


@pytest.mark.parametrize(
    ("piece", "english", "words"),
    [
        (
            "B2-B3",
            "it is orange, and green is due",
            "il est orange, or c’est un losange vert qu’il faut poser",  # noqa: RUF001
        ),
        ("C2-C3", "it overlaps a piece already on the board", "il chevauche une pièce déjà posée"),
    ],
)
def test_why_a_piece_is_refused(piece: str, english: str, words: str) -> None:
    state = after("tricolor(size=2)", ["C2-C3"])
    reason = state.illegal_reason(state.parse_move(piece))
    assert reason == english
    assert reason is not None
    assert french(reason).startswith(words)


def test_a_misspelt_lozenge() -> None:
    state = after("tricolor(size=2)", [])
    with pytest.raises(MoveParseError) as raised:
        state.parse_move("A1-A3")
    message = raised.value.args[0]
    assert str(raised.value) == (
        "'A1-A3' is not a lozenge: its ends must be neighbouring points, and not both on the "
        "board's edge"
    )
    assert template_and_values(message)[1] == {"text": "'A1-A3'"}
    assert french(message).startswith("'A1-A3' n’est pas un losange : ses extrémités")  # noqa: RUF001


@pytest.mark.parametrize(
    ("pieces", "piece", "english"),
    [
        (
            ["C2-C3", "A2-B3"],
            "B3-C3",
            "completes a crown at B2, moves again and can score 1 more with orange B3-B4",
        ),
        (
            ["B1-B2", "B2-C3", "A3-B3", "C4-C5", "C2-D2", "D2-E1"],
            "C1-C2",
            "completes a crown at D1, moves again and can earn another with green B3-C4",
        ),
        (
            ["C3-C4", "B1-C2", "C2-D1", "D3-D4", "A1-B2", "A3-B3"],
            "B2-B3",
            "completes a crown at A2, moves again but must then lose 2 points",
        ),
        (
            ["C1-C2", "C3-D3", "B3-C3", "B3-B4"],
            "A2-B3",
            "completes a hexagon at B3 (+1) and leaves White nothing to complete in yellow",
        ),
        (
            ["D3-D4", "C3-D3", "A2-B2"],
            "C2-C3",
            "completes nothing and forces White to lose 1 point",
        ),
        (
            ["C4-C5"],
            "D3-E3",
            "completes nothing but lets White earn an extra move with yellow C4-D3",
        ),
        (
            ["C4-C5", "C3-D3", "A2-B2", "C1-C2", "D3-E3", "D2-E1", "B3-B4"],
            "B2-C3",
            "completes an empty triangle B3-C3-C4 (-1) and ends the game (+1 for the last move) "
            "and wins -1 to -2",
        ),
    ],
)
def test_the_hints_are_phrases_all_french(pieces: list[str], piece: str, english: str) -> None:
    state = after("tricolor(size=2)", pieces)
    why = state.game.explain_move(state, state.parse_move(piece))
    assert why == english
    assert not untranslated(why)
    french(why)


def test_a_hint_in_french() -> None:
    state = after("tricolor", ["D4-D5"])
    why = state.game.explain_move(state, state.parse_move("D5-E6"))
    assert why == "completes nothing but lets White score 1 with yellow C5-D5"
    lets = [
        "lets {seat} score {count} with {colour} {piece}",
        "lets {seat} score {count} with {colour} {piece}",
    ]
    assert said(why) == [
        "{first} {but}",
        {
            "first": ["completes nothing"],
            "but": [
                "but {clause}",
                {
                    "clause": [
                        lets,
                        {"count": 1, "seat": ["White"], "colour": ["yellow"], "piece": "C5-D5"},
                    ]
                },
            ],
        },
    ]
    assert french(why) == (
        "ne complète rien mais laisse Blanc marquer 1 point avec le losange jaune C5-D5"
    )
    end = after("tricolor(size=2)", ["D3-D4", "B3-C4", "D2-E1", "C1-C2", "C3-D3", "A2-B2"])
    last = end.game.explain_move(end, end.parse_move("C2-C3"))
    assert french(last) == (
        "complète 2 triangles vides B2-B3-C3, C2-D1-D2 (-2) ; termine la partie "
        "(+1 pour le dernier coup) et perd -1 à 0"
    )
