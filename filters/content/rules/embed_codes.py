"""Embed codes for ``auto``: the markup a page offers to copy, shown as text.

A podcast's episodes, a video or a chart offer an "Embed" box holding the HTML another site
pastes (``<iframe src="…">``). ``remove_embed_codes`` removes, inside the selection, the
outermost elements whose class or id has a word starting with "embed" and whose whole text is
markup; a code sample in documentation sits in ``<pre>``/``<code>`` under other names and stays.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat

# Elements named for an embed box: a class or id holding "mbed" ("embed-url", "embedCode",
# "audioEmbed"), found by libxml2 rather than a walk over every element (a case-folding
# translate() in the query costs more than the regex after it): the attributes are selected and
# their owners taken (in document order, each once), cheaper than a predicate on every element ...
_NAMED_EMBED = etree.XPath("(descendant-or-self::*/@class[contains(., 'mbed')] | descendant-or-self::*/@id[contains(., 'mbed')])/..")
# ... with the word at a word start (not "unembedded", "sembed").
_EMBED_WORD = re.compile(r"(?i)(?:^|[^a-z])embed")
# A text that is markup: a tag's start, anything, a tag's end.
_MARKUP = re.compile(r"<[a-zA-Z][\s\S]*>")
# Markup this short is an example in a sentence, not a code to copy.
MIN_CODE_CHARS = 20


def remove_embed_codes(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove the embed codes inside the selection ``nodes`` (see the module's docstring);
    returns how many went."""
    doomed: list = []
    for root in nodes:
        for el in _NAMED_EMBED(f.elements[root]):
            if doomed and dom.is_inside(el, doomed[-1]):
                continue  # (inside one already doomed)
            if _is_embed_name(el) and _is_markup(dom.text_of(el)):
                doomed.append(el)
    return ctx.kill_all(doomed, "auto", "an embed code: markup to copy, shown as text")


def _is_embed_name(el) -> bool:
    return any(_EMBED_WORD.search(el.get(name) or "") for name in ("class", "id"))


def _is_markup(text: str) -> bool:
    return len(text) >= MIN_CODE_CHARS and _MARKUP.fullmatch(text) is not None
