"""Headings left over their removed section, for ``auto``: "Related posts" without its posts.

Cleaning and the trimming rules remove a related-stories list, a share bar, a list of events
inside the selection, and leave the heading that announced it ("Ähnliche Beiträge", "DW
recommends", "Sharen mit:") standing over nothing. ``headed_sections`` notes, before cleaning,
the h2-h6 headings with text under them (before the next heading of their rank or higher);
``remove_orphan_headings``, after the trimming rules, removes those of them that now head
nothing: the selection ends after them, or the next text is a heading of their rank or higher.
A heading that headed nothing from the start (a title over a picture) is left alone.
"""
from __future__ import annotations

from lxml import etree

from ... import dom
from ...context import PageContext

_HEADINGS = ("h2", "h3", "h4", "h5", "h6")
_RANK = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
# A heading is a line: a longer block in a heading's tag is a paragraph set so.
HEADING_MAX_CHARS = 80
# The first text node with something to read inside an element (its own text, or a descendant's).
_FIRST_TEXT = etree.XPath("descendant-or-self::text()[normalize-space()][1]")


def headed_sections(roots: list) -> list[tuple]:
    """The (heading, root) pairs of the h2-h6 headings under ``roots`` (not a root) that have
    text under them: the next text after them is not a heading of their rank or higher."""
    found = []
    for root in roots:
        for h in root.iter(*_HEADINGS):
            if h is not root and _heads_text(h, root):
                found.append((h, root))
    return found


def remove_orphan_headings(headed: list[tuple], ctx: PageContext) -> int:
    """Remove the headings of ``headed`` (``headed_sections`` before cleaning) still in their
    root that head nothing now; returns how many went."""
    doomed = []
    for h, root in headed:
        if not _attached(h, root):
            continue
        text = dom.collapse(dom.string_of(h))
        if text and len(text) <= HEADING_MAX_CHARS and not _heads_text(h, root):
            doomed.append(h)
    return ctx.kill_all(doomed, "auto", lambda el: f"a heading over nothing: {dom.collapse(dom.string_of(el))[:40]!r}")


def _attached(el, root) -> bool:
    """Whether ``el`` still sits under ``root`` (a removed ancestor took it out of the tree)."""
    return any(a is root for a in el.iterancestors())


def _heads_text(h, root) -> bool:
    """Whether the first text after ``h`` (inside ``root``) is not a heading of ``h``'s rank or higher."""
    rank = _RANK[h.tag]
    node = h
    while node is not None and node is not root:
        if node.tail and node.tail.strip():
            return True
        for sibling in node.itersiblings():
            if dom.is_element(sibling):
                first = _FIRST_TEXT(sibling)
                if first:
                    owner = first[0].getparent()
                    if first[0].is_tail:
                        owner = owner.getparent()
                    heading = _heading_at(owner, sibling)
                    return heading is None or _RANK[heading.tag] > rank
            if sibling.tail and sibling.tail.strip():
                return True
        node = node.getparent()
    return False


def _heading_at(el, top):
    """The h1-h6 that is ``el`` or holds it, up to ``top`` (None when none does)."""
    while el is not None:
        if el.tag in _RANK:
            return el
        if el is top:
            return None
        el = el.getparent()
    return None
