"""Listing and product pages for ``auto``: modal dialogs, record groups, sections about other things.

``remove_modal_dialogs`` removes modal dialogs before measuring (their legal text can outweigh a
listing); ``regroup_unique_items`` groups grid items by their first class when each adds its own;
``remove_elsewhere_sections`` removes, inside the selection, a section whose heading says it
shows other things (the words are phrases.py's); ``unmark_shared_mark_sections`` clears a mark
sibling sections share through one class word (a tab strip's hook).
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints
from .. import phrases

# Modal dialogs (shown over the page on a click: a size guide, the terms of service). Selecting
# the attributes and stepping up to their owners is several times faster in libxml2 than a
# predicate on every element. (Consent managers' dialogs are consent.py's.)
_MODALS = etree.XPath("(descendant::*/@role[. = 'dialog' or . = 'alertdialog'] | descendant::*/@aria-modal[. = 'true'])/..")
# ... and <dialog> elements.
_DIALOG_TAGS = etree.XPath("descendant::dialog")
# A modal dialog holding more than this share of the page's text is the page (an article in a lightbox).
DIALOG_MAX_SHARE = 0.6


def remove_modal_dialogs(body, ctx: PageContext) -> int:
    """Remove modal dialogs from ``body`` (unless one holds most of the page); returns how many went."""
    found = _MODALS(body) + _DIALOG_TAGS(body)
    if not found:
        return 0
    limit = DIALOG_MAX_SHARE * len(body.text_content())
    found = [el for el in found if len(el.text_content()) <= limit]
    inside = set(found)
    outermost = [el for el in found if not dom.has_ancestor_in(el, inside)]
    report = ctx.new_report("auto") if outermost else None
    for el in outermost:
        ctx.kill(el, report, "modal dialog")  # (its links, e.g. the terms, stay reachable at the bottom)
    return len(outermost)


# A class token with a run of digits this long is an id ("post-141705"), not a kind of item.
_ID_TOKEN = re.compile(r"\d{3}")


def regroup_unique_items(groups: dict[tuple[int, str, str], list[int]], minimum: int) -> None:
    """Items of too small a group (same parent, tag and whole class, keyed ``(parent, tag, class
    as read)``) whose class holds an id
    regroup by their first class token that is not an id, when that makes a group of
    ``minimum`` (changes ``groups``).

    Listings add per-item classes ("post-141705 category-dinner has-post-thumbnail"), so every
    item of one grid has a class of its own while its first class is the grid's. Items that
    already repeat their whole class ("comment full" beside "comment oneline") keep their groups,
    and classes without an id differ on purpose (layout columns "grid_6 pr" beside "grid_6 ns").
    """
    leftovers: dict[tuple[int, str, str], list[int]] = {}
    for (parent, tag, cls), members in groups.items():
        # (the key's class is every member's: tested and split once per group, not per member)
        if len(members) < minimum and _ID_TOKEN.search(cls):
            leftovers.setdefault((parent, tag, "~" + _first_kind_token_of(cls)), []).extend(members)
    for key, members in leftovers.items():
        if len(members) >= minimum and key[2] != "~":
            groups[key] = sorted(members)


def first_kind_token(el) -> str:
    """The element's first class token that is not an id ("" without one)."""
    return _first_kind_token_of(el.get("class") or "")


def _first_kind_token_of(cls: str) -> str:
    """The first token of the class value ``cls`` that is not an id ("" without one)."""
    for token in cls.split():
        if not _ID_TOKEN.search(token):
            return token
    return ""



# Headings of sections about other things than the page's item (phrases.py; matched at the start).
ELSEWHERE_HEADING = re.compile(phrases.heading_pattern(phrases.ELSEWHERE_HEADINGS), re.IGNORECASE)
# Section headings (an h1 is the page's title).
_SECTION_HEADINGS = feat.HEADING_TAGS - {"h1"}
# A heading longer than this is a title, not a section label.
ELSEWHERE_HEADING_MAX_CHARS = 60
# A section so labelled holding more than this share of the selection's text is the content itself.
ELSEWHERE_MAX_SHARE = 0.5


def remove_elsewhere_sections(f: feat.Features, nodes: list[int], ctx: PageContext, also: re.Pattern | None = None) -> int:
    """Remove, inside the selection ``nodes``, the sections whose heading says they show other
    things (similar items, customer reviews; or headings matching ``also``); returns how many were removed.

    A section is the heading's widest ancestor inside the selection that starts with it and holds
    at most ``ELSEWHERE_MAX_SHARE`` of the selection's text.
    """
    content_chars = sum(f.chars[i] for i in nodes)
    limit = ELSEWHERE_MAX_SHARE * content_chars
    doomed: list[int] = []
    for root in nodes:
        end = root + f.count[root]
        i = root
        while i < end:
            if not f.headings[i]:
                i += f.count[i]  # (no heading in this subtree)
                continue
            if f.tags[i] in _SECTION_HEADINGS and 0 < f.chars[i] <= ELSEWHERE_HEADING_MAX_CHARS:
                heading, top = f.elements[i], f.elements[root]
                still_under = heading is top or dom.is_inside(heading, top)  # (cleaning may have removed an ancestor)
                label = dom.string_of(heading) if still_under else ""
                if still_under and (ELSEWHERE_HEADING.match(label) or (also is not None and also.match(label))):
                    section = section_of(f, i, root, limit)
                    doomed.append(section)
                    i = section + f.count[section]
                    continue
            i += 1
    return ctx.kill_all([f.elements[i] for i in doomed], "auto", lambda el: f"section about other things: {el.text_content().strip()[:40]!r}")


def section_of(f: feat.Features, heading: int, root: int, limit: float) -> int:
    """The heading's widest ancestor-or-self below ``root`` that starts with it (no element with
    text before it) and holds at most ``limit`` characters."""
    section = heading
    while True:
        parent = f.parent[section]
        if parent <= root or parent < 0 or f.chars[parent] > limit or _text_before(f, parent, heading):
            return section
        section = parent


def _text_before(f: feat.Features, ancestor: int, i: int) -> bool:
    """Whether any element between ``ancestor`` and ``i`` (document order) holds text of its own."""
    for j in range(ancestor, i):
        if f.chars[j] and (j + f.count[j] <= i):
            return True  # a subtree before i with text
    return f.elements[ancestor].text is not None and f.elements[ancestor].text.strip() != ""



# Sections sharing a marked class word: at least this many siblings (a pair can be header + footer) ...
SHARED_MARK_MIN_SECTIONS = 3
# ... together holding at least this share of the page's text (sidebar widgets hold far less) ...
SHARED_MARK_MIN_SHARE = 0.3
# ... each with a heading and at most this share of link text (a menu's panes are links).
SHARED_MARK_MAX_LINK_DENSITY = 0.3


def unmark_shared_mark_sections(f: feat.Features, kinds: list[int]) -> None:
    """Clear the boilerplate mark of sibling sections that share a marked class word and hold the
    page's prose (``kinds`` is changed in place): each has a heading, little link text, and
    together they hold ``SHARED_MARK_MIN_SHARE`` of the page. Marks from a tag (nav, aside,
    footer), a role or a strong word (share, related, footer ...) stay."""
    groups: dict[tuple[int, str], list[int]] = {}
    for i in range(1, len(f)):
        if kinds[i] == hints.BOILERPLATE and f.headings[i] and _class_marked_only(f, i):
            for token in set((f.elements[i].get("class") or "").split()):
                groups.setdefault((f.parent[i], token), []).append(i)
    minimum = SHARED_MARK_MIN_SHARE * f.chars[0]
    for members in groups.values():
        if len(members) < SHARED_MARK_MIN_SECTIONS or sum(f.chars[i] for i in members) < minimum:
            continue
        if all(f.link_chars[i] <= SHARED_MARK_MAX_LINK_DENSITY * f.chars[i] for i in members):
            for i in members:
                kinds[i] = hints.NEUTRAL


def _class_marked_only(f: feat.Features, i: int) -> bool:
    """The element's boilerplate mark can only come from a class word that is not a strong one."""
    el = f.elements[i]
    if f.tags[i] in hints.BOILERPLATE_TAGS or el.get("role") or not el.get("class"):
        return False
    return not hints.strong_boilerplate(hints.names_of(el).lower())
