"""Accordions and FAQs for ``auto``: their items are content, whatever their parts are called.

``unmark_accordion_items`` clears the boilerplate mark ("accordion-header", "dropdown", the
tablist role) of parts that name themselves an accordion or FAQ part, unless their markup also
says navigation, recommendations or sign-ups or they are mostly links. ``open_accordions``
shows, inside the selection, what a click would show: closed panes lose their hiding attributes
and question buttons are unwrapped (a reader page runs no scripts).
"""
from __future__ import annotations

import re

from lxml import etree

from ...context import PageContext
from .. import features as feat
from .. import hints

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
    return _names_accordion_part(el.get("role"), hints.names_of(el))


def is_accordion_part_at(f: feat.Features, i: int) -> bool:
    """``is_accordion_part`` of element ``i`` of ``f``, from the names the feature walk read."""
    if f.tags[i] in hints.BOILERPLATE_TAGS:
        return False
    return _names_accordion_part(f.roles[i], hints.names_at(f, i))


def _names_accordion_part(role: str | None, names: str) -> bool:
    """``is_accordion_part`` past the tag test, on the element's role and names (class and id)."""
    role = (role or "").strip().lower()
    if role and role not in _ACCORDION_ROLES:
        return False
    return _ACCORDION_NAMES.search(names) is not None and _STILL_BOILERPLATE.search(names) is None


def unmark_accordion_items(f: feat.Features, kinds: list[int]) -> int:
    """Clear the boilerplate mark of accordion and FAQ parts that are mostly text (``kinds`` is
    changed in place); returns how many were cleared."""
    cleared = 0
    for i, kind in enumerate(kinds):
        if kind != hints.BOILERPLATE:
            continue
        if f.link_density(i) > ACCORDION_MAX_LINK_DENSITY or not is_accordion_part_at(f, i):
            continue
        kinds[i] = hints.NEUTRAL
        cleared += 1
    return cleared


# Where a pane can be closed: the attributes features.py reads as hidden (its "not shown"
# classes all hold "hid" or "display-none"), found by libxml2 instead of a Python walk over all.
# The attributes are selected and their owners taken (in document order, each once): libxml2 runs
# that about twice as fast as a predicate on every element.
_MAY_BE_CLOSED = etree.XPath(
    "(descendant-or-self::*/@hidden | descendant-or-self::*/@aria-hidden | descendant-or-self::*/@style"
    " | descendant-or-self::*/@class[contains(., 'hid') or contains(., 'display-none')])/.."
)
# Buttons: an accordion's questions are often written as button labels.
_BUTTONS = etree.XPath("descendant::button")
# The attributes that keep a closed pane from the reader (inline styles go with the reader too).
_CLOSING_ATTRIBUTES = ("hidden", "aria-hidden", "style")
# A question's button sits this many levels below the accordion part that names it at most
# (``dt.accordion__header > button``, ``div.faq-item > h3 > button``).
QUESTION_BUTTON_DEPTH = 3


def open_accordions(roots, ctx: PageContext) -> int:
    """Open the accordions inside ``roots`` (see the module's docstring): closed tab and accordion
    panes lose their hiding attributes, the buttons holding an accordion's questions are
    unwrapped. Returns how many elements changed."""
    report = None
    changed = 0
    for root in roots:
        for el in _MAY_BE_CLOSED(root):
            if feat.is_closed_panel(el):
                report = report or ctx.new_report("auto")
                ctx.strip(el, [a for a in _CLOSING_ATTRIBUTES if el.get(a) is not None], report, "closed pane opened")
                changed += 1
        for button in _BUTTONS(root):
            if button.getparent() is not None and is_question_button(button):
                report = report or ctx.new_report("auto")
                ctx.unwrap(button, report, "accordion question")
                changed += 1
    return changed


def is_question_button(button) -> bool:
    """A button with text that is, or sits close below, an accordion or FAQ part."""
    if not "".join(button.itertext()).strip():
        return False
    el = button
    for _ in range(QUESTION_BUTTON_DEPTH + 1):
        if el is None or not isinstance(el.tag, str):
            return False
        if is_accordion_part(el, el.tag):
            return True
        el = el.getparent()
    return False
