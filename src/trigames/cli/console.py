"""Input and output for the interactive commands, swappable in tests.

Text that comes from outside (names and dates in a record, ``--name``, error messages quoting
a file) goes through :func:`printable` before it reaches the terminal, so that it cannot hold
escape sequences that would move the cursor, clear the screen or change the title.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


#: The most characters of a player's name (or kind, or date) shown from outside: more are cut.
NAME_LENGTH = 40


def printable(text: str, limit: int | None = None) -> str:
    r"""``text`` safe to show on a terminal: every character that is not printable (control
    characters such as escape and newline, invisible formatting such as right-to-left marks) is
    written as its Python escape; with ``limit``, cut to that many characters and ``...``.

    >>> print(printable("Ann\x1b[2J\n"), printable("Zoë"), printable("x" * 50, limit=5))
    Ann\x1b[2J\n Zoë xxxxx...
    """
    if limit is not None and len(text) > limit:
        text = text[:limit] + "..."
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text
    )


@dataclass
class Console:
    """Reads lines (``None`` at end of input) and writes text; knows whether to use colour."""

    read: Callable[[str], str | None] = _read
    write: Callable[[str], None] = field(default=print)
    color: bool = False

    @classmethod
    def terminal(cls) -> Console:
        """The real terminal, with colour when standard output is one."""
        return cls(color=sys.stdout.isatty())

    def ask(self, prompt: str) -> str | None:
        """A stripped line of input, or ``None`` at end of input."""
        line = self.read(prompt)
        return None if line is None else line.strip()
