"""Shared test helpers."""

from __future__ import annotations

from collections.abc import Iterable

import pytest


class ScriptedInput:
    """Stands in for ``input``: answers with the given lines, then raises EOFError."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


@pytest.fixture
def typed(monkeypatch: pytest.MonkeyPatch) -> ScriptedInput:
    """Replace ``input`` with a script; tests fill ``typed.lines``."""
    script = ScriptedInput([])
    monkeypatch.setattr("builtins.input", script)
    return script
