"""Code listings, for ``auto``: a syntax highlighter's class names are not the page's markup.

A highlighter names every token's span after its type (``token tag``, ``hljs-meta``), words the
markup hints read as boilerplate. ``unmark_code`` makes every hint inside ``<pre>``/``<code>``
neutral, and the cleaning rules keep or cut a listing whole (``inside_code`` tells them which
elements are a listing's parts).
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# Elements holding code: what is inside them is the code's, token by token.
CODE_TAGS = frozenset({"pre", "code"})


def listings(f: feat.Features) -> list[int]:
    """The outermost code elements of ``f`` (a ``<code>`` inside a ``<pre>`` is part of it), in
    document order."""
    tags = f.tags
    if "pre" not in tags and "code" not in tags:  # (most pages: one C scan each)
        return []
    out: list[int] = []
    end = -1
    for i, tag in enumerate(tags):
        if tag in CODE_TAGS and i >= end:
            out.append(i)
            end = i + f.count[i]
    return out


def unmark_code(f: feat.Features, kinds: list[int]) -> None:
    """Make the hint of every element inside a code listing neutral (``kinds`` changed in place)."""
    for i in listings(f):
        for j in range(i + 1, i + f.count[i]):
            kinds[j] = hints.NEUTRAL


def inside_code(f: feat.Features) -> set[int]:
    """The elements inside a code listing (not the listing elements themselves): empty on most pages."""
    return {j for i in listings(f) for j in range(i + 1, i + f.count[i])}
