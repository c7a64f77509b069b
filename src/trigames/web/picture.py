"""A game's board as a PNG picture, for the links people share (Open Graph ``og:image``).

The engine draws SVG; resvg (through ``resvg-py``, a wheel with no system library to install)
turns it into PNG. Pictures are made in a worker thread, a few at a time, and kept per game
version, so a flood of requests costs at most one picture per change.

>>> png = png_of('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 5" width="5" height="5"/>')
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import re

import resvg_py

#: Size of a shared picture in pixels (what link previews show best); a board of another shape
#: is drawn as large as fits, in the middle.
WIDTH, HEIGHT = 1200, 630
#: The background behind the board (the pages' own).
BACKGROUND = "#f6f1e4"
_ROOT_SIZE = re.compile(r'\s(width|height)="[^"]*"')


def framed(svg: str, width: int = WIDTH, height: int = HEIGHT) -> str:
    """``svg`` (a standalone document with a ``viewBox``, as the games draw) scaled to fit a
    ``width`` x ``height`` picture, centred on the background.

    >>> tall = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2" width="1" height="2"/>'
    >>> print(framed(tall, 120, 63).replace("><", ">\\n<"))
    <svg xmlns="http://www.w3.org/2000/svg" width="120" height="63" viewBox="0 0 120 63">
    <rect width="120" height="63" fill="#f6f1e4"/>
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2" width="120" height="63"/>
    </svg>
    """
    head_end = svg.index(">", svg.index("<svg"))
    if svg[head_end - 1] == "/":  # an empty document: <svg .../>
        head_end -= 1
    root = _ROOT_SIZE.sub("", svg[:head_end])
    inner = f'{root} width="{width}" height="{height}"{svg[head_end:]}'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" '
        f'fill="{BACKGROUND}"/>{inner}</svg>'
    )


def png_of(svg: str, width: int = WIDTH, height: int = HEIGHT) -> bytes:
    """``svg`` drawn to fit ``width`` x ``height`` pixels, as PNG bytes."""
    picture = resvg_py.svg_to_bytes(svg_string=framed(svg, width, height), background=BACKGROUND)
    return bytes(picture)
