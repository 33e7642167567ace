"""Serialising a document for the wire: one UTF-8 charset declaration, the doctype kept."""
from __future__ import annotations

import re

from lxml import etree

from .. import dom

DEFAULT_DOCTYPE = "<!DOCTYPE html>"
# A doctype may follow a BOM, whitespace, comments and an XML declaration.
_HAS_DOCTYPE = re.compile(r"^\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<!doctype", re.IGNORECASE | re.DOTALL)
# What lxml.html.tostring removes from etree.tostring's HTML (its own pattern, lxml 4-6): the
# Content-Type <meta> libxml2 can write. Its substitution scans the whole page; the plain search
# for the pattern's start is ~3x cheaper, and most pages hold none (20 of 250 on wcxb-dev).
_META_CONTENT_TYPE_START = '<meta http-equiv="Content-Type"'
_META_CONTENT_TYPE = re.compile(r'<meta http-equiv="Content-Type"[^>]*>')


def declare_utf8(doc) -> None:
    """Replace every charset declaration with a single <meta charset="utf-8"> first in <head>.

    clearpage always serves UTF-8; an old ``<meta charset=iso-8859-1>`` left in place would
    make a browser that ignores the header (saved pages, some readers) decode it wrongly.
    """
    for meta in list(doc.iter("meta")):
        equiv = (meta.get("http-equiv") or "").strip().lower()
        if meta.get("charset") is not None or equiv == "content-type":
            dom.remove(meta)
    head = dom.head_of(doc)
    meta = dom.new_element("meta", {"charset": "utf-8"})
    head.insert(0, meta)
    meta.tail = head.text
    head.text = None


def serialize(doc, doctype: str | None = DEFAULT_DOCTYPE) -> str:
    """The document as HTML text; ``doctype=None`` writes none (the page keeps quirks mode)."""
    declare_utf8(doc)
    body = etree.tostring(doc, encoding="unicode", method="html")
    if _META_CONTENT_TYPE_START in body:  # then as lxml.html.tostring(doc, encoding="unicode") does
        body = _META_CONTENT_TYPE.sub("", body)
    return f"{doctype}\n{body}" if doctype else body


# How much of the page's start is looked at for its doctype (a caller may pass only this much).
DOCTYPE_CHARS = 4096


def original_doctype(doc, source: str) -> str | None:
    """The page's own doctype, or None when it has none (``source``: the page's text, or its
    first DOCTYPE_CHARS characters).

    libxml2 reports an HTML 4.0 Transitional doctype for pages that have none; writing that
    out would switch the browser from quirks mode and could change how the page renders.
    """
    if not _HAS_DOCTYPE.match(source[:DOCTYPE_CHARS]):
        return None
    return doc.getroottree().docinfo.doctype or DEFAULT_DOCTYPE
