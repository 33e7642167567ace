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
"""
from __future__ import annotations

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
