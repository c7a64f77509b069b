"""The board diagrams of the rules pages: their syntax, and every diagram the rules hold."""

from __future__ import annotations

import pytest

from trigames.diagrams import Diagram, DiagramError, find_diagrams, parse_diagram, replace_diagrams
from trigames.games import GAMES, parse_spec

RULES_DIAGRAMS = [
    pytest.param(name, diagram, id=f"{name}-{number}")
    for name, cls in GAMES.items()
    for number, diagram in enumerate(find_diagrams(cls.rules()), start=1)
]


@pytest.mark.parametrize(("name", "diagram"), RULES_DIAGRAMS)
def test_every_diagram_in_the_rules_plays(name: str, diagram: Diagram) -> None:
    state = diagram.position()
    assert parse_spec(diagram.spec).name == name  # a game's page shows only that game
    assert [str(move) for move in state.history] == [
        str(state.parse_move(move)) for move in diagram.moves
    ]
    assert diagram.caption


@pytest.mark.parametrize("name", list(GAMES))
def test_every_rules_page_has_diagrams(name: str) -> None:
    assert 2 <= len(find_diagrams(GAMES[name].rules())) <= 4


def test_a_diagram_is_a_spec_its_moves_and_a_caption_with_wrapped_lines() -> None:
    diagram = parse_diagram(
        "triggle(size=3): A2-D1\n   A2-D4\n\ncaption: Two bands\n  that touch.\n"
    )
    assert diagram == Diagram("triggle(size=3)", ("A2-D1", "A2-D4"), "Two bands that touch.")


def test_a_diagram_may_show_the_start_without_a_caption() -> None:
    diagram = parse_diagram("trig:")
    assert diagram == Diagram("trig")
    assert diagram.position().history == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("", "a diagram is empty"),
        ("  trig: G6", "starts with its spec"),
        ("trig G6 G8", "starts with 'SPEC: MOVES'"),
        (": G6", "starts with 'SPEC: MOVES'"),
        ("trig: G6\ntitle: The start", "only one 'caption: TEXT'"),
        ("trig: G6\ncaption: One.\ncaption: Two.", "only one 'caption: TEXT'"),
    ],
)
def test_a_malformed_diagram_says_what_is_wrong(body: str, message: str) -> None:
    with pytest.raises(DiagramError, match=message):
        parse_diagram(body)


def test_a_diagram_that_does_not_play_names_the_game_and_the_move() -> None:
    diagram = parse_diagram("trig: G6 G8 G6\ncaption: G6 twice.")
    with pytest.raises(DiagramError, match=r"diagram of trig: move 3 \(G6\): G6 is not legal"):
        diagram.position()


def test_a_diagram_of_an_unknown_game_says_so() -> None:
    with pytest.raises(DiagramError, match="diagram of 'chess': unknown game 'chess'"):
        parse_diagram("chess: e4").position()


def test_replacing_diagrams_keeps_the_rest_of_the_text() -> None:
    text = (
        "# Title\n\n```\nplain code\n```\n\n"
        "```diagram\ntrig: G6\n```\n\nBetween.\n\n"
        "```diagram\ntrig: G8\n```\nEnd.\n"
    )
    replaced = replace_diagrams(text, lambda diagram: f"[{' '.join(diagram.moves)}]\n")
    assert replaced == "# Title\n\n```\nplain code\n```\n\n[G6]\n\nBetween.\n\n[G8]\nEnd.\n"
