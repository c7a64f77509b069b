"""Sphinx configuration of the documentation site (``make docs`` builds it into build/docs/html).

The pages are Markdown (MyST); the Library API pages are reStructuredText, for autodoc. The
games' rules, their diagrams and the ladders of the computer players are read at build time
from the files the app uses, by the small extension in ``_ext/trigames_docs.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import trigames  # noqa: E402  (the site documents the installed package: `make docs` uses .venv)

project = "trigames"
author = "the trigames authors"
copyright = "the trigames authors"
release = version = trigames.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "trigames_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# README.md is what GitHub shows for the folder: a pointer to index.md, not a page of the site.
exclude_patterns = ["README.md", "_build", "_tools", "Thumbs.db", ".DS_Store"]

# MyST: headings get anchors (``page.md#a-heading`` links), and a ```diagram fence is the
# diagram directive, as the app draws it (the rules files are plain Markdown for the app).
myst_heading_anchors = 3
myst_fence_as_directive = ["diagram"]
myst_enable_extensions = ["colon_fence"]

# autodoc: signatures keep the type hints, descriptions in the source's order.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"trigames {release}"
html_static_path = ["_static"]
html_css_files = ["trigames.css"]
html_favicon = "../src/trigames/web/static/favicon.svg"
html_theme_options = {"source_directory": "docs/", "navigation_with_keys": True}
html_show_sourcelink = False
