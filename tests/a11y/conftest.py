"""Browser fixtures: one origin server and one headless Chromium (with axe-core) per test session.

Pages come from tests/pages/a11y-*/source.html (our fixtures) and a sample of
../shared/datasets/readability-pages. The origin serves each original at /pages/<slug>/ and
the page clearpage makes of it at /served/<slug>/ (the Pipeline run with the original's
URL), so links, the bypass link and relative images resolve as they would through the proxy.
Audits are cached per URL for the session: each page is loaded and audited once.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from clearpage.addon import a11y
from clearpage.filters import Pipeline
from tests.conftest import PROJECT, SHARED, require

FIXTURES = sorted(p.parent.name for p in (PROJECT / "tests" / "pages").glob("a11y-*/source.html"))
# A sample of the readability pages for CI: varied (news, blogs, docs, rtl, lazy images,
# tables, CJK) and quick to audit. `clearpage a11y-report` covers all 130.
READABILITY_SAMPLE = ["001", "ars-1", "bbc-1", "keep-tabular-data", "lazy-image-1", "rtl-1", "mozilla-1", "pixnet", "ietf-1"]


def source_path(slug: str) -> Path:
    if slug.startswith("a11y-"):
        return PROJECT / "tests" / "pages" / slug / "source.html"
    return SHARED / "datasets" / "readability-pages" / slug / "source.html"


class Site:
    """The origin server with every page registered, and the audits made so far."""

    def __init__(self, origin: a11y.OriginServer, browser: a11y.Browser):
        self.origin = origin
        self.browser = browser
        self.pipeline = Pipeline()
        self._audits: dict[tuple[str, tuple], a11y.Audit] = {}
        self.served_html: dict[str, str] = {}

    def add(self, slug: str, mode: str = "reader") -> None:
        if slug in self.served_html:
            return
        source = source_path(slug).read_bytes()
        url = self.origin.add(f"/pages/{slug}/", source)
        result = self.pipeline.run(source, url, mode=mode)
        self.served_html[slug] = result.output
        self.origin.add(f"/served/{slug}/", result.output.encode("utf-8"))

    def audit(self, path: str, skip_rules: tuple[str, ...] = ()) -> a11y.Audit:
        key = (path, skip_rules)
        if key not in self._audits:
            self._audits[key] = self.browser.audit(self.origin.url(path), skip_rules=skip_rules)
        return self._audits[key]

    def pair(self, slug: str) -> tuple[a11y.Audit, a11y.Audit]:
        self.add(slug)
        before = self.audit(f"/pages/{slug}/")
        after = self.audit(f"/served/{slug}/", before.skipped_rules)
        return before, after


@pytest.fixture(scope="session")
def site():
    require(a11y.playwright_available(), "Playwright for Python is not installed (pip install -e '.[test]')", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.chromium_path() is not None, f"no Chromium at {a11y.DEFAULT_CHROMIUM} (apt-get install chromium)", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.axe_path() is not None, f"axe-core not found: ./dev test installs it, or set {a11y.AXE_ENV}", "CLEARPAGE_REQUIRE_BROWSER")
    with a11y.OriginServer() as origin:
        browser = a11y.Browser({f"127.0.0.1:{origin.port}"})
        try:
            yield Site(origin, browser)
        finally:
            browser.close()


@pytest.fixture(scope="session")
def update_golden() -> bool:
    return bool(os.environ.get("CLEARPAGE_UPDATE_GOLDEN"))
