"""Nothing clearpage serves can carry script: the XSS-vector page through the engine, every mode.

The static half: the pipeline's output for ``tests/support/xss.py``'s pages, parsed again,
holds no <script>, no on* attribute, no script-capable URL in any URL attribute, no srcdoc,
refresh or base trick, and no <style> inside SVG/MathML holding markup (mXSS); titles, bylines
and captions survive as escaped text; the removed-links nav holds only http(s) and relative
URLs. ``test_xss_browser.py`` renders the same pages in Chromium through the proxy.
"""
import re
from urllib.parse import urlsplit

import lxml.html
import pytest

from clearpage.filters import Pipeline, load_config_text
from tests.support import xss
from tests.support.xss import script_problems

URL = "https://news.example/2024/river.html"


@pytest.fixture(scope="module")
def pipeline():
    return Pipeline()


def test_the_vectors_are_live_in_the_original():
    """The checker finds the vectors in the page as sent (so a clean result below means something)."""
    problems = script_problems(xss.article_page().decode())
    assert len(problems) >= 50, problems


@pytest.mark.parametrize("page", ["article", "portal"])
@pytest.mark.parametrize("mode", ["filter", "reader", "text"])
def test_no_vector_survives_any_mode(pipeline, page, mode):
    source = getattr(xss, f"{page}_page")()
    result = pipeline.run(source, URL, mode=mode)
    assert result.changed
    assert script_problems(result.html) == []
    if mode == "text":
        assert result.media_type == "text/plain"
        assert not re.search(r"(javascript|vbscript|data):", result.output, re.IGNORECASE)


def test_title_byline_and_caption_are_escaped_text(pipeline):
    result = pipeline.run(xss.article_page(), URL, mode="reader")
    doc = lxml.html.document_fromstring(result.html)
    assert doc.findtext(".//title") == xss.TITLE  # the whole string kept, as text
    assert doc.xpath("string(//h1)").strip() == xss.TITLE
    assert "&lt;/title&gt;&lt;script&gt;alert(100)" in result.html
    assert xss.BYLINE in doc.text_content()  # the byline, as text
    for caption in doc.xpath("//figcaption"):  # the reader page may leave the figure out (image relevance)
        assert "<img src=x onerror=alert(103)>" in caption.text_content() and not caption.xpath(".//img")
    filtered = lxml.html.document_fromstring(pipeline.run(xss.article_page(), URL, mode="filter").html)
    caption = filtered.xpath("string(//figcaption)")
    assert "<img src=x onerror=alert(103)>" in caption  # the caption's escaped markup stays text
    assert not filtered.xpath("//figcaption//img")


@pytest.mark.parametrize("mode", ["filter", "reader"])
def test_removed_links_nav_holds_only_http_and_relative_urls(pipeline, mode):
    result = pipeline.run(xss.portal_page(), URL, mode=mode)
    doc = lxml.html.document_fromstring(result.html)
    hrefs = doc.xpath("//nav[@data-clearpage='removed-links']//a/@href")
    assert hrefs, "the nav links were removed and retained"
    assert all(urlsplit(h).scheme in ("http", "https") for h in hrefs), hrefs
    assert "https://news.example/contact/" in hrefs and "https://example.com/about/" in hrefs
    assert not any("alert(10" in h and "script" in h.lower() and not h.startswith("https://example.com/") for h in hrefs)
    # The URL that tries to close the attribute stays one URL inside one attribute.
    breaking = [h for h in hrefs if h.startswith("https://example.com/\"")]
    assert breaking == ['https://example.com/"><script>alert(107)</script>']
    assert '"><script>' not in result.html


def test_reader_page_is_script_free_even_when_the_config_keeps_scripts():
    pipeline = Pipeline(load_config_text("filters:\n  ignore:\n    scripts: false\n"))
    result = pipeline.run(xss.article_page(), URL, mode="reader")
    assert script_problems(result.html) == []


def test_filter_mode_keeps_scripts_when_the_user_asks_for_them():
    """scripts: false is the user's choice to keep the page working: filter mode honours it."""
    pipeline = Pipeline(load_config_text("filters:\n  ignore:\n    scripts: false\n"))
    result = pipeline.run(xss.portal_page(), URL, mode="filter")
    assert "<script>alert(1)</script>" in result.html
