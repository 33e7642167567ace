"""Consent managers' dialogs (OneTrust, Didomi, Usercentrics ...): out before ``auto`` scores.

A consent manager's preference centre lists every cookie category with a paragraph each; on
a short page it holds most of the text, and a boilerplate-marked block holding most of the
page counts as a wrapper (kept), so the dialog won the page. The vendors' own ids mark
these dialogs and nothing else, so they go first, whatever their size. Generic words
("cookie", "gdpr") are left to the markup hints: a page can wrap its content in
``class="cookie-consent-ready"``.
"""
from __future__ import annotations

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import phrases

# Consent-manager vendors' ids (phrases.py): each names a dialog, never a page's wrapper.
_VENDOR_IDS = phrases.CONSENT_VENDOR_IDS
# One XPath pass over the body's children and grandchildren with an id: the vendors' scripts
# append their root to the body, by id (a wrapper at most around it).
_CANDIDATES = etree.XPath("(./* | ./*/*)[@id][" + " or ".join(f"contains(@id, '{n}')" for n in _VENDOR_IDS) + "]")


def consent_dialogs(body) -> list:
    """The outermost elements named by a consent-manager vendor among ``body``'s children and grandchildren."""
    found = []
    for el in _CANDIDATES(body):
        if found and dom.is_inside(el, found[-1]):
            continue  # (document order: an element inside an earlier dialog is inside the last one)
        found.append(el)
    return found


def remove_consent_dialogs(body, ctx: PageContext) -> int:
    """Remove the consent managers' dialogs from ``body``; returns how many went."""
    return ctx.kill_all(consent_dialogs(body), "auto", "consent manager dialog")
