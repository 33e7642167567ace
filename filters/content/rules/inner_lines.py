"""Lines inside an article that announce what is not its text, for ``auto``.

- ``remove_orphan_headings``: a short heading with nothing after it before the next heading
  of its rank or above, or before the article's end, announces a section that is not there
  (the related stories, the share buttons, the comment form went, or never were text): "Sharen
  mit:", "Top Themen der Redaktion", "Keine Lust alleine zu radeln?". Walked from the end, so
  that a heading left alone by one that went goes too. A heading in a list or a table, and
  more of them than ``ORPHAN_HEADINGS_MAX``, are the page's own structure and stay.
- ``remove_div_lines``: between an article's paragraphs written as ``<p>``, a short line set in
  a ``<div>`` of its own that ends no sentence ("weiterlesen 5 Minuten", "Externer Inhalt",
  "Photograph by ...", "Über den Autor", "Fakten, Hintergründe, Dossiers") is a widget's or a
  box's label, not a line of the story: the story's text is in its paragraphs. More of them
  than ``DIV_LINES_MAX`` are the page's own structure set in divs and stay.
"""
from __future__ import annotations

import re

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


# A label is a few words: a longer line in a <div> is a sentence the story set so.
DIV_LINE_MAX_CHARS = 60
# More such lines than this are the page's own structure set in divs (a price table, a spec
# sheet, a service's feature list, stats), not a few labels set among the paragraphs: all stay.
DIV_LINES_MAX = 5
# The article's paragraphs: a <p> this long, with sentence punctuation.
PROSE_CHARS = 80
_PUNCTUATION = re.compile(r"[.,;:!?\u3001\u3002\uff0c\uff01\uff1f\uff1b\uff1a]")
# A line that ends so is a sentence (or announces what follows), the story's own.
_SENTENCE_END = re.compile(r"[.!?…:;。！？：；»”\"')\]]\s*$")
# Scripts written without spaces: 60 characters of them are a sentence, not a label.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")
# A line inside one of these is a list's, a table's, a quote's or code's: the article's own structure.
_STRUCTURE = frozenset({"li", "td", "th", "dt", "dd", "table", "pre", "code", "blockquote", "figure",
                        "h1", "h2", "h3", "h4", "h5", "h6", "form"})
_BLOCKS = etree.XPath(".//p|.//div|.//li|.//ul|.//ol|.//table|.//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//section|.//article|.//blockquote|.//pre")
_MEDIA_IN = etree.XPath(".//img|.//picture|.//video|.//iframe|.//svg|.//audio|.//object|.//embed|.//canvas")


def remove_div_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, between the first and last paragraphs of prose (``<p>``) under ``roots``, the leaf
    ``<div>`` lines of at most ``DIV_LINE_MAX_CHARS`` that end no sentence, hold no media and sit
    in no list, table, quote, code, heading or form, unless there are more than
    ``DIV_LINES_MAX``; returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    order = [el for root in roots for el in root.iter("p", "div") if el is not root]
    prose = [k for k, el in enumerate(order) if el.tag == "p" and _is_prose(texts.collapsed(el))]
    if len(prose) < 2:
        return 0
    doomed = []
    for el in order[prose[0] + 1:prose[-1]]:
        if el.tag != "div":
            continue
        raw = texts.raw(el)
        if len(raw) > 4 * DIV_LINE_MAX_CHARS:
            continue  # (a block of blocks, told apart before its whole text is read)
        text = texts.collapsed(el)
        if not text or len(text) > DIV_LINE_MAX_CHARS or _SENTENCE_END.search(text) or _UNSPACED.search(text):
            continue
        if _BLOCKS(el) or _MEDIA_IN(el) or any(a.tag in _STRUCTURE for a in el.iterancestors()):
            continue
        doomed.append(el)
    if len(doomed) > DIV_LINES_MAX:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"a label set between the paragraphs: {dom.collapse(dom.string_of(el))[:40]!r}")


def _is_prose(text: str) -> bool:
    return len(text) >= PROSE_CHARS and bool(_PUNCTUATION.search(text))
