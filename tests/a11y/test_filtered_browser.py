"""A filtered page (filter mode) in headless Chromium with axe-core, through a real proxy.

The proxy runs with ``mode: filter``; the original is the same URL with ``?clearpage=off``.
Pass condition: no serious or critical axe violation, no rule the original did not violate,
exactly one main landmark, exactly one h1, the skip link is the first thing the keyboard
reaches and moves the keyboard into main.
"""
from __future__ import annotations

import re

import pytest

from clearpage.tools import a11y
from tests.a11y.conftest import Site
from tests.conftest import PROJECT, require
from tests.support.proxy import running_proxy

pytestmark = [pytest.mark.browser]

PROXY_CONFIG = "mode: filter\nproxy:\n  time_budget_ms: 30000\n"
# A shop page as filter mode meets them: no lang, a logo h1 and two more, a dead "Toggle
# navigation" button with broken ARIA, a language select needing script, unlabelled search and
# newsletter forms, a labelled icon span, a link list.
PAGE = PROJECT / "tests" / "pages" / "filter-shop" / "source.html"
# A page whose own look fails its reader in what filter mode used to keep: light grey and dimmed
# text on white (also in a !important rule and a font color), two unnamed navs, no h1, an empty
# heading and an empty table header.
_WORDS = "Words about the things this shop sells, and why they are worth a look. " * 4
GREY_PAGE = f"""<!doctype html><html lang="en"><head><title>Grey shop</title>
<style>body {{ background: #fff }} p {{ color: #bbb !important }} .dim {{ opacity: .4 }}</style></head><body>
<nav><a href="/a">Teas</a> <a href="/b">Cakes</a></nav><nav><a href="/c">Help</a> <a href="/d">Contact</a></nav>
<main><h2>Catalogue</h2><p>{_WORDS}</p><div class="dim">{_WORDS}</div><font color="#ffff66">{_WORDS}</font>
<h3></h3><table><caption>Prices</caption><tr><th></th><th>Price</th><th>Size</th></tr>
<tr><th>Tea</th><td>3</td><td>small</td></tr><tr><th>Cake</th><td>4</td><td>large</td></tr></table></main>
</body></html>"""


@pytest.fixture(scope="module")
def filter_site(tmp_path_factory):
    require(a11y.playwright_available(), "Playwright for Python is not installed (pip install -e '.[test]')", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.chromium_path() is not None, f"no Chromium at {a11y.DEFAULT_CHROMIUM} (apt-get install chromium)", "CLEARPAGE_REQUIRE_BROWSER")
    require(a11y.axe_path() is not None, f"axe-core not found: ./dev test installs it, or set {a11y.AXE_ENV}", "CLEARPAGE_REQUIRE_BROWSER")
    with a11y.OriginServer() as origin, running_proxy(tmp_path_factory.mktemp("a11y-filter-proxy"), config=PROXY_CONFIG) as proxy:
        browser = a11y.Browser({f"127.0.0.1:{origin.port}"}, proxy=proxy.address)
        try:
            origin.add("/pages/filter-shop/", PAGE.read_bytes())
            origin.add("/pages/filter-greys/", GREY_PAGE.encode("utf-8"))
            yield Site(origin, proxy, browser)
        finally:
            browser.close()


def test_filtered_page_passes_axe_with_one_main_one_h1(filter_site):
    before, after = filter_site.pair("filter-shop")
    assert before.blocking(), "the fixture should start with serious problems, or it proves nothing"
    blocking = [f"{v.rule} ({v.impact}, {v.nodes} nodes)" for v in after.blocking()]
    assert not blocking, f"serious/critical violations on the filtered page: {blocking}"
    new = [v.rule for v in a11y.new_violations(before, after)]
    assert not new, f"the filtered page violates rules the original did not: {new}"
    assert "data-clearpage=\"bar\"" in after.html  # served by the proxy, bar and all
    top = [line for line in after.snapshot.splitlines() if line.startswith("- ")]
    assert top[0].startswith('- link "Skip to content"'), top[:2]
    assert after.snapshot.count("- main") == 1
    assert len(re.findall(r"\[level=1\]", after.snapshot)) == 1
    assert re.search(r'heading "Spring catalogue" \[level=1\]', after.snapshot)
    assert "Toggle navigation" not in after.html and "<select" not in after.html
    assert 'action="/search"' in after.html  # the search form works without script: kept, and named


def test_skip_link_is_the_first_tab_stop_and_moves_the_keyboard_into_main(filter_site):
    context = filter_site.browser.new_context()
    try:
        page = context.new_page()
        page.goto(filter_site.origin.url("/pages/filter-shop/"))
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('cp-skip')")
        assert page.evaluate("document.activeElement.getBoundingClientRect().left >= 0"), "the focused skip link is not shown"
        page.keyboard.press("Enter")
        assert page.evaluate("location.hash") == "#cp-content"
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('main').contains(document.activeElement)"), \
            page.evaluate("document.activeElement.outerHTML")
    finally:
        context.close()


def test_page_colours_landmark_names_headings_and_table_headers_are_made_readable(filter_site):
    before, after = filter_site.pair("filter-greys")
    fixed = {"color-contrast", "landmark-unique", "page-has-heading-one", "empty-heading", "empty-table-header"}
    assert fixed <= before.rules, f"the fixture should break these rules, or it proves nothing: {fixed - before.rules}"
    assert not fixed & after.rules, [f"{v.rule} ({v.nodes} nodes)" for v in after.violations]
    assert not after.blocking() and not a11y.new_violations(before, after)
    assert len(re.findall(r"\[level=1\]", after.snapshot)) == 1
