"""The auto mode's rule: app shell -> off, article -> reader, anything else -> filter.

- App shell: a page whose served HTML has scripts and less than ``app_shell_max_chars`` of
  visible text (the content arrives by script); rewriting it would only break it.
- Article: text blocks (p, pre, td, and div holding text of their own) of at least
  ``min_block_chars`` characters, outside blocks whose class/id say comment, footer, sidebar
  and the like, score sqrt(chars - min_block_chars) each; the page is an article when the
  sum reaches ``article_score``. This is the shape of Firefox's "is probably readerable"
  test, written here from its description; README reports how often the two agree.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from . import dom

_INVISIBLE = frozenset({"script", "style", "noscript", "template", "head", "title", "svg"})
_BLOCKS = frozenset({"p", "pre", "td", "blockquote", "li", "dd"})
_UNLIKELY = re.compile(
    r"comment|footer|sidebar|banner|menu|nav|social|share|sponsor|related|popup|cookie|gdpr|"
    r"breadcrumb|pagination|pager|subscribe|newsletter|promo|masthead|header|disqus|replies|shoutbox",
    re.IGNORECASE,
)
_LIKELY = re.compile(r"article|body|content|main|post|story|entry|text", re.IGNORECASE)


@dataclass(frozen=True)
class Decision:
    mode: str  # reader | filter | off
    reason: str


def visible_text_length(doc) -> int:
    total = 0
    stack = [dom.body_of(doc)]
    while stack:
        el = stack.pop()
        if not dom.is_element(el) or dom.tag_of(el) in _INVISIBLE or el.get("hidden") is not None:
            continue
        total += len((el.text or "").strip())
        for child in el:
            stack.append(child)
            total += len((child.tail or "").strip())
    return total


def article_score(doc, min_block_chars: int) -> float:
    score = 0.0
    for el in dom.body_of(doc).iter():
        tag = dom.tag_of(el)
        if tag in _BLOCKS:
            chars = len(dom.text_of(el))
        elif tag == "div":
            chars = len((el.text or "").strip()) + sum(len((c.tail or "").strip()) for c in el)
        else:
            continue
        if chars < min_block_chars or _unlikely(el):
            continue
        score += math.sqrt(chars - min_block_chars)
    return score


def _unlikely(el) -> bool:
    """A block whose own class/id says boilerplate, or that sits in footer/aside/nav."""
    names = f"{el.get('class') or ''} {el.get('id') or ''}"
    if names.strip() and _UNLIKELY.search(names) and not _LIKELY.search(names):
        return True
    return any(dom.tag_of(node) in ("footer", "aside", "nav") for node in el.iterancestors())


def has_scripts(doc) -> bool:
    return next(doc.iter("script"), None) is not None


def decide(doc, settings) -> Decision:
    """The mode auto picks for ``doc`` (original, unfiltered) under AutoSettings ``settings``."""
    chars = visible_text_length(doc)
    if chars < settings.app_shell_max_chars and has_scripts(doc):
        return Decision("off", f"app shell: {chars} visible characters and scripts")
    score = article_score(doc, settings.min_block_chars)
    if score >= settings.article_score:
        return Decision("reader", f"article: text score {score:.1f} >= {settings.article_score}")
    return Decision("filter", f"not an article: text score {score:.1f} < {settings.article_score}")
