"""Per-node text features for content selection, computed once per page in two flat passes.

A forward ``iterwalk`` (no recursion: pages nest 100,000 deep) numbers the visible elements
in document order and attributes every piece of text to the element it sits in directly and
to its *text block*: the nearest block-level ancestor-or-self (a ``<p>`` with its links and
emphasis is one block; a ``<div>`` holding bare text is one too). A backward pass over the
numbered elements sums subtree totals into each parent.

Invisible subtrees (script, style, template, form controls, svg, ``hidden``,
``aria-hidden=true``, inline ``display:none``) are skipped, except for their tails, which
belong to the parent. These are the elements the text renderer leaves out too, so what the
features measure is what a reader would get.

Lengths are characters of stripped text, so CJK text (no spaces) counts like any other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

# Block-level tags: text inside them starts a new text block.
BLOCK_TAGS = frozenset(
    "address article aside blockquote body caption center dd details dialog dir div dl dt fieldset "
    "figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre "
    "section summary table tbody tfoot thead tr td th ul html".split()
)
# Never shown as text (the renderer skips them as well).
INVISIBLE_TAGS = frozenset(
    "script style noscript template head title select option datalist iframe object embed svg math "
    "button input textarea link meta base canvas audio video source track map param".split()
)
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
CONTROL_TAGS = frozenset({"input", "button", "select", "textarea"})
# Sentence punctuation, Latin and CJK: real prose has it, menus and link lists rarely do.
_PUNCT = re.compile(r"[.,;:!?\u3001\u3002\uff0c\uff01\uff1f\uff1b\uff1a\u060c\u061f\u0964]")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def is_hidden(el) -> bool:
    """Hidden by attribute or inline style (what a browser would not show)."""
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    style = el.get("style")
    return bool(style) and _HIDDEN_STYLE.search(style) is not None


@dataclass
class Features:
    """Parallel lists indexed by element number (document order, visible elements only)."""

    elements: list  # the lxml elements
    tags: list[str]
    parent: list[int]  # -1 for the root
    depth: list[int]
    block: list[int]  # the text block (nearest block-level ancestor-or-self) of each element
    is_block: list[bool]
    # Text of each element's own text block (block-level elements only; 0 for inline ones).
    blk_chars: list[int]
    blk_link: list[int]
    blk_punct: list[int]
    # Subtree totals.
    chars: list[int]
    link_chars: list[int]
    punct: list[int]
    links: list[int]  # a[href] elements
    is_link: list[bool]  # the element itself is an a[href]
    controls: list[int]  # form controls (counted although invisible)
    headings: list[int]
    images: list[int]
    count: list[int]  # elements, self included
    index: dict  # element -> number
    hidden: list  # (parent number, element): subtrees skipped because they are hidden, not by tag

    def __len__(self) -> int:
        return len(self.elements)

    def link_density(self, i: int) -> float:
        return self.link_chars[i] / self.chars[i] if self.chars[i] else 0.0

    def children(self, i: int) -> list[int]:
        """Numbers of the visible element children of element ``i``."""
        out = []
        for child in self.elements[i]:
            j = self.index.get(child)
            if j is not None:
                out.append(j)
        return out


def compute(root) -> Features:
    """Features of ``root`` and every visible element under it."""
    elements: list = []
    tags: list[str] = []
    parent: list[int] = []
    depth: list[int] = []
    block: list[int] = []
    is_block: list[bool] = []
    own_chars: list[int] = []
    own_link: list[int] = []
    own_punct: list[int] = []
    blk_chars: list[int] = []
    blk_link: list[int] = []
    blk_punct: list[int] = []
    is_link: list[bool] = []
    controls: list[int] = []
    hidden: list = []
    stack: list[int] = []
    link_depth = 0
    skipped = False  # the last start event was an invisible element, skipped with its subtree
    punct_findall = _PUNCT.findall

    def add_text(i: int, text: str, in_link: bool) -> None:
        text = text.strip()
        if not text:
            return
        n = len(text)
        b = block[i]
        own_chars[i] += n
        blk_chars[b] += n
        if in_link:
            own_link[i] += n
            blk_link[b] += n
        else:
            p = len(punct_findall(text))
            own_punct[i] += p
            blk_punct[b] += p

    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, el in walker:
        if event == "start":
            tag = el.tag.lower() if isinstance(el.tag, str) else ""
            if tag in INVISIBLE_TAGS or not tag:
                walker.skip_subtree()
                skipped = True
                if tag in CONTROL_TAGS and stack:
                    controls[stack[-1]] += 1
                continue
            if stack and is_hidden(el):
                walker.skip_subtree()
                skipped = True
                hidden.append((stack[-1], el))
                continue
            i = len(elements)
            elements.append(el)
            tags.append(tag)
            parent.append(stack[-1] if stack else -1)
            depth.append(len(stack))
            blockish = tag in BLOCK_TAGS or not stack
            is_block.append(blockish)
            block.append(i if blockish else block[stack[-1]])
            own_chars.append(0)
            own_link.append(0)
            own_punct.append(0)
            blk_chars.append(0)
            blk_link.append(0)
            blk_punct.append(0)
            controls.append(0)
            linked = tag == "a" and el.get("href") is not None
            is_link.append(linked)
            if linked:
                link_depth += 1
            stack.append(i)
            if el.text:
                add_text(i, el.text, link_depth > 0)
        elif event == "end":
            if skipped:
                skipped = False
            else:
                i = stack.pop()
                if is_link[i]:
                    link_depth -= 1
            if el.tail and stack:
                add_text(stack[-1], el.tail, link_depth > 0)
        else:  # comment or processing instruction: only its tail is text
            if el.tail and stack:
                add_text(stack[-1], el.tail, link_depth > 0)

    n = len(elements)
    chars = own_chars[:]
    link_chars = own_link[:]
    punct = own_punct[:]
    links = [1 if x else 0 for x in is_link]
    headings = [1 if t in HEADING_TAGS else 0 for t in tags]
    images = [1 if t in ("img", "picture") else 0 for t in tags]
    count = [1] * n
    for i in range(n - 1, 0, -1):
        p = parent[i]
        if p < 0:
            continue
        chars[p] += chars[i]
        link_chars[p] += link_chars[i]
        punct[p] += punct[i]
        links[p] += links[i]
        controls[p] += controls[i]
        headings[p] += headings[i]
        images[p] += images[i]
        count[p] += count[i]
    return Features(
        elements, tags, parent, depth, block, is_block, blk_chars, blk_link, blk_punct,
        chars, link_chars, punct, links, is_link, controls, headings, images, count,
        {el: i for i, el in enumerate(elements)},
        hidden,
    )
