"""DOM weight value (Wang & Liu), as ``weighted_subtree``: the heaviest subtree wins.

The ignore tags are skipped and the other tags folded into their block parent (``block_tags``,
``title_tags``); every leaf gets NodeImp = non-link words / (links + tag pairs), every block with
its leaf children Weight = its width share x their mean NodeImp, and the heaviest block with at
least ``min_leaves`` body-text leaves wins, with its siblings weighing ``sibling_ratio`` of it.
textstats.py counts the words and walks the tree. Our reading of the paper: docs/content-rules.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ... import dom
from ...context import PageContext
from ...typed import field
from ..base import ContentAlgorithm, Selection, register
from .textstats import NEVER_SHOWN, WordCounter, is_link, parent_positions, visible_elements

# Elements without a closing tag: folded, they add no tag pair.
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
# A width as written in an attribute or a style ("50%", "300px", "20em"), a style's width, a grid's column class.
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(%|px|em|rem)?\s*$", re.IGNORECASE)
_STYLE_WIDTH = re.compile(r"(?:^|;)\s*(max-width|width)\s*:\s*([^;!]+)", re.IGNORECASE)
_GRID_CLASS = re.compile(r"^(?:col|column|span|grid)-(?:(?:xs|sm|md|lg|xl|xxl)-)?(\d{1,2})$")
GRID_COLUMNS = 12  # Bootstrap / Foundation grids divide the row into 12 columns
EM_PX = 16  # the browsers' default font size


def _check_tags(value: tuple[str, ...]) -> str | None:
    bad = [t for t in value if not re.fullmatch(r"[a-z][a-z0-9-]*", t)]
    return f"not tag names: {', '.join(map(repr, bad))}" if bad else None


@dataclass(frozen=True)
class WeightedSubtreeOptions:
    ignore_tags: tuple[str, ...] = field(doc="pruned with their subtrees (the paper: script style form noscript object embed)", check=_check_tags)
    block_tags: tuple[str, ...] = field(doc="the tree's blocks; every other tag folds into its block parent", check=_check_tags)
    title_tags: tuple[str, ...] = field(doc="headings: leaves of their own, left out of the NodeImp mean", check=_check_tags)
    chars_per_word: float = field(doc="characters per word in scripts written without spaces (CJK, Thai)", min=0.5, max=10.0)
    page_width_px: int = field(doc="the page width pixel widths are measured against", min=100, max=10000)
    grid_classes: bool = field(doc="read col-md-8 style grid classes as width shares (8/12)")
    min_leaves: int = field(doc="a subtree needs this many body-text leaves to compete", min=1)
    sibling_ratio: float = field(doc="sibling subtrees weighing at least this share of the winner are kept with it", min=0.0, max=1.0)


@dataclass
class _Tree:
    nodes: list
    parents: list[int]
    folded: list[bool]
    words: list[float]  # non-link words (folded tags: what they add to their block; leaves: theirs)
    links: list[int]
    tags: list[int]  # tag pairs folded in
    imp_sum: list[float]  # sum of NodeImp over the leaf children (and anonymous leaves)
    imp_count: list[int]
    is_leaf: list[bool]
    leaf_imp: list[float]  # NodeImp of a body-text leaf (0 for titles and wordless leaves)


def measure(body, counter: WordCounter, opts: WeightedSubtreeOptions) -> _Tree:
    """One bottom-up pass: fold non-block tags, find leaves, sum NodeImp per parent."""
    skip = NEVER_SHOWN | frozenset(opts.ignore_tags)
    blocks = frozenset(opts.block_tags)
    titles = frozenset(opts.title_tags)
    nodes = visible_elements(body, skip)
    n = len(nodes)
    index = {el: i for i, el in enumerate(nodes)}
    parents = parent_positions(nodes, index)
    in_link = [False] * n
    for i in range(1, n):
        p = parents[i]
        in_link[i] = in_link[p] or is_link(nodes[p])
    t = _Tree(nodes, parents, [False] * n, [0.0] * n, [0] * n, [0] * n, [0.0] * n, [0] * n, [False] * n, [0.0] * n)
    # Locals: this loop runs once per element of every page.
    get, folded, words, links, tags, leaf_imp = index.get, t.folded, t.words, t.links, t.tags, t.leaf_imp

    def count(text) -> float:
        return counter.count(text)[0]

    for i in range(n - 1, -1, -1):
        el = nodes[i]
        link_text = in_link[i] or is_link(el)
        run_words = 0.0 if link_text else count(el.text)
        run_links = run_tags = 0
        has_block = False
        imp_sum, imp_count = 0.0, 0
        for child in el:
            j = get(child)
            if j is not None:
                if folded[j]:
                    run_words += words[j]
                    run_links += links[j]
                    run_tags += tags[j]
                else:
                    has_block = True
                    if run_words > 0:  # an anonymous leaf before this block child
                        imp_sum += run_words / (run_links + max(run_tags, 1))
                        imp_count += 1
                    run_words, run_links, run_tags = 0.0, 0, 0
                    if leaf_imp[j] > 0:
                        imp_sum += leaf_imp[j]
                        imp_count += 1
            tail = child.tail
            if tail and not link_text:
                run_words += count(tail)
        tag = el.tag
        if i > 0 and not has_block and tag not in blocks and tag not in titles:
            folded[i] = True
            words[i] = run_words
            links[i] = run_links + (1 if is_link(el) else 0)
            tags[i] = run_tags + (0 if tag in _VOID else 1)
            continue
        if not has_block:
            t.is_leaf[i] = True
            words[i] = run_words
            if run_words > 0 and tag not in titles:
                leaf_imp[i] = run_words / (run_links + run_tags + 1)
            continue
        if run_words > 0:
            imp_sum += run_words / (run_links + max(run_tags, 1))
            imp_count += 1
        t.imp_sum[i], t.imp_count[i] = imp_sum, imp_count
    return t


def width_shares(t: _Tree, opts: WeightedSubtreeOptions) -> list[float]:
    """Each element's share of the page width (top-down: a block without a width fills its parent)."""
    shares = [1.0] * len(t.nodes)
    for i in range(1, len(t.nodes)):
        parent_share = shares[t.parents[i]]
        own = _declared_share(t.nodes[i], parent_share, opts)
        shares[i] = parent_share if own is None else min(parent_share, own)
    return shares


def _declared_share(el, parent_share: float, opts: WeightedSubtreeOptions) -> float | None:
    share = None
    width = el.get("width")
    if width:
        share = _length_share(width, parent_share, opts)
    style = el.get("style")
    if style and "width" in style.lower():
        for _prop, value in _STYLE_WIDTH.findall(style):
            found = _length_share(value, parent_share, opts)
            if found is not None:
                share = found if share is None else min(share, found)
    if share is None and opts.grid_classes:
        for cls in (el.get("class") or "").split():
            m = _GRID_CLASS.match(cls)
            if m and 0 < int(m.group(1)) <= GRID_COLUMNS:
                share = parent_share * int(m.group(1)) / GRID_COLUMNS
    return share


def _length_share(value: str, parent_share: float, opts: WeightedSubtreeOptions) -> float | None:
    m = _LENGTH.match(value)
    if not m:
        return None
    number, unit = float(m.group(1)), (m.group(2) or "px").lower()
    if unit == "%":
        return parent_share * min(number, 100.0) / 100.0
    px = number * EM_PX if unit in ("em", "rem") else number
    return px / opts.page_width_px


@register
class WeightedSubtree(ContentAlgorithm):
    name = "weighted_subtree"
    Options = WeightedSubtreeOptions

    def __init__(self, options: WeightedSubtreeOptions, env):
        super().__init__(options, env)
        self._counter = WordCounter(options.chars_per_word)

    def select(self, doc, ctx: PageContext) -> Selection | None:
        t = measure(dom.body_of(doc), self._counter, self.options)
        candidates = [i for i in range(len(t.nodes)) if t.imp_count[i] >= self.options.min_leaves]
        if not candidates:
            return None
        shares = width_shares(t, self.options)
        weight = {i: shares[i] * t.imp_sum[i] / t.imp_count[i] for i in candidates}
        best = max(candidates, key=lambda i: (weight[i], -i))
        if weight[best] <= 0:
            return None
        floor = self.options.sibling_ratio * weight[best]
        chosen = [i for i in candidates if t.parents[i] == t.parents[best] and weight[i] >= floor] if best else [best]
        el = t.nodes[best]
        reason = (
            f"{dom.describe(el)}: weight {weight[best]:.2f} = width {shares[best]:.2f} x mean NodeImp "
            f"of {t.imp_count[best]} leaves" + (f", with {len(chosen) - 1} sibling subtrees" if len(chosen) > 1 else "")
        )
        return Selection(tuple(t.nodes[i] for i in chosen), weight[best], reason, self.name)
