"""A container chosen inside a big side column, for ``auto``.

A block whose markup says boilerplate (an ``<aside>``, a ``sidebar``) is ruled out of the
container unless it holds more than a wrapper's share of the page: then it may wrap the
content ("off-canvas-wrap"). Beside a short post, a long side column (a blog's archive, a
widget list of recent comments) is such a block, and that exception lets one of its widgets
win. ``outside_side_column`` moves a container that does not call itself the content out of
the side block when the markup names a content block outside it (``entry-content``, ``post``, ``<article>``) that scores and holds
a container's worth of text: to the best-scoring such block.
"""
from __future__ import annotations

import re

from .. import features as feat
from .. import hints


# Class or id words naming a side column.
_SIDE_WORDS = re.compile(r"sidebar|side-bar|side_bar")
# Class or id words by which a block says it is the content (a layout's "main--withSidebar" holds it).
_CONTENT_NAME = re.compile(r"article|content|entry|post|story")
# Tags that say the same.
_CONTENT_TAGS = frozenset({"article", "main"})


def _named_content(f: feat.Features, i: int) -> bool:
    """Whether block ``i``'s tag or its class or id says it is the content."""
    return f.tags[i] in _CONTENT_TAGS or _CONTENT_NAME.search(hints.names_at(f, i).lower()) is not None


def _is_side(f: feat.Features, i: int) -> bool:
    """An <aside>, or a block whose class or id says side column."""
    return f.tags[i] == "aside" or _SIDE_WORDS.search(hints.names_at(f, i).lower()) is not None


def side_column(f: feat.Features, kinds: list[int], best: int, wrapper_chars: float) -> int | None:
    """The outermost boilerplate-marked side column (``_is_side``) around ``best`` that escaped the
    markup's exclusion by its size (more than ``wrapper_chars``), or None. (``best`` itself is not
    looked at: a side-named block chosen whole is a layout wrapper, "p-body-main--withSidebar".)"""
    side = None
    i = f.parent[best]
    while i > 0:
        if kinds[i] == hints.BOILERPLATE and f.chars[i] > wrapper_chars and _is_side(f, i):
            side = i
        i = f.parent[i]
    return side


def outside_side_column(f: feat.Features, kinds: list[int], scores: list[float], best: int | None, min_chars: int,
                        wrapper_share: float) -> int | None:
    """``best``, or the best-scoring content-marked block outside the side column holding it
    (see the module's docstring); ``best`` when there is none."""
    if best is None or _named_content(f, best):
        return best
    wrapper_chars = wrapper_share * f.chars[0]
    side = side_column(f, kinds, best, wrapper_chars)
    if side is None:
        return best
    found, found_score = None, 0.0
    # (the candidates before the side column and after it, outside other marked blocks)
    i, end = 1, len(f)
    while i < end:
        if i == side or (kinds[i] in hints.MARKED and f.chars[i] <= wrapper_chars):
            i += f.count[i]
            continue
        if kinds[i] == hints.CONTENT and scores[i] > found_score and f.chars[i] >= min_chars and not f.holds(i, side):
            found, found_score = i, scores[i]
        i += 1
    return best if found is None else found
