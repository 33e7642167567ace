"""A thread's repeats of earlier posts, for ``auto``: a quote or a reply's preview is read once.

``remove_post_repeats`` removes, inside a thread's selection, every innermost text block of
``REPEAT_MIN_CHARS`` or more whose text an earlier block already holds word for word (a reply
quoting the post it answers, a board's "in reply to" preview); code and table cells repeat on
purpose and stay. ``auto`` calls it on discussion pages only.
"""
from __future__ import annotations

from ... import dom
from ...context import PageContext
from .. import features as feat

# A repeat this long is an earlier post's paragraph; shorter ones ("Thanks!", "+1", "Same here")
# are each poster's own.
REPEAT_MIN_CHARS = 60
# Blocks that repeat on purpose: code and table cells.
_REPEATING_TAGS = frozenset({"pre", "code", "td", "th"})


def remove_post_repeats(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes`` of a thread, the innermost text blocks repeating
    an earlier block's text word for word (see the module's docstring); returns how many were removed."""
    blk_chars, chars, tags = f.blk_chars, f.chars, f.tags
    by_length: dict[int, list[int]] = {}  # (a repeat has its original's length: only equal lengths are read)
    for root in nodes:
        for i in range(root, root + f.count[root]):
            # (innermost blocks: all their text their own)
            if blk_chars[i] >= REPEAT_MIN_CHARS and blk_chars[i] == chars[i] and tags[i] not in _REPEATING_TAGS:
                by_length.setdefault(chars[i], []).append(i)
    doomed = []
    for same_length in by_length.values():
        if len(same_length) < 2:
            continue
        seen: set[str] = set()
        for i in same_length:
            el = f.elements[i]
            if not f.in_page(i) or _in_code(f, i):
                continue
            text = dom.text_of(el)
            if text in seen:
                doomed.append(el)
            seen.add(text)
    return ctx.kill_all(doomed, "auto", "a repeat of an earlier post (a quote, a reply's preview)")


def _in_code(f: feat.Features, i: int) -> bool:
    """Whether element ``i`` sits in a code listing or a table cell."""
    while i >= 0:
        if f.tags[i] in _REPEATING_TAGS:
            return True
        i = f.parent[i]
    return False
