"""The rules pages as HTML: Markdown with tables, and the diagrams drawn as inline SVG."""

from __future__ import annotations

import re

import pytest

from trigames.diagrams import find_diagrams
from trigames.games import GAMES
from trigames.web.rules_page import rules_html


@pytest.mark.parametrize("name", list(GAMES))
def test_each_diagram_is_a_figure_with_its_picture_and_caption(name: str) -> None:
    html = rules_html(name)
    diagrams = find_diagrams(GAMES[name].rules())
    figures = re.findall(r'<figure class="diagram">\n(<svg .*?</svg>)\n<figcaption>', html, re.S)
    assert len(figures) == len(diagrams)
    for figure, diagram in zip(figures, diagrams, strict=True):
        state = diagram.position()
        assert figure == state.game.render_svg(state, labels=True)
    assert "```diagram" not in html
    assert "language-diagram" not in html


def test_the_caption_follows_the_picture() -> None:
    html = rules_html("trig")
    assert "<figcaption>White's E5 completes the small triangle" in html


def test_markdown_is_rendered_with_tables() -> None:
    html = rules_html("triggle")
    assert html.startswith("<h1>Triggle</h1>")
    assert "<table>" in html
    assert "<th>size</th>" in html
    assert "<td><code>misere</code></td>" in html
    assert "<pre><code>A        1   2   3   4        A" in html  # a plain code block stays one


def test_an_unknown_game_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        rules_html("chess")


def test_the_page_is_made_once_per_game() -> None:
    assert rules_html("tricolor") is rules_html("tricolor")
