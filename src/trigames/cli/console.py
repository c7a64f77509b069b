"""Input and output for the interactive commands, swappable in tests."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


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
