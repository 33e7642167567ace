"""Listing recall for ``auto``: a listing split over several blocks keeps them all.

``spared_group_entries`` spares the entries of several groups of records that together hold most
of a selection that is not an article; ``around_entries`` widens a container found inside one of
a listing's ``<article>`` entries to the whole listing; ``with_twin_blocks`` and ``spared_twins``
keep a second block built like the container's (a wiki category's pages after its
subcategories); ``with_alike_entries`` adds featured entries that carry the listing's title
heading. Why each: docs/content-rules.md.
"""
from __future__ import annotations

from .. import features as feat
from .. import hints
from . import listings

# Groups of records holding at least this share of the selection's text together are its listing.
GROUPS_MIN_SHARE = 0.5
# ... in at least this many groups (one group is listings.py's ``spared_records``; on a shop's
# single grid, the tiles' category and colour links are kept by some references, not by others).
MIN_GROUPS = 2
# Articles of one class, at least this many, are a listing's entries ...
MIN_ENTRIES = 3
# ... when none holds more than this share of their text (one that does is the page's article
# beside its related stories).
ENTRY_MAX_SHARE = 0.6
# A group of records holding this share of the selection's text is its listing (its title heading names its entries).
ALIKE_LISTING_SHARE = 0.5
# Hint kinds cleaning removes whatever the listing (auto's boilerplate and comment marks).
_MARKED = hints.MARKED


def spared_group_entries(f: feat.Features, kinds: list[int], nodes: list[int], groups: list[list[int]], wrapper_share: float) -> set[int]:
    """Element numbers of the unmarked elements of the entries of the groups of records
    ``groups`` inside the selection ``nodes`` (outermost groups only, outside marked subtrees),
    when together they hold ``GROUPS_MIN_SHARE`` of its text; else empty (see the module's
    docstring). A marked element holding more than ``wrapper_share`` of the selection's text
    is a wrapper (auto's cleaning keeps it) and rules nothing out."""
    total = sum(f.chars[i] for i in nodes)
    marked = _marked_roots(f, kinds, nodes, wrapper_share * total)
    content_chars = total - sum(f.chars[i] for i in marked)
    if content_chars <= 0:
        return set()
    entries = _outermost_entries(f, nodes, groups, marked)
    if len({f.parent[m] for m in entries}) < MIN_GROUPS or sum(f.chars[m] for m in entries) < GROUPS_MIN_SHARE * content_chars:
        return set()
    spared: set[int] = set()
    for m in entries:
        spared.update(i for i in range(m, m + f.count[m]) if kinds[i] not in _MARKED)
    return spared


def _outermost_entries(f: feat.Features, nodes: list[int], groups: list[list[int]], marked: list[int]) -> list[int]:
    """The members of ``groups`` inside ``nodes`` and outside the ``marked`` subtrees, without
    those nested in another listed member, in document order."""
    found = []
    for members in groups:
        if f.inside_any(members[0], nodes) and not f.inside_any(members[0], marked):
            found.extend(members)
    return listings.outermost(f, found)


def _marked_roots(f: feat.Features, kinds: list[int], nodes: list[int], wrapper_chars: float) -> list[int]:
    """The outermost marked elements inside the selection ``nodes`` holding at most
    ``wrapper_chars`` characters: the subtrees auto's cleaning removes whatever they hold."""
    found = []
    for root in nodes:
        i, end = root + 1, root + f.count[root]
        while i < end:
            if kinds[i] in _MARKED and f.chars[i] <= wrapper_chars:
                found.append(i)
                i += f.count[i]
            else:
                i += 1
    return found


def around_entries(f: feat.Features, kinds: list[int], best: int) -> int:
    """The lowest element holding every ``<article>`` of the kind (same class) that holds or is
    inside the container ``best``, when there are at least ``MIN_ENTRIES`` such articles outside
    marked subtrees and none holds more than ``ENTRY_MAX_SHARE`` of their text; else ``best``
    (see the module's docstring)."""
    entry = _article_around(f, best)
    if entry is None:
        return best
    key = f.elements[entry].get("class") or ""
    entries = [i for i in _outermost_articles(f, kinds) if (f.elements[i].get("class") or "") == key]
    chars = sum(f.chars[i] for i in entries)
    if len(entries) < MIN_ENTRIES or entry not in entries or f.chars[entry] > ENTRY_MAX_SHARE * chars:
        return best
    return _common_ancestor(f, entries)  # (outside marked subtrees, as the entries are)


def _article_around(f: feat.Features, best: int) -> int | None:
    """The outermost ``<article>`` holding ``best`` (itself included), or None."""
    found, i = None, best
    while i > 0:
        if f.tags[i] == "article":
            found = i
        i = f.parent[i]
    return found


def _outermost_articles(f: feat.Features, kinds: list[int]) -> list[int]:
    """The ``<article>`` elements with text, outside marked subtrees and other articles."""
    found = []
    i, n = 0, len(f)
    while i < n:
        if kinds[i] in _MARKED and i:
            i += f.count[i]
        elif f.tags[i] == "article" and f.chars[i]:
            found.append(i)
            i += f.count[i]
        else:
            i += 1
    return found


def _common_ancestor(f: feat.Features, nodes: list[int]) -> int:
    a = nodes[0]
    while not all(f.holds(a, i) for i in nodes):
        a = f.parent[a]
    return a


def with_twin_blocks(f: feat.Features, kinds: list[int], nodes: list[int], best: int) -> list[int]:
    """The selection ``nodes`` with the container's twins added, in document order: the
    children of its parent's siblings that have the container's tag and class and whose first
    child has the tag and class of the container's first child, outside marked subtrees and
    the selection (see the module's docstring)."""
    parent = f.parent[best]
    if parent <= 0 or not f.elements[best].get("class"):
        return nodes
    key = _twin_key(f, best)
    twins = [j for uncle in f.children(f.parent[parent]) if uncle != parent and kinds[uncle] not in _MARKED
             for j in f.children(uncle) if f.chars[j] and kinds[j] not in _MARKED and _twin_key(f, j) == key and not f.overlaps_any(j, nodes)]
    if not twins:
        return nodes
    return sorted(set(nodes) | set(twins))


def _twin_key(f: feat.Features, i: int) -> tuple:
    first = i + 1 if f.count[i] > 1 else None
    inner = (f.tags[first], f.elements[first].get("class") or "") if first is not None else None
    return f.tags[i], f.elements[i].get("class") or "", inner


def spared_twins(f: feat.Features, kinds: list[int], nodes: list[int]) -> set[int]:
    """Element numbers of the unmarked elements of the selected blocks that have a twin among
    the selected blocks (same ``_twin_key``): a listing in two blocks, its link entries kept."""
    keys: dict[tuple, list[int]] = {}
    for n in nodes:
        if f.elements[n].get("class"):
            keys.setdefault(_twin_key(f, n), []).append(n)
    spared: set[int] = set()
    for twins in keys.values():
        if len(twins) > 1:
            for n in twins:
                spared.update(i for i in range(n, n + f.count[n]) if kinds[i] not in _MARKED)
    return spared


def with_alike_entries(f: feat.Features, kinds: list[int], nodes: list[int], groups: list[list[int]]) -> list[int]:
    """The selection ``nodes`` with the parents of the groups of records outside it whose entries
    carry the listing's title heading (the same tag and class as in the selected listing's
    entries), outside marked subtrees, in document order (see the module's docstring)."""
    total = sum(f.chars[i] for i in nodes)
    keys: set[tuple[str, str]] = set()
    for members in groups:
        if f.inside_any(members[0], nodes) and sum(f.chars[m] for m in members) >= ALIKE_LISTING_SHARE * total:
            keys |= listings.entry_title_keys(f, members)
    if not keys:
        return nodes
    added: list[int] = []
    for members in groups:
        parent = f.parent[members[0]]
        if (not f.overlaps_any(parent, nodes) and not f.overlaps_any(parent, added)
                and not f.under_kind(kinds, parent, _MARKED) and listings.entry_title_keys(f, members) & keys):
            added.append(parent)
    return sorted(nodes + added) if added else nodes

