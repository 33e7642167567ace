"""A block rendered twice side by side for two screen sizes, for ``auto``: the reader reads it once.

Sites build a block twice, once for wide and once for narrow screens, and let their stylesheet
show one: a news front's list of top stories in ``div._1qlu5k3`` and again in ``div._1qlu5k4``,
a landing page's slides, its partners' strip, an address block. A reader page has no
stylesheet, so it showed both, every story twice. The two copies are siblings holding the same
text word for word in elements of another tag or class (a list's entries that repeat, one story
twice in a feed, share their class: those are entries, not copies; a table's cells and rows are
its data, equal values in two columns of a comparison; headings are left alone, and so are a
code listing's lines: a statement written twice is the code's).
``remove_sibling_copies`` removes, inside the selection, the later of two such siblings holding
at least ``COPY_MIN_CHARS`` characters.
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
