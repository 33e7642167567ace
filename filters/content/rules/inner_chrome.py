"""Structural boilerplate inside ``auto``'s chosen container: what markup and position give away.

- ``remove_rating_widgets``: inside an article, a short block whose class or id names a rating
  ("post-ratings", "rating-container", "StoryShowRating"): stars to click and "Rate this
  article" are the site's widget, not the story. Many such blocks are a listing's entries' own.
- ``remove_side_columns``: in a layout table, the cells beside the one holding the article's
  prose (most of the selection's) that hold next to no prose themselves: a site's left or
  right column of menus, logins and counters, laid out as a table row.
- ``still_attached``: the selected blocks a rule removed whole (an author's bio box selected as a
  sibling of the article) leave the selection, which would otherwise still render them.
"""
from __future__ import annotations

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints

# Class or id tokens (split on separators and camelCase) naming a rating widget.
RATING_TOKENS = frozenset({"rating", "ratings", "starrating", "postratings", "rateit"})
# A rating widget is a line or two (a label, stars, a count): a longer block so named holds more.
RATING_MAX_CHARS = 200
# An article has one rating widget, two at most (above and below the text): more are the ratings
# of a listing's entries (a grid of products or recipes), part of each entry.
RATING_MAX_WIDGETS = 2
# Blocks that can be a rating widget.
_WIDGET_TAGS = ("div", "span", "p", "section", "aside", "form", "ul", "li")


def remove_rating_widgets(roots: list, ctx: PageContext) -> int:
    """Remove, under ``roots`` (not the roots), the outermost short blocks named as a rating
    widget, unless there are more than an article has; returns how many went."""
    doomed = []
    for root in roots:
        stack = list(root)
        while stack:
            el = stack.pop()
            if not dom.is_element(el):
                continue
            if el.tag in _WIDGET_TAGS and _names_rating(el):
                raw = dom.string_of(el)
                if len(raw) <= 4 * RATING_MAX_CHARS and len(dom.collapse(raw)) <= RATING_MAX_CHARS:
                    doomed.append(el)
                    continue
            stack.extend(el)
    if len(doomed) > RATING_MAX_WIDGETS:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"rating widget: {dom.collapse(dom.string_of(el))[:40]!r}")


# The article's cell holds at least this share of the selection's prose: the row is the page's
# layout, not a data table (whose cells share the text).
ARTICLE_CELL_MIN_SHARE = 0.6
# A side column holds at most this share of the article cell's prose (a login box's or a
# counter's sentence), nothing like a second column of text.
SIDE_CELL_MAX_SHARE = 0.1
# Paragraph-like blocks whose text, outside links, is measured as prose.
_PROSE_BLOCKS = ("p", "div", "li", "blockquote", "td")


def remove_side_columns(roots: list, ctx: PageContext, min_prose_chars: int) -> int:
    """Remove, under ``roots``, the table cells beside the cell holding most of the selection's
    prose that hold next to none; returns how many went."""
    total = sum(_prose(root, min_prose_chars) for root in roots)
    if not total:
        return 0
    doomed = []
    for root in roots:
        for row in root.iter("tr"):
            cells = [c for c in row if dom.is_element(c) and c.tag in ("td", "th")]
            if len(cells) < 2:
                continue
            prose = [_prose(c, min_prose_chars) for c in cells]
            article = max(prose)
            if article < ARTICLE_CELL_MIN_SHARE * total:
                continue
            doomed.extend(c for c, p in zip(cells, prose) if p <= SIDE_CELL_MAX_SHARE * article and dom.collapse(dom.string_of(c)))
    return ctx.kill_all(doomed, "auto", lambda el: f"side column of a layout table: {dom.collapse(dom.string_of(el))[:40]!r}")


def _prose(el, min_prose_chars: int) -> int:
    """Characters outside links of the innermost paragraph-like blocks under ``el`` (itself
    included) holding at least ``min_prose_chars`` of them."""
    total = 0
    for block in el.iter(*_PROSE_BLOCKS):
        if any(True for _ in block.iterdescendants(*_PROSE_BLOCKS)):
            continue
        text = len(dom.collapse(dom.string_of(block))) - sum(len(dom.collapse(dom.string_of(a))) for a in block.iter("a"))
        if text >= min_prose_chars:
            total += text
    return total


def _names_rating(el) -> bool:
    names = hints.names_of(el)
    return bool(names) and not RATING_TOKENS.isdisjoint(hints._tokens(names))


def still_attached(f: feat.Features, nodes: list[int]) -> list[int]:
    """``nodes`` without the blocks removed from the document (all of them when all were)."""
    kept = [i for i in nodes if f.elements[i].getparent() is not None]
    return kept or nodes
