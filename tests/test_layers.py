"""Imports point one way: the rules of a game load none of its other parts (drawing, text,
explanations, the AI's evaluation, the compiled kernel: the game's module puts them together),
and core and geometry know nothing above them.

The check reads the modules' own import statements (those run on import: type-only imports
under ``if TYPE_CHECKING`` and imports inside functions are left out) and follows them
through the package, so a part reached through another module counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCES = Path(__file__).resolve().parents[1] / "src"
GAMES = ("triggle", "trig", "tricolor", "trugo", "tranglar")
#: The parts of a game its rules must not load.
GAME_PARTS = ("evaluation", "svg", "text", "explain", "native", "game")
#: The packages above the games.
INTERFACES = ("trigames.ai", "trigames.cli", "trigames.web", "trigames.interop")


def _path(module: str) -> Path | None:
    base = SOURCES / module.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def _imported(module: str) -> set[str]:
    """The project's modules that ``module`` imports when it is loaded."""
    path = _path(module)
    if path is None:
        return set()
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.update(name for name in names if name.startswith("trigames") and _path(name))
    return found


def loaded_with(module: str) -> set[str]:
    """Every project module that ``module``'s imports name, itself included, and theirs in
    turn (a package's ``__init__``, which Python runs first and which gathers the package's
    parts, counts only where an import names the package itself).

    >>> "trigames.core.protocol" in loaded_with("trigames.games.triggle.rules")
    True
    """
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_imported(name))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_rules_load_none_of_the_games_other_parts(game: str) -> None:
    package = f"trigames.games.{game}"
    loaded = loaded_with(f"{package}.rules")
    assert "trigames.core.protocol" in loaded  # the walk follows imports through modules
    parts = {name for name in loaded if name.rsplit(".", 1)[-1] in GAME_PARTS}
    assert not parts, f"{game}'s rules load {sorted(parts)}"
    assert package not in loaded, f"{game}'s rules load the package that gathers every part"
    assert not {name for name in loaded if name.startswith(INTERFACES)}


@pytest.mark.parametrize("layer", ["trigames.core", "trigames.geometry"])
def test_core_and_geometry_know_nothing_above_them(layer: str) -> None:
    modules = [f"{layer}.{path.stem}" for path in (SOURCES / layer.replace(".", "/")).glob("*.py")]
    for module in modules:
        above = {
            name for name in loaded_with(module) if name.startswith(("trigames.games", *INTERFACES))
        }
        assert not above, f"{module} loads {sorted(above)}"
