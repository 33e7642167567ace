"""The served page, in headless Chromium with axe-core, against the original page.

Pass condition for every page (our fixtures and a sample of the readability pages):
  - the served page has no axe violation of impact serious or critical;
  - it violates no rule the original did not violate;
  - its accessibility tree (Playwright's aria snapshot) has exactly one main landmark, whose
    article starts with the level-1 heading (only the skip link and the clearpage bar come
    before main), and reads
    the article's blocks in document order.
Fixtures also have golden aria snapshots (tests/pages/<slug>/reader.aria.yaml; regenerate
with CLEARPAGE_UPDATE_GOLDEN=1 and review the diff).
"""
from __future__ import annotations

import copy
import re

import lxml.html
import pytest

from clearpage.filters.pipeline import READER_POLICY
from clearpage.tools import a11y
from tests.a11y.conftest import FIXTURES, READABILITY_SAMPLE, source_path
from tests.conftest import PROJECT

pytestmark = [pytest.mark.browser]

_WORD = re.compile(r"\w+")
READING_ORDER_WORDS = 6  # the first words of each block are looked up in the tree, in order


def words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


def assert_passes(site, slug: str) -> None:
    before, after = site.pair(slug)
    blocking = [f"{v.rule} ({v.impact}, {v.nodes} nodes)" for v in after.blocking()]
    assert not blocking, f"{slug}: serious/critical violations on the served page: {blocking}"
    new = [v.rule for v in a11y.new_violations(before, after)]
    assert not new, f"{slug}: the served page violates rules the original did not: {new}"
    assert_structure(after.snapshot, after.html, slug)


def assert_structure(snapshot: str, served_html: str, slug: str) -> None:
    top = [line for line in snapshot.splitlines() if line.startswith("- ")]
    assert sum(1 for line in top if line.startswith("- main")) == 1, f"{slug}: not exactly one main landmark: {top}"
    assert snapshot.count("- main") == 1
    assert top[0].startswith('- link "Skip to content"'), f"{slug}: {top[:2]}"
    if top[1].startswith('- complementary "clearpage"'):  # the proxy's page-top bar (render/bar.py), a labelled landmark
        top = top[:1] + top[2:]
    assert top[1].startswith("- main"), f"{slug}: {top[:2]}"
    inside = snapshot.split("- main", 1)[1].splitlines()[1:]
    assert inside[0].strip() == "- article:", f"{slug}: main does not hold the article first: {inside[:2]}"
    first = _unquote(inside[1].strip())
    assert first.startswith("- heading") and first.endswith("[level=1]"), f"{slug}: the article does not start with the h1: {first}"
    assert len(re.findall(r"\[level=1\]", snapshot)) == 1, f"{slug}: more than one h1"
    assert_reading_order(snapshot, served_html, slug)


_NODE = re.compile(r'^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?(?: \[[^\]]*\])*:?\s*(.*)$')


def _unquote(line: str) -> str:
    """``- 'heading "a: b" [level=1]'`` (YAML quoted because of the colon) -> ``- heading "a: b" [level=1]``."""
    if line.startswith("- '"):
        body = line[3:]
        body = body[:-2] if body.endswith("':") else body[:-1] if body.endswith("'") else body
        return "- " + body.replace("''", "'")
    return line


def tree_text(snapshot: str) -> str:
    """What a screen reader reads from the aria snapshot, in order: names and text, no URLs or
    roles; word characters only, case-folded, without spaces."""
    out = []
    for line in snapshot.splitlines():
        line = _unquote(line.strip())
        if line.startswith("- /"):
            continue
        match = _NODE.match(line)
        if match:
            out.extend(part for part in (match.group(2), match.group(3)) if part)
    return "".join(words(" ".join(out)))


def readable_text(el) -> str:
    """The block's text as a screen reader reads it: image alternatives in their place."""
    clone = copy.deepcopy(el)
    for img in list(clone.iter("img")):
        img.tail = f" {img.get('alt') or ''} {img.tail or ''}"
    return clone.text_content()


def assert_reading_order(snapshot: str, served_html: str, slug: str) -> None:
    """Each block of the served article is found in the tree, after the block before it."""
    tree = tree_text(snapshot)
    doc = lxml.html.document_fromstring(served_html.encode("utf-8"))
    article = doc.find(".//article")
    position, checked = 0, 0
    for block in article.iter("h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "td", "th", "figcaption", "pre"):
        # Compared without spaces: inline elements split CJK text into separate tree nodes.
        probe = "".join(words(readable_text(block))[:READING_ORDER_WORDS])
        if len(probe) < 10:
            continue
        found = tree.find(probe, position)
        assert found >= 0, f"{slug}: block not found in reading order after position {position}: {probe!r}"
        position, checked = found, checked + 1
    assert checked >= 1, f"{slug}: no block to check the reading order with"


@pytest.mark.parametrize("slug", FIXTURES)
def test_fixture_page_served_better_than_original(site, slug):
    assert_passes(site, slug)
    before, after = site.pair(slug)
    assert before.blocking(), f"{slug}: the fixture should start with serious problems, or it proves nothing"


@pytest.mark.slow
@pytest.mark.shared
@pytest.mark.parametrize("slug", READABILITY_SAMPLE)
def test_readability_page_served_better_than_original(site, shared, slug):
    assert_passes(site, slug)


def normalise_snapshot(snapshot: str, base: str) -> str:
    return snapshot.replace(base, "http://origin")


@pytest.mark.parametrize("slug", FIXTURES)
def test_golden_aria_snapshot(site, slug, update_golden):
    _, after = site.pair(slug)
    actual = normalise_snapshot(after.snapshot, site.origin.base) + "\n"
    golden = PROJECT / "tests" / "pages" / slug / "reader.aria.yaml"
    if update_golden or not golden.exists():
        golden.write_text(actual, encoding="utf-8")
        if not update_golden:
            pytest.fail(f"{golden} did not exist: written now; review it and commit it")
    assert actual == golden.read_text(encoding="utf-8")


def test_reader_page_reflows_at_400_percent_zoom(site):
    """1280 px at 400% is a 320 CSS px viewport: only a data table's own region may scroll sideways."""
    path = site.add("a11y-layout-news")
    context = site.browser.new_context(viewport=(320, 640))
    try:
        page = context.new_page()
        page.goto(site.origin.url(path))
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        font = page.evaluate("getComputedStyle(document.querySelector('article p')).fontSize")
    finally:
        context.close()
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 320px"
    assert float(font.removesuffix("px")) >= 16


def test_stylesheet_linked_under_a_csp_that_forbids_inline_style(site):
    """Through the proxy, a policy without 'unsafe-inline' gets the stylesheet as a same-origin link.

    The page's policy is kept as it is (never loosened): the browser enforces it, the reader
    page has no <style>, and the linked sheet applies.
    """
    source = source_path("a11y-layout-news").read_bytes()
    policy = "default-src 'self'; img-src *; style-src 'self'"
    site.origin.add("/csp/page/", source, headers={"Content-Security-Policy": policy})
    audit = site.audit("/csp/page/")
    assert "<style" not in audit.html and 'rel="stylesheet"' in audit.html
    context = site.browser.new_context()
    try:
        page = context.new_page()
        response = page.goto(site.origin.url("/csp/page/"))
        # The site's policy first, unchanged; clearpage's own after it (Playwright joins them with ", ").
        assert response.headers.get("content-security-policy") == f"{policy}, {READER_POLICY}"
        assert page.evaluate("getComputedStyle(document.body).maxWidth") != "none"
    finally:
        context.close()
    assert not audit.blocking()
