"""Features of a page's blocks for the learned block classifier (the DOM-weight paper, section 3.1).

Computed from the per-node counts that content selection already made in its one bottom-up
pass (``filters.content.features.Features``) and the markup hints (``content.hints``); no
second walk over the text. A *block* is one of ``BLOCK_TAGS`` (the paper's DIV and TD markers
and today's containers) holding at least ``MIN_BLOCK_CHARS`` characters.

Per block: its size (characters, share of the page and of its parent), link density and average
link length, punctuation, word-to-leaf ratio (words per leaf element, words = letters / 5),
NodeImp (non-link words / (links + tags), the paper's formula 1), headings, paragraphs,
images and form controls, depth and position in the page, the tag, what its class / id / role
say (its own hint and its nearest hinted ancestor's) and how many siblings share its tag and
class (repeated siblings are records or menus).
"""
from __future__ import annotations

import math

from ..content import hints
from ..content.features import Features

BLOCK_TAGS = ("div", "td", "section", "article", "main", "aside", "nav", "header", "footer", "ul", "ol", "table", "form", "p", "li", "dl", "blockquote")
MIN_BLOCK_CHARS = 10  # a block with less text cannot be judged by its words
LETTERS_PER_WORD = 5.0  # the papers' word: five letters
_TAG_CODE = {t: k for k, t in enumerate(BLOCK_TAGS)}

FEATURES = (
    "log_chars", "page_share", "parent_share", "link_density", "log_text_chars", "log_links", "avg_link_chars",
    "punct_per_100", "words_to_leaf", "node_imp", "headings", "paragraphs", "images", "controls",
    "depth", "rel_depth", "start", "end", "own_text_share", "chars_per_element",
    "hint", "ancestor_hint", "same_siblings", "siblings", *(f"tag_{t}" for t in BLOCK_TAGS),
)


def candidates(f: Features) -> list[int]:
    """Element numbers of the blocks to classify, in document order."""
    return [i for i in range(1, len(f)) if f.tags[i] in _TAG_CODE and f.chars[i] >= MIN_BLOCK_CHARS]


def extract(f: Features, kinds: list[int] | None = None) -> tuple[list[int], list[list[float]]]:
    """(block element numbers, one feature row per block). ``kinds``: hints.hint per element, if known."""
    n = len(f)
    if kinds is None:
        kinds = [hints.hint(f.elements[i], f.tags[i]) for i in range(n)]
    leaves = [0] * n
    paragraphs = [0] * n
    for i in range(n - 1, -1, -1):
        if f.count[i] == 1:
            leaves[i] += 1
        if f.tags[i] == "p":
            paragraphs[i] += 1
        p = f.parent[i]
        if p >= 0:
            leaves[p] += leaves[i]
            paragraphs[p] += paragraphs[i]
    ancestor = [0] * n  # the nearest hinted ancestor's hint
    for i in range(1, n):
        p = f.parent[i]
        ancestor[i] = kinds[p] if kinds[p] else ancestor[p]
    blocks = candidates(f)
    siblings = _sibling_groups(f, blocks)
    max_depth = max(f.depth) or 1
    total = f.chars[0] or 1
    rows = []
    for i in blocks:
        chars = f.chars[i]
        text = chars - f.link_chars[i]
        p = f.parent[i]
        same, count = siblings.get(i, (1, 1))
        row = [
            math.log1p(chars), chars / total, chars / (f.chars[p] or 1) if p >= 0 else 1.0,
            f.link_density(i), math.log1p(text), math.log1p(f.links[i]),
            f.link_chars[i] / f.links[i] if f.links[i] else 0.0,
            100.0 * f.punct[i] / chars, (chars / LETTERS_PER_WORD) / (leaves[i] or 1),
            (text / LETTERS_PER_WORD) / (f.links[i] + f.count[i]),
            math.log1p(f.headings[i]), math.log1p(paragraphs[i]), math.log1p(f.images[i]), math.log1p(f.controls[i]),
            float(f.depth[i]), f.depth[i] / max_depth, i / n, (i + f.count[i]) / n,
            f.blk_chars[i] / chars, chars / f.count[i],
            float(kinds[i]), float(ancestor[i]), float(same), float(count),
        ]
        onehot = [0.0] * len(BLOCK_TAGS)
        onehot[_TAG_CODE[f.tags[i]]] = 1.0
        rows.append(row + onehot)
    return blocks, rows


def _sibling_groups(f: Features, blocks: list[int]) -> dict[int, tuple[int, int]]:
    """Per block: (siblings sharing its tag and class, itself included; visible siblings)."""
    out: dict[int, tuple[int, int]] = {}
    by_parent: dict[int, list[int]] = {}
    for i in blocks:
        by_parent.setdefault(f.parent[i], []).append(i)
    for parent, members in by_parent.items():
        children = f.children(parent) if parent >= 0 else [0]
        keys: dict[tuple[str, str], int] = {}
        for j in children:
            key = (f.tags[j], f.elements[j].get("class") or "")
            keys[key] = keys.get(key, 0) + 1
        for i in members:
            out[i] = (keys.get((f.tags[i], f.elements[i].get("class") or ""), 1), len(children))
    return out
