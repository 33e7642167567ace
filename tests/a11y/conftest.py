"""Browser fixtures: one origin server and one headless Chromium (with axe-core) per test session.

Pages come from tests/pages/a11y-*/source.html (our fixtures) and a sample of
../shared/datasets/readability-pages. The origin serves each page at /pages/<slug>/; the
browser goes through a real ``clearpage proxy`` (tests/support/proxy.py) started with
``mode: reader``: the original is that URL with the bypass ``?clearpage=off``, the served
page the same URL filtered. Audits are cached per URL: each page is loaded and audited once.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from clearpage.tools import a11y
from tests.conftest import PROJECT, SHARED, require
from tests.support.proxy import running_proxy

FIXTURES = sorted(p.parent.name for p in (PROJECT / "tests" / "pages").glob("a11y-*/source.html"))
# A sample of the readability pages for CI: varied (news, blogs, docs, rtl, lazy images,
# tables, CJK) and quick to audit. `clearpage a11y-report` covers all 130.
READABILITY_SAMPLE = ["001", "ars-1", "bbc-1", "keep-tabular-data", "lazy-image-1", "rtl-1", "mozilla-1", "hukumusume", "ietf-1"]


def source_path(slug: str) -> Path:
    if slug.startswith("a11y-"):
        return PROJECT / "tests" / "pages" / slug / "source.html"
    return SHARED / "datasets" / "readability-pages" / slug / "source.html"


# The proxy serves every page as a reader page; a generous budget so a big page on a busy CI
# machine is still filtered (a page over budget would be served untouched, and fail here).
PROXY_CONFIG = "mode: reader\nproxy:\n  time_budget_ms: 30000\n"


class Site:
    """The origin, the running proxy and the browser behind it, and the audits made so far.

    The original is loaded through the proxy with the bypass (``?clearpage=off``), the served
    page through the proxy as it is; both come from the same origin URL.
    """

    def __init__(self, origin: a11y.OriginServer, proxy, browser: a11y.Browser):
        self.origin = origin
        self.proxy = proxy
        self.browser = browser
        self._audits: dict[tuple[str, tuple], a11y.Audit] = {}

    def add(self, slug: str) -> str:
        path = f"/pages/{slug}/"
        if path not in self.origin.routes:
            self.origin.add(path, source_path(slug).read_bytes())
        return path

    def audit(self, path: str, skip_rules: tuple[str, ...] = ()) -> a11y.Audit:
        key = (path, skip_rules)
        if key not in self._audits:
            self._audits[key] = self.browser.audit(self.origin.url(path), skip_rules=skip_rules)
        return self._audits[key]

    def pair(self, slug: str) -> tuple[a11y.Audit, a11y.Audit]:
        path = self.add(slug)
        before = self.audit(path + "?clearpage=off")
        after = self.audit(path, before.skipped_rules)
        return before, after


# Module scope: Playwright's sync API keeps an event loop running in this thread while it is
# open, which would break later tests that start their own (asyncio.run).
@pytest.fixture(scope="module")
def site(tmp_path_factory):
    require(a11y.playwright_available(), "Playwright for Python is not installed (pip install -e '.[test]')", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.chromium_path() is not None, f"no Chromium at {a11y.DEFAULT_CHROMIUM} (apt-get install chromium)", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.axe_path() is not None, f"axe-core not found: ./dev test installs it, or set {a11y.AXE_ENV}", "CLEARPAGE_REQUIRE_BROWSER")
    with a11y.OriginServer() as origin, running_proxy(tmp_path_factory.mktemp("a11y-proxy"), config=PROXY_CONFIG) as proxy:
        browser = a11y.Browser({f"127.0.0.1:{origin.port}"}, proxy=proxy.address)
        try:
            yield Site(origin, proxy, browser)
        finally:
            browser.close()


@pytest.fixture(scope="session")
def update_golden() -> bool:
    return bool(os.environ.get("CLEARPAGE_UPDATE_GOLDEN"))
