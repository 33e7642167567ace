"""ECETR, extended content extraction via tag ratios (Kumar & Rama Devi, 2019), as ``ecetr``.

CETR's lines, ratios, smoothing and labels (cetr.py); the lines without text are left out after
smoothing; DBSCAN over the candidate lines' positions (``eps``, ``min_pts``) merges them into
blocks, each spanning every text line from its first candidate to its last; the biggest block
and those holding ``min_block_share`` of it are the content, mapped back to the DOM as in CETR.
Our reading of the paper: docs/content-rules.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ... import dom
from ...context import PageContext
from ...typed import field
from ..base import ContentAlgorithm, Selection, register
from .cetr import Line, classify, nodes_for_lines, source_lines


@dataclass(frozen=True)
class EcetrOptions:
    method: Literal["kmeans", "threshold"] = field(doc="how candidate lines are found: kmeans (CETR-KM) | threshold (CETR-TM)")
    sigma: float = field(doc="Gaussian smoothing of the per-line ratios, in lines", min=0.0, max=20.0)
    alpha: int = field(doc="lines ahead averaged by the derivative (k-means method)", min=1, max=50)
    threshold_lambda: float = field(doc="threshold method: content when smoothed ratio > lambda x its std", min=0.0, max=10.0)
    link_weight: float = field(doc="weight of link text in the ratio (1 = CETR as published, 0 = link text is not text)", min=0.0, max=1.0)
    eps: float = field(doc="DBSCAN radius, in text lines", min=0.5, max=100.0)
    min_pts: int = field(doc="DBSCAN: candidate lines within eps (itself included) that make a core line", min=1, max=100)
    min_block_share: float = field(doc="a block is kept when it has this share of the largest block's characters", min=0.0, max=1.0)
    keep_share: float = field(doc="an owner block is taken whole only when this share of its text is on content lines", min=0.0, max=1.0)
    promote_share: float = field(doc="a taken node grows to its parent while the parent's text is at least this share content", min=0.0, max=1.0)


def dbscan_1d(positions: list[float], eps: float, min_pts: int) -> list[int]:
    """DBSCAN on sorted 1-D points: a cluster number per point, -1 for noise."""
    n = len(positions)
    labels = [-1] * n
    if not n:
        return labels
    core = [False] * n
    lo = hi = 0
    for i, x in enumerate(positions):  # neighbours of a sorted point form one window
        while positions[lo] < x - eps:
            lo += 1
        while hi + 1 < n and positions[hi + 1] <= x + eps:
            hi += 1
        core[i] = hi - lo + 1 >= min_pts
    cluster = -1
    last_core = None
    for i in range(n):  # chain core points at most eps apart
        if not core[i]:
            continue
        if last_core is None or positions[i] - positions[last_core] > eps:
            cluster += 1
        labels[i] = cluster
        last_core = i
    for i in range(n):  # a border point joins its nearest core point's cluster
        if core[i]:
            continue
        best, best_d = -1, eps
        for j in (_nearest_core(core, i, -1), _nearest_core(core, i, 1)):
            if j is not None and abs(positions[j] - positions[i]) <= best_d:
                best, best_d = labels[j], abs(positions[j] - positions[i])
        labels[i] = best
    return labels


def _nearest_core(core: list[bool], i: int, step: int) -> int | None:
    j = i + step
    while 0 <= j < len(core):
        if core[j]:
            return j
        j += step
    return None


def merged_blocks(lines: list[Line], candidates: list[bool], eps: float, min_pts: int, min_block_share: float) -> list[bool]:
    """Content label per line after DBSCAN merging and block selection (steps 3-4)."""
    indices = [i for i, c in enumerate(candidates) if c]
    if not indices:
        return [False] * len(lines)
    labels = dbscan_1d([float(i) for i in indices], eps, min_pts)
    spans: dict[int, list[int]] = {}
    for index, label in zip(indices, labels):
        if label >= 0:
            span = spans.setdefault(label, [index, index])
            span[1] = index
    if not spans:
        longest = max(indices, key=lambda i: lines[i].chars)
        spans = {0: [longest, longest]}
    sizes = {label: sum(ln.chars for ln in lines[a:b + 1]) for label, (a, b) in spans.items()}
    biggest = max(sizes.values())
    content = [False] * len(lines)
    for label, (a, b) in spans.items():
        if sizes[label] >= min_block_share * biggest:
            for i in range(a, b + 1):
                content[i] = True
    return content


@register
class Ecetr(ContentAlgorithm):
    name = "ecetr"
    Options = EcetrOptions

    def select(self, doc, ctx: PageContext) -> Selection | None:
        o = self.options
        body = dom.body_of(doc)
        every_line = source_lines(body)
        labels = classify([ln.ratio(o.link_weight) for ln in every_line], o.method, o.sigma, o.alpha, o.threshold_lambda)
        lines = [ln for ln in every_line if ln.chars]
        if not lines:
            return None
        candidates = [label for ln, label in zip(every_line, labels) if ln.chars]
        content = merged_blocks(lines, candidates, o.eps, o.min_pts, o.min_block_share)
        nodes = nodes_for_lines(lines, content, body, o.keep_share, o.promote_share)
        if not nodes:
            return None
        chars = sum(ln.chars for ln, c in zip(lines, content) if c)
        reason = f"{sum(content)} of {len(lines)} text lines in DBSCAN blocks ({sum(candidates)} candidates), {len(nodes)} nodes"
        return Selection(nodes, float(chars), reason, self.name)
