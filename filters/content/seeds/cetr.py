"""CETR, content extraction via tag ratios (Weninger, Hsu & Han, WWW 2010), as ``text_tag_ratio``.

The body is serialised one block per line (``BREAK_TAGS``); every line gets its text-to-tag
ratio (link text weighted by ``link_weight``), the ratios are smoothed with a Gaussian of
``sigma`` lines and differentiated over ``alpha`` lines; k-means with a centroid pinned at the
origin (``kmeans``) or a threshold (``threshold``) labels the lines, and the content lines'
owner blocks are the selection (``keep_share``, ``promote_share``). Our reading of the paper,
step by step: docs/content-rules.md.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from ... import dom
from ...context import PageContext
from ...render.text import BLOCKS, SKIPPED
from ...typed import field
from ..base import ContentAlgorithm, Selection, in_document_order, register

# A line break goes before every start tag and after every end tag of these (re-breaking
# minified pages): the text renderer's blocks plus the table cells a layout table is made of.
BREAK_TAGS = BLOCKS | frozenset({"td", "th"})
# Elements with no end tag: one tag each in the source.
VOID_TAGS = frozenset("area base br col embed hr img input link meta source track wbr".split())
GAUSS_TRUNCATE = 3.0  # the kernel covers +/- 3 sigma: beyond that the weights are below 1 %
KMEANS_MAX_ROUNDS = 100  # k-means on a few thousand points settles in well under this


@dataclass(frozen=True)
class TextTagRatioOptions:
    method: Literal["kmeans", "threshold"] = field(doc="kmeans (CETR-KM, 2-D, origin pinned) | threshold (CETR-TM)")
    sigma: float = field(doc="Gaussian smoothing of the per-line ratios, in lines (CETR: 1.0)", min=0.0, max=20.0)
    alpha: int = field(doc="lines ahead averaged by the derivative (CETR: 3)", min=1, max=50)
    threshold_lambda: float = field(doc="threshold method: content when smoothed ratio > lambda x its std", min=0.0, max=10.0)
    link_weight: float = field(doc="weight of link text in the ratio (1 = CETR as published, 0 = link text is not text)", min=0.0, max=1.0)
    keep_share: float = field(doc="an owner block is taken whole only when this share of its text is on content lines", min=0.0, max=1.0)
    promote_share: float = field(doc="a taken node grows to its parent while the parent's text is at least this share content", min=0.0, max=1.0)


@dataclass
class Line:
    """One line of the re-broken source: its text characters, its tags, and its owner block."""

    owner: object
    chars: int = 0
    tags: int = 0
    link_chars: int = 0  # the part of ``chars`` inside <a> elements

    def ratio(self, link_weight: float = 1.0) -> float:
        """Text characters per tag, link text counted at ``link_weight`` (1 = CETR as published)."""
        text = self.chars - (1.0 - link_weight) * self.link_chars
        return text / max(self.tags, 1)


class _LineWriter:
    """Writes the re-broken source line by line while the tree is walked."""

    def __init__(self, body):
        self.lines: list[Line] = []
        self.owners = [body]  # the open block elements, innermost last
        self.current: Line | None = None
        self.link_depth = 0

    def line(self) -> Line:
        if self.current is None:
            self.current = Line(self.owners[-1])
            self.lines.append(self.current)
        return self.current

    def text(self, value: str | None) -> None:
        if not value:
            return
        chars = len("".join(value.split()))
        if chars:
            line = self.line()
            line.chars += chars
            if self.link_depth:
                line.link_chars += chars

    def open(self, el, tag: str) -> None:
        if tag in BREAK_TAGS:
            self.current = None
            self.owners.append(el)
        self.line().tags += 1
        if tag == "a":
            self.link_depth += 1
        self.text(el.text)

    def close(self, el, tag: str) -> None:
        if tag not in VOID_TAGS:
            self.line().tags += 1
        if tag == "a":
            self.link_depth -= 1
        if tag in BREAK_TAGS:
            self.current = None
            self.owners.pop()


def source_lines(body) -> list[Line]:
    """The body as CETR's lines: broken at block tags, non-rendered elements and comments dropped."""
    writer = _LineWriter(body)
    writer.line().tags += 1  # <body>, owner of its own loose text
    writer.text(body.text)
    stack = [iter(body)]  # iterative: a page nested 100,000 deep cannot overflow the stack
    parents = [body]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            el = parents.pop()
            if stack:
                writer.close(el, dom.tag_of(el))
                writer.text(el.tail)
            else:
                writer.line().tags += 1  # </body>
            continue
        tag = dom.tag_of(child)
        if tag and tag not in SKIPPED and not _hidden(child):
            writer.open(child, tag)
            stack.append(iter(child))
            parents.append(child)
            continue
        writer.text(child.tail)  # a comment, processing instruction or dropped element: only its tail stays
    return [line for line in writer.lines if line.chars or line.tags]


def _hidden(el) -> bool:
    """Not rendered, so not content: the text renderer skips the same elements."""
    return el.get("hidden") is not None or el.get("aria-hidden") == "true"


def gaussian_smooth(values: list[float], sigma: float) -> list[float]:
    """Gaussian-smoothed ``values`` (kernel truncated at 3 sigma, renormalised at the ends)."""
    if sigma <= 0 or len(values) < 2:
        return list(values)
    radius = max(1, int(math.ceil(GAUSS_TRUNCATE * sigma)))
    kernel = [math.exp(-(d * d) / (2 * sigma * sigma)) for d in range(-radius, radius + 1)]
    n = len(values)
    out = []
    for k in range(n):
        lo, hi = max(0, k - radius), min(n, k + radius + 1)
        weights = kernel[lo - k + radius: hi - k + radius]
        out.append(sum(w * v for w, v in zip(weights, values[lo:hi])) / sum(weights))
    return out


def abs_derivative(smoothed: list[float], alpha: int) -> list[float]:
    """G_k = |mean of the next ``alpha`` smoothed ratios - T'_k| (fewer lines at the end; 0 on the last)."""
    n = len(smoothed)
    prefix = [0.0]
    for v in smoothed:
        prefix.append(prefix[-1] + v)
    out = []
    for k in range(n):
        hi = min(n, k + 1 + alpha)
        ahead = hi - (k + 1)
        out.append(abs((prefix[hi] - prefix[k + 1]) / ahead - smoothed[k]) if ahead else 0.0)
    return out


def kmeans_pinned(points: list[tuple[float, float]]) -> list[bool]:
    """CETR-KM: k = 3 on 2-D points with one centroid pinned at the origin; True = not the origin's cluster."""
    if not points:
        return []
    n = len(points)
    mean = (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    top = max(points, key=lambda p: p[0])
    (ax, ay), (bx, by) = mean, top
    assignment: list[int] = []
    for _ in range(KMEANS_MAX_ROUNDS):
        new = [_nearest3(x, y, ax, ay, bx, by) for x, y in points]
        if new == assignment:
            break
        assignment = new
        (ax, ay), (bx, by) = _centroid(points, assignment, 1, (ax, ay)), _centroid(points, assignment, 2, (bx, by))
    return [a != 0 for a in assignment]


def _nearest3(x: float, y: float, ax: float, ay: float, bx: float, by: float) -> int:
    """0 for the pinned origin, 1 or 2 for the free centroids; ties go to the lower index."""
    d0 = x * x + y * y
    d1 = (x - ax) ** 2 + (y - ay) ** 2
    d2 = (x - bx) ** 2 + (y - by) ** 2
    if d0 <= d1 and d0 <= d2:
        return 0
    return 1 if d1 <= d2 else 2


def _centroid(points, assignment: list[int], cluster: int, previous: tuple[float, float]) -> tuple[float, float]:
    """The mean of the cluster's points; an emptied cluster keeps its previous centroid."""
    sx = sy = 0.0
    n = 0
    for (x, y), a in zip(points, assignment):
        if a == cluster:
            sx += x
            sy += y
            n += 1
    return (sx / n, sy / n) if n else previous


def threshold_content(smoothed: list[float], lam: float) -> list[bool]:
    """CETR-TM: content when the smoothed ratio exceeds lambda times its standard deviation."""
    if not smoothed:
        return []
    n = len(smoothed)
    mu = sum(smoothed) / n
    std = math.sqrt(sum((v - mu) ** 2 for v in smoothed) / n)
    tau = lam * std
    return [v > tau for v in smoothed]


def classify(ratios: list[float], method: str, sigma: float, alpha: int, lam: float) -> list[bool]:
    """CETR's content/noise label per line, from raw ratios."""
    smoothed = gaussian_smooth(ratios, sigma)
    if method == "threshold":
        return threshold_content(smoothed, lam)
    derivative = abs_derivative(smoothed, alpha)
    return kmeans_pinned(list(zip(smoothed, derivative)))


def nodes_for_lines(lines: list[Line], content: list[bool], body, keep_share: float, promote_share: float) -> tuple:
    """The DOM nodes holding the content lines (see the module docstring, step 6)."""
    total: dict[object, int] = {}
    good: dict[object, int] = {}
    owners = []
    for line, is_content in zip(lines, content):
        if not line.chars:
            continue
        if is_content:
            owners.append(line.owner)
        el = line.owner
        while el is not None:
            total[el] = total.get(el, 0) + line.chars
            if is_content:
                good[el] = good.get(el, 0) + line.chars
            if el is body:
                break
            el = el.getparent()

    def share(el) -> float:
        return good.get(el, 0) / total[el] if total.get(el) else 0.0

    picked = []
    for owner in dict.fromkeys(owners):
        if share(owner) < keep_share:
            continue
        node = owner
        while node is not body:
            parent = node.getparent()
            if parent is None or parent is body or share(parent) < promote_share:
                break  # never up to <body>: that would be the whole page again
            node = parent
        picked.append(node)
    return in_document_order(picked)


@register
class TextTagRatio(ContentAlgorithm):
    name = "text_tag_ratio"
    Options = TextTagRatioOptions

    def select(self, doc, ctx: PageContext) -> Selection | None:
        o = self.options
        body = dom.body_of(doc)
        lines = source_lines(body)
        content = classify([ln.ratio(o.link_weight) for ln in lines], o.method, o.sigma, o.alpha, o.threshold_lambda)
        nodes = nodes_for_lines(lines, content, body, o.keep_share, o.promote_share)
        if not nodes:
            return None
        chars = sum(ln.chars for ln, c in zip(lines, content) if c)
        kept = sum(content)
        return Selection(nodes, float(chars), f"{kept} of {len(lines)} lines content ({o.method}), {len(nodes)} nodes", self.name)
