"""The pages ``clearpage bench proxy`` serves: a typical ~100 KB article, and a 20 MB slow page.

The default article is a real page of the development set, ``wcxb-dev/html/0032.html.gz``
(blog.everfit.io, an article of 100,652 bytes: the article page of the set closest to 100 KB).
Without ``../shared`` (a fresh clone) the benchmark serves a synthetic article of the same size
built here: navigation, link lists, an ad slot and a sidebar around paragraphs of prose.
The slow page is synthetic: article-like blocks repeated to 20 MB, far more than any worker
filters within the default 2 s budget.
"""
from __future__ import annotations

import gzip
from pathlib import Path

from .pipeline import DEFAULT_DATASET

DEFAULT_PAGE = DEFAULT_DATASET / "html" / "0032.html.gz"
DEFAULT_PAGE_URL_PATH = "/article.html"
SYNTHETIC_SIZE = 100_000  # bytes: the "typical 100 KB article page"
BIG_SIZE = 20 * 1024 * 1024  # the 20 MB page

_PARAGRAPH = (
    "<p>The volunteers walked along the river in early spring and counted the birds they saw on "
    "the banks, the herons first and then the smaller waders that the survey had missed for years. "
    "Their notes, kept in <a href=\"/notes/{n}\">a shared notebook</a>, became the basis of the "
    "town's first record of the wetland.</p>\n"
)
_NAV = "<nav><ul>" + "".join(f"<li><a href=\"/section/{i}\">Section {i}</a></li>" for i in range(40)) + "</ul></nav>\n"
_SIDEBAR = (
    "<aside class=\"sidebar\"><h2>Popular</h2><ul>"
    + "".join(f"<li><a href=\"/popular/{i}\">A popular story number {i}</a></li>" for i in range(60))
    + "</ul><div class=\"ad\"><a href=\"https://ads.example.com/click?id=7\"><img src=\"https://ads.example.com/b.gif\" alt=\"ad\"></a></div></aside>\n"
)


def load_page(path: Path) -> bytes:
    """A page file's bytes (``.gz`` files decompressed)."""
    data = path.read_bytes()
    return gzip.decompress(data) if path.name.endswith(".gz") else data


def default_page() -> tuple[bytes, str]:
    """The default article's bytes and where they came from."""
    if DEFAULT_PAGE.is_file():
        return load_page(DEFAULT_PAGE), f"{DEFAULT_PAGE} (a real article page of wcxb-dev)"
    return synthetic_article(SYNTHETIC_SIZE), f"a synthetic {SYNTHETIC_SIZE // 1000} KB article (no {DEFAULT_PAGE})"


def synthetic_article(size: int) -> bytes:
    """An article page of about ``size`` bytes: header, nav, sidebar, paragraphs, footer."""
    head = (
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Counting birds on the river</title>"
        "<script>window.analytics = {};</script><link rel=\"stylesheet\" href=\"/site.css\"></head><body>\n"
        "<header><a href=\"/\">The River Gazette</a></header>\n" + _NAV + _SIDEBAR
        + "<main><article><h1>Counting birds on the river</h1><p class=\"byline\">By A. Writer</p>\n"
    )
    tail = "</article></main><footer>" + "".join(f"<a href=\"/f/{i}\">Footer link {i}</a> " for i in range(30)) + "</footer></body></html>\n"
    body, n = [], 0
    used = len(head) + len(tail)
    while used < size:
        paragraph = _PARAGRAPH.format(n=n)
        body.append(paragraph)
        used += len(paragraph)
        n += 1
    return (head + "".join(body) + tail).encode("utf-8")


def big_page(size: int = BIG_SIZE) -> bytes:
    """A ``size``-byte page of article-like blocks: the slow page that runs over the time budget."""
    return synthetic_article(size)
