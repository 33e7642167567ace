"""One ``clearpage proxy`` (default config) and an origin serving the security fixtures."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import require
from tests.support import xss
from tests.support.origin import Origin, Route
from tests.support.pages import HTML_UTF8, page
from tests.support.proxy import ProxyProcess, running_proxy

CHROMIUM = Path("/usr/bin/chromium")
ARTICLE = page("article.html")


def routes() -> dict[str, Route]:
    return {
        "/xss-article.html": Route(xss.article_page(), HTML_UTF8),
        "/xss-portal.html": Route(xss.portal_page(), HTML_UTF8),
        "/csp-header.html": Route(ARTICLE, {
            **HTML_UTF8,
            "Content-Security-Policy": "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'",
            "Content-Security-Policy-Report-Only": "default-src 'none'; report-uri /csp-report",
            "X-Frame-Options": "DENY",
            "Referrer-Policy": "no-referrer",
            "Permissions-Policy": "camera=()",
            "Strict-Transport-Security": "max-age=31536000",
            "Cross-Origin-Opener-Policy": "same-origin",
            "X-Content-Type-Options": "nosniff",
        }),
        "/csp-two.html": Route(ARTICLE, [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Security-Policy", "script-src 'none'"),
            ("Content-Security-Policy", "default-src https: 'unsafe-inline'"),
        ]),
        "/csp-sandbox.html": Route(page("portal.html"), {**HTML_UTF8, "Content-Security-Policy": "sandbox; default-src 'none'"}),
        "/csp-meta.html": Route(ARTICLE.replace(b"<head>", b"<head><meta http-equiv='Content-Security-Policy' content=\"script-src 'none'; img-src https:\">", 1), HTML_UTF8),
        "/csp-meta-portal.html": Route(page("portal.html").replace(b"<head>", b"<head><meta http-equiv='Content-Security-Policy' content=\"script-src 'none'\">", 1), HTML_UTF8),
        "/echo.html": Route(ARTICLE, HTML_UTF8),
        "/portal-form.html": Route(page("portal.html").replace(
            b"<head>", b"<head><base href='ftp://files.example/'>", 1).replace(
            b"</body>", b"<isindex prompt='Search'><form action='/search'><input name='q'></form></body>", 1), HTML_UTF8),
    }


@dataclass
class SecurityStack:
    proxy: ProxyProcess
    origin: Origin


@pytest.fixture(scope="session")
def security_stack(tmp_path_factory):
    directory = tmp_path_factory.mktemp("security")
    with Origin(routes()) as origin, running_proxy(directory / "proxy") as proxy:
        yield SecurityStack(proxy, origin)


@pytest.fixture(scope="module")  # not longer: Playwright's sync API keeps an event loop running in this thread
def chromium(security_stack):
    require(CHROMIUM.is_file(), f"{CHROMIUM} is absent (Debian's chromium package)", "CLEARPAGE_REQUIRE_BROWSER")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "playwright is not installed (pip install -e .[test])", "CLEARPAGE_REQUIRE_BROWSER")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                f"--proxy-server={security_stack.proxy.address}",
                "--proxy-bypass-list=<-loopback>",
            ],
            env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")},
        )
        try:
            yield browser
        finally:
            browser.close()
