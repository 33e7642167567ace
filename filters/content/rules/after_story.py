"""The furniture after an article's story that its markup names, for ``auto``.

- ``remove_named_furniture``: after the story's last paragraph, a block whose class or id names
  what it is (a related-posts list, an affiliate note, a community notice, the next story, an
  author card, a portal's side box) is the site's furniture placed inside the
  article's container, not the story. Only blocks after the story's last paragraph go: the same
  names above it (an affiliate note inside the story, a related quote) stay.
"""
from __future__ import annotations

import re2

from ...context import PageContext
from .. import features as feat
from .. import hints
from .closing_blocks import STORY_MIN_CHARS, STORY_PARAGRAPH_CHARS

# The blocks a module of furniture is built of (a line's <span> or <a> is the rules of lines').
_BLOCK_TAGS = ("div", "section", "aside", "ul", "ol", "dl", "p", "table", "footer")
# The paragraphs and the named blocks under a root, in document order.
_QUERY = ".//p | " + " | ".join(f".//{tag}[@class or @id]" for tag in _BLOCK_TAGS if tag != "p")
# Words in a block's class or id naming furniture, matched inside the lower-cased names:
# related posts ("related_post", "wp_rp", "kontextliste", "moreabout"), affiliate and community
# notes and disclaimers ("affiliate-text", "community-notice"), the next story ("nextstory",
# "next-post"), author cards and boxes ("saboxplugin-wrap", "author-card", "author-bio"), portal
# side boxes ("portletWrapper"), lists of other stories ("news-list", "linkList"), newsletter
# boxes spelled apart ("news-letter-section"), the post's footer ("entry-footer"), app store
# badges. ("teaser" and "contact" are not: a service page's cards and a guide's entries are
# teasers, and a service page ends with its contact block, which is its content.)
_FURNITURE_NAMES = re2.compile(
    r"related|affiliate|notice|nextstory|next-story|next-post|nextpost|saboxplugin|author|portlet|"
    r"news-letter|news-list|linklist|link-list|kontext|moreabout|more-about|disclaimer|footer|appstore")
# A furniture module is smaller than the rest of its container: a named block holding most of the
# text after the story is more likely the story's own (a guide's long "related" section).
FURNITURE_MAX_SHARE = 0.5


def remove_named_furniture(roots: list, ctx: PageContext, texts: feat.Texts | None = None) -> int:
    """Remove, under ``roots``, the blocks whose class or id holds a word of ``_FURNITURE_NAMES``
    standing after the story's last paragraph (the last <p> of ``STORY_PARAGRAPH_CHARS`` or more
    outside such blocks) and holding at most ``FURNITURE_MAX_SHARE`` of their root's text (a list
    of links: any share); none when less would be left than goes and than ``STORY_MIN_CHARS`` (a
    page that is mostly such blocks is their own page). Returns how many went. Texts read from
    ``texts``."""
    if not roots:
        return 0
    # (one query per root, in document order: the paragraphs and the blocks with a class or id;
    # no walk over every element, which on a deep tree costs a walk up from each one)
    found = [(root, root.xpath(_QUERY)) for root in roots]
    named = [(root, el) for root, els in found for el in els if el is not root and _named(el)]
    if not named:
        return 0
    texts = feat.texts_or_new(texts)
    # (the named blocks small enough to be furniture: a named wrapper holding most of its root,
    # a portal's "portlet-body" around the story, is the story's own)
    limits = {root: len(texts.collapsed(root)) * FURNITURE_MAX_SHARE for root in roots}
    fits = {el for root, el in named if texts.collapsed(el) and (len(texts.collapsed(el)) <= limits[root] or _link_list(el))}
    if not fits:
        return 0
    # (the story's last paragraph, in the last root holding one: the roots after it are all after the story)
    at = None
    for k in range(len(found) - 1, -1, -1):
        at = _last_story_paragraph(found[k], fits, texts)
        if at is not None:
            break
    if at is None:
        return 0
    doomed: list = []
    gone: set = set()
    for n, (root, els) in enumerate(found[k:]):
        for el in els[at + 1:] if n == 0 else els:
            if el in fits and not any(a in gone for a in _ancestors_below(el, root)):  # (inside a block going: it goes with it)
                doomed.append(el)
                gone.add(el)
    if not doomed:
        return 0
    removed = sum(len(texts.collapsed(el)) for el in doomed)
    if sum(len(texts.collapsed(root)) for root in roots) - removed < min(removed, STORY_MIN_CHARS):
        return 0
    return ctx.kill_all(doomed, "auto", lambda el: f"named furniture after the article ({hints.names_of(el)[:30]}): {texts.collapsed(el)[:40]!r}")


def _named(el) -> bool:
    """Whether ``el``'s class or id holds a word of ``_FURNITURE_NAMES``."""
    names = hints.names_of(el)
    return bool(names) and _FURNITURE_NAMES.search(names.lower()) is not None


def _link_list(el) -> bool:
    """Whether ``el`` is a list whose every item holds a link (a related-posts list with excerpts)."""
    if el.tag not in ("ul", "ol"):
        return False
    items = [li for li in el if li.tag == "li"]
    return bool(items) and all(li.find(".//a") is not None for li in items)


def _ancestors_below(el, root):
    """``el``'s ancestors up to (not including) ``root``."""
    for a in el.iterancestors():
        if a is root:
            return
        yield a


def _last_story_paragraph(found, named: set, texts: feat.Texts) -> int | None:
    """The number in ``found`` (a root and its query's elements) of the last <p> of
    ``STORY_PARAGRAPH_CHARS`` or more not inside a block of ``named``."""
    root, els = found
    for i in range(len(els) - 1, -1, -1):
        p = els[i]
        if p.tag != "p" or p is root or len(texts.collapsed(p)) < STORY_PARAGRAPH_CHARS:
            continue
        if p in named or any(a in named for a in _ancestors_below(p, root)):
            continue
        return i
    return None
