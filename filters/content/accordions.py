"""Accordions and FAQs for ``auto``: their items are content, whatever their parts are called.

An accordion (a service page's FAQ, a course's syllabus, a product's details) names its parts
after the widget: ``accordion-header`` (the question), ``accordion-item__dropdown`` (the
answer), ``faq__header``, a Bootstrap ``panel-group`` with ``role="tablist"``. The markup
hints (hints.py) read "header", "dropdown" and the tablist role as boilerplate, so the
questions and answers were scored against their section and cleaned out of the selection.

``unmark_accordion_items`` clears those marks on elements that name themselves an accordion
or FAQ part, unless something else in the markup says boilerplate: a boilerplate tag or role
(other than tablist), a word about navigation, recommendations or sign-ups ("accordion-menu",
"accordion-item related-products"), or mostly link text (a mobile menu built as an accordion).
"""
from __future__ import annotations

import re

from . import features as feat
from . import hints

# Class/id words of an accordion's or an FAQ's parts.
_ACCORDION_NAMES = re.compile(r"accordion|faq|collaps|expander", re.IGNORECASE)
# Words that keep the boilerplate mark even on an accordion part (menus, other things, sign-ups).
_STILL_BOILERPLATE = re.compile(
    r"nav|menu|related|recommend|review|share|social|newsletter|subscri|cookie|consent|promo|advert|"
    r"sponsor|footer|sidebar|breadcrumb|modal|popup|login|search|cart",
    re.IGNORECASE,
)
# The tablist role is how accordions (Bootstrap's panel-group) announce their headers.
_ACCORDION_ROLES = frozenset({"tablist", "tab", "button", "heading", "region"})
# An accordion part with more link text than this is a menu.
ACCORDION_MAX_LINK_DENSITY = 0.5


def is_accordion_part(el, tag: str) -> bool:
    """The element names itself an accordion or FAQ part and nothing else in its markup says
    boilerplate (a tag, a role other than the accordion's own, a navigation or promotion word)."""
    if tag in hints.BOILERPLATE_TAGS:
        return False
    role = (el.get("role") or "").strip().lower()
    if role and role not in _ACCORDION_ROLES:
        return False
    names = hints.names_of(el)
    return _ACCORDION_NAMES.search(names) is not None and _STILL_BOILERPLATE.search(names) is None


def unmark_accordion_items(f: feat.Features, kinds: list[int]) -> int:
    """Clear the boilerplate mark of accordion and FAQ parts that are mostly text (``kinds`` is
    changed in place); returns how many were cleared."""
    cleared = 0
    for i, kind in enumerate(kinds):
        if kind != hints.BOILERPLATE:
            continue
        if f.link_density(i) > ACCORDION_MAX_LINK_DENSITY or not is_accordion_part(f.elements[i], f.tags[i]):
            continue
        kinds[i] = hints.NEUTRAL
        cleared += 1
    return cleared
