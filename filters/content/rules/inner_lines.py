"""Lines inside an article that announce what is not its text, for ``auto``.

- ``remove_orphan_headings``: a short heading with nothing after it before the next heading
  of its rank or above, or before the article's end, announces a section that is not there
  (the related stories, the share buttons, the comment form went, or never were text): "Sharen
  mit:", "Top Themen der Redaktion", "Keine Lust alleine zu radeln?". Walked from the end, so
  that a heading left alone by one that went goes too. A heading in a list or a table, and
  more of them than ``ORPHAN_HEADINGS_MAX``, are the page's own structure and stay.
"""
from __future__ import annotations

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat

# A heading announcing a section is a few words: a longer one alone at the end is a sentence
# set large (a closing question, a pull quote), the article's own.
ORPHAN_HEADING_MAX_CHARS = 80
_HEADINGS = ("h2", "h3", "h4", "h5", "h6")
# The selection's end, as the level of what comes after its last heading: below every rank.
_END = 7
# More orphan headings than this on a page are its own structure (a list of names set as
# headings, product boxes each under its title), not sections that went.
ORPHAN_HEADINGS_MAX = 2
# A heading inside one of these is an item of a list or a table: its own structure.
_ITEMS = frozenset({"li", "td", "th", "dt", "dd"})
# Elements that are content without text of their own.
_MEDIA = frozenset({"img", "picture", "video", "audio", "iframe", "svg", "object", "embed", "canvas", "math", "table"})


def remove_orphan_headings(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots`` (the selection's blocks in document order), the short headings
    followed by nothing (text or media) before the next heading of their rank or above, or
    before the selection's end (not in a list or a table, and no more than a page of sections
    that went has); returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    # The selection's flow in document order: (level, heading) for a heading with text, (0, None)
    # for content (an element's own text, its tail, a picture).
    flow: list[tuple[int, object]] = []
    for root in roots:
        walk = etree.iterwalk(root, events=("start", "end"))
        for event, el in walk:
            tag = el.tag
            if not isinstance(tag, str):
                continue
            if event == "end":
                if el is not root and el.tail and el.tail.strip():
                    flow.append((0, None))
                continue
            if tag in _HEADINGS and el is not root:
                text = texts.collapsed(el)
                if text and any(a.tag in _ITEMS for a in el.iterancestors()):
                    flow.append((0, None))  # (an item's heading: content)
                elif text:
                    flow.append((int(tag[1]), el))
                elif el.xpath(".//img|.//svg|.//picture"):
                    flow.append((0, None))
                walk.skip_subtree()
            elif tag in _MEDIA:
                flow.append((0, None))
                walk.skip_subtree()
            elif el.text and el.text.strip():
                flow.append((0, None))
    doomed = []
    after = _END  # what comes next: 0 content, a heading's level, or the end
    for level, el in reversed(flow):
        if el is None:
            after = 0
        elif (after == _END or 0 < after <= level) and len(texts.collapsed(el)) <= ORPHAN_HEADING_MAX_CHARS:
            doomed.append(el)  # (what comes next stays what came after it)
        else:
            after = level
    if len(doomed) > ORPHAN_HEADINGS_MAX:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"a heading with nothing under it: {dom.collapse(dom.string_of(el))[:40]!r}")

