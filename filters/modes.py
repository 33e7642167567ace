"""The auto mode's rule: app shell -> off, empty page with a description -> reader, article ->
reader, anything else -> filter.

- App shell: a page whose served HTML has scripts and less than ``app_shell_max_chars`` of
  visible text (the content arrives by script); rewriting it would only break it.
- Empty page: no scripts (nothing to break), next to no visible text, and a description in its
  metadata: the filtered page would be blank, the reader page shows the description, labelled.
- Article: text blocks (p, pre, td, and div/section/article/main holding text of their own, as
  ``<br>``-broken text does) of at least ``min_block_chars`` characters, outside blocks whose class/id say comment, footer, sidebar
  and the like, score sqrt(chars - min_block_chars) each; the page is an article when the
  sum reaches ``article_score``. This is the shape of Firefox's "is probably readerable"
  test, written here from its description; docs/modes.md reports how often the two agree.

Characters are Latin-equivalent (seeds/textstats.latin_length): a Chinese, Japanese or Thai
character counts as the Latin characters of the share of a word it writes, so a threshold means
the same amount of text in every script; text without such scripts counts one per character.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from lxml import etree

from . import dom
from .content.seeds.textstats import latin_length

_INVISIBLE = frozenset({"script", "style", "noscript", "template", "head", "title", "svg"})
_BLOCKS = frozenset({"p", "pre", "td", "blockquote", "li", "dd"})
# Containers whose own text (not their children's) is a block: text written straight into them
# with <br> line breaks is an article's paragraphs.
_OWN_TEXT_BLOCKS = frozenset({"div", "section", "article", "main"})
_UNLIKELY = re.compile(
    r"comment|footer|sidebar|banner|menu|nav|social|share|sponsor|related|popup|cookie|gdpr|"
    r"breadcrumb|pagination|pager|subscribe|newsletter|promo|masthead|header|disqus|replies|shoutbox",
    re.IGNORECASE,
)
_LIKELY = re.compile(r"article|body|content|main|post|story|entry|text", re.IGNORECASE)
_BOILERPLATE_TAGS = frozenset({"footer", "aside", "nav"})
# Content with less visible text than this holds "next to no text" (under a sentence): the reader
# page shows the page's own description as well (a forum thread served as an empty shell, its
# first post only in <meta name=description>).
NO_TEXT_MAX_CHARS = 80
# A description shorter than this says too little to stand in for the content.
MIN_SUMMARY_CHARS = 40


@dataclass(frozen=True)
class Decision:
    mode: str  # reader | filter | off
    reason: str


def visible_text_length(doc, stop_at: int | None = None) -> float:
    """Latin-equivalent characters of visible text in the body; with ``stop_at``, counting stops once the total
    reaches it (the answer is then some number >= ``stop_at``)."""
    return visible_text_length_of([dom.body_of(doc)], stop_at)


def visible_text_length_of(roots, stop_at: int | None = None) -> float:
    """``visible_text_length`` over the subtrees ``roots`` (tails of the roots left out)."""
    total = 0
    stack = list(roots)
    while stack:
        el = stack.pop()
        if not dom.is_element(el) or dom.tag_of(el) in _INVISIBLE or el.get("hidden") is not None:
            continue
        total += latin_length((el.text or "").strip())
        for child in el:
            stack.append(child)
            total += latin_length((child.tail or "").strip())
        if stop_at is not None and total >= stop_at:
            return total
    return total


def article_score(doc, min_block_chars: int) -> float:
    """Sum of sqrt(chars - min_block_chars) over qualifying text blocks; one pass each way."""
    body = dom.body_of(doc)
    elements = list(body.iter(etree.Element))  # elements only, as is_element keeps them
    above_body = body.getparent()
    text_len: dict = {}
    lengths = text_len.get
    score = 0.0
    for el in reversed(elements):  # children before parents: subtree lengths from the children's
        text = el.text
        own = latin_length(text.strip()) if text else 0
        below = 0
        for c in el:
            tail = c.tail
            if tail:
                own += latin_length(tail.strip())
            below += lengths(c, 0)
        total = own + below
        text_len[el] = total
        tag = el.tag
        if tag in _BLOCKS:
            chars = total
        elif tag in _OWN_TEXT_BLOCKS:
            chars = own
        else:
            continue
        if chars < min_block_chars or _inside_boilerplate(el, above_body) or _unlikely_name(el):
            continue
        score += math.sqrt(chars - min_block_chars)
    return score


def _inside_boilerplate(el, above_body) -> bool:
    """Whether ``el`` lies inside a footer/aside/nav (between it and the body's parent). Asked
    only of the few blocks long enough to score, so most elements are never walked up from."""
    for ancestor in el.iterancestors():
        if ancestor.tag in _BOILERPLATE_TAGS:
            return True
        if ancestor is above_body:
            return False
    return False


def _unlikely_name(el) -> bool:
    """A block whose own class/id says boilerplate."""
    names = f"{el.get('class') or ''} {el.get('id') or ''}"
    return bool(names.strip()) and bool(_UNLIKELY.search(names)) and not _LIKELY.search(names)


def has_scripts(doc) -> bool:
    return next(doc.iter("script"), None) is not None


def decide(doc, settings, description: str = "") -> Decision:
    """The mode auto picks for ``doc`` (original, unfiltered) under AutoSettings ``settings``;
    ``description``: the page's description from its metadata."""
    # Only a page with scripts can be an app shell, and only whether its visible text reaches
    # app_shell_max_chars matters: the walk stops there (and is skipped without scripts).
    if has_scripts(doc):
        chars = visible_text_length(doc, stop_at=settings.app_shell_max_chars)
        if chars < settings.app_shell_max_chars:
            return Decision("off", f"app shell: {chars:.0f} visible characters and scripts")
    elif len(description.strip()) >= MIN_SUMMARY_CHARS:
        chars = visible_text_length(doc, stop_at=NO_TEXT_MAX_CHARS)
        if chars < NO_TEXT_MAX_CHARS:
            return Decision("reader", f"empty page: {chars:.0f} visible characters; the reader page shows its description")
    score = article_score(doc, settings.min_block_chars)
    if score >= settings.article_score:
        return Decision("reader", f"article: text score {score:.1f} >= {settings.article_score}")
    return Decision("filter", f"not an article: text score {score:.1f} < {settings.article_score}")
