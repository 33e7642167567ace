"""Word-to-leaf ratio with link density (WLR; Chandramma et al., ../shared/papers/wlr-link-density.txt).

Steps (the paper's numbering): (2) skip noisy nodes, (3) WLR(n) = words(n) / leaves(n),
(4) initial set I = nodes with WLR(n) >= sqrt(max WLR x WLR(root)), (5-7) TLR = text
length / links, TLTR = text length / link-text length, W = (TLR + TLTR) / a,
(8) relevance R(n), (9) pick the node maximising 0.7 R + 0.3 W; ties go to the lower id.

Our reading of what the paper leaves open:

- Noisy nodes (step 2) are skipped in our own bookkeeping, never deleted from the page:
  title, script, head, meta, style, noscript, link, select, comments, everything else the
  reader page never renders (form controls, iframes, svg), and elements hidden by the
  ``hidden`` attribute, ``aria-hidden="true"`` or an inline display:none/visibility:hidden.
  Wordless nodes are those with no words; they have no leaves, so no WLR, and are never in I.
- A *leaf* is a text leaf of the DOM: a run of text between element boundaries. Inline
  formatting (b, i, em, strong, span, code, img, ...) does not cut a run, so
  ``<p>a <b>b</b> c</p>`` is one leaf, not three (otherwise every bold word would halve a
  paragraph's WLR). Links, line breaks and block elements do cut runs: a link is its own
  leaf, so a menu of 20 one-word links has 20 leaves and a WLR of about 1. Leaves without
  words do not count.
- *Words* are language independent (textstats.py): ``\\w+`` runs in spaced scripts, and
  ``chars_per_word`` characters per word in scripts written without spaces (CJK, Thai, ...).
  *Text length* is the number of word characters.
- The root is <body>. Text leaves are nodes of the tree too (they are the leaves): they
  take part in max/min WLR, can be in I, and take the id of the element holding them. Ids
  are document (pre-order) positions.
- I is the seed set, not the candidate set. Eq. 2's threshold is the geometric mean of the
  page's densest leaf and <body>'s WLR; an article container, holding headings, captions
  and short paragraphs, sits near <body>'s WLR and below the threshold on nearly every
  page (picking only from I gave word F1 0.18 on a 200-page wcxb-dev sample: single
  paragraphs). So I seeds the relevance, and every element with words is a candidate
  for steps 7 and 9.
- Eq. 4 is ambiguous ("R(n) = WLR(n) x [max w(child), sum R(n_i)]"). Our reading:
  R(n) = Iwlr(n)^e x M(n), with the seed mass M(n) = max( max over children c of w(c),
  sum over children c of M(c) ); children are child elements and the node's own text
  leaves; w(c) = Ipos(c) x Iwlr(c) for c in I, else 0 (eq. 5-7). The bracket is the larger
  of the two. Why not literally: with the raw WLR (10 to 100 on real pages) as the factor
  at every level, R multiplies by it once per level and <body> wins every page; with the
  normalised Iwlr in [0, 1] at every level (R(c) inside the sum instead of M(c)), R decays
  by 0.1-0.4 per wrapper and a lone paragraph beats its article (F1 0.34 on a 200-page
  sample). The factor applies once, at the node judged: density x seed mass.
- ``e`` is ``density_exponent``; e = 1 is eq. 4's product. On wcxb-dev e = 1 still prefers
  one dense paragraph to the article (F1 0.59); e = 0.1 (the default) keeps density as a
  tie-breaker between wrappers holding the same seeds (e = 0 scores 0.005 higher, but then
  the wrapper with the most link-free text wins, footers included).
- ``a`` (eq. 3) normalises W to [0, 1]: a = max over the candidates of TLR + TLTR. R is
  normalised the same way (divided by its maximum), so the 0.7 / 0.3 split weighs like
  against like. A node without links divides by 1 (the paper leaves x / 0 undefined).
- Only elements can be picked (a text leaf cannot be served on its own); ties go to the
  lower id, i.e. the outer of two nested nodes that score the same.
- "Three sections": the common parent of three sibling sections holds the seed mass of all
  three and is picked: one node containing all three, as the paper picks one node.
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
