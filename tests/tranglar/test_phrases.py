"""TRANGLAR's words for people are phrases: the same English as ever, which pages say in their
language (the seat's colour and the kinds of piece phrases too, the notation as it is)."""

# ruff: noqa: RUF001 (French is written with its typographic apostrophe)

from __future__ import annotations

from typing import Any

import pytest

import trigames
from tests.tranglar.test_rules import REACHED, REPEAT, played, position
from trigames.core.phrases import Phrase, Said, said
from trigames.games.tranglar import TranglarState
from trigames.games.tranglar.rules import END_PASSES, quiet_end
from trigames.web.i18n import CATALOGUES, say


def templates(text: Said) -> list[str]:
    """Every template in the JSON of a phrase (the singular of a plural one), nested ones too."""
    if not isinstance(text, list):
        return []
    head, *rest = text
    found = [head if isinstance(head, str) else head[0]]
    for values in rest:
        for value in values.values():
            found += templates(value)
    return found


def json_of(text: str) -> list[Any]:
    """The JSON of a phrase (a list: its template, then its values)."""
    shown = said(text)
    assert isinstance(shown, list)
    return shown


def french(text: str) -> str:
    """``text`` in French, checking that it is a phrase whose every template (its own and its
    values') has a French translation."""
    assert isinstance(text, Phrase)
    fr = CATALOGUES["fr"]
    missing = [t for t in templates(said(text)) if t not in fr.words and t not in fr.plurals]
    assert missing == []
    return say(text, "fr")


def opening(*moves: str) -> TranglarState:
    state = trigames.load_game("tranglar").new_initial_state()
    assert isinstance(state, TranglarState)
    for move in ("Ga1esb1nwa2n", "Hd3sd4", *moves):
        state.play(move)
    return state


def test_a_placement_turning_cells_over() -> None:
    state = opening("Qd1", "Fc1nes", "Mb1ec1w")
    line = state.game.describe_last_move(state)
    assert line == "Petrol places the medium square Mb1ec1w, turning over 3 cells"
    placed = {"seat": ["Petrol"], "kind": ["medium square"], "piece": "Mb1ec1w"}
    assert said(line) == [
        ["{move}, turning over {count} cell", "{move}, turning over {count} cells"],
        {"count": 3, "move": ["{seat} places the {kind} {piece}", placed]},
    ]
    assert french(line) == "Pétrole pose le carré moyen Mb1ec1w, ce qui retourne 3 cases"


def test_a_take_over_and_the_status() -> None:
    state = opening("Qc1", "xQc1=Lc1ne,Lc1sw")
    game = state.game
    line = game.describe_last_move(state)
    assert line == "Green takes over Qc1 with Lc1ne, Lc1sw"
    assert said(line) == [
        "{seat} takes over {piece} with {pieces}",
        {"seat": ["Green"], "piece": "Qc1", "pieces": "Lc1ne, Lc1sw"},
    ]
    assert french(line) == "Vert prend Qc1 avec Lc1ne, Lc1sw"
    status = game.status(state)
    assert status == "Cells: Petrol 0, Green 4; 50 free"
    assert french(status) == "Cases : Pétrole 0, Vert 4 ; 50 libres"
    assert french(game.input_guide(state)) == "choisissez une pièce (ou une action), puis ses cases"
    assert [french(game.player_name(seat)) for seat in (0, 1)] == ["Pétrole", "Vert"]


def test_the_setup_status() -> None:
    state = trigames.load_game("tranglar").new_initial_state()
    status = state.game.status(state)
    assert status == "Cells: Petrol 0, Green 0; 64 free. Setup: place G or H"
    assert json_of(status)[0] == "{cells}. Setup: place {pieces}"
    assert french(status).startswith("Cases : Pétrole 0, Vert 0 ; 64 libres. Mise en place")


def test_a_trapped_trapeze_swapped() -> None:
    state = position(["Tb1s", "Tc2n", "Tc2s"], ["Zrb2nec2w", "Ta1n"])
    for move in ("Tb2w", "Ld1ne", "xZrb2nec2w"):
        state.play(move)
    line = state.game.describe_last_move(state)
    assert line == "Petrol swaps the trapped trapeze Zrb2nec2w for one of their own"
    assert said(line) == [
        "{seat} swaps the trapped trapeze {piece} for one of their own",
        {"seat": ["Petrol"], "piece": "Zrb2nec2w"},
    ]
    assert french(line) == "Pétrole échange le trapèze piégé Zrb2nec2w contre un des siens"


def test_the_end_of_a_game() -> None:
    state = played(REPEAT["moves"] + REPEAT["cycle"] * 2)
    line = state.game.describe_last_move(state)
    end = "the same position occurred for the third time"
    assert line == f"Green replaces Lb3ne, Lb3sw with Qb3; {end}"
    assert json_of(line)[0] == "{move}; {end}"
    assert json_of(line)[1]["end"] == [end]
    assert french(line) == (
        "Vert remplace Lb3ne, Lb3sw par Qb3 ; la même position est revenue pour la troisième fois"
    )
    state = played(REACHED["passes"]["moves"] + ["pass", "pass"])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.reason == END_PASSES == "both players passed"
    assert french(outcome.reason) == "les deux joueurs ont passé"
    assert french(state.game.describe_last_move(state)) == "Pétrole passe"


@pytest.mark.parametrize(
    ("quiet", "english", "in_french"),
    [
        (1, "1 turn in a row", "1 tour de suite n’a couvert"),
        (6, "6 turns in a row", "6 tours de suite n’ont couvert"),
    ],
)
def test_the_quiet_limit(quiet: int, english: str, in_french: str) -> None:
    assert quiet_end(quiet) == f"{english} covered no new cell"
    assert french(quiet_end(quiet)) == f"{in_french} aucune nouvelle case"


def test_reasons_a_move_is_refused() -> None:
    state = opening("Qc1")  # Green to move
    refused = {
        "pass": "un joueur ne peut passer que si aucune autre action n’est possible",
        "Qc1=Lc1ne,Lc1sw": "Qc1 n’est pas à vous",
        "xLa3ne=Ta3n,Ta3e": "il n’y a pas de La3ne sur le plateau",
        "xQc1=Lc1ne,Nc1s,Tc1w": (
            "seules des pièces de votre couleur peuvent couvrir les cases lors d’une prise"
        ),
        "xQc1=Lc1ne,Lc1sw,Lc1sw": "les nouvelles pièces se chevauchent",
    }
    for move, in_french in refused.items():
        reason = state.illegal_reason(state.parse_move(move))
        assert reason is not None
        assert french(reason) == in_french, move
    state = position(["Tc3n"], ["Qb2"], reserves=({"L": 1, "T": 1, "Q": 1, "N": 3}, None))
    reason = state.illegal_reason(state.parse_move("xQb2=Lb2ne,Lb2sw"))
    assert reason == "you have 1 large triangle in reserve, not 2"
    assert said(reason) == [
        "you have {count} {kind} in reserve, not {need}",
        {"count": 1, "kind": ["large triangle"], "need": 2},
    ]
    assert french(reason) == "grand triangle : vous en avez 1 en réserve, pas 2"
    state = opening("Qc1")
    with pytest.raises(trigames.IllegalMoveError) as refusal:
        state.play("Qc1=Lc1ne,Lc1sw")
    assert "Qc1 is not yours" in str(refusal.value)


def test_notation_errors() -> None:
    state = opening()
    with pytest.raises(trigames.MoveParseError) as error:
        state.parse_move("Lb2n")
    message = error.value.args[0]
    assert message == (
        "'Lb2n' is not a TRANGLAR move: bad piece 'lb2n': the cells b2n make a small triangle, "
        "not a large triangle as it may lie (coloured pieces are turned, never mirrored)"
    )
    why = json_of(message)[1]["why"]
    assert why[1] == {
        "piece": "'lb2n'",
        "cells": "b2n",
        "shape": ["a {kind}", {"kind": ["small triangle"]}],
        "kind": ["large triangle"],
    }
    assert french(message) == (
        "'Lb2n' n’est pas un coup de TRANGLAR : pièce incorrecte 'lb2n' : les cases b2n forment "
        "un petit triangle, pas un grand triangle tel qu’il peut être posé (les pièces de "
        "couleur pivotent, jamais en miroir)"
    )
    for text in ("Kb2n", "Te5n", "Lb2nn", "Lb2ns", "Qb2=Lb2ne", "Lb2ne,Tc2n", "", "x=Lb2ne"):
        with pytest.raises(trigames.MoveParseError) as error:
            state.parse_move(text)
        assert french(error.value.args[0]) != str(error.value)


def explained(state: TranglarState, move: str) -> Phrase:
    """The hint for ``move`` on ``state``: a phrase, every template of it translated."""
    text = state.game.explain_move(state, state.parse_move(move))
    assert isinstance(text, Phrase)
    french(text)
    return text


def test_the_explanations_of_moves() -> None:
    state = opening("Qd1", "Fc1nes")  # the rules page's trap
    trap = explained(state, "Mb1ec1w")
    assert trap == (
        "covers 2 cells, traps 1 Green piece (3 cells) but lets Green take 4 cells by taking "
        "over Qd1"
    )
    cells = [["{count} cell", "{count} cells"], {"count": 3}]
    pieces = ["{count} {seat} piece ({cells})", "{count} {seat} pieces ({cells})"]
    assert json_of(trap)[1]["first"][1]["second"] == [
        "traps {pieces}",
        {"pieces": [pieces, {"count": 1, "seat": ["Green"], "cells": cells}]},
    ]
    assert french(trap) == (
        "couvre 2 cases, piège 1 pièce de Vert (3 cases) mais laisse Vert lui enlever 4 cases "
        "en prenant Qd1"
    )
    state = opening("Qd1", "Fc1nes")
    assert french(explained(state, "Tb4s")) == (
        "couvre 1 case mais laisse Vert lui enlever 4 cases en prenant Qd1"
    )
    state = played(["Gd2esc3ed3nw", "Ha2eb2", "Zrc2ned2w", "Tb4s"])
    assert french(explained(state, "Tb4w")) == (
        "couvre 1 case, laisse 1 pièce de Vert à un côté d’être piégée mais laisse Vert lui "
        "enlever 3 cases en prenant Zrc2ned2w"
    )


def test_the_explanations_of_losses_swaps_and_ends() -> None:
    # Petrol's replacement turns its own older Tb2w Green (test_rules: a chain of flips).
    state = position(["Fb2nes", "Tb2w", "Td1n"], ["Tb1s", "Ta2e", "Tc2w"])
    assert explained(state, "Fb2nes=Lb2ne,Tb2s") == (
        "replaces Fb2nes, but loses 1 Petrol piece (1 cell) but lets Green take 1 cell with Fd1esw"
    )
    state = position(["Tb1s", "Tc2n", "Tc2s"], ["Zrb2nec2w", "Ta1n"])
    for move in ("Tb2w", "Ld1ne"):
        state.play(move)
    swap = explained(state, "xZrb2nec2w")
    assert swap == (
        "swaps Zrb2nec2w for its own (3 cells), guards 4 exposed Petrol pieces but lets Green "
        "take 1 cell with Fb1new"
    )
    assert french(swap) == (
        "échange Zrb2nec2w contre un des siens (3 cases), protège 4 pièces exposées de Pétrole "
        "mais laisse Vert lui enlever 1 case avec Fb1new"
    )
    state = played(REACHED["passes"]["moves"] + ["pass"])
    assert explained(state, "pass") == "passes (no other move) and wins 23-17"
    state = played(REPEAT["moves"] + REPEAT["cycle"] + REPEAT["cycle"][:-1])
    end = explained(state, REPEAT["cycle"][-1])
    assert end == "replaces Qb3 and draws 4-4"
    assert french(end) == "remplace Qb3 et fait nulle 4-4"
    state = trigames.load_game("tranglar").new_initial_state()
    assert french(explained(state, "Ga1esb1nwa2n")) == "pose un grand trapèze neutre"
