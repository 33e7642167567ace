"""Short lines inside an article that their markup names as what is not its text, for ``auto``.

- ``remove_named_credits``: a short element whose class or id names a picture's credit, a
  source or a copyright line (``credits``, ``image-source``, ``media-credit``,
  ``article-copyright``, ``bildquelle``) says who made a picture or owns the page, not what the
  article says: "DCV / Oppitz", "(Quelle: Foto Steven Vangermain)", "Alle Rechte vorbehalten".
  The words, not the text, tell it, so it holds in every language; asides.credit_lines finds
  the credits that say so in their text.
- ``remove_source_lines``: a short element whose whole text is a source's or a cover picture's
  label and a name ("Quelle: HWK Stuttgart", "(Source: CDC)", "Titelbild: Flickr, CC BY 2.0")
  says where a text or a picture came from, not what the article says.
"""
from __future__ import annotations

import re

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints
from .. import phrases

# Class or id words naming a credit, a picture's source or a copyright line (markup names, so
# here and not in phrases.py); a bare "source" also names a citation's journal, so only a
# picture's source counts.
_CREDIT_NAMES = re.compile(
    r"(?:^|[\s_-])(?:credits?|copyright|bildquelle|bildnachweis|"
    r"(?:image|img|picture|photo|foto|bild|media)[-_]*(?:source|credits?|copyright|quelle|author))(?:$|[\s_-])",
    re.IGNORECASE,
)
# A credit is a name or two: a longer text in an element so named is a caption or the article's.
NAMED_CREDIT_MAX_CHARS = 80
# The elements with a class or id, the only ones a credit's name can be on.
_NAMED = etree.XPath(".//*[@class or @id]")
# Elements holding media are the picture itself, never only its credit.
_MEDIA_IN = etree.XPath(".//img|.//picture|.//video|.//iframe|.//svg|.//audio|.//object|.//embed|.//canvas")
# A credit in one of these is a quote's or a table's own.
_STRUCTURE = frozenset({"table", "pre", "code", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"})


def remove_named_credits(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the outermost elements named as a credit or a copyright line whose
    text is at most ``NAMED_CREDIT_MAX_CHARS`` and that hold no media; returns how many went.
    Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    named = (el for root in roots for el in _NAMED(root) if _CREDIT_NAMES.search(hints.names_of(el)))
    return _remove_short_lines(named, ctx, texts, NAMED_CREDIT_MAX_CHARS, None, "a line named as a credit")


def _remove_short_lines(candidates, ctx: PageContext, texts: feat.Texts, max_chars: int, wanted, why: str) -> int:
    """Remove the outermost of ``candidates`` (in document order) whose text is at most
    ``max_chars`` (and, given ``wanted``, passes it), holding no media and in no quote, table,
    code or heading; returns how many went."""
    doomed: list = []
    going: set = set()
    for el in candidates:
        if going and any(a in going for a in el.iterancestors()):
            continue  # (inside a line already going)
        if len(texts.raw(el)) > 4 * max_chars:
            continue
        text = texts.collapsed(el)
        if not text or len(text) > max_chars or (wanted is not None and not wanted(text)) or _MEDIA_IN(el):
            continue
        if any(a.tag in _STRUCTURE for a in el.iterancestors()):
            continue
        doomed.append(el)
        going.add(el)
    return ctx.kill_all(doomed, "auto", lambda el: f"{why}: {dom.collapse(dom.string_of(el))[:40]!r}")


# A source line: a label, a colon and a name, nothing else (in brackets too).
_SOURCE = re.compile(r"\(?\s*" + phrases.any_of(phrases.SOURCE_LABELS) + r"\s*:\s*\S.*", re.IGNORECASE | re.DOTALL)
# A source names an agency or two: a longer line so opening is a sentence of the article.
SOURCE_LINE_MAX_CHARS = 80
# The elements a source line is set in.
_LINES = ("p", "div", "span", "small", "em", "i", "cite", "figcaption")


def remove_source_lines(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the outermost lines (``_LINES``) whose whole text is a source's
    label and a name, at most ``SOURCE_LINE_MAX_CHARS``, holding no media and in no quote, table,
    code or heading; returns how many went. Texts read from ``texts``."""
    texts = feat.texts_or_new(texts)
    lines = (el for root in roots for el in root.iter(*_LINES) if el is not root)
    return _remove_short_lines(lines, ctx, texts, SOURCE_LINE_MAX_CHARS, _SOURCE.fullmatch, "a source line")
