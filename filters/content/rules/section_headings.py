"""Section headings marked like page furniture, for ``auto``: a heading's anchor is no navigation.

A heading inside the selection whose id or class holds "nav" or "header" as a whole token
(an anchor ``id="nav_nur_die_folie__1"``, a site builder's ``class="j-module j-header"`` around
every ``<h2>``) is marked boilerplate by that word alone, yet it heads the text after it. Such a
block, the heading or a wrapper holding nothing but it (not a ``<header>``, which its tag and
name both call its block's header: a list of teasers' "You may also like"), loses the mark
before cleaning when the next block with text after it is unmarked text of a prose block's
length, not a link list.
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# The tokens that mark a section's heading by its anchor or its builder's module name.
_HEADING_TOKENS = frozenset({"nav", "header"})
_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
# A heading is a line: a longer block so marked is a header or a menu.
HEADING_MAX_CHARS = 120
# The text after it is prose, not a list of links: at most this share of it is link text.
FOLLOWING_MAX_LINK_SHARE = 0.5


def unmark_section_headings(f: feat.Features, kinds: list[int], nodes: list[int], min_prose_chars: int) -> None:
    """Clear, in ``kinds``, the boilerplate marks of the section headings inside the selection
    ``nodes`` marked only by a "nav" or "header" token (see the module's docstring)."""
    for root in nodes:
        end = root + f.count[root]
        i = root + 1
        while i < end:
            if kinds[i] == hints.BOILERPLATE and 0 < f.chars[i] <= HEADING_MAX_CHARS and f.tags[i] != "header" and _heading_block(f, i) \
                    and _prose_follows(f, kinds, i, end, min_prose_chars):
                marks = [j for j in range(i, i + f.count[i]) if kinds[j] == hints.BOILERPLATE]
                if all(hints.marked_only_by(f.elements[j], _HEADING_TOKENS) for j in marks):
                    for j in marks:
                        kinds[j] = hints.NEUTRAL
                i += f.count[i]
                continue
            i += 1


def _heading_block(f: feat.Features, i: int) -> bool:
    """Whether element ``i`` is an h2-h6 or holds one holding all of its text."""
    return any(f.tags[j] in _HEADINGS and f.chars[j] == f.chars[i] for j in range(i, i + f.count[i]))


def _prose_follows(f: feat.Features, kinds: list[int], i: int, end: int, min_prose_chars: int) -> bool:
    """Whether the first block with text after element ``i`` (before ``end``) is unmarked, holds
    a prose block's worth of text and is not mostly links."""
    j = i + f.count[i]
    while j < end and not f.chars[j]:
        j += f.count[j]
    return j < end and kinds[j] not in hints.MARKED and f.tags[j] not in _HEADINGS and f.chars[j] >= min_prose_chars \
        and f.link_chars[j] <= FOLLOWING_MAX_LINK_SHARE * f.chars[j]
