"""Serialising a document for the wire: one UTF-8 charset declaration, the doctype kept."""
from __future__ import annotations

import lxml.html

from .. import dom

DEFAULT_DOCTYPE = "<!DOCTYPE html>"


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


def serialize(doc, doctype: str | None = None) -> str:
    declare_utf8(doc)
    body = lxml.html.tostring(doc, encoding="unicode", method="html")
    return (doctype or DEFAULT_DOCTYPE) + "\n" + body


def original_doctype(doc) -> str | None:
    doctype = doc.getroottree().docinfo.doctype
    return doctype or None
