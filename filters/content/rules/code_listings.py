"""Code listings, for ``auto``: a syntax highlighter's class names are not the page's markup.

A highlighter (Prism, highlight.js, Pygments, a docs theme's own) wraps every token of a code
listing in a span named after the token's type: ``<span class="token tag">`` around ``<div``,
``hljs-meta``, ``sp-syntax-tag``. Read as markup hints, ``tag`` and ``meta`` say boilerplate,
so the selection's cleaning cut those tokens out of the code and left listings with holes
(on wcxb-dev: 428 tokens, 1,322 words, on 15 documentation and article pages), and a listing
whose lines repeat (``}`` ... ``}``) could lose a line as a screen-size copy.

Inside a ``<pre>`` or ``<code>`` nothing is judged on its own: ``unmark_code`` makes every
descendant's hint neutral, and the cleaning rules keep or cut a listing whole, by its own
markup and place (``inside_code`` tells them which elements are a listing's parts).
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
