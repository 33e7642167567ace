"""Structural boilerplate inside ``auto``'s chosen container: what markup and position give away.

- ``remove_rating_widgets``: inside an article, a short block whose class or id names a rating
  ("post-ratings", "rating-container", "StoryShowRating"): stars to click and "Rate this
  article" are the site's widget, not the story. Many such blocks are a listing's entries' own.
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


def _names_rating(el) -> bool:
    names = hints.names_of(el)
    return bool(names) and not RATING_TOKENS.isdisjoint(hints._tokens(names))


def still_attached(f: feat.Features, nodes: list[int]) -> list[int]:
    """``nodes`` without the blocks removed from the document (all of them when all were)."""
    kept = [i for i in nodes if f.elements[i].getparent() is not None]
    return kept or nodes
