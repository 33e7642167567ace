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
from itertools import accumulate

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

# The pruning model's extra features: the block's place inside the selected content (where its text
# starts and ends, as shares of the content's text), its share of that text, the content's size, and
# what the content is (an article; a thread whose comments are the content).
PRUNE_FEATURES = ("content_start", "content_end", "content_share", "content_log_chars", "article", "forum")


def candidates(f: Features) -> list[int]:
    """Element numbers of the blocks to classify, in document order."""
    return [i for i in range(1, len(f)) if f.tags[i] in _TAG_CODE and f.chars[i] >= MIN_BLOCK_CHARS]


def extract(f: Features, kinds: list[int] | None = None, blocks=None) -> tuple[list[int], list[list[float]]]:
    """(block element numbers, one feature row per block). ``kinds``: hints.hint per element, if known.

    ``blocks``: only these element numbers (any iterable; those that are not blocks, see
    ``candidates``, are left out), in document order: each row is the one the whole page's
    extraction gives that block. The page-wide context is taken cheaply for them alone: subtree
    leaf and paragraph counts from prefix sums over the element numbers (a subtree is a range),
    the nearest hinted ancestor by walking up, sibling groups only under the blocks' parents, and
    markup hints (when ``kinds`` is None) only for the blocks and their ancestors.
    """
    n = len(f)
    tags, chars_of, count, parent = f.tags, f.chars, f.count, f.parent
    if blocks is None:
        blocks = candidates(f)
    else:
        blocks = sorted({i for i in blocks if 0 < i < n and tags[i] in _TAG_CODE and chars_of[i] >= MIN_BLOCK_CHARS})
    hint_of = kinds.__getitem__ if kinds is not None else _lazy_hints(f)
    ancestor_of = _nearest_hinted_ancestor(parent, hint_of)
    # element numbers of a subtree run i .. i + count[i] - 1: its leaves and paragraphs are prefix-sum differences
    # (map with a bound __eq__ runs the comparisons in C: the same bools a generator would give, so the same sums)
    leaves = list(accumulate(map((1).__eq__, count), initial=0))
    paragraphs = list(accumulate(map("p".__eq__, tags), initial=0))
    siblings = _sibling_groups(f, blocks)
    max_depth = max(f.depth) or 1
    total = chars_of[0] or 1
    link_chars, links, punct, headings, images, controls, depth, blk_chars = (
        f.link_chars, f.links, f.punct, f.headings, f.images, f.controls, f.depth, f.blk_chars)
    log1p, no_tag, first_tag = math.log1p, [0.0] * len(BLOCK_TAGS), len(FEATURES) - len(BLOCK_TAGS)
    rows = []
    for i in blocks:
        chars, lc, nl, c, d = chars_of[i], link_chars[i], links[i], count[i], depth[i]
        text = chars - lc
        p = parent[i]
        end = i + c
        same, siblings_count = siblings.get(i, (1, 1))
        row = [
            log1p(chars), chars / total, chars / (chars_of[p] or 1) if p >= 0 else 1.0,
            lc / chars if chars else 0.0, log1p(text), log1p(nl),
            lc / nl if nl else 0.0,
            100.0 * punct[i] / chars, (chars / LETTERS_PER_WORD) / ((leaves[end] - leaves[i]) or 1),
            (text / LETTERS_PER_WORD) / (nl + c),
            log1p(headings[i]), log1p(paragraphs[end] - paragraphs[i]), log1p(images[i]), log1p(controls[i]),
            float(d), d / max_depth, i / n, end / n,
            blk_chars[i] / chars, chars / c,
            float(hint_of(i)), float(ancestor_of(i)), float(same), float(siblings_count),
            *no_tag,
        ]
        row[first_tag + _TAG_CODE[tags[i]]] = 1.0
        rows.append(row)
    return blocks, rows


def _nearest_hinted_ancestor(parent: list[int], hint_of):
    """element -> the hint of its nearest ancestor with one (0: none), memoised along each walked
    path: blocks share their ancestors, so every element is looked at once however many blocks
    are asked for (walking up from each alone is quadratic in a deep page's depth)."""
    nearest: dict[int, int] = {}  # element -> hint of its nearest hinted ancestor-or-self

    def ancestor_of(i: int) -> int:
        x, path = parent[i], []
        while x >= 0 and x not in nearest:
            k = hint_of(x)
            if k:
                nearest[x] = k
                break
            path.append(x)
            x = parent[x]
        k = nearest.get(x, 0) if x >= 0 else 0
        for y in path:
            nearest[y] = k
        return k

    return ancestor_of


def _lazy_hints(f: Features):
    """hints.hint of an element, computed on first use."""
    known: dict[int, int] = {}

    def hint_of(i: int) -> int:
        k = known.get(i)
        if k is None:
            k = known[i] = hints.hint(f.elements[i], f.tags[i])
        return k

    return hint_of


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


def prune_rows(f: Features, kinds: list[int] | None, nodes: list[int], blocks, *, article: bool = False,
               forum: bool = False) -> tuple[list[int], list[list[float]]]:
    """``extract``'s rows for ``blocks`` (element numbers inside the selected ``nodes``), each with
    ``PRUNE_FEATURES`` after them. A block's start and end are shares of the content's text before
    it and up to its end (text blocks' characters summed in document order, the nodes one after
    the other)."""
    numbers, rows = extract(f, kinds, blocks)
    roots = sorted(nodes)
    content_chars = sum(f.chars[r] for r in roots) or 1
    before = list(accumulate(f.blk_chars, initial=0))  # text of the text blocks before each element number
    offsets, total = [], 0
    for r in roots:  # text of the earlier selected nodes
        offsets.append(total)
        total += f.chars[r]
    chars = f.chars
    flags = [1.0 if article else 0.0, 1.0 if forum else 0.0]
    log_content = math.log1p(content_chars)
    k = 0
    for i, row in zip(numbers, rows):
        while k + 1 < len(roots) and roots[k + 1] <= i:  # the selected node holding i (blocks come in document order)
            k += 1
        root = roots[k] if roots else 0
        start = (offsets[k] if roots else 0) + before[i] - before[root]
        row += [min(1.0, start / content_chars), min(1.0, (start + chars[i]) / content_chars), chars[i] / content_chars,
                log_content, *flags]
    return numbers, rows
