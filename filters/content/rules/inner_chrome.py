"""Structural boilerplate inside ``auto``'s chosen container: what markup and position give away.

- ``remove_rating_widgets``: inside an article, a short block whose class or id names a rating
  ("post-ratings", "rating-container", "StoryShowRating"): stars to click and "Rate this
  article" are the site's widget, not the story. Many such blocks are a listing's entries' own.
- ``remove_side_columns``: in a layout table, the cells beside the one holding the article's
  prose (most of the selection's) that hold next to no prose themselves: a site's left or
  right column of menus, logins and counters, laid out as a table row.
- ``remove_share_bars``: the widest short blocks around links that pass the page's own address to
  another site or app ("sharer.php?u=<this page>", "intent/tweet?url=<this page>",
  "mailto:?body=<this page>") with a short label ("Möchten Sie den Artikel teilen?", "NEWS
  TEILEN:"): a share bar, whatever its language or its icons' names.
- ``remove_comment_prompts``: a short block whose whole text is a comment section's prompt or
  count (``phrases.COMMENT_PROMPTS``: "Keine Kommentare", "Leave a comment", "You must be logged
  in to post a comment"): left behind when the form or the thread went, or never marked.
- ``still_attached``: the selected blocks a rule removed whole (an author's bio box selected as a
  sibling of the article) leave the selection, which would otherwise still render them.
"""
from __future__ import annotations

import re
import urllib.parse

from lxml import etree

from ... import dom
from ...context import PageContext
from .. import features as feat
from .. import hints, phrases
from . import post_chrome

# Class or id tokens (split on separators and camelCase) naming a rating widget.
RATING_TOKENS = frozenset({"rating", "ratings", "starrating", "postratings", "rateit"})
# A rating widget is a line or two (a label, stars, a count): a longer block so named holds more.
RATING_MAX_CHARS = 200
# An article has one rating widget, two at most (above and below the text): more are the ratings
# of a listing's entries (a grid of products or recipes), part of each entry.
RATING_MAX_WIDGETS = 2
# Blocks that can be a rating widget.
_WIDGET_TAGS = ("div", "span", "p", "section", "aside", "form", "ul", "li")


def remove_rating_widgets(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots`` (not the roots), the outermost short blocks named as a rating
    widget, unless there are more than an article has; returns how many went. Texts read from
    ``texts``."""
    texts = feat.texts_or_new(texts)
    doomed = []
    for root in roots:
        # (libxml2 walks the tree and hands over the elements of ``_WIDGET_TAGS`` only, skipping a
        # widget's subtree; listed last first, the order their removals are reported in)
        walk = etree.iterwalk(root, events=("start",), tag=_WIDGET_TAGS)
        hits = []
        for _, el in walk:
            if el is not root and _names_rating(el):
                raw = texts.raw(el)
                if len(raw) <= 4 * RATING_MAX_CHARS and len(dom.collapse(raw)) <= RATING_MAX_CHARS:
                    hits.append(el)
                    walk.skip_subtree()
        hits.reverse()
        doomed += hits
    if len(doomed) > RATING_MAX_WIDGETS:
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"rating widget: {dom.collapse(dom.string_of(el))[:40]!r}")


# The article's cell holds at least this share of the selection's prose: the row is the page's
# layout, not a data table (whose cells share the text).
ARTICLE_CELL_MIN_SHARE = 0.6
# A side column holds at most this share of the article cell's prose (a login box's or a
# counter's sentence), nothing like a second column of text.
SIDE_CELL_MAX_SHARE = 0.1
# Paragraph-like blocks whose text, outside links, is measured as prose.
_PROSE_BLOCKS = ("p", "div", "li", "blockquote", "td")


def remove_side_columns(roots: list, ctx: PageContext, min_prose_chars: int, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the table cells beside the cell holding most of the selection's
    prose that hold next to none; returns how many went. Texts read from ``texts``."""
    rows = []  # (the rows of two cells or more: most selections hold none, and then no prose is read)
    for root in roots:
        for row in root.iter("tr"):
            cells = [c for c in row if dom.is_element(c) and c.tag in ("td", "th")]
            if len(cells) >= 2:
                rows.append(cells)
    if not rows:
        return 0
    texts = feat.texts_or_new(texts)
    total = sum(_prose(root, min_prose_chars, texts) for root in roots)
    if not total:
        return 0
    doomed = []
    for cells in rows:
        prose = [_prose(c, min_prose_chars, texts) for c in cells]
        article = max(prose)
        if article < ARTICLE_CELL_MIN_SHARE * total:
            continue
        doomed.extend(c for c, p in zip(cells, prose) if p <= SIDE_CELL_MAX_SHARE * article and texts.collapsed(c))
    return ctx.kill_all(doomed, "auto", lambda el: f"side column of a layout table: {dom.collapse(dom.string_of(el))[:40]!r}")


def _prose(el, min_prose_chars: int, texts: feat.Texts) -> int:
    """Characters outside links of the innermost paragraph-like blocks under ``el`` (itself
    included) holding at least ``min_prose_chars`` of them."""
    total = 0
    for block in el.iter(*_PROSE_BLOCKS):
        if any(True for _ in block.iterdescendants(*_PROSE_BLOCKS)):
            continue
        text = len(texts.collapsed(block)) - sum(len(texts.collapsed(a)) for a in block.iter("a"))
        if text >= min_prose_chars:
            total += text
    return total


# A share bar's text outside its links: a label ("Share this article:"), nothing like a paragraph.
SHARE_BAR_MAX_CHARS = 80
# Links passing the page's address on: at least this many make a bar (one such link is a
# "mail this page" line that may stand in the text).
SHARE_BAR_MIN_LINKS = 2


def remove_share_bars(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the widest blocks (not the roots) holding links that pass the
    page's own address on and no more than a label of other text; returns how many went. Texts
    read from ``texts``."""
    own = _own_addresses(ctx.url)
    if not own:
        return 0
    texts = feat.texts_or_new(texts)
    doomed = []
    for root in roots:
        sharing = [a for a in root.iter("a") if _passes_on(a.get("href"), own)]
        if len(sharing) < SHARE_BAR_MIN_LINKS:
            continue
        done: set = set()
        for a in sharing:
            if id(a) in done:
                continue
            bar, el = None, a
            while el.getparent() is not None and el.getparent() is not root:
                el = el.getparent()
                links = [x for x in el.iter("a") if x in sharing]
                if _text_outside_links(el, texts) > SHARE_BAR_MAX_CHARS:
                    break
                if len(links) >= SHARE_BAR_MIN_LINKS:
                    bar = el
            if bar is not None:
                doomed.append(bar)
                done.update(id(x) for x in bar.iter("a"))
    return ctx.kill_all(doomed, "auto", lambda el: f"share bar: {dom.collapse(dom.string_of(el))[:40]!r}")


def _own_addresses(url: str | None) -> tuple[str, ...]:
    """The page's address as a share link passes it (host and path, no scheme), or nothing."""
    if not url:
        return ()
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:  # (a bracketed host that is no IP address: "http://[privacy]/")
        return ()
    if not parts.netloc or len(parts.path) <= 1:
        return ()  # (a home page's address is in every link to the site)
    return ((parts.netloc + parts.path).rstrip("/").lower(),)


def _passes_on(href: str | None, own: tuple[str, ...]) -> bool:
    """The link's query or fragment (not its address) holds the page's own address."""
    if not href:
        return False
    try:
        parts = urllib.parse.urlsplit(href.strip())
    except ValueError:  # (a bracketed host that is no IP address: "http://[ccpa-preferences]")
        return False
    carried = urllib.parse.unquote(urllib.parse.unquote(parts.query + "#" + parts.fragment)).lower()
    if parts.scheme in ("mailto", "whatsapp", "sms", "tg", "viber"):
        carried = urllib.parse.unquote(href).lower()
    return any(o in carried for o in own)


def _text_outside_links(el, texts: feat.Texts) -> int:
    return len(texts.collapsed(el)) - sum(len(texts.collapsed(a)) for a in el.iter("a"))


# The prompt, the block's whole text (punctuation, arrows and a count around it allowed).
_COMMENT_PROMPT = re.compile(r"[\W_\d]*" + phrases.any_of(phrases.COMMENT_PROMPTS) + r"[\W_\d]*", re.IGNORECASE | re.DOTALL)
# A prompt is a line: a longer block is a paragraph that mentions comments.
COMMENT_PROMPT_MAX_CHARS = 120
# Blocks a prompt can be.
_PROMPT_TAGS = frozenset({"p", "div", "span", "td", "li", "h2", "h3", "h4", "h5", "h6", "a", "strong", "b"})
# Block children make an element a container, not one line.
_BLOCK_CHILDREN = ".//p|.//div|.//li|.//ul|.//ol|.//table|.//h2|.//h3|.//h4|.//h5|.//h6|.//section|.//article"


def remove_comment_prompts(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots`` (not the roots), the outermost short blocks whose whole text is a
    comment prompt; returns how many went. Texts read from ``texts``."""
    doomed = post_chrome.outermost(roots, _PROMPT_TAGS, COMMENT_PROMPT_MAX_CHARS,
                                   lambda el, text: bool(_COMMENT_PROMPT.fullmatch(text)) and not el.xpath(_BLOCK_CHILDREN),
                                   feat.texts_or_new(texts))
    return ctx.kill_all(doomed, "auto", lambda el: f"comment prompt: {dom.collapse(dom.string_of(el))[:40]!r}")


def _names_rating(el) -> bool:
    names = hints.names_of(el)
    return bool(names) and not RATING_TOKENS.isdisjoint(hints._tokens(names))


def still_attached(f: feat.Features, nodes: list[int]) -> list[int]:
    """``nodes`` without the blocks removed from the document (all of them when all were)."""
    kept = [i for i in nodes if f.elements[i].getparent() is not None]
    return kept or nodes
