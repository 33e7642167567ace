"""What a discussion page's posts carry besides the post itself: the poster's signature, rank
and stats ("post furniture").

Forum software repeats these under every post (``div.signature``, XenForo's
``message-userExtras``, vBulletin's ``usertitle``); they are the poster's, not the thread's,
and on a long thread they add up to a large share of the text. ``auto`` calls
``remove_post_furniture`` on its selection when the page is a discussion (by URL or
microdata); on any other page these names mean something else (a letter's signature block,
an article's author box) and are left alone.
"""
from __future__ import annotations

import re

from .. import dom
from ..context import PageContext

# Class/id words of post furniture: signatures, the poster's title, rank banner and stats.
_FURNITURE = re.compile(r"signature|user-?_?extras|user-?_?title|user-?_?banner", re.IGNORECASE)
# Elements that name themselves in class or id (the only ones the pattern can match).
_NAMED = "descendant-or-self::*[@class or @id]"

# Furniture holding more than this share of the selection's text is not furniture (a page
# about signatures, a wrapper with an unlucky name): it stays.
FURNITURE_MAX_SHARE = 0.3


def is_post_furniture(el) -> bool:
    """The element's class or id names a signature, a poster's title/banner or their stats."""
    cls, ident = el.get("class"), el.get("id")
    return bool(cls and _FURNITURE.search(cls)) or bool(ident and _FURNITURE.search(ident))


def furniture_in(roots) -> list:
    """The outermost post-furniture elements inside ``roots`` (the roots themselves never)."""
    found = []
    for root in roots:
        for el in root.xpath(_NAMED):
            if el is root or not is_post_furniture(el):
                continue
            if found and _inside(el, found[-1]):
                continue  # (document order: an element inside earlier furniture is inside the last one)
            found.append(el)
    return found


def _inside(el, outer) -> bool:
    parent = el.getparent()
    while parent is not None:
        if parent is outer:
            return True
        parent = parent.getparent()
    return False


def remove_post_furniture(roots, ctx: PageContext) -> int:
    """Remove the post furniture inside ``roots`` (a discussion's selection); returns how many
    elements went. Each one is kept when it holds more than ``FURNITURE_MAX_SHARE`` of the text."""
    found = furniture_in(roots)
    if not found:
        return 0
    total = max(sum(len(dom.text_of(r)) for r in roots), 1)
    doomed = [el for el in found if len(dom.text_of(el)) <= FURNITURE_MAX_SHARE * total]
    if not doomed:
        return 0
    report = ctx.new_report("auto")
    for el in doomed:
        ctx.kill(el, report, f"post furniture ({dom.describe(el)})")
    return len(doomed)
