"""A listing's entries drawn as marked cards, kept by ``auto``'s cleaning.

A news front builds each entry from one component whose class carries a boilerplate word
("PagePromo"). ``marked_cards`` spares, in a selection that is not an article, the cards that
are (or wrap most of) nearly every entry of a listing with linked titles, with their parts named
after them; not on a page that shows one product, and not a carousel's slides.
"""
from __future__ import annotations

import re

from ...context import PageContext
from ... import pagekind
from .. import features as feat
from .. import hints
from . import listings

# Fewer entries than this are a block of promotions as easily as a listing.
MIN_ENTRIES = 4
# At least this share of the entries link their titles (a listing, not feature tiles).
TITLED_MIN_SHARE = 0.5
# A card wraps at least this share of its entry's text.
CARD_SHARE = 0.8
# Cards of one class in at least this share of the entries: the listing's component.
CARDS_MIN_SHARE = 0.8
# Hint kinds cleaning removes whatever the listing (auto's boilerplate and comment marks).
_MARKED = hints.MARKED
# A carousel's slides are other items shown in turn (a shop's "you may also like"), not a list.
_CAROUSEL = re.compile(r"carousel|slider|swiper|slick", re.IGNORECASE)


def marked_cards(f: feat.Features, kinds: list[int], nodes: list[int], groups: list[list[int]], ctx: PageContext) -> set[int]:
    """Element numbers of the marked entry cards of the listings among ``groups`` inside the
    selection ``nodes``, with their parts named after them and the unmarked elements inside
    (see the module's docstring)."""
    if ctx.page_kind == pagekind.PRODUCT:
        return set()
    spared: set[int] = set()
    for members in groups:
        if len(members) < MIN_ENTRIES or not f.inside_any(members[0], nodes) or f.under_kind(kinds, f.parent[members[0]], _MARKED):
            continue
        if sum(1 for m in members if listings.has_linked_heading(f, m)) < TITLED_MIN_SHARE * len(members):
            continue
        cards = {m: card for m in members if (card := _card(f, kinds, m)) is not None}
        by_class: dict[str, int] = {}
        for card in cards.values():
            name = f.classes[card] or ""
            by_class[name] = by_class.get(name, 0) + 1
        common = max(by_class.items(), key=lambda kv: kv[1], default=("", 0))
        if common[1] < CARDS_MIN_SHARE * len(members):
            continue
        stem = _stem(common[0])
        for m, card in cards.items():
            if (f.classes[card] or "") == common[0]:
                spared.update(_card_parts(f, kinds, m, card, stem))
    return spared


def _card(f: feat.Features, kinds: list[int], m: int) -> int | None:
    """The outermost boilerplate-marked element that is entry ``m`` or wraps ``CARD_SHARE`` of
    its text through single wrappers, or None."""
    i = m
    minimum = CARD_SHARE * f.chars[m]
    while True:
        if kinds[i] == hints.BOILERPLATE:
            return None if _CAROUSEL.search(hints.names_at(f, i)) else i
        inner = [j for j in f.children(i) if f.chars[j] >= minimum]
        if len(inner) != 1:
            return None
        i = inner[0]


def _stem(names: str) -> str:
    """The first class name's stem: its text before a BEM separator ("PagePromo" of
    "PagePromo PagePromo--big", "card" of "card__body")."""
    first = names.split()[0] if names.split() else ""
    for sep in ("__", "--", "-"):
        first = first.split(sep)[0]
    return first


def _card_parts(f: feat.Features, kinds: list[int], m: int, card: int, stem: str) -> list[int]:
    """The elements from entry ``m`` down to its ``card``, the card's subtree's unmarked
    elements and its marked parts whose class starts with ``stem``."""
    parts = []
    i = card
    while i != m:  # (the single wrappers between the entry and its card)
        i = f.parent[i]
        parts.append(i)
    end = card + f.count[card]
    j = card
    while j < end:
        if kinds[j] in _MARKED and j != card and not _named_after(f.classes[j], stem):
            j += f.count[j]  # (another marked part: judged as before)
            continue
        parts.append(j)
        j += 1
    return parts


def _named_after(cls: str | None, stem: str) -> bool:
    """Whether one of the class names ``cls`` starts with ``stem``."""
    return bool(stem) and any(name.startswith(stem) for name in (cls or "").split())
