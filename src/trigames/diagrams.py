"""Board diagrams in the rules pages: fenced ``diagram`` blocks that name a game and its moves.

A diagram is a Markdown fenced code block whose info string is ``diagram``. Its first line is
the game's spec, a colon and the moves played from the start, in the game's notation and
separated by spaces (none at all for the starting position). An optional ``caption:`` line
follows. A line that starts with a space continues the line before it, so long move lists and
captions can be wrapped::

    ```diagram
    triggle: D1-D4 A1-D1
      C1-F2
    caption: Blue's band closes a triangle.
    ```

>>> text = "# Rules\\n\\n```diagram\\ntriggle: D1-D4 A1-D1\\ncaption: Two bands.\\n```\\n"
>>> [diagram] = find_diagrams(text)
>>> diagram.spec, diagram.moves, diagram.caption
('triggle', ('D1-D4', 'A1-D1'), 'Two bands.')
>>> [str(move) for move in diagram.position().history]
['D1-D4', 'A1-D1']
>>> print(replace_diagrams(text, lambda diagram: diagram.caption + "\\n"))
# Rules
<BLANKLINE>
Two bands.
<BLANKLINE>
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from markdown_it import MarkdownIt

from trigames.core.errors import TrigamesError
from trigames.core.protocol import AnyState
from trigames.games import load_game

#: The info string of a fenced code block that holds a diagram.
INFO = "diagram"


class DiagramError(TrigamesError):
    """A diagram block is malformed, or its moves cannot be played."""


@dataclass(frozen=True)
class Diagram:
    """A position to draw: a spec and the moves that lead to it from the start, with a caption."""

    spec: str
    moves: tuple[str, ...] = ()
    caption: str = ""

    def position(self) -> AnyState:
        """The position after the moves (raises ``DiagramError`` naming a move that fails)."""
        try:
            state: AnyState = load_game(self.spec).new_initial_state()
        except TrigamesError as error:
            raise DiagramError(f"diagram of {self.spec!r}: {error}") from None
        for number, move in enumerate(self.moves, start=1):
            try:
                state.play(move)
            except TrigamesError as error:
                raise DiagramError(
                    f"diagram of {self.spec}: move {number} ({move}): {error}"
                ) from None
        return state


def parse_diagram(body: str) -> Diagram:
    """The diagram written ``body``, the lines inside its fence.

    >>> parse_diagram("trig:\\ncaption: The empty board,\\n  Pillar in the middle.")
    Diagram(spec='trig', moves=(), caption='The empty board, Pillar in the middle.')
    """
    entries: list[str] = []
    for line in body.splitlines():
        if not line.strip():
            continue
        if line[0].isspace():
            if not entries:
                raise DiagramError(f"a diagram starts with its spec, not {line.strip()!r}")
            entries[-1] += " " + line.strip()
        else:
            entries.append(line.strip())
    if not entries:
        raise DiagramError("a diagram is empty: write 'SPEC: MOVES' in it")
    spec, colon, moves = entries[0].partition(":")
    if not colon or not spec.strip():
        raise DiagramError(f"a diagram starts with 'SPEC: MOVES', not {entries[0]!r}")
    caption = ""
    for entry in entries[1:]:
        key, colon, value = entry.partition(":")
        if key.strip() != "caption" or not colon or caption:
            raise DiagramError(
                f"diagram of {spec.strip()}: after 'SPEC: MOVES' only one 'caption: TEXT' line "
                f"may follow, not {entry!r}"
            )
        caption = value.strip()
    return Diagram(spec.strip(), tuple(moves.split()), caption)


def find_diagrams(text: str) -> list[Diagram]:
    """Every diagram in the Markdown ``text``, in order."""
    return [diagram for diagram, _ in _blocks(text)]


def replace_diagrams(text: str, render: Callable[[Diagram], str]) -> str:
    """``text`` with each diagram block (its fences included) replaced by ``render(diagram)``.

    ``render`` gives whole lines, ending with a newline.
    """
    lines = text.splitlines(keepends=True)
    pieces: list[str] = []
    done = 0
    for diagram, (start, end) in _blocks(text):
        pieces += [*lines[done:start], render(diagram)]
        done = end
    return "".join(pieces + lines[done:])


def _blocks(text: str) -> list[tuple[Diagram, tuple[int, int]]]:
    """The diagrams in ``text`` with the lines they take up, first and past the last."""
    return [
        (parse_diagram(token.content), (token.map[0], token.map[1]))
        for token in MarkdownIt("commonmark").parse(text)
        if token.type == "fence" and token.info.strip() == INFO and token.map is not None
    ]


def text_diagram(diagram: Diagram) -> str:
    """A diagram as Markdown: its position drawn as text, then its caption."""
    state = diagram.position()
    board = state.game.render_text(state)
    caption = f"\n{textwrap.fill(diagram.caption, 100)}\n" if diagram.caption else ""
    return f"```\n{board}\n```\n{caption}"


def rules_with_text_boards(rules: str) -> str:
    """A rules text with each diagram drawn as a text board, for terminals."""
    return replace_diagrams(rules, text_diagram)
