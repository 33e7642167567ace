"""The page's one article inside a container that also holds other things, for ``auto``.

Subtree scores add up, so a container holding the article beside a feed of other stories, a
live ticker or a big side column can outscore the article alone. When the markup names one
article in it (a single outermost ``<article>`` or ``itemprop=articleBody`` element) holding
most of the container's prose (a listing's teasers beside it do not count),
``sole_article`` narrows the container to that element when it holds an ``<h1>`` or opens with
a heading (the article with its title), else to the smallest block holding it and the container's first ``<h1>`` (a
title above the article's body). ``joining_siblings`` then keeps out the siblings that hold
no prose of their own beyond teasers: the stream the container was narrowed away from.
"""
from __future__ import annotations

import re

from .. import features as feat
from .. import hints
from .listings import teaser_entries

# The named article holds at least this share of the container's prose (outside the blocks the
# markup calls boilerplate): less, and the article element is a part (a header, a teaser).
ARTICLE_MIN_PROSE_SHARE = 0.5
# ... and the container holds at least this much more text than it: otherwise the rest is small.
CONTAINER_MIN_EXCESS = 1.3


# Headings that can be an article's own title.
_TITLE_TAGS = frozenset({"h1", "h2", "h3"})
_NAMED = re.compile(r"article(?!s)")
# Blocks whose class or id can name the article (a heading or a span "article-title" is a part of it).
_NAMED_TAGS = frozenset({"div", "section", "main"})


def _is_article(f: feat.Features, i: int, kinds: list[int], by_name: bool) -> bool:
    """An <article> or itemprop=articleBody; ``by_name``: a block marked content whose class or id
    says article instead ("articles" is a listing)."""
    if not by_name:
        return f.tags[i] == "article" or (f.itemprops[i] or "").lower() == "articlebody"
    return f.tags[i] in _NAMED_TAGS and kinds[i] == hints.CONTENT and _NAMED.search(f"{f.classes[i] or ''} {f.ids[i] or ''}".lower()) is not None


def _marked(f: feat.Features, kinds: list[int], i: int, wrapper_chars: float) -> bool:
    """Boilerplate by its markup: a side tag (nav, aside, footer, menu), or a mark on a block
    holding no more than a wrapper's share of the page (scoring's rule: a bigger one wraps the content)."""
    return kinds[i] == hints.BOILERPLATE and (f.tags[i] in hints.BOILERPLATE_TAGS or f.chars[i] <= wrapper_chars)


def named_articles(f: feat.Features, kinds: list[int], best: int, wrapper_chars: float, by_name: bool = False) -> list[int]:
    """The outermost article elements (``_is_article``) inside ``best``, outside boilerplate-marked subtrees."""
    found = []
    i, end = best + 1, best + f.count[best]
    while i < end:
        if _marked(f, kinds, i, wrapper_chars):
            i += f.count[i]
        elif _is_article(f, i, kinds, by_name):
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


def _first_h1(f: feat.Features, root: int) -> int | None:
    """The first ``<h1>`` with text inside ``root``, or None."""
    tags, chars = f.tags, f.chars
    for i in range(root, root + f.count[root]):
        if tags[i] == "h1" and chars[i]:
            return i
    return None


def _opens_with_heading(f: feat.Features, root: int, prose_min_chars: int) -> bool:
    """Whether a heading (h1-h3) comes in ``root`` before its first prose block: the article's own
    title (a site that keeps its ``<h1>`` for the breadcrumb's page name)."""
    tags, chars = f.tags, f.chars
    for i in range(root, root + f.count[root]):
        if tags[i] in _TITLE_TAGS and chars[i]:
            return True
        if f.blk_punct[i] and f.blk_chars[i] - f.blk_link[i] >= prose_min_chars:
            return False
    return False


def sole_article(f: feat.Features, kinds: list[int], groups: list[list[int]], best: int | None, min_chars: int,
                 prose_min_chars: int, wrapper_share: float) -> int | None:
    """``best``, or the one article element inside it that holds most of its prose, widened to
    the page's ``<h1>`` inside ``best`` (see the module's docstring)."""
    if best is None or _is_article(f, best, kinds, False):
        return best
    wrapper_chars = wrapper_share * f.chars[0]
    # (the tag or microdata first; a class name only where neither names one)
    found = named_articles(f, kinds, best, wrapper_chars) or named_articles(f, kinds, best, wrapper_chars, by_name=True)
    if len(found) != 1:
        return best
    article = found[0]
    if f.chars[article] < min_chars or f.chars[best] < CONTAINER_MIN_EXCESS * f.chars[article]:
        return best
    whole = _unmarked_prose(f, kinds, best, prose_min_chars, wrapper_chars)
    # A listing's teasers beside the article (a stream of other stories) are not its rivals.
    teasers = [i for i in teaser_entries(f, [best], groups, prose_min_chars) if not f.overlaps_any(i, (article,))]
    whole -= f.prose_chars(teasers, prose_min_chars)
    if not whole or f.prose_chars([article], prose_min_chars) < ARTICLE_MIN_PROSE_SHARE * whole:
        return best
    if _first_h1(f, article) is not None or _opens_with_heading(f, article, prose_min_chars):
        return article
    title = _first_h1(f, best)
    if title is None:
        return best
    holder = f.parent[article]
    while not f.holds(holder, title):
        holder = f.parent[holder]
    return holder


def joining_siblings(f: feat.Features, groups: list[list[int]], nodes: list[int], best: int, prose_min_chars: int) -> list[int]:
    """``nodes`` (the narrowed container and the siblings that joined it) without the siblings
    whose prose, teasers aside, is shorter than one prose block."""
    kept = []
    for j in nodes:
        if j != best:
            teasers = teaser_entries(f, [j], groups, prose_min_chars)
            if f.prose_chars([j], prose_min_chars) - f.prose_chars(teasers, prose_min_chars) < prose_min_chars:
                continue
        kept.append(j)
    return kept
