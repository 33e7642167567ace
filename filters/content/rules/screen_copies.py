"""A block rendered twice side by side for two screen sizes, for ``auto``: the reader reads it once.

Sites build a block once for wide and once for narrow screens and let the stylesheet show one; a
reader page has no stylesheet. ``remove_sibling_copies`` removes, inside the selection, the later
of two siblings of another tag or class holding the same text of ``COPY_MIN_CHARS`` or more;
entries sharing a class, table cells, headings and code lines repeat on purpose and stay.
"""
from __future__ import annotations

from ... import dom
from ...context import PageContext
from . import code_listings
from .. import features as feat

# A copy this long is a block rendered twice; shorter twins ("Read more" beside "Read more") are
# labels and buttons, left to the rules that know them.
COPY_MIN_CHARS = 20
# A table's cells and rows side by side are its data (equal values in two columns of a
# comparison), and a heading said again beside its section is the author's (a summary's title).
_NOT_COPIES = frozenset({"td", "th", "tr"}) | feat.HEADING_TAGS


def remove_sibling_copies(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, every element whose whole text repeats an earlier
    sibling's of another tag or class word for word (see the module's docstring); returns how
    many were removed."""
    same_size: dict[tuple[int, int], list[int]] = {}  # (parent, characters) -> siblings (a copy has its original's length)
    chars, parent, tags = f.chars, f.parent, f.tags
    in_code = code_listings.inside_code(f)  # (a statement written twice is the code's)
    for root in nodes:
        for i in range(root + 1, root + f.count[root]):
            if chars[i] >= COPY_MIN_CHARS and tags[i] not in _NOT_COPIES and i not in in_code:
                same_size.setdefault((parent[i], chars[i]), []).append(i)
    doomed = []
    for siblings in same_size.values():
        if len(siblings) < 2:
            continue
        first: dict[str, tuple[str, str]] = {}  # text -> the tag and class of its first holder
        for i in siblings:
            el = f.elements[i]
            if not f.in_page(i):
                continue
            text = dom.text_of(el)
            key = (f.tags[i], f.classes[i] or "")
            kept = first.setdefault(text, key)
            if kept != key:
                doomed.append(el)
    return ctx.kill_all(doomed, "auto", "a copy of the block beside it (another screen size)")
