"""A real ``trigames serve`` and Debian's headless Chromium (no downloaded browser), for the
end-to-end tests of the web pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

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

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser, server: Server) -> Iterator[Pages]:
    opened = Pages(browser, server)
    yield opened
    opened.close()
    assert not opened.errors, "JavaScript errors: " + "; ".join(opened.errors)
