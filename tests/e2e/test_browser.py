"""A real browser through the proxy: Debian's headless Chromium renders the filtered page."""
import os
from pathlib import Path

import pytest

from tests.conftest import require

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser(stack):
    require(CHROMIUM.is_file(), f"{CHROMIUM} is absent (Debian's chromium package)", "CLEARPAGE_REQUIRE_BROWSER")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "playwright is not installed (pip install -e .[test])", "CLEARPAGE_REQUIRE_BROWSER")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                f"--proxy-server={stack.proxy.address}",
                "--proxy-bypass-list=<-loopback>",  # Chromium skips proxies for 127.0.0.1 unless told
            ],
            env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")},
        )
        try:
            yield chromium
        finally:
            chromium.close()


def test_chromium_renders_the_article_without_the_ad(browser, stack):
    page = browser.new_page()
    try:
        response = page.goto(stack.origin.url("/article.html"), wait_until="load")
        assert response is not None and response.status == 200
        assert response.headers["x-clearpage"].startswith("mode=reader;")
        assert page.locator("iframe").count() == 0
        assert "family of dippers" in page.locator("main").inner_text()
        assert page.locator("nav[data-clearpage=removed-links] a", has_text="Weather").count() == 1
        # The page is styled by the reader stylesheet, and its skip link is the first stop.
        assert page.evaluate("getComputedStyle(document.body).maxWidth") != "none"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.getAttribute('href')") == "#cp-content"
        # The way back: the original, with its ad frame, through the same proxy.
        page.get_by_role("link", name="Original page (without clearpage)").click()
        page.wait_for_load_state("load")
        assert "clearpage=off" in page.url
        assert page.locator("iframe#ad-frame").count() == 1
    finally:
        page.close()


def test_chromium_gets_the_csp_stylesheet_from_the_proxy(browser, stack):
    page = browser.new_page()
    blocked = []
    page.on("console", lambda msg: blocked.append(msg.text) if "Content Security Policy" in msg.text else None)
    try:
        response = page.goto(stack.origin.url("/csp-self.html"), wait_until="load")
        assert response.headers["x-clearpage"].startswith("mode=reader;")
        assert page.locator("link[rel=stylesheet]").count() == 1
        assert page.evaluate("document.styleSheets.length") == 1
        assert page.evaluate("getComputedStyle(document.body).maxWidth") != "none"  # the sheet applied
        assert blocked == []  # and nothing the page was served broke its own policy
    finally:
        page.close()
