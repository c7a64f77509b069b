"""A small SVG canvas shared by the games' board pictures: one palette, one look.

Shapes are given in board units (as the geometry modules' ``to_plane`` functions return them)
and drawn :attr:`SvgCanvas.scale` pixels a unit; the canvas keeps track of what it drew, so
:meth:`SvgCanvas.document` can fit the ``viewBox`` around it. Numbers are written with at most
two decimals, so the same drawing always gives the same text.

Attributes are passed as a dictionary; names with a ``data-`` prefix are how a web page learns
what was drawn (``data-name`` for a place a player may click, ``data-piece`` and
``data-owner`` for pieces).

The paper, its lines and its words are drawn in colours of :data:`PALETTE` with a role in
:data:`THEMED_ROLES`: an element filled or stroked in one of them also carries the class
``fill-<role>`` or ``stroke-<role>``, so that a page can recolour the drawing through CSS (its
dark theme: CSS beats the presentation attributes) while the document keeps its own colours
for every other use (a file, a PNG).

What a canvas drew can be kept as a :class:`Block` (:meth:`SvgCanvas.block`), its elements
written out and the box round them, and added to other canvases of the same scale
(:meth:`SvgCanvas.add`): a board picture draws the parts its positions share once, and a
position costs little more than joining them.

>>> canvas = SvgCanvas(scale=10)
>>> canvas.circle((1, 1), 0.5, fill=PALETTE["board"], attrs={"data-name": "A1"})
>>> canvas.text((1, 2), "A & B")
>>> print(canvas.document(title="demo"))  # doctest: +ELLIPSIS
<svg xmlns="http://www.w3.org/2000/svg" viewBox="-5 -5 30 36.5" width="30" height="36.5" ...>
<title>demo</title>
<rect x="-5" y="-5" width="30" height="36.5" fill="#f6f1e4" class="fill-background"/>
<circle cx="10" cy="10" r="5" fill="#e8d9b5" class="fill-board" data-name="A1"/>
<text x="10" y="20" font-size="3" text-anchor="middle" dominant-baseline="central" \
fill="#6b6257" class="fill-label" pointer-events="none">A &amp; B</text>
</svg>
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable, Mapping
from typing import NamedTuple, Protocol
from xml.sax.saxutils import escape, quoteattr

from trigames.core.phrases import Phrase, said

XMLNS = "http://www.w3.org/2000/svg"

#: The colours every board picture uses.
PALETTE: dict[str, str] = {
    "background": "#f6f1e4",
    "board": "#e8d9b5",
    "line": "#8a7f70",
    "ink": "#2b2b2b",
    "label": "#6b6257",
    "faint": "#c9bda5",
    "last": "#c2185b",  # the last move
    "white": "#fbfbf8",
    "black": "#1d1d1d",
}

#: Colours of the seats of games whose seats are colours (Triggle's Blue, Yellow, Red, Green).
SEAT_COLOURS: dict[str, str] = {
    "blue": "#2f6fd0",
    "yellow": "#e7b416",
    "red": "#d23a2f",
    "green": "#3a9a4a",
    "white": "#fbfbf8",
    "black": "#1d1d1d",
    "petrol": "#0f6b78",
    "acid green": "#a4d618",
    "neutral": "#ffffff",
}

#: The roles of the :data:`PALETTE` colours a page may change: the paper, its lines and words,
#: and the mark of the last move.
THEMED_ROLES = ("background", "board", "line", "faint", "label", "ink", "last")
_ROLE_OF = {PALETTE[role]: role for role in THEMED_ROLES}

Attrs = Mapping[str, str | int | float]
PointXY = tuple[float, float]
#: A box in board units: ``(left, top, right, bottom)``.
Box = tuple[float, float, float, float]


def number(value: float) -> str:
    """``value`` with at most two decimals and no trailing zeros (``-0`` written ``0``).

    >>> number(1.0), number(2.345), number(-0.001)
    ('1', '2.35', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def themed_class(fill: str | None, stroke: str | None = None) -> str | None:
    """The classes that name the roles of ``fill`` and ``stroke`` (:data:`THEMED_ROLES`), if
    they have one.

    >>> themed_class(PALETTE["board"], PALETTE["line"]), themed_class("#123456")
    ('fill-board stroke-line', None)
    """
    found = [f"{kind}-{_ROLE_OF[colour]}" for kind, colour in (("fill", fill), ("stroke", stroke))
             if colour in _ROLE_OF]  # fmt: skip
    return " ".join(found) or None


def painted(fill: str | None, stroke: str | None, attrs: Attrs | None) -> Attrs | None:
    """``attrs`` with the class of :func:`themed_class` first in its ``class`` (if any)."""
    themed = themed_class(fill, stroke)
    if themed is None:
        return attrs
    given = attrs or {}
    own = given.get("class")
    merged = {"class": themed if own is None else f"{themed} {own}"}
    return merged | {name: value for name, value in given.items() if name != "class"}


def attributes(attrs: Attrs | None) -> str:
    """`` name="value"`` pairs, escaped, in the order given."""
    if not attrs:
        return ""
    parts = []
    for name, value in attrs.items():
        text = number(value) if isinstance(value, float) else str(value)
        parts.append(f" {name}={_quoted(text)}")
    return "".join(parts)


#: An attribute's value quoted and escaped (:func:`xml.sax.saxutils.quoteattr`), the values
#: written last kept: a game's drawings write the same ones again and again.
_quoted = functools.lru_cache(maxsize=4096)(quoteattr)


def game_attributes(spec: str, to_move: int | None, last: object | None) -> dict[str, str]:
    """The root element's data: the game's spec, the seat to move (``none`` once the game is
    over) and the last move in notation (left out before the first move)."""
    found = {"data-game": spec, "data-to-move": "none" if to_move is None else str(to_move)}
    if last is not None:
        found["data-last-move"] = str(last)
    return found


def piece_attributes(
    kind: str, owner: int | str | None, owner_name: str | None, at: str, *, last: bool = False
) -> dict[str, str]:
    """The data of a drawn piece: ``data-piece`` (its kind), ``data-owner`` (a seat number,
    or a word such as ``neutral``) with ``data-owner-name``, ``data-at`` (where it stands, in
    notation) and ``data-last="true"`` when the last move put it there."""
    found = {"data-piece": kind}
    if owner is not None:
        found["data-owner"] = str(owner)
    if owner_name is not None:
        found["data-owner-name"] = owner_name
    found["data-at"] = at
    if last:
        found["data-last"] = "true"
    return found


class Block:
    """Elements drawn on a canvas (:meth:`SvgCanvas.block`), written out, and the box round the
    points they were drawn from, or ``None`` if nothing was measured. Blocks compare as
    objects: the parts of a game's pictures are drawn once and kept, so two drawings that show
    one part hold one block (and comparing or hashing it costs nothing)."""

    __slots__ = ("box", "parts")

    def __init__(self, parts: tuple[str, ...], box: Box | None) -> None:
        self.parts = parts
        self.box = box


class Drawing(NamedTuple):
    """A standalone SVG document kept as its first lines (the root element with the
    ``viewBox``, the title, the background) and the blocks of elements after them: two
    drawings of one board share most blocks, and their texts differ only where their blocks do
    (a page is sent those lines only; see :mod:`trigames.web.patches`)."""

    head: tuple[str, ...]
    blocks: tuple[Block, ...]

    def lines(self) -> list[str]:
        """The document's lines: each element is a line of its own."""
        return [*self.head, *(part for block in self.blocks for part in block.parts), "</svg>"]

    def text(self) -> str:
        """The document."""
        return "\n".join(self.lines())


def draw(
    blocks: Iterable[Block],
    *,
    scale: float,
    margin: float = 1.0,
    title: str,
    attrs: Attrs | None = None,
    box: Box | None = None,
) -> Drawing:
    """The drawing of ``blocks`` (drawn at ``scale``), its ``viewBox`` fitted round them; or
    round ``box``, the box round every block, when the game knows it (a board whose every
    piece lies within the parts always drawn): then the blocks are not measured."""
    canvas = SvgCanvas(scale=scale, margin=margin)
    kept = tuple(blocks)
    if box is None:
        canvas.measure(*kept)
    else:
        canvas.measure(Block((), box))
    return Drawing(canvas.head(title=title, attrs=attrs), kept)


class _Game(Protocol):
    @property
    def title(self) -> str: ...
    @property
    def spec(self) -> object: ...


class Position(Protocol):
    """What :func:`draw_position` reads of a game's state."""

    @property
    def game(self) -> _Game: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def last_move(self) -> object | None: ...


def draw_position(
    state: Position,
    blocks: Iterable[Block],
    *,
    scale: float,
    margin: float = 1.0,
    box: Box | None = None,
) -> Drawing:
    """The drawing of a position from its ``blocks`` (see :func:`draw`), titled with its game
    and last move, its root element holding :func:`game_attributes`."""
    game, last = state.game, state.last_move
    return draw(
        blocks,
        scale=scale,
        margin=margin,
        box=box,
        title=f"{game.title}: {str(last) if last else 'start'}",
        attrs=game_attributes(str(game.spec), state.current_player, last),
    )


class SvgCanvas:
    """SVG elements in drawing order, in board units ``scale`` pixels apart."""

    def __init__(self, *, scale: float = 40.0, margin: float = 1.0) -> None:
        self.scale = scale
        #: Blank space around the drawing, in board units.
        self.margin = margin
        self.parts: list[str] = []
        # The box round everything measured so far (empty while left > right).
        self._left = self._top = math.inf
        self._right = self._bottom = -math.inf

    def _reach(self, left: float, top: float, right: float, bottom: float) -> None:
        """Widen the measured box to take in ``(left, top)`` and ``(right, bottom)``."""
        if left < self._left:
            self._left = left
        if top < self._top:
            self._top = top
        if right > self._right:
            self._right = right
        if bottom > self._bottom:
            self._bottom = bottom

    def _px(self, point: PointXY) -> str:
        x, y = point
        self._reach(x, y, x, y)
        return f"{number(x * self.scale)},{number(y * self.scale)}"

    def _xy(self, point: PointXY, x_name: str = "x", y_name: str = "y") -> str:
        x, y = point
        self._reach(x, y, x, y)
        return f'{x_name}="{number(x * self.scale)}" {y_name}="{number(y * self.scale)}"'

    def block(self) -> Block:
        """Everything drawn so far, to :meth:`add` to canvases of the same scale."""
        box = (self._left, self._top, self._right, self._bottom)
        return Block(tuple(self.parts), box if self._left <= self._right else None)

    def add(self, *blocks: Block) -> None:
        """Add elements drawn before, in order, as if drawn here (their boxes are measured)."""
        for block in blocks:
            self.parts.extend(block.parts)
        self.measure(*blocks)

    def measure(self, *blocks: Block) -> None:
        """Widen what this canvas measured to take in the boxes of ``blocks``."""
        boxes = [box for block in blocks if (box := block.box) is not None]
        if boxes:
            lefts, tops, rights, bottoms = zip(*boxes, strict=True)
            self._reach(min(lefts), min(tops), max(rights), max(bottoms))

    def hit_circle(self, centre: PointXY, radius: float) -> None:
        """An invisible disc of ``radius`` board units that takes clicks for the group it is
        drawn in: a small place (a peg, a junction) gets a target a finger can hit."""
        self.circle(centre, radius, fill="transparent", attrs={"class": "hit"})

    def raw(self, element: str) -> None:
        """Add an element written out already (nothing is measured)."""
        self.parts.append(element)

    def open_group(self, attrs: Attrs | None = None) -> None:
        """Start a ``<g>`` element; :meth:`close_group` ends it."""
        self.parts.append(f"<g{attributes(attrs)}>")

    def close_group(self) -> None:
        self.parts.append("</g>")

    def polygon(
        self,
        points: Iterable[PointXY],
        *,
        fill: str = "none",
        stroke: str | None = None,
        width: float = 0.03,
        attrs: Attrs | None = None,
    ) -> None:
        """A closed polygon; ``width`` is the stroke width in board units."""
        listed = " ".join(self._px(p) for p in points)
        self.parts.append(
            f'<polygon points="{listed}" fill="{fill}"{self._stroke(stroke, width)}'
            f"{attributes(painted(fill, stroke, attrs))}/>"
        )

    def line(
        self,
        a: PointXY,
        b: PointXY,
        *,
        stroke: str = PALETTE["line"],
        width: float = 0.03,
        attrs: Attrs | None = None,
    ) -> None:
        """A straight line with round ends."""
        self.parts.append(
            f"<line {self._xy(a, 'x1', 'y1')} {self._xy(b, 'x2', 'y2')}"
            f'{self._stroke(stroke, width)} stroke-linecap="round"'
            f"{attributes(painted(None, stroke, attrs))}/>"
        )

    def circle(
        self,
        centre: PointXY,
        radius: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        width: float = 0.03,
        attrs: Attrs | None = None,
    ) -> None:
        """A circle of ``radius`` board units."""
        x, y = centre
        self._reach(x - radius, y - radius, x + radius, y + radius)
        self.parts.append(
            f'<circle cx="{number(x * self.scale)}" cy="{number(y * self.scale)}" '
            f'r="{number(radius * self.scale)}" fill="{fill}"{self._stroke(stroke, width)}'
            f"{attributes(painted(fill, stroke, attrs))}/>"
        )

    def text(
        self,
        at: PointXY,
        label: str,
        *,
        size: float = 0.3,
        fill: str = PALETTE["label"],
        anchor: str = "middle",
        bold: bool = False,
        attrs: Attrs | None = None,
    ) -> None:
        """``label`` centred on ``at`` (``anchor`` ``start`` or ``end`` aligns it instead);
        ``size`` is the font size in board units. Labels let clicks through to what is under.
        A label of words (a :class:`~trigames.core.phrases.Phrase`) carries its phrase in
        ``data-said``, from which a page says it in its language.

        >>> canvas = SvgCanvas(scale=10)
        >>> canvas.text((0, 0), Phrase("Due:"))
        >>> canvas.parts[-1].split(" data-said=")[1].split(" ")[0].strip("'")
        '["Due:"]'
        """
        weight = ' font-weight="bold"' if bold else ""
        if isinstance(label, Phrase):
            attrs = {**(attrs or {}), "data-said": json.dumps(said(label), ensure_ascii=False)}
        x, y = at
        wide = 0.62 * size * len(label)  # a generous guess at the width, to fit the viewBox
        start = {"start": x, "end": x - wide}.get(anchor, x - wide / 2)
        self._reach(start, y - size / 2, start + wide, y + size / 2)
        self.parts.append(
            f'<text {self._xy(at)} font-size="{number(size * self.scale)}" '
            f'text-anchor="{anchor}" dominant-baseline="central" fill="{fill}"{weight}'
            f"{attributes(painted(fill, None, attrs))}"
            f' pointer-events="none">{escape(label)}</text>'
        )

    def _stroke(self, stroke: str | None, width: float) -> str:
        if stroke is None:
            return ""
        pixels = number(width * self.scale)
        return f' stroke="{stroke}" stroke-width="{pixels}" stroke-linejoin="round"'

    def _extent(self) -> tuple[float, float, float, float]:
        """The box ``(x, y, width, height)`` round everything measured (plus the margin), in
        pixels."""
        scale, margin = self.scale, self.margin
        measured = self._left <= self._right
        low_x, low_y = (self._left, self._top) if measured else (0.0, 0.0)
        high_x, high_y = (self._right, self._bottom) if measured else (0.0, 0.0)
        left = (low_x - margin) * scale
        top = (low_y - margin) * scale
        return left, top, (high_x + margin) * scale - left, (high_y + margin) * scale - top

    def fragment(self, css_class: str = "ghost") -> tuple[str, tuple[float, float, float, float]]:
        """The elements drawn so far as one ``<g class=...>`` to lay over a picture drawn at
        the same scale, and the box ``(x, y, width, height)`` round them (plus the margin), in
        that picture's ``viewBox`` units."""
        left, top, width, height = self._extent()
        group = f'<g class="{escape(css_class)}">' + "".join(self.parts) + "</g>"
        return group, (round(left, 2), round(top, 2), round(width, 2), round(height, 2))

    def head(self, *, title: str, attrs: Attrs | None = None) -> tuple[str, str, str]:
        """A document's first lines: the root element with a ``viewBox`` fitting everything
        drawn (plus the margin), the ``<title>`` and the background."""
        root, background = _frame(*self._extent())
        return f"{root}{attributes(attrs)}>", f"<title>{escape(title)}</title>", background

    def document(self, *, title: str, attrs: Attrs | None = None) -> str:
        """The standalone SVG document: :meth:`head`, then the elements."""
        return Drawing(self.head(title=title, attrs=attrs), (self.block(),)).text()


@functools.lru_cache(maxsize=256)
def _frame(*extent: float) -> tuple[str, str]:
    """The root element of a document fitting ``extent`` (``x, y, width, height``; without its
    game's attributes and ``>``), and its background: the same for every drawing of a board."""
    left, top, width, height = (number(value) for value in extent)
    root = (
        f'<svg xmlns="{XMLNS}" viewBox="{left} {top} {width} {height}" width="{width}" '
        f'height="{height}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif"'
    )
    background = (
        f'<rect x="{left}" y="{top}" width="{width}" height="{height}" '
        f'fill="{PALETTE["background"]}" class="fill-background"/>'
    )
    return root, background
