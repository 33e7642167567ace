"""The lines a selected article holds above its headline, for ``auto``.

- ``remove_kicker_lines``: when the selection's first ``<h1>`` is the page's headline (most of
  its words are in the page's ``<title>``) and the story follows it, the few words set above it
  inside the selection are the page's furniture around the title, not the story: the section
  kicker ("Mental Health", "Industry Insights"), the breadcrumb trail ("Home / Blog / Article"),
  the date and reading time ("Dec 12, 2025 | 4 min read"), a "Listen to this article" player's
  labels. They go when they are short beside the story; pictures above the headline stay (a lead
  image), and so does everything when the story starts above its ``<h1>`` (an h1 used for a
  section lower down).
- ``remove_dated_lists``: in an article, a list above the first paragraph of prose whose few
  items are short lines, one of them a ``<time>`` ("September 4, 2025 · 5:50 am · By X · No
  comments", a page builder's post-info list), is the post's meta line set as a list, not the
  story's; lists holding no date (a table of contents, key points) stay.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .article_edges import (
    _BLOCK_CHILDREN, _OPENING_TAGS, _SENTENCE_END, _STRUCTURE_TAGS, _UNSPACED, OPENING_LINE_MAX_CHARS, OPENING_MAX_LINES,
    _is_prose,
)

# The furniture above a headline is a few lines: more words above the h1 are the story's start
# (an intro before a section set as h1), which stays.
KICKER_MAX_WORDS = 30
# The story after the headline says this many times more than the lines above it, at least.
STORY_MIN_RATIO = 10
# A headline shares at least this share of its words with the page's <title>.
HEADLINE_TITLE_WORDS = 0.5
# Blocks above the headline that show something (a lead image, a video) stay.
_SHOWN = ("img", "picture", "video", "figure", "svg", "iframe", "audio", "table")
_WORDS = re.compile(r"\w+")


def _words(text: str) -> list[str]:
    return _WORDS.findall(text.casefold())


def remove_kicker_lines(roots: list, ctx: PageContext) -> int:
    """Remove, in the first of ``roots`` (the selection's blocks), the blocks above its headline
    (see the module's docstring); returns how many went."""
    if not roots:
        return 0
    root = roots[0]
    h1 = next(root.iter("h1"), None)
    if h1 is None or h1 is root:
        return 0
    heading = _words(dom.text_of(h1))
    title = set(_words(root.getroottree().findtext(".//title") or ""))
    if not heading or sum(w in title for w in heading) < HEADLINE_TITLE_WORDS * len(heading):
        return 0
    # The blocks above: each ancestor's children before the branch leading to the h1. Loose text
    # above (an ancestor's own text, a tail there) cannot go alone: then nothing goes.
    above: list = []
    branch = h1
    while branch is not root:
        parent = branch.getparent()
        if parent is None:
            return 0
        if (parent.text or "").strip():
            return 0
        for sibling in parent:
            if sibling is branch:
                break
            if (sibling.tail or "").strip():
                return 0
            above.append(sibling)
        branch = parent
    doomed = [el for el in above if isinstance(el.tag, str) and dom.collapse(dom.string_of(el))
              and next(el.iter(*_SHOWN), None) is None]
    if not doomed:
        return 0
    before = sum(len(_words(dom.string_of(el))) for el in above if isinstance(el.tag, str))
    if before > KICKER_MAX_WORDS:
        return 0
    after = len(_words(dom.string_of(root))) - before
    if after < STORY_MIN_RATIO * max(before, 1):
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"a line above the headline: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ dated lists above the text

_DATES = etree.XPath(".//time")


def remove_dated_lists(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots`` and above the first ``<p>`` of prose, the lists of at most
    ``OPENING_MAX_LINES`` short items holding a ``<time>`` that is a date, not a duration (see
    the module's docstring); returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)

    def pick(el):
        if el.tag in ("ul", "ol"):
            return _TAKE if _dated_list(el, texts) else _SKIP
        return None

    doomed = _above_text(roots, pick)
    return _kill_lists(doomed, ctx) if doomed is not None else 0


# What _above_text's pick says of an element: it goes, or its subtree is not looked into.
_TAKE, _SKIP = 1, 2


def _above_text(roots: list, pick) -> list | None:
    """Walk the elements under ``roots`` (not the roots) in document order down to the first
    ``<p>`` of prose; ``pick(el)`` says ``_TAKE`` (it goes, its subtree unwalked), ``_SKIP``
    (its subtree unwalked) or None. The taken elements, or None when no prose paragraph comes."""
    taken: list = []
    for root in roots:
        walk = etree.iterwalk(root, events=("start",))
        for _event, el in walk:
            tag = el.tag
            if tag == "p" and _is_prose(el):
                return taken
            if el is root or not isinstance(tag, str):
                continue
            verdict = pick(el)
            if verdict == _TAKE:
                taken.append(el)
            if verdict:
                walk.skip_subtree()
    return None


def _dated_list(el, texts: feat.Texts) -> bool:
    items = [child for child in el if isinstance(child.tag, str)]
    if not items or len(items) > OPENING_MAX_LINES or any(child.tag != "li" for child in items):
        return False
    dates = [t for t in _DATES(el) if not (t.get("datetime") or "").strip().upper().startswith("P")]
    if not dates or not any(texts.collapsed(t) for t in dates):
        return False
    return all(len(texts.collapsed(item)) <= OPENING_LINE_MAX_CHARS for item in items)


def _kill_lists(doomed: list, ctx: PageContext) -> int:
    return ctx.kill_all(doomed, "auto", lambda el: f"a dated list above the text: {dom.collapse(dom.string_of(el))[:40]!r}")


# ------------------------------------------------------------------ lines with an icon above the text

# An icon is drawn, not shown: an svg holding a picture or words of its own is content.
_NOT_AN_ICON = etree.XPath(".//img|.//picture|.//video|.//iframe|.//object|.//embed|.//svg//image|.//svg//text")


def remove_icon_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots`` and above the first ``<p>`` of prose, the short leaf lines showing
    an svg icon and ending no sentence (see the module's docstring); none when more than
    ``OPENING_MAX_LINES`` are there. Returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    showing_icons: set = set()  # (every element holding an svg: asked once, not per element)
    for svg in (svg for root in roots for svg in root.iter("svg")):
        for holder in svg.iterancestors():
            if holder in showing_icons:
                break
            showing_icons.add(holder)
    if not showing_icons:
        return 0

    def pick(el):
        if el.tag not in _OPENING_TAGS or el not in showing_icons or _BLOCK_CHILDREN(el):
            return None
        text = texts.collapsed(el)
        if not text or len(text) > OPENING_LINE_MAX_CHARS or _SENTENCE_END.search(text) or _UNSPACED.search(text) \
                or _NOT_AN_ICON(el) or any(a.tag in _STRUCTURE_TAGS for a in el.iterancestors()):
            return None
        return _TAKE

    doomed = _above_text(roots, pick)
    return _kill_icon_lines(doomed, ctx) if doomed is not None else 0


def _kill_icon_lines(doomed: list, ctx: PageContext) -> int:
    if len(doomed) > OPENING_MAX_LINES:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"a line with an icon above the text: {dom.collapse(dom.string_of(el))[:40]!r}")
