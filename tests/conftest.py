"""Shared test helpers."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import pytest

#: The scripts run by hand (``benchmarks/*.py``), which some tests load as modules.
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def benchmark_script(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` loaded as a module (its ``main`` not run)."""
    spec = importlib.util.spec_from_file_location(f"{name}_script", BENCHMARKS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
