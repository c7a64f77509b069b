"""The rules of a game as an HTML fragment, its diagrams drawn as inline SVG pictures."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from html import escape

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from trigames.ai.ladder import rules_with_ladder
from trigames.core.errors import UnknownGameError
from trigames.diagrams import INFO, parse_diagram
from trigames.games import game_class


@cache
def rules_html(name: str) -> str:
    """The rules of the game called ``name`` (or an alias) as HTML (raises ``KeyError`` for an
    unknown game).

    Each diagram becomes a ``<figure class="diagram">`` holding the position's SVG picture and
    its caption.
    """
    try:
        game = game_class(name)
        text = rules_with_ladder(game.name, game.rules())
    except UnknownGameError:
        raise KeyError(name) from None
    markdown = MarkdownIt("commonmark", {"html": False}, renderer_cls=_RulesRenderer)
    html: str = markdown.enable("table").render(text)
    return html


class _RulesRenderer(RendererHTML):
    """Markdown to HTML, drawing the diagram blocks instead of showing their source."""

    def code_inline(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        """Inline code, a line allowed to break after a comma and nowhere else (a player spec
        in a ladder's table, ``strong(seconds=8,workers=2,deep=true)``, on a narrow page).

        >>> print(_RulesRenderer().render(MarkdownIt().parse("`f(a,b)` `e2-e5`"), {}, {}))
        <p><code class="commas"><span>f(a,</span><wbr><span>b)</span></code> <code>e2-e5</code></p>
        <BLANKLINE>
        """
        token = tokens[idx]
        pieces = escape(token.content, quote=False).split(",")
        if len(pieces) == 1:
            return super().code_inline(tokens, idx, options, env)
        inner = ",</span><wbr><span>".join(pieces)
        return f'<code class="commas"><span>{inner}</span></code>'

    def th_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        """A table's cell, aligned by a class (the pages allow no inline style).

        >>> print(_RulesRenderer().render(MarkdownIt().enable("table").parse("|a|\\n|-:|"), {}, {}))
        <table>
        <thead>
        <tr>
        <th class="align-right">a</th>
        </tr>
        </thead>
        </table>
        <BLANKLINE>
        """
        _align_by_class(tokens[idx])
        return self.renderToken(tokens, idx, options, env)

    td_open = th_open

    def fence(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        if token.info.strip() != INFO:
            return super().fence(tokens, idx, options, env)
        diagram = parse_diagram(token.content)
        state = diagram.position()
        picture = state.game.render_svg(state, labels=True)
        return (
            f'<figure class="diagram">\n{picture}\n'
            f"<figcaption>{escape(diagram.caption, quote=False)}</figcaption>\n</figure>\n"
        )


def _align_by_class(token: Token) -> None:
    """``style="text-align:X"`` (markdown's way to align a column) as ``class="align-X"``."""
    style = token.attrs.pop("style", None)
    if isinstance(style, str) and style.startswith("text-align:"):
        token.attrSet("class", f"align-{style.removeprefix('text-align:')}")
