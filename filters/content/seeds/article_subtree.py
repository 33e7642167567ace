"""The seed paper's article-subtree rule: the first subtree whose paragraphs hold >= 500 characters.

Reading of the paper (it is loose here): paragraphs come in three shapes, ``<p>text</p>``,
``<div>text</div>`` and text separated by ``<br>``. A subtree's paragraph text is the text of
its *direct* paragraph children (p and div children that hold text of their own, plus
br-separated text sitting directly in the node). Counting all descendants instead would make
<body> the first qualifying subtree on every page, which the paper plainly does not mean.
Among the subtrees whose paragraph text reaches the threshold, the first in document order
wins ("visually the upper-most"), even when a later one is larger.
"""
from __future__ import annotations

from dataclasses import dataclass

from ... import dom
from ...context import PageContext
from ...typed import field
from ..base import ContentAlgorithm, Selection, register

# The paper's paragraphs: text in these counts toward a subtree's paragraph characters.
_PARAGRAPH_TAGS = frozenset({"p", "div"})


@dataclass(frozen=True)
class ArticleSubtreeOptions:
    min_paragraph_chars: int = field(doc="paragraph characters a subtree needs (the paper: 500)", min=1)


def own_text_length(el) -> int:
    """Characters of text sitting directly in ``el`` (not in child elements)."""
    total = len((el.text or "").strip())
    for child in el:
        total += len((child.tail or "").strip())
    return total


def paragraph_chars(el) -> int:
    """Characters in the paragraphs directly under ``el`` (p/div children and br-separated text)."""
    total = 0
    has_br = False
    for child in el:
        tag = dom.tag_of(child)
        if tag in _PARAGRAPH_TAGS:
            total += len(dom.text_of(child)) if tag == "p" else own_text_length(child)
        elif tag == "br":
            has_br = True
    if has_br:
        total += own_text_length(el)
    return total


@register
class ArticleSubtree(ContentAlgorithm):
    name = "article_subtree"
    Options = ArticleSubtreeOptions

    def select(self, doc, ctx: PageContext) -> Selection | None:
        threshold = self.options.min_paragraph_chars
        for el in dom.body_of(doc).iter():
            if not dom.is_element(el):
                continue
            chars = paragraph_chars(el)
            if chars >= threshold:
                return Selection((el,), float(chars), f"first subtree with {chars} >= {threshold} paragraph characters", self.name)
        return None
