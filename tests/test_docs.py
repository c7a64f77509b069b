"""The documentation's sources: every page is reachable, and every public name is documented.

``make docs`` builds the site with every warning an error; these checks run without building
it, and say what to add where.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest

import trigames
import trigames.ai

DOCS = Path(__file__).resolve().parents[1] / "docs"
#: Files of docs/ that are no pages of the site (conf.py's exclude_patterns).
NOT_PAGES = {"README.md"}

_MARKDOWN_TOCTREE = re.compile(r"^```\{toctree\}\n(.*?)^```", re.MULTILINE | re.DOTALL)
_RST_TOCTREE = re.compile(r"^\.\. toctree::\n((?:[ \t]+.*\n|\n)*)", re.MULTILINE)


def pages() -> set[str]:
    """Every page of the site, as its path in docs/ without the suffix."""
    found = set()
    for path in [*DOCS.rglob("*.md"), *DOCS.rglob("*.rst")]:
        relative = path.relative_to(DOCS)
        if relative.parts[0].startswith("_") or str(relative) in NOT_PAGES:
            continue
        found.add(str(relative.with_suffix("")))
    return found


def toctree_entries(page: str) -> list[str]:
    """The pages the tables of contents of ``page`` name, as paths in docs/.

    >>> "getting-started" in toctree_entries("index")
    True
    """
    [path] = [path for suffix in (".md", ".rst") if (path := DOCS / f"{page}{suffix}").exists()]
    text = path.read_text(encoding="utf-8")
    blocks = _MARKDOWN_TOCTREE.findall(text) + _RST_TOCTREE.findall(text)
    folder = Path(page).parent
    return [
        str(folder / line.strip())
        for block in blocks
        for line in block.splitlines()
        if line.strip() and not line.strip().startswith(":")
    ]


def test_every_page_is_in_a_table_of_contents() -> None:
    named = {entry: page for page in pages() for entry in toctree_entries(page)}
    missing = sorted(pages() - set(named) - {"index"})
    assert not missing, f"pages in no toctree (add them to one in docs/index.md): {missing}"
    absent = sorted(
        f"{entry} (named in {page})" for entry, page in named.items() if entry not in pages()
    )
    assert not absent, f"toctrees name pages that do not exist: {absent}"


def test_the_readme_of_docs_links_every_page() -> None:
    """docs/README.md is the list GitHub shows for the folder: each top-level page is in it."""
    readme = (DOCS / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([^)#]+)\.md\)", readme))
    top = {page for page in pages() if "/" not in page and page != "index"}
    missing = sorted(top - linked)
    assert not missing, f"docs/README.md does not link: {missing}"


@pytest.mark.parametrize("module", [trigames, trigames.ai], ids=lambda module: module.__name__)
def test_every_public_name_has_a_docstring(module: ModuleType) -> None:
    undocumented = []
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isclass(value):
            own = vars(value).get("__doc__")
        elif inspect.isfunction(value):
            own = value.__doc__
        else:
            continue  # data: documented by its #: comment, which autodoc reads
        if not (own and own.strip()):
            undocumented.append(name)
    assert not undocumented, f"{module.__name__}: no docstring for {undocumented}"
