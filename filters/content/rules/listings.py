"""Listings for ``auto``: a listing's entries are its content, not link lists inside it.

Entries (event cards, search results, a directory's rows) are often nothing but links, and
cleaning would remove them one by one as link lists. ``spared_records`` spares the entries of a
group holding most of the selection, ``entry_headers`` the header part every entry repeats,
``entry_summaries`` a marked summary sentence in every tile and ``marked_titles`` a sponsored
entry's title; ``teaser_entries`` tells a listing's teasers from an article's prose;
``with_listing_beside`` adds a listing beside an intro, and ``listing_container`` takes a
listing when nothing else qualifies. Why each: docs/content-rules.md.
"""
from __future__ import annotations

import re

from .. import features as feat
from .. import hints
from .rescue import boilerplate_by_tag_or_role

# Repeated siblings holding at least this share of the selection's text are its listing.
LISTING_MIN_SHARE = 0.5
# In a listing no entry holds more than this share of the group's text (as auto's records).
ENTRY_MAX_SHARE = 0.6
# Hint kinds that cleaning removes whatever the listing (auto's boilerplate and comment marks).
_MARKED = hints.MARKED
# A listing beside the selection joins it when it holds at least this share of the selection's text.
BESIDE_MIN_SHARE = 0.5
# A listing taken when nothing else qualifies holds at least this share of the page's text ...
RESCUE_MIN_SHARE = 0.2
# ... and is mostly links (rescue.py's second look takes the blocks with less link text).
RESCUE_MIN_LINK_DENSITY = 0.5
# Records this share of which hold a linked heading are a listing's entries (teasers), not an article's sections ...
TEASER_LINK_SHARE = 0.8
# ... when none holds more prose than this (a teaser is a paragraph or two; a forum post, a review may be longer).
TEASER_MAX_PROSE = 700
# A run of at least this many entries each holding a part named title is a listing's teasers too ...
TITLED_MIN_ENTRIES = 8
# ... when that title is short (a headline, not a section).
TITLE_MAX_CHARS = 200
# A class word naming an entry's title part, between separators ("clip-title", "item_headline"; not "subtitle").
_TITLE_CLASS = re.compile(r"(?i)(?:^|[-_\s])(?:title|headline)(?:$|[-_\s])")
_HEADINGS = feat.HEADING_TAGS  # (features.py's set, not a second copy)
# A marked part in at least this share of a listing's entries is part of the entries' template.
TEMPLATE_MIN_SHARE = 0.5
# Only an entry's header is part of its template (its title): a footer or "meta" block under
# every entry (dates, bylines, counts) is kept by some references and left out by others.
_ENTRY_HEADER = re.compile(r"header|heading|title")
# A marked part in at least this share of the entries, each with a sentence of its own, is the entries' summary ...
SUMMARY_MIN_SHARE = 0.8
# ... a sentence of at least this many characters (a label or a count is no summary).
SUMMARY_MIN_CHARS = 40
# ... and not named as a note, a carousel or meta data: fine print under every feature, a
# carousel of customers' reviews, the dates and bylines some references keep and others leave out.
_NOT_SUMMARY = re.compile(r"disclaimer|legal|carousel|slider|(?:^|[^a-z])meta(?:$|[^a-z])")
# Names of parts that go even when every entry has one: buttons and ads, not the entry's text.
_ENTRY_FURNITURE = re.compile(r"share|social|advert|sponsor|promo|newsletter|subscri|cookie|consent|\bads?\b")


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
        template = _template_parts(f, kinds, members)
        for m in members:
            spared.update(i for i in range(m, m + f.count[m]) if kinds[i] not in _MARKED or _part_key(f, i) in template)
    return spared


def entry_headers(f: feat.Features, kinds: list[int], nodes: list[int], groups: list[list[int]]) -> set[int]:
    """Element numbers of the marked header parts (and the unmarked elements inside them) of the
    entries of every group of records ``groups`` inside the selection ``nodes``, however little
    of the selection's text the group holds (see the module's docstring)."""
    spared: set[int] = set()
    for members in groups:
        if not f.inside_any(members[0], nodes):
            continue
        template = _template_parts(f, kinds, members)
        if not template:
            continue
        for m in members:
            i, end = m + 1, m + f.count[m]
            while i < end:
                if kinds[i] == hints.BOILERPLATE and _part_key(f, i) in template:
                    spared.update(j for j in range(i, i + f.count[i]) if j == i or kinds[j] not in _MARKED)
                    i += f.count[i]
                else:
                    i += 1
    return spared


def entry_summaries(f: feat.Features, kinds: list[int], nodes: list[int], groups: list[list[int]], min_items: int) -> set[int]:
    """Element numbers of the marked summary parts (and the unmarked elements inside them) of
    the entries of every group of at least ``min_items`` records inside the selection ``nodes``
    (see the module's docstring)."""
    spared: set[int] = set()
    for members in groups:
        if len(members) < min_items or not f.inside_any(members[0], nodes):
            continue
        for parts in _summary_parts(f, kinds, members):
            for i in parts:
                spared.update(j for j in range(i, i + f.count[i]) if j == i or kinds[j] not in _MARKED or _summary_wrapper(f, i, j))
    return spared


def _summary_wrapper(f: feat.Features, part: int, j: int) -> bool:
    """Whether element ``j`` inside the summary ``part`` wraps most of its text (its marked
    name is the part's again: ``reviews_content_wrapper``), not named as furniture."""
    return 2 * f.chars[j] > f.chars[part] and not _ENTRY_FURNITURE.search(f"{f.tags[j]} {f.elements[j].get('class') or ''}".lower())


def _summary_parts(f: feat.Features, kinds: list[int], members: list[int]) -> list[list[int]]:
    """Per (tag, class) of a marked part found once in ``SUMMARY_MIN_SHARE`` of the entries
    ``members``, each time with a sentence and a different text, not named as furniture: its
    elements."""
    found: dict[tuple[str, str], list[int]] = {}
    twice: set[tuple[str, str]] = set()  # (a part twice in one entry: a row of parts, not the entry's summary)
    for m in members:
        seen: set[tuple[str, str]] = set()
        i, end = m + 1, m + f.count[m]
        while i < end:
            if kinds[i] == hints.BOILERPLATE:
                key = _part_key(f, i)
                if key in seen:
                    twice.add(key)
                seen.add(key)
                found.setdefault(key, []).append(i)
                i += f.count[i]
            else:
                i += 1
    minimum = SUMMARY_MIN_SHARE * len(members)
    out = []
    for key, parts in found.items():
        names = f"{key[0]} {key[1]}".lower()
        if len(parts) < minimum or key in twice or _ENTRY_FURNITURE.search(names) or _NOT_SUMMARY.search(names):
            continue
        if any(boilerplate_by_tag_or_role(f.elements[i], f.tags[i]) for i in parts):
            continue  # (a <footer> or a role says so: a post's footer under every post)
        texts = {" ".join(f.elements[i].text_content().split()) for i in parts if f.punct[i] and f.chars[i] >= SUMMARY_MIN_CHARS}
        if len(texts) >= minimum:
            out.append(parts)
    return out


def teaser_entries(f: feat.Features, nodes: list[int], groups: list[list[int]], prose_min_chars: int) -> list[int]:
    """The outermost members, in document order, of the groups of records ``groups`` inside the
    selection ``nodes`` whose entries nearly all hold a linked heading and none more than
    ``TEASER_MAX_PROSE`` characters of prose (blocks of ``prose_min_chars``): a listing's
    teasers (see the module's docstring)."""
    found = []
    for members in groups:
        if (f.inside_any(members[0], nodes) and _titled_entries(f, members) >= TEASER_LINK_SHARE * len(members)
                and all(f.prose_chars((m,), prose_min_chars) <= TEASER_MAX_PROSE for m in members)):
            found.extend(members)
    return outermost(f, found)  # (a group nested in another's entries is counted with them)


def outermost(f: feat.Features, found: list[int]) -> list[int]:
    """The elements of ``found`` not inside another of them, in document order (sorts ``found``)."""
    found.sort()
    kept: list[int] = []
    for m in found:
        if not kept or m >= kept[-1] + f.count[kept[-1]]:
            kept.append(m)
    return kept


def _titled_entries(f: feat.Features, members: list[int]) -> int:
    """How many of the entries ``members`` hold a linked heading or, in a long run of entries
    (``TITLED_MIN_ENTRIES``), a title part named as such (a video playlist's items)."""
    if len(members) < TITLED_MIN_ENTRIES:
        return sum(1 for m in members if has_linked_heading(f, m))
    return sum(1 for m in members if has_linked_heading(f, m) or _has_title_part(f, m))


def _has_title_part(f: feat.Features, m: int) -> bool:
    """Whether entry ``m`` holds a short element whose class names it the entry's title."""
    for i in range(m + 1, m + f.count[m]):
        if f.chars[i] and f.chars[i] <= TITLE_MAX_CHARS and _TITLE_CLASS.search(f.elements[i].get("class") or "") is not None:
            return True
    return False


def has_linked_heading(f: feat.Features, m: int) -> bool:
    """Whether entry ``m`` holds a heading that is (or holds, or sits in) a link: a teaser's title."""
    for i in range(m, m + f.count[m]):
        if f.tags[i] in _HEADINGS and f.chars[i] and (f.link_chars[i] or f.is_link[f.parent[i]] or _inside_link(f, i, m)):
            return True
    return False


def _inside_link(f: feat.Features, i: int, top: int) -> bool:
    while i > top:
        i = f.parent[i]
        if f.tags[i] == "a":
            return True
    return False


def listing_container(f: feat.Features, groups: list[list[int]], min_chars: int) -> int | None:
    """The parent of the biggest group of records ``groups`` (auto's, as element numbers)
    holding ``min_chars`` and ``RESCUE_MIN_SHARE`` of the page's text, in a parent with more
    than ``RESCUE_MIN_LINK_DENSITY`` link text outside boilerplate tags and roles, or None
    (see the module's docstring)."""
    best, best_chars = None, max(min_chars, RESCUE_MIN_SHARE * f.chars[0])
    for members in groups:
        chars = sum(f.chars[i] for i in members)
        parent = f.parent[members[0]]
        if chars >= best_chars and parent > 0 and f.link_density(parent) > RESCUE_MIN_LINK_DENSITY and not _inside_boilerplate_tag(f, parent):
            best, best_chars = parent, chars
    return best


def with_listing_beside(f: feat.Features, kinds: list[int], scores: list[float], nodes: list[int], groups: list[list[int]]) -> list[int]:
    """The selection ``nodes`` with the parent of the biggest group of records outside it
    added, in document order, when that group holds more text than the selection and its
    parent scores above zero outside marked subtrees (see the module's docstring)."""
    best, best_chars = None, BESIDE_MIN_SHARE * sum(f.chars[i] for i in nodes)
    for members in groups:
        chars = sum(f.chars[i] for i in members)
        parent = f.parent[members[0]]
        if chars > best_chars and scores[parent] > 0 and not f.overlaps_any(parent, nodes) and not f.under_kind(kinds, parent, _MARKED):
            best, best_chars = parent, chars
    return nodes if best is None else sorted(nodes + [best])


def entry_title_keys(f: feat.Features, members: list[int], kinds: list[int] | None = None) -> set[tuple[str, str]]:
    """(tag, class) of the classed headings found in at least half of the entries ``members``:
    their titles; with ``kinds``, unmarked headings only."""
    counts: dict[tuple[str, str], int] = {}
    for m in members:
        found = {(f.tags[i], f.elements[i].get("class")) for i in range(m, m + f.count[m])
                 if f.tags[i] in _HEADINGS and f.chars[i] and f.elements[i].get("class") and (kinds is None or kinds[i] != hints.BOILERPLATE)}
        for key in found:
            counts[key] = counts.get(key, 0) + 1
    return {key for key, n in counts.items() if 2 * n >= len(members)}


def marked_titles(f: feat.Features, kinds: list[int], nodes: list[int], groups: list[list[int]]) -> set[int]:
    """Element numbers of the marked headings inside the selection ``nodes`` that carry the
    title heading (``entry_title_keys``) of a group of records in it, with the unmarked elements
    inside them (see the module's docstring)."""
    keys: set[tuple[str, str]] = set()
    for members in groups:
        if f.inside_any(members[0], nodes):
            keys |= entry_title_keys(f, members, kinds)
    spared: set[int] = set()
    if not keys:
        return spared
    for root in nodes:
        for i in range(root, root + f.count[root]):
            if kinds[i] == hints.BOILERPLATE and f.tags[i] in _HEADINGS and (f.tags[i], f.elements[i].get("class")) in keys:
                spared.update(j for j in range(i, i + f.count[i]) if j == i or kinds[j] not in _MARKED)
    return spared


def _inside_boilerplate_tag(f: feat.Features, i: int) -> bool:
    while i > 0:
        if boilerplate_by_tag_or_role(f.elements[i], f.tags[i]):
            return True
        i = f.parent[i]
    return False


def _part_key(f: feat.Features, i: int) -> tuple[str, str]:
    return f.tags[i], f.elements[i].get("class") or ""


def _template_parts(f: feat.Features, kinds: list[int], members: list[int]) -> set[tuple[str, str]]:
    """(tag, class) of the marked headers repeated in ``TEMPLATE_MIN_SHARE`` of the entries
    ``members`` (counted once per entry), without the buttons' and ads' names."""
    counts: dict[tuple[str, str], int] = {}
    for m in members:
        keys = {_part_key(f, i) for i in range(m + 1, m + f.count[m]) if kinds[i] == hints.BOILERPLATE}
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
    minimum = TEMPLATE_MIN_SHARE * len(members)
    return {key for key, n in counts.items() if n >= minimum and _is_entry_header(f"{key[0]} {key[1]}".lower())}


def _is_entry_header(names: str) -> bool:
    return _ENTRY_HEADER.search(names) is not None and _ENTRY_FURNITURE.search(names) is None


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
