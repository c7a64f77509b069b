"""A real ``trigames serve`` and Debian's headless Chromium (no downloaded browser), for the
end-to-end tests of the web pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)

from tests.e2e.driver import assert_no_sideways_scroll
from tests.web.conftest import Server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Where the tests leave screenshots of the boards, to be looked at.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
#: The sizes pages are looked at: a desktop and a phone.
SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("e2e") / "games.sqlite3").start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Pages:
    """Opens pages in fresh browser contexts (each its own localStorage), and fails the test
    on any JavaScript error the pages raise and anything their Content-Security-Policy
    refuses."""

    def __init__(self, browser: Browser, server: Server) -> None:
        self.browser = browser
        self.server = server
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def open(self, path: str = "/", context: BrowserContext | None = None) -> Page:
        if context is None:
            context = self.browser.new_context(
                base_url=self.server.url,
                accept_downloads=True,
                viewport={"width": 1280, "height": 900},
            )
            context.set_default_timeout(15_000)
            self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("console", lambda message: self._refused(page, message))
        page.goto(path)
        return page

    def _refused(self, page: Page, message: ConsoleMessage) -> None:
        """What the pages' Content-Security-Policy refused (an inline style or script) is an
        error of the page's."""
        if message.type == "error" and "Content Security Policy" in message.text:
            self.errors.append(f"{page.url}: {message.text}")

    def context_at(self, size: str, scheme: str = "light") -> BrowserContext:
        """A fresh browser context at one of :data:`SIZES`, in the colour ``scheme``: a phone
        has a touch screen and no mouse."""
        touch = size == "phone"
        context = self.browser.new_context(
            base_url=self.server.url,
            viewport=SIZES[size],
            has_touch=touch,
            is_mobile=touch,
            color_scheme=scheme,  # type: ignore[arg-type]
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return context

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser, server: Server) -> Iterator[Pages]:
    opened = Pages(browser, server)
    yield opened
    opened.close()
    assert not opened.errors, "JavaScript errors: " + "; ".join(opened.errors)


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def sized(request: pytest.FixtureRequest, pages: Pages) -> tuple[str, Page]:
    """The lobby open at each of :data:`SIZES`: ``(size, page)``."""
    size: str = request.param
    return size, pages.open("/", pages.context_at(size))


def save_shot(page: Page, name: str) -> None:
    """A screenshot of the whole of ``page``, ``name``.png among the screenshots."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"{name}.png", full_page=True)


def shoot(
    pages: Pages, page: Page, name: str, prepare: Callable[[Page], None] | None = None
) -> None:
    """Screenshots of ``page`` at desktop and phone size (:data:`SIZES`), light (this page) and
    dark (the same address in a dark context, with this page's storage, so logged in as it is,
    brought to the same state by ``prepare``), none of them scrolling sideways."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    dark = pages.browser.new_context(
        base_url=pages.server.url,
        color_scheme="dark",
        storage_state=page.context.storage_state(),
        viewport=SIZES["desktop"],
    )
    pages.contexts.append(dark)
    night = pages.open(page.url, dark)
    if prepare is not None:
        prepare(night)
    for scheme, shown in (("light", page), ("dark", night)):
        expect(shown.locator("#account-bar")).not_to_be_empty()
        for size, viewport in SIZES.items():
            shown.set_viewport_size(viewport)
            shown.wait_for_load_state("networkidle")
            assert_no_sideways_scroll(shown)
            shown.screenshot(path=SCREENSHOTS / f"{name}-{scheme}-{size}.png", full_page=True)
        shown.set_viewport_size(SIZES["desktop"])
    night.close()
