"""Property-based fuzzing of ``Pipeline.run`` (hypothesis): random and mutated HTML never breaks it.

Inputs: the fixture pages (tests/pages, tools/soak/pages, the XSS and bad-input pages)
mutated by random edits (slices deleted, duplicated or moved, markup fragments and odd bytes
inserted, the end cut off), and documents generated from a grammar of elements, attributes
(event handlers and script URLs included) and text. Each runs in filter, reader and text mode
with the default config (which ignores scripts, iframes and embeds).

Properties, for every input:
- ``Pipeline.run`` returns or raises ``PageError`` (the engine's "serve the original" signal,
  e.g. an empty body); nothing else escapes;
- a changed page parses back as HTML, holds no <script>, no on* attribute and no script URL
  (tests/support/xss.py's checker), and no iframe/embed/object/applet (the config removes them);
- it is never larger than the input plus what clearpage adds: outside the parts it marks as
  its own (the removed-links nav, the footer) it has at most ``CHROME_ELEMENTS`` more elements
  than the parsed input, and no more text than the input's plus the title and byline it shows.

The short run (``.ci/run``) tries ``SHORT_EXAMPLES`` inputs per test. The long run is
``CLEARPAGE_FUZZ_EXAMPLES=2000 .venv/bin/python -m pytest tests/fuzz -q`` (12,000 inputs, about
nine minutes on two cores; 20000 for a night run); hypothesis keeps failing examples in
.hypothesis/ and replays them first.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import lxml.html
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clearpage.filters import PageError, Pipeline
from clearpage.filters import dom
from tests.support import badinputs, xss
from tests.support.pages import PAGES as SUPPORT_PAGES

ROOT = Path(__file__).resolve().parents[2]
SHORT_EXAMPLES = 60
EXAMPLES = int(os.environ.get("CLEARPAGE_FUZZ_EXAMPLES", SHORT_EXAMPLES))
URL = "https://fuzz.example/section/page.html"
MODES = ("filter", "reader", "text")
# Elements the reader page and the filter footer add around the content: html, head, meta charset,
# viewport meta, title, style/link, body, skip link, main, article, header, h1, byline p, footer, p, a.
CHROME_ELEMENTS = 24
CHROME_TEXT = 200  # "Skip to content", "Original page (without clearpage)", "Untitled page", ...
REMOVED_BY_CONFIG = ("script", "iframe", "embed", "object", "applet")
_PARSER = lxml.html.HTMLParser(huge_tree=True)


def _seeds() -> list[bytes]:
    pages = sorted((ROOT / "tests" / "pages").glob("*/source.html")) + sorted(SUPPORT_PAGES.glob("*.html"))
    seeds = [p.read_bytes() for p in pages]
    seeds += [xss.article_page(), xss.portal_page(), badinputs.XHTML, badinputs.FRAMESET, badinputs.TEMPLATES,
              badinputs.INLINE_SVG, badinputs.mixed_encodings(), badinputs.nested(50)]
    return seeds


SEEDS = _seeds()
FRAGMENTS = [
    b"<div>", b"</div>", b"<p>", b"</p>", b"<table><tr><td>", b"</td></tr></table>", b"<td>", b"<ul><li>", b"</li>",
    b"<a href='/x'>", b"<a href=\"javascript:alert(1)\">", b"</a>", b"<script>", b"</script>", b"<script>alert(1)</script>",
    b"<img src=x onerror=alert(1)>", b"<svg>", b"</svg>", b"<math>", b"<style>", b"</style>", b"<noscript>", b"</noscript>",
    b"<template>", b"</template>", b"<iframe src=x>", b"<embed>", b"<object>", b"<!--", b"-->", b"--!>", b"<![CDATA[", b"]]>",
    b"<?xml ?>", b"<!DOCTYPE html>", b"<html>", b"<body onload=alert(1)>", b"<head>", b"<title>", b"</title>", b"<meta charset=utf-16>",
    b"<meta http-equiv=refresh content='0;url=javascript:alert(1)'>", b"<base href='javascript:x'>", b"<frameset>",
    b"&amp;", b"&#0;", b"&#x1F600;", b"&nbsp;", b"&", b"<", b">", b"\"", b"'", b"=", b"\x00", b"\x0b", b"\xff\xfe", b"\xef\xbb\xbf",
    "é ü 中文 العربية".encode(), b"\xe9", b"\r\n", b" onmouseover=alert(1) ", b"<form action=javascript:alert(1)>",
    b"<set attributeName=href to=javascript:alert(1)>", b"<article>", b"</article>", b"<h1>", b"</h1>", b"<br>", b"<nav>",
]


@st.composite
def mutated(draw) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 8))):
        op = draw(st.sampled_from(("delete", "duplicate", "insert", "flip", "cut", "move")))
        n = len(data)
        a = draw(st.integers(0, n))
        b = draw(st.integers(a, min(n, a + 400)))
        if op == "delete":
            del data[a:b]
        elif op == "duplicate":
            data[a:a] = data[a:b] * draw(st.integers(1, 3))
        elif op == "insert":
            data[a:a] = draw(st.sampled_from(FRAGMENTS)) * draw(st.integers(1, 4))
        elif op == "flip" and n:
            i = min(a, n - 1)
            data[i] = draw(st.integers(0, 255))
        elif op == "cut":
            del data[a:]
        elif op == "move":
            piece = data[a:b]
            del data[a:b]
            c = draw(st.integers(0, len(data)))
            data[c:c] = piece
    return bytes(data)


TAGS = ["div", "p", "span", "a", "ul", "li", "table", "tr", "td", "h1", "h2", "article", "section", "nav", "aside",
        "header", "footer", "main", "img", "script", "style", "iframe", "form", "input", "svg", "math", "noscript",
        "template", "figure", "figcaption", "pre", "blockquote", "b", "i", "br", "embed", "object", "select", "option"]
ATTRS = st.sampled_from([
    ("href", "/page"), ("href", "https://other.example/x"), ("href", "javascript:alert(1)"), ("href", " JaVa\tScRiPt:alert(1)"),
    ("href", "data:text/html,<script>alert(1)</script>"), ("src", "x.png"), ("src", "javascript:alert(1)"), ("onerror", "alert(1)"),
    ("onclick", "alert(1)"), ("class", "content"), ("class", "nav menu"), ("id", "main"), ("style", "width:expression(alert(1))"),
    ("hidden", ""), ("xlink:href", "javascript:alert(1)"), ("srcdoc", "<script>alert(1)</script>"), ("lang", "fr"),
])
WORDS = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40) | st.sampled_from(
    ["The river survey walked again.", "Home", "News", "a family of dippers", "<b>not markup</b>", "&lt;script&gt;"])


def _element(children) -> st.SearchStrategy[str]:
    @st.composite
    def build(draw) -> str:
        tag = draw(st.sampled_from(TAGS))
        attrs = draw(st.lists(ATTRS, max_size=3))
        rendered = "".join(f' {k}="{v.replace(chr(34), "&quot;")}"' for k, v in attrs)
        inner = "".join(draw(st.lists(children, max_size=4)))
        return f"<{tag}{rendered}>{inner}</{tag}>"

    return build()


NODES = st.recursive(WORDS.map(lambda w: w.replace("<", "&lt;")), _element, max_leaves=40)


@st.composite
def generated(draw) -> str:
    title = draw(WORDS).replace("<", "&lt;")
    body = "".join(draw(st.lists(NODES, min_size=1, max_size=6)))
    return f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{body}</body></html>"


PIPELINE = Pipeline()


# Text under these is not page text: stylesheets (the reader page brings its own), and raw-text
# fallbacks that libxml2 writes escaped (so "<p>" in a <noframes> comes back as "&lt;p&gt;").
# <template> text counts: declarative shadow roots show it (and the reader may surface the rest).
NOT_PAGE_TEXT = ("style", "script", "title", "noframes", "noembed", "iframe", "xmp", "plaintext", "textarea")
_PAGE_TEXT = "//text()[not(" + " or ".join(f"ancestor::{t}" for t in NOT_PAGE_TEXT) + ")]"


def _text(doc) -> int:
    """Characters of page text (whitespace aside)."""
    return sum(len(re.sub(r"\s+", "", t)) for t in doc.xpath(_PAGE_TEXT))


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def check(source: bytes | str, mode: str) -> None:
    try:
        result = PIPELINE.run(source, URL, mode=mode)
    except PageError:
        return
    if not result.changed:
        return
    out = lxml.html.document_fromstring(result.html, parser=_PARSER)
    assert xss.script_problems(result.html) == [], result.html[:2000]
    assert not out.xpath("|".join(f"//{t}" for t in REMOVED_BY_CONFIG))
    for own in out.xpath("//*[@data-clearpage]"):
        own.drop_tree()
    for summary in out.xpath("//section[@class='cp-summary']"):  # only ever the page's declared description
        shown = "".join(summary.xpath("./blockquote//text()"))
        assert _squeezed(shown) == _squeezed(result.metadata.description), (shown, result.metadata.description)
        summary.drop_tree()
    text = source if isinstance(source, str) else result.encoding and source.decode(result.encoding, "replace")
    try:
        parsed = dom.parse(text or "")
    except PageError:
        return
    grown = sum(1 for _ in out.iter()) - sum(1 for _ in parsed.iter())
    assert grown <= CHROME_ELEMENTS, f"{grown} more elements than the input"
    allowance = 2 * len(result.title) + len(result.metadata.byline or "") + CHROME_TEXT
    assert _text(out) <= _text(parsed) + allowance, "more text than the input"


FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("mode", MODES)
@FUZZ
@given(data=mutated())
def test_mutated_fixture_pages(mode, data):
    check(data, mode)


@pytest.mark.parametrize("mode", MODES)
@FUZZ
@given(html=generated())
def test_generated_documents(mode, html):
    check(html, mode)
