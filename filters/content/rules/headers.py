"""Sections named after their heading, for ``auto``: "section-with-header" is no page header.

A compound class name ending in "header" ("section-with-header", "entry-header") marks a block
as boilerplate through the "header" token; a long block so named is a section that opens with
a heading (a header holds little text), and loses the mark before scoring.
"""
from __future__ import annotations

from .. import features as feat
from .. import hints

# An element marked only by a compound "...-header" name holding this many characters is a
# section with a heading, not a header.
HEADER_MAX_CHARS = 500
# Tags that are a header or navigation whatever their class says.
_HEADER_TAGS = frozenset({"header", "nav", "aside", "footer"})


def unmark_compound_headers(f: feat.Features, kinds: list[int]) -> None:
    """Clear the boilerplate mark of the long blocks marked only by a compound "...-header"
    name (``kinds`` is changed in place)."""
    for i, kind in enumerate(kinds):
        if kind == hints.BOILERPLATE and f.chars[i] >= HEADER_MAX_CHARS and f.tags[i] not in _HEADER_TAGS and hints.compound_header_only(f.elements[i]):
            kinds[i] = hints.NEUTRAL
