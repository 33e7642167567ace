"""Listings for ``auto``: entries that are mostly links are the listing, not link lists inside it.

A listing's entries (event cards, search results, a directory's rows) are often nothing but
links: the title, the venue, the category, each one a link. Cleaning removes a block with that
much link text as a link list, one entry at a time, until only the listing's heading is left.

``spared_records`` finds, inside the selection, groups of repeated siblings (same parent, tag
and class, at least ``min_items``) that together hold most of the selection's text: those
entries stay whatever their link density. Marked boilerplate still goes (a menu's items
repeat too, but a menu holding most of a selection is rare, and its mark says so). ``auto``
does not ask when the selection is an article (this much prose): there, link lists are
navigation even when they repeat (tables of contents, related posts).
"""
from __future__ import annotations

from . import features as feat
from . import hints

# Repeated siblings holding at least this share of the selection's text are its listing.
LISTING_MIN_SHARE = 0.5
# In a listing no entry holds more than this share of the group's text (as auto's records).
ENTRY_MAX_SHARE = 0.6
# Hint kinds that cleaning removes whatever the listing (auto's boilerplate and comment marks).
_MARKED = (hints.BOILERPLATE, hints.COMMENTS)


def spared_records(f: feat.Features, kinds: list[int], nodes: list[int], min_items: int) -> set[int]:
    """Element numbers of the entries of the selection's listing and of the unmarked elements
    inside them (see the module's docstring); empty when no group of repeated siblings holds
    ``LISTING_MIN_SHARE`` of its text."""
    content_chars = sum(f.chars[i] for i in nodes)
    if not content_chars:
        return set()
    limit = LISTING_MIN_SHARE * content_chars
    groups: dict[tuple[int, str, str], list[int]] = {}
    for parent in _holding(f, nodes, limit):  # (a listing's parent holds its text: only those are looked into)
        for i in f.children(parent):
            if f.chars[i] and kinds[i] not in _MARKED:
                groups.setdefault((parent, f.tags[i], f.elements[i].get("class") or ""), []).append(i)
    spared: set[int] = set()
    for (_, tag, _), members in groups.items():
        chars = sum(f.chars[i] for i in members)
        if len(members) < min_items or tag == "a" or chars < limit:
            continue
        if max(f.chars[i] for i in members) > ENTRY_MAX_SHARE * chars:
            continue  # one member holds the text: a layout's columns or rows, not a listing
        for m in members:
            spared.update(i for i in range(m, m + f.count[m]) if kinds[i] not in _MARKED)
    return spared


def _holding(f: feat.Features, nodes: list[int], limit: float) -> list[int]:
    """The elements of the selection ``nodes`` holding at least ``limit`` characters (a few:
    the subtrees of smaller ones are skipped)."""
    found = []
    for root in nodes:
        end = root + f.count[root]
        i = root
        while i < end:
            if f.chars[i] >= limit:
                found.append(i)
                i += 1
            else:
                i += f.count[i]
    return found
