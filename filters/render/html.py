"""Serialising a document for the wire: one UTF-8 charset declaration, the doctype kept."""
from __future__ import annotations

import re

import lxml.html

from .. import dom

DEFAULT_DOCTYPE = "<!DOCTYPE html>"
# A doctype may follow a BOM, whitespace, comments and an XML declaration.
_HAS_DOCTYPE = re.compile(r"^\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<!doctype", re.IGNORECASE | re.DOTALL)


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
    body = lxml.html.tostring(doc, encoding="unicode", method="html")
    return f"{doctype}\n{body}" if doctype else body


def original_doctype(doc, source: str) -> str | None:
    """The page's own doctype, or None when it has none.

    libxml2 reports an HTML 4.0 Transitional doctype for pages that have none; writing that
    out would switch the browser from quirks mode and could change how the page renders.
    """
    if not _HAS_DOCTYPE.match(source[:4096]):
        return None
    return doc.getroottree().docinfo.doctype or DEFAULT_DOCTYPE
