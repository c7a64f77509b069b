"""A game's board as a PNG picture, for the links people share (Open Graph ``og:image``).

The engine draws SVG; resvg (through ``resvg-py``, a wheel with no system library to install)
turns it into PNG. Pictures are made in a worker thread, a few at a time, and kept per game
version, so a flood of requests costs at most one picture per change.

>>> png = png_of('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', width=20)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import resvg_py

#: Width of a shared picture in pixels (what link previews show best: 1200 x 630 or so).
WIDTH = 1200
#: The background behind the board (the pages' own).
BACKGROUND = "#f6f1e4"


def png_of(svg: str, width: int = WIDTH) -> bytes:
    """``svg`` drawn ``width`` pixels wide, as PNG bytes."""
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width, background=BACKGROUND))
