"""React streaming server rendering, put together the way its scripts would put it together.

React 18 (Next.js's app router and others) streams a page in pieces: the first HTML holds a
fallback where content is still loading (``<template id="B:0"></template><div>Loading...</div>``
between ``<!--$?-->`` and ``<!--/$-->`` markers), and the content arrives later in the same
response as ``<div hidden id="S:0">...</div>``, moved into place by an inline script
(``$RC("B:0","S:0")`` for a boundary, ``$RS("S:1","P:1")`` for a placeholder
``<template id="P:1">``). A browser runs those scripts; clearpage does not run scripts, so
without this step the reader page shows "Loading..." and the article is hidden.

Pairs come from the ``$RC``/``$RS`` calls when the page has them; otherwise a segment fills
the placeholder with its own number (``S:1`` -> ``P:1``, which is how React numbers them) and
the boundary with its number (``S:0`` -> ``B:0``, usual but not guaranteed). A boundary's
fallback is everything up to its ``<!--/$-->`` marker; without markers, only a short
placeholder element right after the template (<= MAX_FALLBACK_CHARS of text) is dropped.
Pages without hidden segments are not touched.
"""
from __future__ import annotations

import re

from lxml import etree

from .tree import is_inside, iter_document

MAX_FALLBACK_CHARS = 100  # "Loading paragraph..."; anything longer may be real content
MAX_SEGMENTS = 2000  # a bound on the work for a hostile page
_TEMPLATES = etree.XPath("//template[starts-with(@id, 'B:') or starts-with(@id, 'P:')]")
_COMPLETE = re.compile(r"""\$RC\(\s*["'](B:[0-9a-fA-F]+)["']\s*,\s*["'](S:[0-9a-fA-F]+)["']""")
_SEGMENT = re.compile(r"""\$RS\(\s*["'](S:[0-9a-fA-F]+)["']\s*,\s*["'](P:[0-9a-fA-F]+)["']""")


def reassemble(root) -> int:
    """Move hidden segments into their places; returns how many were moved."""
    segments = {el.get("id"): el for el in _segments(root)[:MAX_SEGMENTS]}
    if not segments:
        return 0
    templates = {el.get("id"): el for el in _TEMPLATES(root)}
    targets = _pairs_from_scripts(root) or {}
    moved = 0
    for seg_id, segment in segments.items():
        target_id = targets.get(seg_id) or _same_number(seg_id, templates)
        template = templates.get(target_id) if target_id else None
        if template is None or template.getparent() is None or is_inside(template, segment):
            continue
        if target_id.startswith("B:"):
            _drop_fallback(template)
        _replace(template, segment)
        moved += 1
    return moved


def _segments(root) -> list:
    """What the XPath ``//div[@hidden][starts-with(@id, 'S:')]`` finds, in document order: lxml's
    div walk (in C) with the two attribute tests in Python is ~4x cheaper than libxml2's query,
    and every page pays for this lookup while few have a segment."""
    return [el for el in iter_document(root, "div") if el.get("hidden") is not None and (el.get("id") or "").startswith("S:")]


def _pairs_from_scripts(root) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for script in root.iter("script"):
        code = script.text or ""
        if "$R" not in code:
            continue
        for boundary, segment in _COMPLETE.findall(code):
            pairs[segment] = boundary
        for segment, placeholder in _SEGMENT.findall(code):
            pairs[segment] = placeholder
    return pairs


def _same_number(seg_id: str, templates: dict) -> str | None:
    number = seg_id[2:]
    for prefix in ("P:", "B:"):
        if prefix + number in templates:
            return prefix + number
    return None


def _drop_fallback(template) -> None:
    """Remove the boundary's fallback content that follows the template."""
    siblings = []
    node = template.getnext()
    while node is not None:
        if isinstance(node, etree._Comment) and (node.text or "").strip() == "/$":
            for sibling in siblings:
                _remove_keep_tail(sibling)
            _remove_keep_tail(node)
            return
        siblings.append(node)
        node = node.getnext()
    first = template.getnext()
    if first is not None and isinstance(first.tag, str) and first.tag != "template":
        if len("".join(first.itertext()).strip()) <= MAX_FALLBACK_CHARS and not (template.tail or "").strip():
            _remove_keep_tail(first)


def _replace(template, segment) -> None:
    """Put the segment's content where the template is, and drop the emptied segment."""
    parent = template.getparent()
    index = parent.index(template)
    children = list(segment)
    if segment.text:
        previous = template.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + segment.text
        else:
            parent.text = (parent.text or "") + segment.text
    tail = template.tail
    for offset, child in enumerate(children):
        parent.insert(index + offset, child)
    if tail:
        last = children[-1] if children else template.getprevious()
        if last is not None:
            last.tail = (last.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(template)
    segment_parent = segment.getparent()
    if segment_parent is not None:
        _remove_keep_tail(segment)


def _remove_keep_tail(node) -> None:
    parent = node.getparent()
    if parent is None:
        return
    if node.tail:
        previous = node.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + node.tail
        else:
            parent.text = (parent.text or "") + node.tail
    parent.remove(node)
