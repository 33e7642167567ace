"""The page's one article inside a container that also holds other things, for ``auto``.

Subtree scores add up, so a container holding the article beside a feed of other stories, a
live ticker or a big side column can outscore the article alone. When the markup names one
article in it (a single outermost ``<article>`` or ``itemprop=articleBody`` element) holding
most of the container's prose, ``sole_article`` narrows the container to that element when it
holds an ``<h1>`` (the article with its title), else to the smallest block holding it and the
page's first ``<h1>`` when that is in the container (a title above the article's body).
"""
from __future__ import annotations

from .. import features as feat
from .. import hints
from .page_heading import first_heading

# The named article holds at least this share of the container's prose (outside the blocks the
# markup calls boilerplate): less, and the article element is a part (a header, a teaser).
ARTICLE_MIN_PROSE_SHARE = 0.5
# ... and the container holds at least this much more text than it: otherwise the rest is small.
CONTAINER_MIN_EXCESS = 1.3


def _is_article(f: feat.Features, i: int) -> bool:
    return f.tags[i] == "article" or (f.itemprops[i] or "").lower() == "articlebody"


def _marked(f: feat.Features, kinds: list[int], i: int, wrapper_chars: float) -> bool:
    """Boilerplate by its markup: a side tag (nav, aside, footer, menu), or a mark on a block
    holding no more than a wrapper's share of the page (scoring's rule: a bigger one wraps the content)."""
    return kinds[i] == hints.BOILERPLATE and (f.tags[i] in hints.BOILERPLATE_TAGS or f.chars[i] <= wrapper_chars)


def named_articles(f: feat.Features, kinds: list[int], best: int, wrapper_chars: float) -> list[int]:
    """The outermost article elements inside ``best`` (not itself one), outside boilerplate-marked subtrees."""
    found = []
    i, end = best + 1, best + f.count[best]
    while i < end:
        if _marked(f, kinds, i, wrapper_chars):
            i += f.count[i]
        elif _is_article(f, i):
            found.append(i)
            i += f.count[i]
        else:
            i += 1
    return found


def _unmarked_prose(f: feat.Features, kinds: list[int], root: int, minimum: int, wrapper_chars: float) -> int:
    """``prose_chars`` of ``root`` without its boilerplate-marked subtrees."""
    total = 0
    i, end = root, root + f.count[root]
    while i < end:
        if i != root and _marked(f, kinds, i, wrapper_chars):
            i += f.count[i]
            continue
        if f.blk_punct[i]:
            text = f.blk_chars[i] - f.blk_link[i]
            if text >= minimum:
                total += text
        i += 1
    return total


def sole_article(f: feat.Features, kinds: list[int], best: int | None, min_chars: int, prose_min_chars: int,
                 wrapper_share: float) -> int | None:
    """``best``, or the one article element inside it that holds most of its prose, widened to
    the page's ``<h1>`` inside ``best`` (see the module's docstring)."""
    if best is None or _is_article(f, best):
        return best
    wrapper_chars = wrapper_share * f.chars[0]
    found = named_articles(f, kinds, best, wrapper_chars)
    if len(found) != 1:
        return best
    article = found[0]
    if f.chars[article] < min_chars or f.chars[best] < CONTAINER_MIN_EXCESS * f.chars[article]:
        return best
    whole = _unmarked_prose(f, kinds, best, prose_min_chars, wrapper_chars)
    if not whole or f.prose_chars([article], prose_min_chars) < ARTICLE_MIN_PROSE_SHARE * whole:
        return best
    if "h1" in f.tags[article:article + f.count[article]]:
        return article
    title = first_heading(f)
    if title is None or not f.holds(best, title):
        return best
    holder = f.parent[article]
    while not f.holds(holder, title):
        holder = f.parent[holder]
    return holder
