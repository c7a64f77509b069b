"""Trig's words for people are phrases: the same English as before, which a page can say in
its language (:mod:`trigames.core.phrases`): seats as phrases, cells as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import trigames
from tests.phrases import untranslated
from tests.trig.test_rules import load, position
from trigames.core.phrases import Phrase, said
from trigames.games.trig import TrigMove
from trigames.web.i18n import say

DOUBLE_WINS = json.loads(
    (Path(__file__).parent.parent / "data" / "trig" / "double_wins.json").read_text()
)["wins"]


def phrase(text: str) -> Phrase:
    assert isinstance(text, Phrase)
    return text


def test_a_placement_names_its_seat_and_cell() -> None:
    game = load()
    state = game.new_initial_state()
    assert phrase(game.describe_last(state)) == "no move yet"
    assert say(game.describe_last(state), "fr") == "aucun coup pour l\u2019instant"
    state.play("G6")
    line = phrase(game.describe_last(state))
    assert line == "White G6"
    assert said(line) == ["{seat} {cell}", {"seat": ["White"], "cell": "G6"}]
    assert say(line, "fr") == "Blanc G6"
    assert [say(phrase(name), "fr") for name in game.seat_names] == ["Blanc", "Noir"]
    guide = phrase(game.input_guide(state))
    assert guide == "tap a cell to place a peg"
    assert say(guide, "fr") == "touchez une case pour y poser un pion"


def test_a_capture_and_the_status() -> None:
    game = load()
    state = position(["F7", "H7"], ["G8", "H6"])
    status = phrase(game.status(state))
    assert status == "Pegs: White 2, Black 2"
    assert said(status) == [
        "Pegs: {white} {white_count}, {black} {black_count}",
        {"white": ["White"], "white_count": 2, "black": ["Black"], "black_count": 2},
    ]
    assert say(status, "fr") == "Pions : Blanc 2, Noir 2"
    state.play("G9xG8")
    line = phrase(game.describe_last(state))
    assert line == "White G9, capturing G8"
    assert said(line) == [
        "{seat} {cell}, capturing {captured}",
        {"seat": ["White"], "cell": "G9", "captured": "G8"},
    ]
    assert say(line, "fr") == "Blanc G9, prend G8"
    assert say(game.status(state), "fr") == "Pions : Blanc 4, Noir 1"


def test_the_swap_turns_the_first_peg_black() -> None:
    game = load("trig(swap=true)")
    state = game.new_initial_state()
    state.play("G6")
    state.play("swap")
    assert phrase(game.status(state)) == "Pegs: White 0, Black 1"
    assert say(game.status(state), "fr") == "Pions : Blanc 0, Noir 1"


def test_a_win_and_a_draw_say_why() -> None:
    state = position(["G8", "G9", "F10", "E10", "E11", "H7"], ["F9", "H6"])
    state.play("E8xF9")
    outcome = state.outcome()
    assert outcome is not None
    reason = phrase(outcome.reason)
    assert reason == "links a Pillar to the edge"
    assert said(reason) == ["links a Pillar to the edge"]
    assert say(reason, "fr") == "relie un Pilier au bord"
    # Every pink cell White's and every green one Black's but A3, the last placement left.
    game = load()
    named = [(game.board.names.name(c), (c[0] - c[1]) % 3) for c in game.board.cells]
    white = [name for name, colour in named if colour == 1]
    black = [name for name, colour in named if colour == 2 and name != "A3"]
    state = position(white, black, to_move=1)
    state.play("A3")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.is_draw
    assert phrase(outcome.reason) == "no legal placement is left"
    assert say(outcome.reason, "fr") == "il ne reste aucune pose possible"


def test_a_win_in_three_ways_names_them_all() -> None:
    case = next(c for c in DOUBLE_WINS if c["moves"][-1] == "G9xG8" and "trigger" in c["spec"])
    state = load(case["spec"]).new_initial_state()
    for move in case["moves"]:
        state.play(move)
    outcome = state.outcome()
    assert outcome is not None
    reason = phrase(outcome.reason)
    assert reason == "links a Pillar to the edge, links two Pillars and encloses a Pillar"
    assert said(reason) == [
        "{first} and {last}",
        {
            "first": [
                "{first}, {second}",
                {"first": ["links a Pillar to the edge"], "second": ["links two Pillars"]},
            ],
            "last": ["encloses a Pillar"],
        },
    ]
    french = say(reason, "fr")
    for way in ("relie un Pilier au bord", "relie deux Piliers", "encercle un Pilier"):
        assert way in french


@pytest.mark.parametrize(
    ("move", "english", "french"),
    [
        (
            "A1",
            "that cell is a Pillar or a separator, which never hold pegs",
            "cette case est un Pilier ou un séparateur, qui ne reçoivent jamais de pion",
        ),
        ("F7", "that cell is taken", "cette case est occupée"),
        (
            "A3",
            "a peg must go next to a Pillar or to a peg already on the board",
            "un pion se pose à côté d\u2019un Pilier ou d\u2019un pion déjà sur le plateau",
        ),
        (
            "G9xH7",
            "it does not capture H7: the captured peg must be the opponent's, at the centre of a "
            "triangle whose corners are the new peg and two of yours",
            "il ne prend pas H7 : le pion pris doit être à l\u2019adversaire, au centre "
            "d\u2019un triangle dont les sommets sont le nouveau pion et deux des vôtres",
        ),
    ],
)
def test_an_illegal_move_says_why(move: str, english: str, french: str) -> None:
    state = position(["F7", "H7"], ["G8", "H6"])
    reason = phrase(state.illegal_reason(TrigMove(move)) or "")
    assert reason == english
    assert say(reason, "fr") == french
    assert reason.values == ({"cell": "H7"} if move == "G9xH7" else {})


def test_a_move_that_does_not_parse_says_how_to_write_one() -> None:
    state = load().new_initial_state()
    with pytest.raises(trigames.MoveParseError) as caught:
        state.parse_move("zz")
    error = phrase(caught.value.args[0])
    assert error == (
        "'zz' is not a Trig move: write a cell like E5, or a cell and the peg it captures "
        "like E5xF6"
    )
    assert error.values == {"move": "'zz'"}
    assert say(error, "fr") == (
        "'zz' n\u2019est pas un coup de Trig : écrivez une case comme E5, ou une case et le pion "
        "qu\u2019elle prend comme E5xF6"
    )
    with pytest.raises(trigames.MoveParseError) as caught:
        state.parse_move("Z9")
    error = phrase(caught.value.args[0])
    assert error == "bad move 'Z9': 'Z9': rows run from A to M"
    assert say(error, "fr").startswith("coup incorrect 'Z9' : ")


#: Positions (spec, White's pegs, Black's, the seat to move), a move on each, why it is worth
#: playing in English (as before the phrases) and in French.
EXPLAINED = [
    (
        ("trig", ["F7", "H7"], ["G8", "H6"], 0),
        "G9",
        "declines to capture G8 and leaves White 5 pegs from a link (Black 5)",
        "renonce à prendre G8 et laisse Blanc à 5 pions d\u2019une liaison (Noir 5)",
    ),
    (
        ("trig", ["F7", "H7"], ["G8", "H6"], 0),
        "G9xG8",
        "captures G8 and brings White to 4 pegs from a link (Black 5)",
        "prend G8 et amène Blanc à 4 pions d\u2019une liaison (Noir 5)",
    ),
    (
        ("trig", ["G8"], [], 1),
        "G9",
        "leaves Black 6 pegs from a link (White 6, up from 5)",
        "laisse Noir à 6 pions d\u2019une liaison (Blanc 6, contre 5 avant)",
    ),
    (
        ("trig", ["E5", "G6", "H7", "H9", "I5", "I8", "J8", "K6", "K7"],
         ["F6", "F7", "G8", "H4", "H6", "I4", "I7", "J6"], 1),
        "G5",
        "declines to capture G6 and leaves Black 5 pegs from a link (White has no way through)",
        "renonce à prendre G6 et laisse Noir à 5 pions d\u2019une liaison (Blanc n\u2019a aucun "
        "passage)",
    ),
    (
        ("trig", ["D5", "E5", "F6", "F7", "G6", "H9", "J5"],
         ["E7", "G8", "H6", "H7", "I5", "I7", "I8", "J8", "J9"], 0),
        "K9",
        "blocks Black's link to the edge at K9",
        "bloque la liaison de Noir au bord en K9",
    ),
    (
        ("trig", ["E5", "G6", "G8", "H6", "H7", "I5"], ["F6", "I7", "I8"], 1),
        "F7",
        "stops White enclosing a Pillar at F7",
        "empêche Blanc d\u2019encercler un Pilier en F7",
    ),
    (
        ("triggest", ["F6", "F7", "G11", "H12", "I4", "I5", "J6", "J9", "K4", "K7", "L8", "M5",
                      "M6", "M8", "M9", "N6", "N7", "O5", "O8"],
         ["E5", "F12", "G8", "G12", "G14", "H6", "H13", "I13", "I14", "J5", "J12", "K9", "L4",
          "L7", "L10", "O7", "P5", "P6"], 1),
        "Q6xL8",
        "captures L8 and stops White enclosing a Pillar at J8 and 2 other cells",
        "prend L8 et empêche Blanc d\u2019encercler un Pilier en J8 et 2 autres cases",
    ),
    (
        ("trig", ["C3", "D2", "D3", "D5", "D6", "D8", "E4", "E7", "E8", "G5", "G6", "G12", "H1",
                  "H3", "H7", "H9", "H12", "I8", "J3", "J5", "J6", "J8", "K3", "K4", "K6", "K7",
                  "L4", "L5", "M6"],
         ["B2", "B4", "C4", "E1", "E2", "E5", "E11", "F1", "F3", "F4", "F6", "F7", "F9", "F10",
          "F12", "G2", "G3", "G8", "G11", "H4", "H6", "H10", "I1", "I2", "I4", "I5", "I7", "L2",
          "L7", "M2", "M3"], 0),
        "E10",
        "declines to capture F7, G8, F9 or 1 more; but Black can win at A2",
        "renonce à prendre F7, G8, F9 ou 1 de plus ; mais Noir peut gagner en A2",
    ),
    (
        ("triggest", ["D12", "E10", "E11", "E13", "F6", "F7", "F12", "H6", "H9", "I5", "L7", "N6",
                      "N7"],
         ["F10", "F13", "G6", "G8", "G9", "G11", "G12", "H10", "H12", "H13", "I10", "I11", "J9",
          "M6", "O5", "O7"], 1),
        "J8xH9",
        "captures H9 and links two Pillars: Black wins",
        "prend H9 et relie deux Piliers : Noir gagne",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("where", "move", "english", "french"), EXPLAINED)
def test_a_move_explained_is_a_phrase_said_in_french(
    where: tuple[str, list[str], list[str], int], move: str, english: str, french: str
) -> None:
    spec, white, black, to_move = where
    state = position(white, black, to_move, spec)
    why = phrase(state.game.explain_move(state, state.parse_move(move)))
    assert why == english
    assert not untranslated(why)
    assert say(why, "fr") == french


def test_an_explanation_keeps_seats_phrases_and_cells_notation() -> None:
    (spec, white, black, to_move), move, *_ = EXPLAINED[4]
    state = position(white, black, to_move, spec)
    why = phrase(state.game.explain_move(state, state.parse_move(move)))
    assert said(why) == [
        "blocks {seat}'s link to the edge at {cells}",
        {"seat": ["Black"], "cells": ["{item}", {"item": "K9"}]},
    ]
    assert phrase(state.game.explain_last_move(state)) == "no move yet"
    assert say(state.game.explain_last_move(state), "fr") == "aucun coup pour l\u2019instant"
