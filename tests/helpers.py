"""Small helpers for building pages and running single filters in tests."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.chain.base import FILTERS, BuildEnv
from clearpage.filters.context import PageContext


def page(body: str, head: str = "", lang: str = "en") -> str:
    return f"<!DOCTYPE html><html lang='{lang}'><head><title>T</title>{head}</head><body>{body}</body></html>"


def run_filter(name: str, options, html: str, url: str | None = "https://example.com/page"):
    """Apply one filter to ``html``; returns (doc, report, ctx)."""
    doc = dom.parse(html)
    ctx = PageContext(url=url, base_url=url)
    flt = FILTERS[name](options, BuildEnv())
    report = flt.apply(doc, ctx)
    return doc, report, ctx


def texts(doc, xpath: str) -> list[str]:
    return [dom.text_of(el) for el in doc.xpath(xpath)]
