"""The bad inputs the fault tests and the soak send through the proxy, each with its expected outcome.

Every case is an origin ``Route`` and what the client must get through the proxy:

- ``REWRITTEN``: a rewritten page (``X-Clearpage`` header, parseable HTML or text, ``phrase``
  still in it);
- ``UNTOUCHED``: the origin's status, headers and bytes exactly;
- ``EITHER``: one of the two (heavy pages: rewritten when the worker makes the time budget,
  the original when it does not);
- ``CUT``: the server closes mid-body: a streamed response reaches the client as the same
  prefix and then a closed connection, as it would without the proxy;
- ``GATEWAY``: the server closes mid-body on an HTML page the proxy was buffering to filter:
  mitmproxy answers 502 (it cannot forward a body it never finished reading; see notes).

Never a clearpage error page, never a hung connection: every case is followed by a request the
proxy must answer.
"""
from __future__ import annotations

import codecs
import gzip
import random
from dataclasses import dataclass

import brotli
import zstandard

from .origin import Route
from .pages import HTML_UTF8, PARAGRAPH, page, png

REWRITTEN, UNTOUCHED, EITHER, CUT, GATEWAY = "rewritten", "untouched", "either", "cut", "gateway"
ARTICLE_PHRASE = "already home to a family of dippers"
LATIN_PHRASE = "Naïve façade, crème brûlée"
HTML = {"Content-Type": "text/html"}
SLOW_PAUSE_S = 0.1  # per piece: the slow page takes ~3 s to arrive, longer than the 2 s budget
HUGE_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True)
class Case:
    route: Route
    expect: str
    phrase: str | None = None  # text a rewritten page must still hold
    method: str = "GET"
    request_headers: tuple[tuple[str, str], ...] = ()
    heavy: bool = False  # megabytes of work: kept out of quick runs
    note: str = ""


def _article() -> bytes:
    return page("article.html")


def _cut(data: bytes) -> bytes:
    return data[: len(data) // 2]


def nested(depth: int) -> bytes:
    return b"<!DOCTYPE html><html><head><title>Deep</title></head><body>" + b"<div>" * depth + b"<p>deep text at the bottom</p>" + b"</div>" * depth + b"</body></html>"


def many_elements(count: int) -> bytes:
    return b"<!DOCTYPE html><html><head><title>Many</title></head><body><p>" + b"<br>" * count + b"many small elements</p></body></html>"


def garbage(size: int, seed: int = 6) -> bytes:
    return random.Random(seed).randbytes(size)


def mixed_encodings() -> bytes:
    utf8 = "<p>First part in UTF-8: naïve café.</p>".encode("utf-8")
    latin = "<p>Second part in Latin-1: crème brûlée.</p>".encode("latin-1")
    return b"<!DOCTYPE html><html><head><title>Mixed</title></head><body><h1>Mixed encodings</h1>" + utf8 + latin + b"<p>Plain ASCII closing line.</p></body></html>"


def latin_text_page() -> str:
    return f"<!DOCTYPE html><html><head><title>Latin</title></head><body><p id='latin'>{LATIN_PHRASE} and a señoría.</p></body></html>"


XHTML = (
    b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n'
    b'<html xmlns="http://www.w3.org/1999/xhtml"><head><title>XHTML page</title><script src="app.js"/></head>'
    b"<body><div/><p>The XHTML body text stays in place. An XHTML page is parsed by browsers as XML, where "
    b"self-closed elements like the script above are empty; read as HTML, a self-closed script would swallow the page.</p>"
    b"<br/><p>After the self-closed elements.</p></body></html>"
)
FRAMESET = b'<!DOCTYPE html><html><head><title>Frames</title></head><frameset cols="30%,70%"><frame src="/nav.html"><frame src="/article.html"><noframes><p>No frames</p></noframes></frameset></html>'
SVG = b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'
INLINE_SVG = b"<!DOCTYPE html><html><head><title>Chart</title></head><body><h1>Chart</h1><svg width='20' height='20' role='img' aria-label='A square chart'><rect width='20' height='20'/></svg><p>The chart shows a square.</p></body></html>"
TEMPLATES = (
    b"<!DOCTYPE html><html><head><title>Components</title></head><body><h1>Components</h1>"
    b"<my-card><template shadowrootmode='open'><style>p{color:red}</style><p>Shadow text in the card.</p><slot></slot></template><span>Light text in the card.</span></my-card>"
    b"<template id='row'><tr><td>template row</td></tr></template><p>Body text after the templates.</p></body></html>"
)


def cases(*, heavy: bool = True) -> dict[str, Case]:
    """Path -> Case. ``heavy=False`` leaves out the multi-megabyte pages."""
    article = _article()
    latin = latin_text_page()
    all_cases = {
        # ---- bodies
        "/empty.html": Case(Route(b"", HTML_UTF8), UNTOUCHED),
        "/garbage.html": Case(Route(garbage(20000), HTML), UNTOUCHED, note="binary bytes labelled text/html"),
        "/truncated-gzip.html": Case(Route(_cut(gzip.compress(article)), {**HTML, "Content-Encoding": "gzip"}), UNTOUCHED),
        "/truncated-br.html": Case(Route(_cut(brotli.compress(article)), {**HTML, "Content-Encoding": "br"}), UNTOUCHED),
        "/truncated-zstd.html": Case(Route(_cut(zstandard.ZstdCompressor().compress(article)), {**HTML, "Content-Encoding": "zstd"}), UNTOUCHED),
        "/unknown-coding.html": Case(Route(article, {**HTML, "Content-Encoding": "x-clearpage-unknown"}), UNTOUCHED),
        "/unknown-charset.html": Case(Route(article, {"Content-Type": "text/html; charset=x-no-such-charset"}), REWRITTEN, ARTICLE_PHRASE),
        "/wrong-charset.html": Case(Route(latin.encode("latin-1"), {"Content-Type": "text/html; charset=utf-8"}), REWRITTEN, "Na\ufffdve fa\ufffdade",
                                    note="Latin-1 bytes declared UTF-8: decoded as the browser would, with U+FFFD"),
        "/mixed-encodings.html": Case(Route(mixed_encodings(), HTML), REWRITTEN, "Plain ASCII closing line."),
        "/bom-utf8-vs-header.html": Case(Route(codecs.BOM_UTF8 + latin.encode("utf-8"), {"Content-Type": "text/html; charset=iso-8859-1"}), REWRITTEN, LATIN_PHRASE),
        "/bom-utf16-vs-header.html": Case(Route(codecs.BOM_UTF16_LE + latin.encode("utf-16-le"), {"Content-Type": "text/html; charset=utf-8"}), REWRITTEN, LATIN_PHRASE),
        "/nested.html": Case(Route(nested(100_000), HTML_UTF8), UNTOUCHED,
                             note="100,000 nested elements: past the parser's 2048 limit the page would lose content"),
        "/nested-2000.html": Case(Route(nested(2000), HTML_UTF8), REWRITTEN, "deep text at the bottom"),
        "/no-html-body.html": Case(Route(b"Just a line of text with <b>bold</b> words and no document around it.", HTML), REWRITTEN, "bold words"),
        "/xhtml.xhtml": Case(Route(XHTML, {"Content-Type": "application/xhtml+xml; charset=utf-8"}), REWRITTEN, "After the self-closed elements."),
        "/xhtml-as-xml.xml": Case(Route(XHTML, {"Content-Type": "application/xml"}), UNTOUCHED),
        "/frameset.html": Case(Route(FRAMESET, HTML_UTF8), UNTOUCHED, note="left as it is: each frame is a page of its own"),
        "/image.svg": Case(Route(SVG, {"Content-Type": "image/svg+xml"}), UNTOUCHED),
        "/inline-svg.html": Case(Route(INLINE_SVG, HTML_UTF8), REWRITTEN, "The chart shows a square."),
        "/templates.html": Case(Route(TEMPLATES, HTML_UTF8), REWRITTEN, "Body text after the templates."),
        # ---- protocol
        "/head.html": Case(Route(article, HTML_UTF8), UNTOUCHED, method="HEAD"),
        "/no-content": Case(Route(b"", {"Content-Type": "text/html"}, status=204), UNTOUCHED),
        "/not-modified.html": Case(Route(b"", {"ETag": '"v1"'}, status=304), UNTOUCHED, request_headers=(("If-None-Match", '"v1"'),)),
        "/partial.html": Case(Route(article[:100], {**HTML_UTF8, "Content-Range": f"bytes 0-99/{len(article)}"}, status=206), UNTOUCHED,
                              request_headers=(("Range", "bytes=0-99"),)),
        "/chunked.html": Case(Route(article, HTML_UTF8, chunked=True, chunk_size=256), REWRITTEN, ARTICLE_PHRASE),
        "/slow.html": Case(Route(article, HTML_UTF8, chunk_size=64, pause_s=SLOW_PAUSE_S), REWRITTEN, ARTICLE_PHRASE,
                           note="arrives over ~3 s: the time budget counts filtering, not the transfer"),
        "/slow.png": Case(Route(png() * 20, {"Content-Type": "image/png"}, chunk_size=200, pause_s=SLOW_PAUSE_S), UNTOUCHED),
        "/cut.html": Case(Route(article, HTML_UTF8, close_after=len(article) // 2), GATEWAY),
        "/cut.png": Case(Route(png() * 100, {"Content-Type": "image/png"}, close_after=3000), CUT),
        "/cut-chunked.html": Case(Route(article, HTML_UTF8, chunked=True, chunk_size=256, close_after=1024), GATEWAY),
    }
    if heavy:
        all_cases.update(heavy_cases())
    return all_cases


HEAVY_PATHS = ("/many-elements.html", "/huge.html", "/huge-chunked.html")


def heavy_cases() -> dict[str, Case]:
    huge = huge_page(HUGE_BYTES)
    cases = {
        "/many-elements.html": Case(Route(many_elements(1_000_000), HTML_UTF8), EITHER, "many small elements", heavy=True,
                                    note="1,000,001 elements, 4 MB: filtered within the budget, or the original"),
        "/huge.html": Case(Route(huge, HTML_UTF8), UNTOUCHED, heavy=True, note="50 MB: over the size limit, streamed"),
        "/huge-chunked.html": Case(Route(huge, HTML_UTF8, chunked=True, chunk_size=1 << 20), UNTOUCHED, heavy=True),
    }
    assert tuple(cases) == HEAVY_PATHS
    return cases


def huge_page(size: int) -> bytes:
    """An article-like page of at least ``size`` bytes (built by repetition: 50 MB in well under a second)."""
    head = b"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Huge</title></head><body><article>"
    block = "".join(PARAGRAPH.format(i=i) for i in range(100)).encode()
    return head + block * (size // len(block) + 1) + b"</article></body></html>"


# ---------------------------------------------------------------------- fetching and judging

import http.client  # noqa: E402
import re  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

import lxml.html  # noqa: E402

_DECODERS = {
    None: lambda b: b,
    "gzip": gzip.decompress,
    "br": brotli.decompress,
    "zstd": lambda b: zstandard.ZstdDecompressor().decompress(b),
}


_DEEP_PARSER = lxml.html.HTMLParser(huge_tree=True)  # the default one stops at 256 levels; browsers go deeper


@dataclass(frozen=True)
class Outcome:
    status: int
    headers: list[tuple[str, str]]
    body: bytes
    incomplete: bool = False  # the connection closed before the promised body ended

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)


def fetch(proxy_host: str, proxy_port: int, url: str, case: Case | None = None, *, timeout_s: float = 60.0,
          conn: http.client.HTTPConnection | None = None) -> Outcome:
    """One plain-HTTP request through the proxy (absolute-form), keeping a cut-off body's prefix.

    With ``conn`` the request reuses that (keep-alive) connection and leaves it open.
    """
    own = conn is None
    if conn is None:
        conn = http.client.HTTPConnection(proxy_host, proxy_port, timeout=timeout_s)
    try:
        conn.request(case.method if case else "GET", url, headers=dict(case.request_headers) if case else {})
        response = conn.getresponse()
        try:
            body, incomplete = response.read(), False
        except http.client.IncompleteRead as exc:
            body, incomplete = exc.partial, True
            conn.close()
        return Outcome(response.status, response.getheaders(), body, incomplete)
    finally:
        if own:
            conn.close()


def judge(case: Case, outcome: Outcome) -> str | None:
    """None when ``outcome`` is what ``case`` allows, else what is wrong (one line)."""
    route = case.route
    marked = outcome.header("x-clearpage")
    if case.expect == GATEWAY:
        if outcome.status == 502 and not marked:
            return None
        return f"expected mitmproxy's 502 for a body cut short, got {outcome.status}"
    if case.expect == CUT:
        sent = route.body[: route.close_after]
        if outcome.status != route.status or marked:
            return f"cut body: status {outcome.status}, x-clearpage {marked!r}"
        if not outcome.incomplete or not sent.startswith(outcome.body):
            return f"cut body: incomplete={outcome.incomplete}, {len(outcome.body)} bytes, not a prefix of what was sent"
        return None
    if case.expect == UNTOUCHED or (case.expect == EITHER and not marked):
        return _untouched_problem(case, outcome)
    return _rewritten_problem(case, outcome)


def _untouched_problem(case: Case, outcome: Outcome) -> str | None:
    route = case.route
    if outcome.header("x-clearpage"):
        return f"rewritten ({outcome.header('x-clearpage')}) but should be untouched"
    if outcome.status != route.status or outcome.incomplete:
        return f"status {outcome.status} (incomplete={outcome.incomplete}), expected {route.status}"
    expected = b"" if case.method == "HEAD" or route.status in (204, 304) else route.body
    if outcome.body != expected:
        return f"body changed: {len(outcome.body)} bytes instead of {len(expected)}"
    for name, value in route.header_items():
        if outcome.header(name) != value:
            return f"header {name} changed: {outcome.header(name)!r} instead of {value!r}"
    return None


def _rewritten_problem(case: Case, outcome: Outcome) -> str | None:
    marked = outcome.header("x-clearpage")
    if not marked or not marked.startswith("mode="):
        return f"not rewritten (status {outcome.status}, {len(outcome.body)} bytes)"
    if outcome.status != 200 or outcome.incomplete:
        return f"rewritten page with status {outcome.status} (incomplete={outcome.incomplete})"
    try:
        text = _DECODERS[outcome.header("content-encoding")](outcome.body).decode("utf-8")
    except Exception as exc:  # noqa: BLE001 - any failure here is the finding
        return f"rewritten body does not decode: {type(exc).__name__}: {exc}"
    if (outcome.header("content-type") or "").startswith("text/html"):
        try:
            text = lxml.html.document_fromstring(text, parser=_DEEP_PARSER).text_content()
        except Exception as exc:  # noqa: BLE001
            return f"rewritten page does not parse: {exc}"
    if case.phrase and case.phrase not in re.sub(r"\s+", " ", text):
        return f"rewritten page lost {case.phrase!r}"
    return None


def url_path(url: str) -> str:
    return urlsplit(url).path
