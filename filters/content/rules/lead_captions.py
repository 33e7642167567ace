"""Pictures' captions the ``captions`` rules (article_edges.py) leave, for ``auto``.

- ``remove_lead_captions``: on a page whose selection is prose but too short to count as an
  article (the ``captions`` rules run on articles only), the caption of a picture set above the
  first paragraph of prose (the story's lead picture: a ``<figcaption>``, or a block named a
  caption beside the picture, "wp-caption-text", "media-caption") is the page's label for its
  picture, not the story's text. Captions further down stay on such a page: there the picture
  and its words may be the page's content (a gallery, a how-to's steps).
- ``remove_figure_texts``: in an article, the short text of a ``<figure>`` showing a picture and
  holding no ``<figcaption>`` (a caption set in an ``<h2 class=figure__caption>`` or a
  ``<span class=description>``) is the picture's caption all the same: the figure element says
  so.
- ``remove_alt_captions``: in an article, a short block beside a picture whose words are the
  picture's own text alternative (its ``alt``), alone or followed by a credit ("Logo des ZdK
  (Archiv)" under the logo, "An evolution in colour ... Photograph by X"), is the picture's
  caption whatever its markup is named: the page says so by repeating it. Cards set side by
  side (a picture over its name) and pages of many such pictures keep them.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints
from .article_edges import CAPTION_MAX_CHARS, _CAPTION_NAMES, _is_prose, _name_bare_pictures

# The pictures a caption names, found in the caption's wrapper beside it.
_PICTURES = etree.XPath(".//img|.//picture|.//video")
# A caption holds no structure of its own: a block with headings, lists or tables is content.
_NOT_A_CAPTION = etree.XPath(".//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//ul|.//ol|.//table|.//p[2]")
# How far up from the caption its picture's wrapper may be (figure > div > figcaption, a
# featured-image block > link > img beside the caption).
WRAPPER_LEVELS = 2
# The lead picture is one: more captioned pictures above the text are a grid of tiles (a
# listing's entries under their pictures), the page's own content.
LEAD_CAPTIONS_MAX = 1


def remove_lead_captions(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots`` (the selection's blocks in document order) and above the first
    ``<p>`` of prose, the captions of pictures (see the module's docstring); returns how many
    went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    doomed: list = []
    pictured: list = []  # (the caption's text, the wrapper holding its picture)
    for root in roots:
        walk = etree.iterwalk(root, events=("start",))
        for _event, el in walk:
            tag = el.tag
            if not isinstance(tag, str) or el is root:
                continue
            if tag == "figcaption" or (tag in _CAPTION_TAGS and _CAPTION_NAMES.search(hints.names_of(el).lower())):
                wrapper = _picture_wrapper(el, texts)
                if wrapper is not None:
                    doomed.append(el)
                    pictured.append((texts.collapsed(el), wrapper))
                    walk.skip_subtree()
            elif tag == "p" and _is_prose(el):
                if len(doomed) > LEAD_CAPTIONS_MAX:
                    return 0
                for caption, wrapper in pictured:
                    _name_bare_pictures(wrapper, caption)
                return _kill(doomed, ctx)
    return 0  # (no prose paragraph: nothing is above one)


# The elements a caption is set in.
_CAPTION_TAGS = frozenset({"figcaption", "p", "div", "span", "small", "em", "i", "strong", "b", "font"})


def _picture_wrapper(el, texts: feat.Texts):
    """The wrapper ``WRAPPER_LEVELS`` up at most holding the picture ``el`` captions, when ``el``
    is a short caption with no picture or structure of its own; else None."""
    if len(texts.raw(el)) > 2 * CAPTION_MAX_CHARS:
        return None
    text = texts.collapsed(el)
    if not text or len(text) >= CAPTION_MAX_CHARS or _PICTURES(el) or _NOT_A_CAPTION(el):
        return None
    wrapper = el.getparent()
    for _ in range(WRAPPER_LEVELS):
        if wrapper is None:
            return None
        if len(texts.raw(wrapper)) > 2 * CAPTION_MAX_CHARS:
            return None  # (the picture's wrapper holds the caption and little else)
        if _PICTURES(wrapper):
            return wrapper
        wrapper = wrapper.getparent()
    return None


def _kill(doomed: list, ctx: PageContext) -> int:
    return ctx.kill_all(doomed, "auto", lambda el: f"the caption of the picture above the text: {dom.collapse(dom.string_of(el))[:40]!r}")


# A figure's text that is structure (a quote, code, a table, a list) is content shown as a figure.
_STRUCTURE_IN = etree.XPath(".//blockquote|.//pre|.//code|.//table|.//ul|.//ol|.//figcaption|.//figure")
_FIGURE_MEDIA = etree.XPath(".//img|.//picture|.//video|.//iframe|.//svg|.//object|.//embed")


def remove_figure_texts(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the text of each ``<figure>`` showing media without a
    ``<figcaption>`` (see the module's docstring): its outermost elements holding text and no
    media, when the figure's text is shorter than ``CAPTION_MAX_CHARS``, none of it loose and
    none of it structure; returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    doomed: list = []
    for figure in (el for root in roots for el in root.iter("figure")):
        if len(texts.raw(figure)) > 2 * CAPTION_MAX_CHARS:
            continue
        text = texts.collapsed(figure)
        if not text or len(text) >= CAPTION_MAX_CHARS or not _FIGURE_MEDIA(figure) or _STRUCTURE_IN(figure):
            continue
        holders = _text_holders(figure, texts)
        if holders:
            _name_bare_pictures(figure, text)
            doomed.extend(holders)
    return ctx.kill_all(doomed, "auto", lambda el: f"a figure's caption: {dom.collapse(dom.string_of(el))[:40]!r}")


def _text_holders(figure, texts: feat.Texts) -> list | None:
    """The outermost elements under ``figure`` holding text and no media; None when some of its
    text is loose (a tail or an element's own text beside media), which cannot go alone."""
    out: list = []
    stack = [figure]
    while stack:
        el = stack.pop()
        for child in el:
            if not isinstance(child.tag, str):
                continue
            if (child.tail or "").strip():
                return None
            if not texts.collapsed(child):
                continue
            if _FIGURE_MEDIA(child):
                if (child.text or "").strip():
                    return None
                stack.append(child)
            else:
                out.append(child)
    if (figure.text or "").strip():
        return None
    return out


# ------------------------------------------------------------------ captions repeating the picture's alt

# A text alternative this short ("Logo", "Foto") is a label any line may start with.
ALT_CAPTION_MIN_WORDS = 3
# After the alt, a caption says at most its credit ("Photograph by Ed Marshall, Redonda
# Restoration Programme"): more words are a card's description under its title.
ALT_CREDIT_MAX_WORDS = 8
# More pictures named again beside them than this are a page of cards (features, avatars over
# their comments, products under their names), its own content.
ALT_CAPTIONS_MAX = 6
# Headings, links and structure beside a picture are a tile's title or the content itself.
_NOT_AN_ALT_CAPTION = etree.XPath(".//h1|.//h2|.//h3|.//h4|.//h5|.//h6|.//ul|.//ol|.//table|.//a|.//p[2]")
_HEADING_OR_LINK = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "a", "li", "td", "th"})
_WORDS = re.compile(r"\w+")


def remove_alt_captions(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the blocks beside a picture (in its wrapper ``WRAPPER_LEVELS``
    up at most, past wrappers without text) whose words are the picture's ``alt`` and a credit
    at most (see the module's docstring): not those set side by side with another (cards in a
    grid), and none when more than ``ALT_CAPTIONS_MAX`` pictures have one; returns how many
    went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    hits: list = []
    for img in (el for root in roots for el in root.iter("img")):
        alt = _WORDS.findall((img.get("alt") or "").casefold())
        if len(alt) < ALT_CAPTION_MIN_WORDS:
            continue
        branch, wrapper, levels = img, img.getparent(), 0
        while wrapper is not None and wrapper not in roots and levels < WRAPPER_LEVELS:
            if len(texts.raw(wrapper)) > 2 * CAPTION_MAX_CHARS:
                break
            if texts.collapsed(wrapper):
                levels += 1
                hit = _alt_caption(wrapper, branch, alt, texts)
                if hit is not None:
                    if hit not in hits:
                        hits.append(hit)
                    break
            branch, wrapper = wrapper, wrapper.getparent()
    if len(hits) > ALT_CAPTIONS_MAX:
        return 0
    named = set(hits)
    doomed = [hit for hit in hits if not _beside_another(hit, named)]
    return ctx.kill_all(doomed, "auto", lambda el: f"a caption repeating its picture's alt: {dom.collapse(dom.string_of(el))[:40]!r}")


def _beside_another(hit, named: set) -> bool:
    """Whether the picture block of ``hit`` (its wrapper, or the wrapper's parent) has a block
    holding another such caption right before or after it: a card in a grid, not a story's picture."""
    node = hit.getparent()
    for _ in range(2):
        if node is None:
            return False
        for sibling in (node.getprevious(), node.getnext()):
            if sibling is not None and isinstance(sibling.tag, str) and any(el in named for el in sibling.iter()):
                return True
        node = node.getparent()
    return False


def _alt_caption(wrapper, branch, alt: list[str], texts: feat.Texts):
    """The child of ``wrapper`` beside ``branch`` (the picture's) whose words are ``alt`` and a
    credit at most, and that is a caption (short, no picture, heading, link or structure), or None."""
    for child in wrapper:
        if child is branch or not isinstance(child.tag, str) or child.tag in _HEADING_OR_LINK:
            continue
        if (child.tail or "").strip():
            return None  # (loose text beside the picture: not a caption block alone)
        text = texts.collapsed(child)
        if not text or len(text) >= CAPTION_MAX_CHARS:
            continue
        words = _WORDS.findall(text.casefold())
        if words[:len(alt)] != alt or len(words) > len(alt) + ALT_CREDIT_MAX_WORDS or _PICTURES(child) or _NOT_AN_ALT_CAPTION(child):
            continue
        return child
    return None
