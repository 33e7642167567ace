"""Marked records for ``auto``: repeated siblings holding most of the page are its content.

A boilerplate word repeated on every item of a listing ("card sticky-action", "promo-tile") is
the items' style, not a sign of boilerplate: such groups lose the mark before scoring, and so
do the wrappers inside an item that hold most of its text. A mega menu is records of links and
keeps its marks, as does a group inside a marked subtree.
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# Records with more link text than this share keep their marks (menus).
RECORD_UNMARK_MAX_LINK_DENSITY = 0.5
# Inside a record, an element with this share of its text is a wrapper of the whole item.
RECORD_WRAPPER_SHARE = 0.8


def unmark_records(f: feat.Features, kinds: list[int], groups: list[list[int]], wrapper_chars: float) -> None:
    """Clear the boilerplate mark of the items of the groups of records ``groups`` holding more
    than ``wrapper_chars`` characters, and of the wrappers inside an item that hold most of its
    text (``kinds`` is changed in place)."""
    for members in groups:
        chars = sum(f.chars[i] for i in members)
        if chars <= wrapper_chars or sum(f.link_chars[i] for i in members) > RECORD_UNMARK_MAX_LINK_DENSITY * chars:
            continue  # (a mega menu is records of links)
        if f.under_kind(kinds, f.parent[members[0]], hints.MARKED):
            continue
        for m in members:
            minimum = RECORD_WRAPPER_SHARE * f.chars[m]
            i = m
            while True:
                if kinds[i] == hints.BOILERPLATE and hints.weak_boilerplate(f.elements[i], f.tags[i]):
                    kinds[i] = hints.NEUTRAL
                inner = [j for j in f.children(i) if f.chars[j] >= minimum]
                if len(inner) != 1:
                    break
                i = inner[0]
