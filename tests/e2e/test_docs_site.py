"""The documentation site as a reader sees it: the built pages in Chromium, at a desktop's and a
phone's size, in the light and the dark colour scheme.

The site is ``build/docs/html`` (``make docs``, which ``make test`` runs first); where it is
missing the test builds it with Sphinx into a temporary folder. Screenshots are left in
``test-artifacts/screenshots/docs-*.png``, to be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from sphinx.cmd.build import build_main

import trigames
from tests.e2e.conftest import SCREENSHOTS
from trigames.diagrams import find_diagrams
from trigames.games import list_games

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
BUILT = ROOT / "build" / "docs" / "html"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SCHEMES = ("light", "dark")
#: The pages whose screenshots are taken at every size and in both schemes.
SHOWN = ("index", "getting-started", "games/trig", "players-and-levels", "api/trigames")

#: How far the page scrolls sideways (0 when it fits its window).
OVERFLOW_JS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: make docs's, or one built now."""
    if (BUILT / "index.html").is_file():
        return BUILT
    out = tmp_path_factory.mktemp("docs") / "html"
    status = build_main(["-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)])
    assert status == 0, "sphinx-build -W failed: see its warnings above"
    return out


@pytest.fixture
def open_page(browser: Browser, site: Path) -> Iterator[OpenPage]:
    opener = OpenPage(browser, site)
    yield opener
    opener.close()
    assert not opener.errors, "JavaScript errors: " + "; ".join(opener.errors)


class OpenPage:
    """Opens the site's pages in a fresh browser context of a given size and colour scheme."""

    def __init__(self, browser: Browser, site: Path) -> None:
        self.browser = browser
        self.site = site
        self.errors: list[str] = []
        self.contexts: list[BrowserContext] = []

    def __call__(self, name: str, size: str = "desktop", scheme: str = "light") -> Page:
        width, height = SIZES[size]
        context = self.browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme="dark" if scheme == "dark" else "light",
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{name}: {error}"))
        page.goto((self.site / f"{name}.html").as_uri())
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def site_pages(site: Path) -> list[str]:
    """Every page of the site, as ``folder/name`` without ``.html``."""
    skipped = {"genindex", "search", "py-modindex"}
    pages = [
        str(path.relative_to(site).with_suffix(""))
        for path in site.rglob("*.html")
        if not path.relative_to(site).parts[0].startswith("_")
    ]
    return sorted(page for page in pages if page not in skipped)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", list(SIZES))
def test_pages_look_right(open_page: OpenPage, size: str, scheme: str) -> None:
    """The main pages at each size and scheme: screenshots, and nothing scrolls sideways."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name in SHOWN:
        page = open_page(name, size, scheme)
        slug = name.replace("/", "-")
        page.screenshot(path=SCREENSHOTS / f"docs-{slug}-{size}-{scheme}.png")
        assert page.evaluate(OVERFLOW_JS) <= 0, f"{name} scrolls sideways at {size} size"
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        dark = background not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")
        assert dark == (scheme == "dark"), f"{name} in the {scheme} scheme has {background}"


def test_no_page_scrolls_sideways_on_a_phone(open_page: OpenPage, site: Path) -> None:
    pages = site_pages(site)
    assert len(pages) > 20, pages
    page = open_page("index", "phone")
    wide = []
    for name in pages:
        page.goto((site / f"{name}.html").as_uri())
        if page.evaluate(OVERFLOW_JS) > 0:
            wide.append(name)
    assert not wide, f"these pages scroll sideways at 390 px: {wide}"


def test_every_public_name_has_its_docstring_rendered(open_page: OpenPage) -> None:
    page = open_page("api/trigames")
    for name in trigames.__all__:
        term = page.locator(f'dt[id="trigames.{name}"]')
        assert term.count() == 1, f"trigames.{name} is not documented in api/trigames"
        text = term.locator("xpath=following-sibling::dd[1]").inner_text()
        assert text.strip(), f"trigames.{name} is documented without its docstring"


def test_the_games_pages_draw_their_diagrams_and_ladders(open_page: OpenPage) -> None:
    """Each game's page: the rules file with its diagrams as pictures, and its ladder."""
    for game in list_games():
        page = open_page(f"games/{game.name}")
        pictures = page.locator("figure.diagram svg").count()
        assert pictures == len(find_diagrams(game.rules())), game.name
        title = game.rules().partition("\n")[0].removeprefix("# ")
        assert page.locator("h1").inner_text().startswith(title), game.name
        ladder = page.locator("section#how-strong-the-computer-players-are table")
        assert ladder.count() == 1, f"{game.name}: no ladder table"
        assert page.locator("section#in-every-game-resigning-draws-time-and-seats").count() == 1
