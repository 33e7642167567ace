"""A boilerplate-marked block holding most of the selection's prose, for ``auto``'s cleaning.

Broken markup can nest a page's whole body in a marked block (an unclosed
``<div class="topbar">``). ``prose_holders`` spares the outermost marked blocks inside the
selection holding ``PROSE_MIN_SHARE`` of its prose and at least ``PROSE_MIN_CHARS``; the marked
parts inside them are still judged one by one, and a comment-marked block is never a holder.
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
