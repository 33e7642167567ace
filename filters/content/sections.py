"""Listing sections for ``auto``: consent dialogs out of the way, record groups of link cards, and
record sections that are cousins of the chosen container.

A listing page often holds several record sections (a blog home page with a grid per category,
a recipe grid beside an intro, a carousel of top picks above the full list). ``auto`` picks one
container and lets its siblings join; sections further away in the tree (cousins) are lost.
This module owns the rules that bring them back, and the two that let records be seen at all:

- consent-manager dialogs (OneTrust, Didomi, Cookiebot ...) are removed before selection: their
  long legal text can outweigh a listing of short titles, and no page is about its cookie banner;
- siblings each with a class of its own are records of one kind when their first class matches
  (grid items add their own classes: post ids, categories);
"""
from __future__ import annotations

import re

from lxml import etree

from ..context import PageContext

# Consent managers' root elements, by the vendors' own ids and classes (never page content).
_CONSENT_ROOTS = etree.XPath(
    "descendant::*[starts-with(@id, 'onetrust-consent-sdk') or @id = 'onetrust-banner-sdk'"
    " or @id = 'onetrust-pc-sdk' or starts-with(@id, 'CybotCookiebotDialog') or @id = 'didomi-host'"
    " or @id = 'usercentrics-root' or starts-with(@id, 'sp_message_container')"
    " or contains(concat(' ', @class, ' '), ' qc-cmp2-container ')"
    " or contains(concat(' ', @class, ' '), ' fides-overlay ')]"
)


def remove_consent_dialogs(body, ctx: PageContext) -> int:
    """Remove consent-manager dialogs from ``body``; returns how many were removed."""
    found = [el for el in _CONSENT_ROOTS(body) if el.getparent() is not None]
    if not found:
        return 0
    inside = set(found)
    outermost = [el for el in found if not any(a in inside for a in el.iterancestors())]
    report = ctx.new_report("auto")
    for el in outermost:
        ctx.kill(el, report, "consent dialog", keep_links=False)
    return len(outermost)


# A class token with a run of digits this long is an id ("post-141705"), not a kind of item.
_ID_TOKEN = re.compile(r"\d{3}")


def regroup_unique_items(groups: dict[tuple[int, str, str], list[int]], minimum: int, elements: list) -> None:
    """Items of too small a group (same parent, tag and whole class) whose class holds an id
    regroup by their first class token that is not an id, when that makes a group of
    ``minimum`` (changes ``groups``).

    Listings add per-item classes ("post-141705 category-dinner has-post-thumbnail"), so every
    item of one grid has a class of its own while its first class is the grid's. Items that
    already repeat their whole class ("comment full" beside "comment oneline") keep their groups,
    and classes without an id differ on purpose (layout columns "grid_6 pr" beside "grid_6 ns").
    """
    leftovers: dict[tuple[int, str, str], list[int]] = {}
    for key, members in groups.items():
        if len(members) < minimum:
            parent, tag, _ = key
            for i in members:
                if not _ID_TOKEN.search(elements[i].get("class") or ""):
                    continue
                leftovers.setdefault((parent, tag, "~" + first_kind_token(elements[i])), []).append(i)
    for key, members in leftovers.items():
        if len(members) >= minimum and key[2] != "~":
            groups[key] = sorted(members)


def first_kind_token(el) -> str:
    """The element's first class token that is not an id ("" without one)."""
    for token in (el.get("class") or "").split():
        if not _ID_TOKEN.search(token):
            return token
    return ""
