"""Trugo's words for people are phrases: the same English as before, which a page can say in
its language (:mod:`trigames.core.phrases`): seats as phrases, moves and places as they are."""

from __future__ import annotations

from typing import Any

import pytest

import trigames
from tests.phrases import untranslated
from tests.trugo.test_rules import BRIDGE, load, move, position
from trigames.core.phrases import Phrase, said
from trigames.web.i18n import say


def phrase(text: str) -> Phrase:
    assert isinstance(text, Phrase)
    return text


def values(text: str) -> dict[str, Any]:
    """The values of a phrase, as :func:`said` sends them."""
    json = said(phrase(text))
    assert isinstance(json, list)
    assert len(json) == 2
    assert isinstance(json[1], dict)
    return json[1]


def test_a_placement_its_pieces_and_the_status() -> None:
    game = load()
    state = game.new_initial_state()
    assert say(phrase(game.describe_last_move(state)), "fr") == "aucun coup pour l\u2019instant"
    assert [say(phrase(name), "fr") for name in game.seat_names] == ["Blanc", "Bleu"]
    guide = phrase(game.input_guide(state))
    assert guide == "tap a cell, then pick the way its light cap points"
    assert say(guide, "fr") == (
        "touchez une case, puis choisissez de quel c\u00f4t\u00e9 pointe sa calotte claire"
    )
    state.play("dg74nw")
    line = phrase(game.describe_last_move(state))
    assert line == "White dg74nw: a tile with its light cap pointing north-west"
    assert said(line) == [
        "{seat} {move}: a tile with its light cap pointing {way}",
        {"seat": ["White"], "move": "dg74nw", "way": ["north-west"]},
    ]
    assert say(line, "fr") == "Blanc dg74nw : une tuile, calotte claire c\u00f4t\u00e9 nord-ouest"
    for text in ["dd75nw", "dd77e", "dg76sw", "dj75nw", "dd73e"]:
        state.play(text)
    line = phrase(game.describe_last_move(state))
    assert line == (
        "Blue dd73e: a tile with its light cap pointing east; new pieces: Blue 1, "
        "capturing 1 White piece"
    )
    assert say(line, "fr") == (
        "Bleu dd73e : une tuile, calotte claire c\u00f4t\u00e9 est ; nouvelles pi\u00e8ces : "
        "Bleu 1, capturant 1 pi\u00e8ce de Blanc"
    )
    status = phrase(game.status(state))
    assert (
        status == "Waxing, 30 tiles in the pool. Pieces: White 0 (24 in hand), Blue 3 (22 in hand)"
    )
    assert values(status)["white"] == ["White"]
    assert values(status)["blue_pieces"] == 3
    assert values(status)["phase"] == [
        ["Waxing, {count} tile in the pool", "Waxing, {count} tiles in the pool"],
        {"count": 30},
    ]
    assert say(status, "fr") == (
        "Phase croissante, 30 tuiles dans la r\u00e9serve. "
        "Pi\u00e8ces : Blanc 0 (24 en main), Bleu 3 (22 en main)"
    )


@pytest.mark.parametrize(
    ("pieces", "start", "end", "english", "french"),
    [
        (
            [[-1, -3, "W"], [-1, -1, "B"], [5, 1, "B"]],
            (-1, -3),
            (-1, -1),
            "{move}, pinning a Blue piece",
            "{move}, clouant une pi\u00e8ce de Bleu",
        ),
        (
            [[2, 0, "WB"], [1, -1, "W"], [1, 1, "W"], [5, 1, "W"], [-4, 0, "B"]],
            (5, 1),
            (4, 0),
            "{move}, capturing 1 Blue piece",
            "{move}, capturant 1 pi\u00e8ce de Bleu",
        ),
        (
            [[2, -2, "W"], [1, -1, "B"], [1, 1, "B"], [4, 0, "B"], [-4, 0, "W"]],
            (2, -2),
            (2, 0),
            "{move}, losing 1 White piece",
            "{move}, perdant 1 pi\u00e8ce de Blanc",
        ),
    ],
)
def test_piece_moves(
    pieces: list[list[Any]],
    start: tuple[int, int],
    end: tuple[int, int],
    english: str,
    french: str,
) -> None:
    state = position(pieces)
    text = move(state, start, end)
    state.play(text)
    line = phrase(state.game.describe_last_move(state))
    assert line == english.format(move=f"White {text}")
    assert say(line, "fr") == french.format(move=f"Blanc {text}")
    assert values(line)["line"] == ["{seat} {move}", {"seat": ["White"], "move": text}]


def test_a_removal_that_ends_the_game() -> None:
    state = position([[5, 1, "B"], [-1, -3, "W"]], BRIDGE, pool=0)
    game = state.game
    guide = phrase(game.input_guide(state))
    assert say(guide, "fr").startswith("d\u00e9placez une pi\u00e8ce (touchez la pi\u00e8ce")
    status = phrase(game.status(state))
    assert status.startswith("Waning, 0/200 turns without capture or removal. Pieces: White 1")
    assert say(status, "fr").startswith("Phase d\u00e9croissante, 0/200 tours sans capture")
    tile = f"-{state.tile_name(state.window.grid_tiles[(6, 0)])}"
    state.play(tile)
    line = phrase(game.describe_last_move(state))
    assert line == (
        f"White {tile}: removes a tile; 1 piece leaves the game with it; "
        "the opponent has no pieces left in the waning phase"
    )
    assert say(line, "fr") == (
        f"Blanc {tile} : retire une tuile ; 1 pi\u00e8ce quitte la partie avec elle ; "
        "l\u2019adversaire n\u2019a plus de pi\u00e8ces en phase d\u00e9croissante"
    )
    outcome = state.outcome()
    assert outcome is not None
    reason = phrase(outcome.reason)
    assert said(reason) == ["the opponent has no pieces left in the waning phase"]
    again = game.state_from_json(state.to_json()).outcome()
    assert again is not None
    assert isinstance(again.reason, Phrase)


def test_refused_moves_say_why() -> None:
    state = load().new_initial_state()
    with pytest.raises(trigames.IllegalMoveError) as refused:
        state.play("zz9e")
    error = phrase(refused.value.args[0])
    assert (
        error == "zz9e is not legal: there is no zz9: columns run from a to hm, rows from 1 to 147"
    )
    reason = phrase(state.illegal_reason(state.parse_move("zz9e")) or "")
    assert said(reason) == [
        "there is no {spot}: columns run from a to {last_column}, rows from 1 to {rows}",
        {"spot": "zz9", "last_column": "hm", "rows": 147},
    ]
    assert say(reason, "fr") == (
        "zz9 n\u2019existe pas : les colonnes vont de a \u00e0 hm, les rang\u00e9es de 1 \u00e0 147"
    )
    aside = f"{state.tile_name(state.window.grid_tiles[(3, 1)])}e"
    reason = phrase(state.illegal_reason(state.parse_move(aside)) or "")
    assert said(reason) == ["the first tile goes in the middle, {cell}", {"cell": "dg74"}]
    assert say(reason, "fr") == "la premi\u00e8re tuile va au milieu, en dg74"
    with pytest.raises(trigames.MoveParseError) as unread:
        state.parse_move("c2x")
    error = phrase(unread.value.args[0])
    assert values(error)["move"] == "'c2x'"
    assert say(error, "fr").startswith("'c2x' n\u2019est pas un coup de Trugo : \u00e9crivez")
    state.play("dg74e")
    reason = phrase(state.illegal_reason(state.parse_move("dg74-a1")) or "")
    assert reason == "dg74 is a cell; a piece moves between junctions (tile corners)"
    assert say(reason, "fr").startswith("dg74 est une case ; une pi\u00e8ce se d\u00e9place")


#: Real positions (a game, the moves played, the move explained) and the hint's English.
HINTS = [
    ("trugo", "dg74nw dd75nw dd77e dg76sw", "dj75nw",
     "brings in 1 Blue piece but leaves a White piece in atari"),
    ("trugo(tiles=12,pieces=8)", "am26e aj27e aj25e am28sw", "ag26e",
     "brings in 1 White piece and puts a Blue piece in atari"),
    ("trugo(tiles=12,pieces=8)", "am26sw am24nw ap25nw as26e am22e ap23nw ap27sw", "am28nw",
     "captures 1 White piece, brings in 1 Blue piece and saves 1 Blue piece from atari"),
    ("trugo(tiles=12,pieces=8)", "am26sw ap27nw as26e ap25sw aj25e am24sw ap29nw", "an25-al25",
     "pins a White piece and leaves Blue 2 pieces to White 2 on the board"),
    ("trugo(tiles=8,pieces=6)", "aa18e aa16sw aa14sw x15sw u14nw ad15nw ag14nw ad17sw", "-ad17",
     "removes a tile with 1 Blue and 1 White pieces on it and leaves White 1 piece to Blue 1 "
     "on the board"),
    ("trugo(tiles=8,pieces=6)", "aa18sw x17nw aa16sw ad19e ad15e", "ad17sw",
     "brings in 1 Blue and 2 White pieces, but loses 1 Blue piece and leaves Blue 0 pieces to "
     "White 3 on the board"),
    ("trugo(tiles=8,pieces=6)", "aa18e aa16sw ad15sw aa14e aa20nw ad19nw ag20e", "aj21sw",
     "wins 2-0: the opponent has no pieces left in the waning phase"),
]  # fmt: skip


@pytest.mark.parametrize(("spec", "moves", "hinted", "english"), HINTS)
def test_hints_are_phrases_said_in_french(spec: str, moves: str, hinted: str, english: str) -> None:
    state = trigames.load_game(spec).new_initial_state()
    for text in moves.split():
        state.play(text)
    hint = phrase(state.game.explain_move(state, state.parse_move(hinted)))
    assert hint == english
    assert not untranslated(hint)
    assert say(hint, "fr") != hint


def test_a_hint_in_french() -> None:
    state = trigames.load_game("trugo(tiles=8,pieces=6)").new_initial_state()
    for text in ["aa18nw", "x17nw", "u18e"]:
        state.play(text)
    hint = phrase(state.game.explain_move(state, state.parse_move("x19sw")))
    assert hint == (
        "brings in 1 Blue and 1 White pieces and leaves Blue 1 piece to White 1 on the board"
    )
    assert values(hint)["first"] == [
        "brings in {pieces}",
        {
            "pieces": [
                ["{count} {seat} and {other_count} {other} pieces"] * 2,
                {"count": 1, "seat": ["Blue"], "other_count": 1, "other": ["White"]},
            ]
        },
    ]
    assert say(hint, "fr") == (
        "fait entrer 1 pi\u00e8ce de Bleu et 1 de Blanc et laisse sur le plateau 1 pi\u00e8ce "
        "de Bleu contre 1 de Blanc"
    )
