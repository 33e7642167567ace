"""Word-to-leaf ratio with link density (WLR; Chandramma et al.), as ``word_leaf_ratio``.

WLR(n) = words / text leaves; the seeds are the nodes with WLR >= sqrt(max WLR x WLR(body));
every element with words is a candidate, scored by its relevance R (its density, to the power
``density_exponent``, times the seed mass it holds) and its link weight W, both normalised; the
node maximising ``relevance_weight`` R + ``link_weight`` W wins (ties: the outer one).
textstats.py counts the words and walks the tree. Our reading of the paper: docs/content-rules.md.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ... import dom
from ...context import PageContext
from ...typed import field
from ..base import ContentAlgorithm, Selection, register
from .textstats import INLINE_FORMATTING, WordCounter, is_link, visible_elements


@dataclass(frozen=True)
class WordLeafRatioOptions:
    relevance_weight: float = field(doc="weight of the relevance R in the final score (the paper: 0.7)", min=0.0, max=1.0)
    link_weight: float = field(doc="weight of the link-density weight W in the final score (the paper: 0.3)", min=0.0, max=1.0)
    chars_per_word: float = field(doc="characters per word in scripts written without spaces (CJK, Thai)", min=0.5, max=10.0)
    density_exponent: float = field(doc="R = Iwlr(n) ** this x seed mass; 1 = the paper's product", min=0.0, max=4.0)


@dataclass
class _Tree:
    """Per-element statistics, indexed by pre-order position (0 = body)."""

    nodes: list
    words: list[float]
    chars: list[int]
    links: list[int]
    link_chars: list[int]
    leaves: list[int]
    best_leaf: list[float]  # words of the largest text leaf held directly by the element
    least_leaf: list[float]  # words of the smallest (non-empty) one; inf when none
    folded: list[bool]  # inline formatting whose text belongs to its parent's leaf
    children: list[list[int]]  # indexes of the element children that are not folded


def measure(body, counter: WordCounter) -> _Tree:
    """One bottom-up pass: words, characters, links and text leaves of every visible element."""
    nodes = visible_elements(body)
    n = len(nodes)
    index = {el: i for i, el in enumerate(nodes)}
    t = _Tree(nodes, [0.0] * n, [0] * n, [0] * n, [0] * n, [0] * n, [0.0] * n, [math.inf] * n, [False] * n, [[] for _ in range(n)])
    # Locals: this loop runs once per element of every page.
    count, get = counter.count, index.get
    t_words, t_chars, t_links, t_link_chars, t_leaves, folded = t.words, t.chars, t.links, t.link_chars, t.leaves, t.folded
    for i in range(n - 1, -1, -1):
        el = nodes[i]
        words = 0.0
        chars = links = link_chars = leaves = 0
        best, least = 0.0, math.inf
        run_words, run_chars = count(el.text)
        kids = t.children[i]
        for child in el:
            j = get(child)
            if j is not None:
                if folded[j]:
                    run_words += t_words[j]
                    run_chars += t_chars[j]
                else:
                    if run_words > 0:
                        leaves += 1
                        best, least = max(best, run_words), min(least, run_words)
                        words += run_words
                        chars += run_chars
                    run_words, run_chars = 0.0, 0
                    words += t_words[j]
                    chars += t_chars[j]
                    links += t_links[j]
                    link_chars += t_link_chars[j]
                    leaves += t_leaves[j]
                    kids.append(j)
            tail = child.tail
            if tail:
                tail_words, tail_chars = count(tail)
                run_words += tail_words
                run_chars += tail_chars
        if run_words > 0:
            leaves += 1
            best, least = max(best, run_words), min(least, run_words)
            words += run_words
            chars += run_chars
        if is_link(el):
            links += 1
            link_chars = chars
        t_words[i], t_chars[i], t_links[i], t_link_chars[i], t_leaves[i] = words, chars, links, link_chars, leaves
        t.best_leaf[i], t.least_leaf[i] = best, least
        folded[i] = i > 0 and not kids and el.tag in INLINE_FORMATTING
    return t


@register
class WordLeafRatio(ContentAlgorithm):
    name = "word_leaf_ratio"
    Options = WordLeafRatioOptions

    def __init__(self, options: WordLeafRatioOptions, env):
        super().__init__(options, env)
        self._counter = WordCounter(options.chars_per_word)

    def select(self, doc, ctx: PageContext) -> Selection | None:
        t = measure(dom.body_of(doc), self._counter)
        if t.leaves[0] == 0:
            return None
        s = score(t, self.options)
        best = s.best
        el = t.nodes[best]
        reason = (
            f"{dom.describe(el)}: WLR {s.wlr[best]:.1f} (threshold {s.threshold:.1f}, {s.initial} nodes in I), "
            f"R {s.relevance[best]:.3g}, W {s.weight[best]:.3g}, score {s.final[best]:.3f}"
        )
        return Selection((el,), s.final[best], reason, self.name)


@dataclass
class _Scores:
    wlr: dict[int, float]
    threshold: float
    initial: int  # size of I
    relevance: dict[int, float]  # R, normalised to [0, 1]
    weight: dict[int, float]  # W, normalised to [0, 1]
    final: dict[int, float]
    best: int


def score(t: _Tree, opts: WordLeafRatioOptions) -> _Scores:
    """Steps 3-9 over the measured tree (which must hold at least one word)."""
    nodes = [i for i in range(len(t.nodes)) if t.leaves[i] and not t.folded[i]]
    wlr = {i: t.words[i] / t.leaves[i] for i in nodes}
    max_wlr = max(max(wlr.values()), max(t.best_leaf[i] for i in nodes))
    min_wlr = min(min(wlr.values()), min(t.least_leaf[i] for i in nodes))
    threshold = math.sqrt(max_wlr * wlr[0])
    initial = {i for i in nodes if wlr[i] >= threshold}
    ids = list(initial) + [i for i in nodes if t.best_leaf[i] >= threshold]
    min_id, max_id = min(ids), max(ids)
    span_wlr = max_wlr - min_wlr

    def iwlr(value: float) -> float:
        return (value - min_wlr) / span_wlr if span_wlr > 0 else 1.0

    def ipos(i: int) -> float:
        return 1.0 - (i - min_id) / (max_id - min_id) if max_id > min_id else 1.0

    relevance = [0.0] * len(t.nodes)
    mass = [0.0] * len(t.nodes)
    for i in reversed(nodes):
        best_w = ipos(i) * iwlr(t.best_leaf[i]) if t.best_leaf[i] >= threshold else 0.0
        total = 0.0
        for j in t.children[i]:
            if j in initial:
                best_w = max(best_w, ipos(j) * iwlr(wlr[j]))
            total += mass[j]
        mass[i] = max(best_w, total)
        relevance[i] = iwlr(wlr[i]) ** opts.density_exponent * mass[i]
    r_max = max(relevance[i] for i in nodes) or 1.0
    links = {i: _tlr(t, i) + _tltr(t, i) for i in nodes}
    a = max(links.values()) or 1.0
    rel = {i: relevance[i] / r_max for i in nodes}
    weight = {i: links[i] / a for i in nodes}
    final = {i: opts.relevance_weight * rel[i] + opts.link_weight * weight[i] for i in nodes}
    best = max(nodes, key=lambda i: (final[i], -i))
    return _Scores(wlr, threshold, len(initial), rel, weight, final, best)


def _tlr(t: _Tree, i: int) -> float:
    """Text-to-link ratio: word characters per link."""
    return t.chars[i] / max(t.links[i], 1)


def _tltr(t: _Tree, i: int) -> float:
    """Text-to-link-text ratio: word characters per word character inside links."""
    return t.chars[i] / max(t.link_chars[i], 1)
