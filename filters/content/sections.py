"""Listing sections for ``auto``: consent dialogs out of the way, record groups of link cards, and
record sections that are cousins of the chosen container.

A listing page often holds several record sections (a blog home page with a grid per category,
a recipe grid beside an intro, a carousel of top picks above the full list). ``auto`` picks one
container and lets its siblings join; sections further away in the tree (cousins) are lost.
This module owns the rules that bring them back, and the two that let records be seen at all:

- consent-manager dialogs (OneTrust, Didomi, Cookiebot ...) and modal dialogs are removed before
  selection: their long legal text (privacy policy, terms) can outweigh a listing of short titles or
  a product's description, and a "boilerplate" mark holding that much text counts as a wrapper;
- siblings each with a class of its own are records of one kind when their first class matches
  (grid items add their own classes: post ids, categories);
"""
from __future__ import annotations

import re

from lxml import etree

from ..context import PageContext

# Consent managers' root elements, by the vendors' own ids (never page content), and modal
# dialogs (shown over the page on a click: a size guide, the terms of service). Three queries:
# selecting attributes and stepping up to their owners is several times faster in libxml2 than
# a predicate on every element, and a union costs more than its parts (it sorts).
_CONSENT_ROOTS = etree.XPath(
    "descendant::*/@id[starts-with(., 'onetrust-consent-sdk') or . = 'onetrust-banner-sdk'"
    " or . = 'onetrust-pc-sdk' or starts-with(., 'CybotCookiebotDialog') or . = 'didomi-host'"
    " or . = 'usercentrics-root' or starts-with(., 'sp_message_container') or . = 'qc-cmp2-container'"
    " or . = 'fides-overlay']/.."
)
_MODALS = etree.XPath("(descendant::*/@role[. = 'dialog' or . = 'alertdialog'] | descendant::*/@aria-modal[. = 'true'])/..")
_DIALOG_TAGS = etree.XPath("descendant::dialog")
# A modal dialog holding more than this share of the page's text is the page (an article in a
# lightbox); consent dialogs go whatever their size.
DIALOG_MAX_SHARE = 0.6


def remove_dialogs(body, ctx: PageContext) -> int:
    """Remove consent-manager dialogs and modal dialogs from ``body``; returns how many were removed."""
    consent = _CONSENT_ROOTS(body)
    modals = _MODALS(body) + _DIALOG_TAGS(body)
    if modals:
        limit = DIALOG_MAX_SHARE * len(body.text_content())
        modals = [el for el in modals if len(el.text_content()) <= limit]
    found = consent + modals
    if not found:
        return 0
    inside = set(found)
    outermost = [el for el in found if not any(a in inside for a in el.iterancestors())]
    report = ctx.new_report("auto") if outermost else None
    for el in outermost:
        ctx.kill(el, report, "modal dialog" if el in modals else "consent dialog", keep_links=False)
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

