"""Link buttons repeated between an article's paragraphs, for ``auto``.

- ``remove_repeated_buttons``: in an article, a short line that is one link and nothing else,
  set three times or more with the same words (numbers aside) between the paragraphs, is a
  button the page repeats under each item it reviews or lists ("Check price at Amazon",
  "$228 from Amazon", "Read full review", "See the rating."), not a line of the text: the text
  does not say the same short line over and over as a link. Headings, list items and table
  cells stay (an item's name, a table of contents), and so do lines showing a picture (a
  shop's tiles).
"""
from __future__ import annotations

import re
from collections import defaultdict

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat

# A button's label is a few words: a longer link alone on its line is a headline or a sentence.
BUTTON_MAX_CHARS = 40
# The same linked line this many times is a button repeated per item; twice may be a name the
# text links again (at its start and its end).
REPEATED_BUTTONS_MIN = 3
# Lines inside these are an item's name or a cell, the page's own structure.
_STRUCTURE = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "dt", "dd", "caption"})
_DIGITS = re.compile(r"\d+")
# A linked line showing a picture is a tile (a product's picture and name), not a button.
_PICTURES = etree.XPath(".//img|.//picture|.//video")


def remove_repeated_buttons(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the lines that are one short link repeated
    ``REPEATED_BUTTONS_MIN`` times or more with the same words (see the module's docstring);
    returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    lines: dict[str, list] = defaultdict(list)
    seen: set = set()
    for link in (el for root in roots for el in root.iter("a")):
        if link in seen or len(texts.raw(link)) > 2 * BUTTON_MAX_CHARS:
            continue
        label = texts.collapsed(link)
        if not label or len(label) > BUTTON_MAX_CHARS or not any(c.isalpha() for c in label):
            continue
        line = _line_of(link, label, roots, texts)
        if line is not None and not _PICTURES(line):
            seen.update(line.iter("a"))
            lines[_DIGITS.sub("0", label.casefold())].append(line)
    doomed = [line for same in lines.values() if len(same) >= REPEATED_BUTTONS_MIN for line in same]
    return ctx.kill_all(doomed, "auto", lambda el: f"a link button repeated between the paragraphs: {dom.collapse(dom.string_of(el))[:40]!r}")


def _line_of(link, label: str, roots: list, texts: feat.Texts):
    """The outermost element holding ``link`` and no other text (the line it is set on), or None
    when the link is part of a longer line, sits in a heading, a list item or a table cell, or is
    all of a selected block."""
    line = link
    for parent in link.iterancestors():
        if parent.tag in _STRUCTURE:
            return None
        if parent in roots or texts.collapsed(parent) != label:
            break
        line = parent
    else:
        return None
    if any(a.tag in _STRUCTURE for a in line.iterancestors()):
        return None
    return None if line is link or line in roots else line  # (a link inside a sentence: not a line)
