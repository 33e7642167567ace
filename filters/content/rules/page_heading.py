"""The page's own heading beside a selection that left it out, for ``auto``.

A category page or a listing opens with its ``<h1>`` and a line saying what it lists, in a
header block above the grid that ``auto`` picked. ``with_page_heading`` adds that block before
the selection when the first visible ``<h1>`` comes before it, is mostly not a link, sits in no
navigation, aside, footer, menu or form, and its short block holds a description.
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# A heading whose text is more than this share of links is a logo or a link to elsewhere.
HEADING_MAX_LINK_DENSITY = 0.5
# The block that joins with the heading holds at most this many characters (a title and its
# one-paragraph description; a header with the site's menus and banners is longer) ...
HEADING_BLOCK_MAX_CHARS = 600
# ... and at most this share of link text (breadcrumbs beside the title, not a menu).
HEADING_BLOCK_MAX_LINK_DENSITY = 0.3
# A heading inside one of these is the navigation's or a side block's, not the page's: the
# boilerplate tags (nav, aside, footer, menu) and a form.
_OUTSIDE_TAGS = hints.BOILERPLATE_TAGS | {"form"}


def with_page_heading(f: feat.Features, nodes: list[int], prose_min_chars: int) -> list[int]:
    """``nodes`` (document order) with the page's heading block before them, when the first
    visible ``<h1>`` comes before the selection, outside it, and its block holds a description
    (a prose block of ``prose_min_chars`` or more; see the module's docstring); otherwise
    ``nodes`` unchanged."""
    if not nodes:
        return nodes
    title = first_heading(f)
    first = nodes[0]
    if title is None or title + f.count[title] > first or not _is_page_heading(f, title):
        return nodes
    block = heading_block(f, title, first)
    return [block, *nodes] if f.prose_chars([block], prose_min_chars) else nodes


def first_heading(f: feat.Features) -> int | None:
    """The number of the first visible ``<h1>`` with text, or None (``list.index`` finds each
    ``<h1>`` without a Python step per element)."""
    tags, chars = f.tags, f.chars
    i = -1
    while True:
        try:
            i = tags.index("h1", i + 1)
        except ValueError:
            return None
        if chars[i]:
            return i


def heading_block(f: feat.Features, title: int, first: int) -> int:
    """The largest ancestor-or-self of ``title`` that ends before element ``first`` and stays a
    short, mostly unlinked block."""
    block = title
    i = f.parent[title]
    while i > 0 and i + f.count[i] <= first and f.chars[i] <= HEADING_BLOCK_MAX_CHARS and f.link_density(i) <= HEADING_BLOCK_MAX_LINK_DENSITY:
        block = i
        i = f.parent[i]
    return block


def _is_page_heading(f: feat.Features, title: int) -> bool:
    """Whether the heading is mostly not a link and sits in no navigation, aside, footer, menu or form."""
    if f.link_density(title) > HEADING_MAX_LINK_DENSITY:
        return False
    i = f.parent[title]
    while i >= 0:
        if f.tags[i] in _OUTSIDE_TAGS:
            return False
        i = f.parent[i]
    return True
