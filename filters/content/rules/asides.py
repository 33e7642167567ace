"""An article's asides for ``auto``: what sits inside an article's body and is not the article.

- ``remove_other_stories``: sections whose heading, in any of several languages, announces
  other stories (related, more on the topic, next post, most read), a share bar or a comment
  form (``phrases.OTHER_STORIES_HEADINGS``, the heading's whole text), with what follows the
  heading in its section (``sections.remove_elsewhere_sections``).
- ``remove_read_also``: a paragraph inside the text that points to another story ("Lea también:
  <a>...</a>", "Lesen Sie auch: ...", "Read more: ..."): a label of ``phrases.READ_ALSO_LABELS``
  at its start, outside the links, and links for most of the rest.
- ``remove_read_also_labels``: a read-also label standing alone ("Weiterlesen:", "Schon
  gelesen?") and the few linked lines right after it: the other stories it announces.
- ``remove_appeals``: a short paragraph inside an article that asks the reader to subscribe,
  follow the site, download its app or support it, or claims the text's copyright
  (``phrases.APPEAL_OPENINGS`` at its start): the publisher speaking, not the story.
- ``remove_trailing_bios``: a block named as an author's bio (``author-bio``, ``post-author``,
  ``mini-bio``) after the article's last paragraph of prose (the selection's blocks read as one
  sequence): the article has ended.
- ``remove_credit_lines``: an element whose whole text is a picture's credit ("Foto: X",
  "© X", "TebNad/Shutterstock.com"): a photo credit says who took a picture, not what it shows,
  so it is no content for a reader. A caption that describes the picture stays.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints, phrases
from . import sections

# The whole heading's text, trailing punctuation and arrows allowed.
OTHER_STORIES_HEADING = re.compile(r"\s*" + phrases.any_of(phrases.OTHER_STORIES_HEADINGS) + r"\s*[:.!?…»›>\-–—]*\s*$",
                                   re.IGNORECASE)

# A read-also label at a paragraph's start, then a colon or dash (or nothing, when links follow).
_READ_ALSO = re.compile(r"\s*" + phrases.any_of(phrases.READ_ALSO_LABELS) + r"\s*(?:[:：|»›>\-–—]+|(?=\s))\s*(\S.*)$",
                        re.IGNORECASE | re.DOTALL)
# A pointer to another story is a headline: longer than this is a paragraph of the article that
# happens to start with "Read" or "See".
READ_ALSO_MAX_CHARS = 250
# ... and at least this share of what follows the label is link text (the other story's title).
READ_ALSO_MIN_LINK_SHARE = 0.5
# Blocks a read-also paragraph can be (a <div> or <li> standing alone as a paragraph too).
_PARAGRAPHS = frozenset({"p", "div", "li", "h3", "h4", "h5", "h6", "blockquote"})
# Block children make an element a container, not one paragraph.
_BLOCK_CHILDREN = ".//p|.//div|.//li|.//ul|.//ol|.//table|.//h2|.//h3|.//h4|.//h5|.//h6"

# An appeal's opening words at the paragraph's start (after quotes, stars or emoji).
_APPEAL = re.compile(r"[\W_]{0,3}" + phrases.any_of(phrases.APPEAL_OPENINGS), re.IGNORECASE)
# An appeal is a sentence or two: a longer paragraph opening so is the story's own.
APPEAL_MAX_CHARS = 220

# A credit line: a label and a name, or a stock agency's name (with the photographer's before a
# slash), nothing else.
_CREDIT = re.compile(
    r"\s*(?:" + phrases.any_of(phrases.CREDIT_LABELS) + r"\s*\S.*|"
    r"(?:©\s*)?(?:[^/]{1,40}/\s*)?" + phrases.any_of(phrases.STOCK_AGENCIES) + r"(?:\s*/\s*[^/]{1,40})?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
# A credit names a person or an agency: a longer text after "Foto:" describes the picture.
CREDIT_MAX_CHARS = 60
CREDIT_MAX_WORDS = 8
# ... in an element of at most this many children (a wrapper of more is no credit line).
CREDIT_MAX_CHILDREN = 3
# Class or id words naming an author's bio box (markup names, so here and not in phrases.py).
_BIO_NAMES = re.compile(r"author[-_]*(?:bio|box|info|desc|details|profile|card|about|container)|about[-_]?(?:the[-_]?)?author|"
                        r"post[-_]author|autor(?:en)?[-_]*(?:box|info|bio|text)|bio[-_]?box|(?:^|[^a-z])(?:mini[-_]?)?bio(?:[^a-z]|$)")
# A bio is a few lines beside the article: a block so named holding more of the text is the article's wrapper.
BIO_MAX_SHARE = 0.3
# The element and its descendants with a class or id: the only ones a bio's name can be on.
_NAMED = etree.XPath("descendant-or-self::*[@class or @id]")
# Elements holding media are the picture itself, never only its credit.
_MEDIA = ".//img|.//picture|.//video|.//iframe|.//svg|.//audio|.//object|.//embed"


def _short_paragraphs(roots: list, max_chars: int, texts: feat.Texts):
    """(element, its collapsed text) of the paragraph-like elements under ``roots`` (not the roots)
    whose text is 1 to ``max_chars`` characters (a raw text over twice that is not collapsed);
    texts read from ``texts``."""
    for root in roots:
        for el in root.iter(*_PARAGRAPHS):
            if el is root:
                continue
            if len(texts.raw(el)) > 2 * max_chars:
                continue
            text = texts.collapsed(el)
            if 0 < len(text) <= max_chars:
                yield el, text


def remove_other_stories(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection, the sections under an other-stories heading; returns how many went."""
    return sections.remove_elsewhere_sections(f, nodes, ctx, also=OTHER_STORIES_HEADING)


def remove_read_also(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the paragraphs pointing to another story; returns how many went."""
    doomed = []
    for el, text in _short_paragraphs(roots, READ_ALSO_MAX_CHARS, feat.texts_or_new(texts)):
        m = _READ_ALSO.match(text)
        if not m or el.xpath(_BLOCK_CHILDREN):
            continue
        rest = m.group(1)
        links = sum(len(dom.collapse(dom.string_of(a))) for a in el.iter("a") if a.get("href"))
        # The rest is mostly link, the label is not: a linked "Read the story" is a listing's entry link.
        if rest and READ_ALSO_MIN_LINK_SHARE * len(rest) <= links <= len(rest) + 1:
            doomed.append(el)
    return ctx.kill_all(doomed, "auto", lambda el: f"points to another story: {dom.collapse(dom.string_of(el))[:40]!r}")


# A read-also label standing alone ("Weiterlesen:", "Schon gelesen?"), the block's whole text: the
# links it announces follow it.
_READ_ALSO_LABEL = re.compile(r"[\W_]*" + phrases.any_of(phrases.READ_ALSO_LABELS) + r"[\s:：.!?…»›>\-–—]*", re.IGNORECASE)
READ_ALSO_LABEL_MAX_CHARS = 40
# At most this many linked lines after a label go with it (a longer list is the article's own).
READ_ALSO_MAX_FOLLOWERS = 4
# A linked line: at least this share of its text is link text.
LINKED_LINE_MIN_SHARE = 0.8


def remove_read_also_labels(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the read-also labels standing alone and the linked lines right
    after them (the other stories they announce); returns how many went."""
    texts = feat.texts_or_new(texts)
    doomed = []
    for el, text in _short_paragraphs(roots, READ_ALSO_LABEL_MAX_CHARS, texts):
        if not _READ_ALSO_LABEL.fullmatch(text) or el.xpath(_BLOCK_CHILDREN):
            continue
        doomed.append(el)
        follower = el.getnext()
        for _ in range(READ_ALSO_MAX_FOLLOWERS):
            if follower is None or not dom.is_element(follower) or follower.xpath(_MEDIA):
                break
            line = texts.collapsed(follower)
            links = sum(len(texts.collapsed(a)) for a in follower.iter("a") if a.get("href"))
            if not line or len(line) > READ_ALSO_MAX_CHARS or links < LINKED_LINE_MIN_SHARE * len(line):
                break
            doomed.append(follower)
            follower = follower.getnext()
    return ctx.kill_all(doomed, "auto", lambda el: f"points to another story: {dom.collapse(dom.string_of(el))[:40]!r}")


def remove_appeals(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the short paragraphs opening with an appeal to the reader; returns how many went."""
    doomed = [el for el, text in _short_paragraphs(roots, APPEAL_MAX_CHARS, feat.texts_or_new(texts)) if _APPEAL.match(text) and not el.xpath(_BLOCK_CHILDREN)]
    return ctx.kill_all(doomed, "auto", lambda el: f"appeal to the reader: {dom.collapse(dom.string_of(el))[:40]!r}")


def remove_credit_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the outermost elements whose whole text is a picture's credit
    and that hold no media; returns how many went."""
    texts = feat.texts_or_new(texts)
    doomed = []
    for root in roots:
        # (libxml2 walks the elements and skips a credit's subtree; listed last first, the order
        # its removals are reported in)
        walk = etree.iterwalk(root, events=("start",))
        hits = []
        for _, el in walk:
            if el is not root and len(el) <= CREDIT_MAX_CHILDREN and _is_credit(el, texts):
                hits.append(el)
                walk.skip_subtree()
        hits.reverse()
        doomed += hits
    return ctx.kill_all(doomed, "auto", lambda el: f"picture credit: {dom.collapse(dom.string_of(el))[:40]!r}")


def _is_credit(el, texts: feat.Texts) -> bool:
    if len(texts.raw(el)) > 4 * CREDIT_MAX_CHARS:
        return False
    text = texts.collapsed(el)
    if not text or len(text) > CREDIT_MAX_CHARS or len(text.split()) > CREDIT_MAX_WORDS:
        return False
    return bool(_CREDIT.match(text)) and not el.xpath(_MEDIA)


def remove_trailing_bios(roots: list, ctx: PageContext, min_prose_chars: int) -> int:
    """Remove, under ``roots`` (the selection's blocks in document order, a whole block too), the
    blocks named as an author's bio that come after the article's last paragraph of prose (outside
    them); returns how many went. A byline so named above the text has prose after it and stays."""
    # (most selections name no bio: libxml2 lists the elements with a class or id, and only when
    # one of them is so named are the selection's elements and prose walked)
    if not any(_BIO_NAMES.search(hints.names_of(el).lower()) for root in roots for el in _NAMED(root)):
        return 0
    doomed = []
    order = [el for root in roots for el in root.iter()]
    total = sum(len(dom.collapse(dom.string_of(root))) for root in roots)
    prose = [k for k, el in enumerate(order) if el.tag == "p" and len(dom.collapse(dom.string_of(el))) >= min_prose_chars]
    k = 0
    while k < len(order):
        el = order[k]
        if dom.is_element(el) and _BIO_NAMES.search(hints.names_of(el).lower()):
            end = k + sum(1 for _ in el.iter()) - 1
            outside = [i for i in prose if not k <= i <= end]
            if outside and max(outside) < k and len(dom.collapse(dom.string_of(el))) <= BIO_MAX_SHARE * total:
                doomed.append(el)
                k = end + 1
                continue
        k += 1
    return ctx.kill_all(doomed, "auto", lambda el: f"author's bio after the article: {dom.collapse(dom.string_of(el))[:40]!r}")
