"""DOM weight value (Wang & Liu, ../shared/papers/dom-weight-value.txt): the heaviest subtree wins.

Steps (the paper's section 3.3): prune the ignore tags, fold the row tags into their block
parent, give every leaf NodeImp = non-link words / (links + tag pairs) (formula 1), give
every subtree Weight = WidthAttr x mean NodeImp of its leaves (formula 2), and take the
subtree of maximum weight (formula 3).

Our reading of what the paper leaves open:

- Pruning and folding are bookkeeping only: the page is not changed. Ignore tags (the
  paper: script, style, form, noscript, object, embed; ``ignore_tags``) and whatever the
  reader never renders or is hidden are skipped with their subtrees. A page wrapped in one
  <form> (ASP.NET) then has no content at all; that is the paper's rule, kept as a setting.
- Folding follows Table 1: the block tags (the paper: body, div, table, p, blockquote, ul,
  ol; its text names DIV and TD as the block markers; we add th, dl, pre and the HTML5
  blocks; ``block_tags``) make the tree, the title tags (h1-h3, and h4-h6; ``title_tags``)
  are leaves of their own, and every other tag folds into its block parent: the row tags
  (span, img, strong, b, em, i) and with them links (or a leaf could never "contain links"
  as formula 1 says), li, tr, br and the other phrasing tags. So a list is one leaf of
  its container, as a paragraph is. A tag that would fold but holds a block
  (``<a><div>..</div></a>``, ``<li><p>..</p></li>``) is a block itself.
- A *leaf* is a block whose children are all folded (the paper's "bottom layer tag nodes").
  Text sitting directly in a block that also has block children (``<div>text<p>..</p></div>``)
  forms anonymous leaves, one per run between block children, as a browser makes
  anonymous block boxes; otherwise that text would belong to no leaf.
- WordNum counts non-link words, language independently (textstats.py: ``\\w+`` runs, and
  ``chars_per_word`` characters per word in CJK / Thai). LinkNum counts ``a[href]``.
  TagNum counts the leaf's own tag pair plus the non-void tags folded into it (img and br
  have no pair), at least 1, so NodeImp is never x / 0.
- Leaves without words carry no body text and are left out of the mean (an empty <p> or a
  lone image would otherwise drag a real article's mean down); so are title leaves, which
  the paper extracts as the title, not as body text.
- ``min_leaves``: a subtree needs this many body-text leaves to compete. The paper has no
  such floor (``min_leaves: 1``); then a one-paragraph author bio or cookie notice, with
  one dense leaf, outweighs any article whose mean includes short paragraphs, and the
  rule scores word F1 0.36 on wcxb-dev. The default 5 was tuned there (see the README).
- The subtrees are the paper's "child trees": a block and the set of its leaf children
  (the leaves that share that parent). The mean is over that set. The winning subtree is
  served whole (its nested lists, figures and tables included), not only its leaves.
- WidthAttr is the block's share of the page width: the ``width`` attribute or an inline
  ``width`` / ``max-width`` style (percent of the parent's share, or pixels over
  ``page_width_px``), or a 12-column grid class (``col-md-8`` = 8/12 of the parent) when
  ``grid_classes`` is on. A block without any of these fills its parent (the default is
  the parent's share; <body> is 1.0), which is what CSS does with a block in normal flow.
- "Three sections" and other content split over sibling subtrees: the paper keeps one
  subtree. We keep with the winner its sibling subtrees (same parent) weighing at least
  ``sibling_ratio`` of it, as a multi-node selection in document order; 1.0 keeps ties only.
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
