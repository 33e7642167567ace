"""A post's chrome for ``auto``: the site's lines around an article's text, in many languages.

- ``remove_back_links``: links whose whole text leads back or home ("Zurück zur Übersicht",
  "Back to overview", "Volver", ``phrases.BACK_LINK_LABELS``): the site's navigation, not the story.
- ``remove_meta_lines``: short blocks opening with a post's meta label ("This entry was posted
  in", "Posted in", "Category:", "Der Beitrag wurde am", "Schlagworte:", "5 min read",
  ``phrases.POST_META_OPENINGS``): where and when the post was filed, not what it says.
- ``remove_ad_labels``: an element whose whole text marks advertising ("Anzeige", "- Anzeige -",
  ``phrases.AD_LABELS``), and a short paragraph opening with a disclosure of advertising or
  affiliate links (``phrases.DISCLOSURE_OPENINGS``): the publisher's notice, not the story.
- ``remove_trailing_teasers``: after an article's last paragraph of prose, the teasers of other
  stories: a linked headline with its tile (picture, kicker, a line of summary), and lines that
  are nothing but a link. The article has ended; what follows points elsewhere.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import phrases

# The link's whole text, arrows, guillemets and dots around it allowed.
_BACK_LINK = re.compile(r"[\s«‹<←⟵↩◀|.…-]*" + phrases.any_of(phrases.BACK_LINK_LABELS) + r"[\s»›>→⟶.…:|-]*", re.IGNORECASE)
# A back link is a few words: a longer link text is a headline that happens to start with "Back".
BACK_LINK_MAX_CHARS = 45
# The elements a reader follows.
_LINKS = ("a", "button")

# A meta label at the block's start (after a bullet, an icon's private-use glyph or punctuation).
_META = re.compile(r"[\W_]{0,3}" + phrases.any_of(phrases.POST_META_OPENINGS), re.IGNORECASE)
# A meta line is a line: a longer block opening so is the story's own sentence.
META_MAX_CHARS = 160

# An advertising label, the element's whole text (dashes, brackets and stars around it allowed).
_AD_LABEL = re.compile(r"[\W_]*" + phrases.any_of(phrases.AD_LABELS) + r"[\W_]*", re.IGNORECASE)
# The longest text read as a label ("- Sponsored content -" with its spaces).
AD_LABEL_MAX_CHARS = 24
# A disclosure's opening words at a paragraph's start.
_DISCLOSURE = re.compile(r"[\W_]{0,3}" + phrases.any_of(phrases.DISCLOSURE_OPENINGS), re.IGNORECASE)
# A disclosure is a sentence or two: a longer paragraph opening so is the story's own.
DISCLOSURE_MAX_CHARS = 300

# Blocks a meta line or a disclosure can be.
_LINES = frozenset({"p", "div", "li", "footer", "header", "section", "aside", "dd", "h4", "h5", "h6"})
# ... and an advertising label, also a <span> or <small> that is its parent's whole text.
_LABELS = _LINES | {"span", "small"}
# Block children make an element a container, not one line.
_BLOCK_CHILDREN = ".//p|.//div|.//li|.//ul|.//ol|.//table|.//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//section|.//article"
# Elements holding media are a picture or a player, never only its label.
_MEDIA = ".//img|.//picture|.//video|.//iframe|.//svg|.//audio|.//object|.//embed"


def outermost(roots: list, tags, max_chars: int, matches, texts: feat.Texts) -> list:
    """The outermost elements under ``roots`` (not the roots) among ``tags`` whose collapsed text
    (1 to ``max_chars`` characters) satisfies ``matches(el, text)``; texts read from ``texts``.
    Each root's are listed last first (the order its removals are reported in)."""
    found = []
    tags = tuple(tags)
    for root in roots:
        # (libxml2 walks the tree and hands over only the elements of ``tags``; a match's
        # subtree is skipped: no Python step, and no proxy, per element of other tags)
        walk = etree.iterwalk(root, events=("start",), tag=tags)
        hits = []
        for _, el in walk:
            if el is root:
                continue
            if len(texts.raw(el)) <= 4 * max_chars:
                text = texts.collapsed(el)
                if 0 < len(text) <= max_chars and matches(el, text):
                    hits.append(el)
                    walk.skip_subtree()
        hits.reverse()
        found += hits
    return found


def remove_back_links(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the links whose whole text leads back or home; returns how many went."""
    doomed = outermost(roots, _LINKS, BACK_LINK_MAX_CHARS, lambda el, text: bool(_BACK_LINK.fullmatch(text)), feat.texts_or_new(texts))
    return ctx.kill_all(doomed, "auto", lambda el: f"back link: {dom.collapse(dom.string_of(el))[:40]!r}")


def remove_meta_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the short blocks opening with a post's meta label; returns how many went."""
    doomed = outermost(roots, _LINES, META_MAX_CHARS,
                        lambda el, text: bool(_META.match(text)) and not el.xpath(_BLOCK_CHILDREN) and not el.xpath(_MEDIA), feat.texts_or_new(texts))
    return ctx.kill_all(doomed, "auto", lambda el: f"post's meta line: {dom.collapse(dom.string_of(el))[:40]!r}")


def remove_ad_labels(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, advertising labels and short disclosures of advertising or
    affiliate links; returns how many went."""
    texts = feat.texts_or_new(texts)

    def matches(el, text: str) -> bool:
        # The words first: the two XPath queries cost more than the match and rarely run.
        if el.tag not in _LINES:  # (an inline label inside a sentence is the sentence's word)
            parent = el.getparent()
            if not (len(text) <= AD_LABEL_MAX_CHARS and parent is not None and _AD_LABEL.fullmatch(text)
                    and texts.collapsed(parent) == text):
                return False
        elif not (_AD_LABEL.fullmatch(text) if len(text) <= AD_LABEL_MAX_CHARS else _DISCLOSURE.match(text)):
            return False
        return not el.xpath(_MEDIA) and not el.xpath(_BLOCK_CHILDREN)
    doomed = outermost(roots, _LABELS, DISCLOSURE_MAX_CHARS, matches, texts)
    return ctx.kill_all(doomed, "auto", lambda el: f"advertising notice: {dom.collapse(dom.string_of(el))[:40]!r}")


# A paragraph of the article: this share of its text at most is link text (a teaser's summary
# under a linked headline is counted as the teaser's, not the article's, by its tile).
ARTICLE_PARAGRAPH_MAX_LINK_SHARE = 0.5
# A linked headline or a linked line: at least this share of its text is link text ...
TEASER_MIN_LINK_SHARE = 0.8
# ... and it is a headline or a line, not a paragraph.
TEASER_LINE_MAX_CHARS = 160
# A teaser's tile (headline, kicker, date, a sentence of summary) holds at most this much text:
# a wider block is a column of several.
TEASER_TILE_MAX_CHARS = 400
# Headings and the lines a linked teaser can be.
_HEADINGS = frozenset({"h2", "h3", "h4", "h5", "h6"})
_TEASER_LINES = frozenset({"p", "li", "div", "span"}) | _HEADINGS


def _link_chars(el, texts: feat.Texts) -> int:
    return sum(len(texts.collapsed(a)) for a in el.iter("a") if a.get("href"))


def remove_trailing_teasers(roots: list, ctx: PageContext, min_prose_chars: int, texts: feat.Texts | None = None) -> int:
    """Remove, under each of ``roots``, the linked headlines (with their tiles) and the linked
    lines that come after the article's last paragraph of prose; returns how many went."""
    texts = feat.texts_or_new(texts)
    doomed = []
    for root in roots:
        order = list(root.iter())
        index = {id(el): k for k, el in enumerate(order)}
        end = -1
        for k, el in enumerate(order):
            if el.tag == "p":
                text = texts.collapsed(el)
                if len(text) >= min_prose_chars and _link_chars(el, texts) <= ARTICLE_PARAGRAPH_MAX_LINK_SHARE * len(text):
                    end = k + sum(1 for _ in el.iter()) - 1  # (its last descendant)
        if end < 0:
            continue
        k = end + 1
        while k < len(order):
            el = order[k]
            if dom.is_element(el) and el.tag in _TEASER_LINES and not el.xpath(_MEDIA):
                text = texts.collapsed(el)
                if 0 < len(text) <= TEASER_LINE_MAX_CHARS and _link_chars(el, texts) >= TEASER_MIN_LINK_SHARE * len(text) \
                        and (el.tag in _HEADINGS or not el.xpath(_BLOCK_CHILDREN)):
                    tile = _tile_of(el, root, index, end) if el.tag in _HEADINGS else el
                    doomed.append(tile)
                    k = index[id(tile)] + sum(1 for _ in tile.iter())
                    continue
            k += 1
    return ctx.kill_all(doomed, "auto", lambda el: f"teaser after the article: {dom.collapse(dom.string_of(el))[:40]!r}")


def _tile_of(heading, root, index: dict, end: int):
    """The heading's widest ancestor below ``root`` that starts after the article's end, holds
    no other heading and at most ``TEASER_TILE_MAX_CHARS`` of text."""
    tile = heading
    while True:
        parent = tile.getparent()
        if parent is None or parent is root or index.get(id(parent), -1) <= end:
            return tile
        if len(dom.collapse(dom.string_of(parent))) > TEASER_TILE_MAX_CHARS or \
                sum(1 for h in parent.iter(*_HEADINGS)) > 1:
            return tile
        tile = parent
