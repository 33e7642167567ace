"""A boilerplate-marked block holding most of the selection's prose, for ``auto``'s cleaning.

Cleaning removes every block inside the selection that its markup marks as boilerplate (a
top bar, a header, a sidebar) unless it holds most of the selection's text. A page whose markup
is broken can nest its whole body in such a block: an unclosed ``<div class="topbar">`` swallows
the category's heading, its description and its "how it works" sections, and cleaning removed
them all, leaving the footer's list of the cities served (no sentence among 21,000 characters)
as the page. ``prose_holders`` names the outermost marked blocks inside the selection (that
cleaning would remove) holding nearly all of its prose (``PROSE_MIN_SHARE`` of the text in blocks
with sentence punctuation, as ``auto`` counts it, and at least ``PROSE_MIN_CHARS``): what a reader
came for is not the page's furniture, whatever the class says. Only the block itself is spared:
the menus and marked parts inside it are judged one by one as before. A comment-marked block is
no such holder (a thread's comments are not an article's). Measured at a half share first, the
rule also kept what pages leave in marked blocks beside a little other prose: an SEO text in the
footer, a testimonial carousel, a newsletter box on a page of tiles.
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# A marked block holding at least this share of the selection's prose is its content ...
PROSE_MIN_SHARE = 0.9
# ... when that is a text of some length (a newsletter box's two sentences on a page of tiles
# is still most of its prose).
PROSE_MIN_CHARS = 1000


def prose_holders(f: feat.Features, kinds: list[int], nodes: list[int], prose_min_chars: int, wrapper_share: float) -> set[int]:
    """Element numbers of the outermost boilerplate-marked blocks inside the selection ``nodes``
    (not the selected blocks themselves) that cleaning would remove (holding at most
    ``wrapper_share`` of the selection's text; a bigger one is a wrapper cleaning keeps, and
    what is inside it is looked at) and that hold nearly all of its prose (see the module's docstring)."""
    total = f.prose_chars(nodes, prose_min_chars)
    if total < PROSE_MIN_CHARS:
        return set()
    minimum = max(PROSE_MIN_SHARE * total, PROSE_MIN_CHARS)
    wrapper_chars = wrapper_share * sum(f.chars[i] for i in nodes)
    holders: set[int] = set()
    for root in nodes:
        i, end = root + 1, root + f.count[root]
        while i < end:
            if kinds[i] == hints.BOILERPLATE and f.chars[i] <= wrapper_chars:
                # (the block's prose counted only when it could reach the share: punctuation and enough text)
                if f.punct[i] and f.chars[i] >= minimum and f.prose_chars([i], prose_min_chars) >= minimum:
                    holders.add(i)
                i += f.count[i]  # (outermost marked blocks only: their subtrees are disjoint)
            else:
                i += 1
    return holders
