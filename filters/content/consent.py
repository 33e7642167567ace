"""Consent managers' dialogs (OneTrust, Didomi, Usercentrics ...): out before ``auto`` scores.

A consent manager's preference centre lists every cookie category with a paragraph each; on
a short page it holds most of the text, and a boilerplate-marked block holding most of the
page counts as a wrapper (kept), so the dialog won the page. The vendors' own names mark
these dialogs and nothing else, so they go first, whatever their size. Generic words
("cookie", "gdpr") are left to the markup hints: a page can wrap its content in
``class="cookie-consent-ready"``.
"""
from __future__ import annotations

import re

from ..context import PageContext

# Consent-manager vendors' class/id prefixes (each names a dialog, never a page's wrapper).
_VENDOR_NAMES = ("onetrust", "ot-sdk", "ot-pc-", "didomi", "usercentrics", "cookiebot", "truste-", "qc-cmp", "sp_message", "fides-")
_VENDOR_RE = re.compile("|".join(re.escape(n) for n in _VENDOR_NAMES), re.IGNORECASE)
# One XPath pass over the class and id attributes (lower-case, as the vendors write them).
_CANDIDATES = "descendant::*[" + " or ".join(f"contains(@class, '{n}') or contains(@id, '{n}')" for n in _VENDOR_NAMES) + "]"


def consent_dialogs(body) -> list:
    """The outermost elements inside ``body`` named by a consent-manager vendor."""
    found = []
    for el in body.xpath(_CANDIDATES):
        names = f"{el.get('class') or ''} {el.get('id') or ''}"
        if not _VENDOR_RE.search(names):
            continue
        if found and _inside(el, found[-1]):
            continue  # (document order: an element inside an earlier dialog is inside the last one)
        found.append(el)
    return found


def _inside(el, outer) -> bool:
    parent = el.getparent()
    while parent is not None:
        if parent is outer:
            return True
        parent = parent.getparent()
    return False


def remove_consent_dialogs(body, ctx: PageContext) -> int:
    """Remove the consent managers' dialogs from ``body``; returns how many went."""
    found = consent_dialogs(body)
    if not found:
        return 0
    report = ctx.new_report("auto")
    for el in found:
        ctx.kill(el, report, "consent manager dialog")
    return len(found)
