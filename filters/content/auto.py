"""The ``auto`` content selection: the best-scoring subtree, cleaned of the boilerplate inside it.

1. Features (features.py): every text block's characters, link characters, punctuation.
2. Block value: a block's non-link characters (worth more in prose with punctuation), minus
   its link characters, minus a fixed cost per block (menus are many tiny blocks).
3. Subtree score: the sum of its blocks' values, bottom-up; a subtree whose markup says
   boilerplate (nav, footer, class="share", role=navigation ...) counts against its
   ancestors with its positive value turned negative.
4. The container: the element with the best score (semantic containers get a bonus).
5. Cleaning: inside the container, boilerplate-marked subtrees, link lists, small forms and
   hidden elements are removed (their links go to the removed-links list).
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import dom
from ..context import PageContext
from ..typed import field
from . import features as feat
from . import hints
from .base import ContentAlgorithm, Selection, register


@dataclass(frozen=True)
class AutoOptions:
    link_weight: float = field(doc="a link is worth weight x its characters - link_cost: long links (titles) count, short ones (menus) cost", min=0.0, max=5.0)
    link_cost: float = field(doc="what every link costs, in characters", min=0.0, max=500.0)
    block_cost: float = field(doc="characters every text block costs (menus are many tiny blocks)", min=0.0, max=500.0)
    prose_bonus: float = field(doc="extra value per character of a block with sentence punctuation", min=0.0, max=5.0)
    prose_min_chars: int = field(doc="a block needs this many characters to count as prose", min=0)
    boilerplate_weight: float = field(doc="a boilerplate-marked subtree counts as -weight x its value ...", min=0.0, max=10.0)
    boilerplate_cap: float = field(doc="... at most this much (markup can be wrong; cleaning removes what it marks)", min=0.0)
    container_bonus: float = field(doc="score bonus (fraction) for article/main/role=main/articleBody", min=0.0, max=2.0)
    record_min_items: int = field(doc="children sharing tag and class, at least this many, are records (a listing, a grid, posts)", min=2)
    record_weight: float = field(doc="a record is worth at least weight x its characters - record_cost", min=0.0, max=5.0)
    record_cost: float = field(doc="see record_weight", min=0.0, max=500.0)
    forum_share: float = field(doc="comments are the content when they hold this share of the page's value", min=0.0, max=1.0)
    link_list_density: float = field(doc="inside the content, a block with more link text than this is a link list", min=0.0, max=1.0)
    link_list_min_links: int = field(doc="... when it has at least this many links", min=1)
    link_list_max_text: int = field(doc="... and at most this many characters outside links", min=0)
    form_max_chars: int = field(doc="a form with controls and less text than this is removed", min=0)
    boilerplate_max_share: float = field(doc="a boilerplate-marked block is kept when it holds more than this share of the content", min=0.0, max=1.0)


@register
class Auto(ContentAlgorithm):
    name = "auto"
    Options = AutoOptions

    def select(self, doc, ctx: PageContext) -> Selection | None:
        body = dom.body_of(doc)
        f = feat.compute(body)
        if not len(f):
            return None
        kinds = [hints.hint(f.elements[i], f.tags[i]) for i in range(len(f))]
        scores, raw, comment_value = self._scores(f, kinds, comments_count=False)
        total = max(raw[0], 1.0)
        forum = comment_value >= self.options.forum_share * total
        if forum:
            scores, raw, _ = self._scores(f, kinds, comments_count=True)
        best = self._container(f, kinds, scores)
        if best is None:
            return None
        removed = self._clean(f, kinds, best, forum, ctx)
        reason = f"{dom.describe(f.elements[best])} scored {scores[best]:.0f}"
        if forum:
            reason += " (comments counted as content)"
        if removed:
            reason += f"; {removed} boilerplate blocks removed inside"
        return Selection((f.elements[best],), float(scores[best]), reason, self.name)

    # ------------------------------------------------------------------ scoring

    def block_value(self, f: feat.Features, i: int) -> float:
        chars = f.blk_chars[i]
        if not chars:
            return 0.0
        o = self.options
        text = chars - f.blk_link[i]
        value = text - o.block_cost
        if f.blk_punct[i] and text >= o.prose_min_chars:
            value += o.prose_bonus * text
        return value

    def _scores(self, f: feat.Features, kinds: list[int], *, comments_count: bool):
        """Subtree scores (hint-adjusted), raw sums, and the value held in comment-marked subtrees."""
        n = len(f)
        o = self.options
        raw = [self.block_value(f, i) if f.is_block[i] else 0.0 for i in range(n)]
        for i in range(n):
            if f.is_link[i]:
                raw[i] += o.link_weight * f.chars[i] - o.link_cost
        records = self._records(f)
        scores = raw[:]
        weight = self.options.boilerplate_weight
        cap = self.options.boilerplate_cap
        comment_value = 0.0
        parent = f.parent
        for i in range(n - 1, -1, -1):
            kind = kinds[i]
            if i in records:
                floor = o.record_weight * f.chars[i] - o.record_cost
                if raw[i] < floor:
                    scores[i] += floor - raw[i]
                    raw[i] = floor
            s = scores[i]
            if kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not comments_count):
                if kind == hints.COMMENTS and raw[i] > 0 and not _inside_kind(f, kinds, i, hints.COMMENTS):
                    comment_value += raw[i]
                if s > 0:
                    s = -weight * min(s, cap)
                scores[i] = s
            p = parent[i]
            if p >= 0:
                scores[p] += s
                raw[p] += raw[i]
        return scores, raw, comment_value

    def _records(self, f: feat.Features) -> set[int]:
        """Elements that are one of several siblings with the same tag and class: list items, tiles, posts."""
        groups: dict[tuple[int, str, str], list[int]] = {}
        for i in range(1, len(f)):
            if f.chars[i]:
                groups.setdefault((f.parent[i], f.tags[i], f.elements[i].get("class") or ""), []).append(i)
        minimum = self.options.record_min_items
        return {i for members in groups.values() if len(members) >= minimum for i in members}

    def _container(self, f: feat.Features, kinds: list[int], scores: list[float]) -> int | None:
        bonus = self.options.container_bonus
        best, best_value = None, 0.0
        for i in range(len(f)):
            s = scores[i]
            if s <= 0:
                continue
            if kinds[i] == hints.CONTENT:
                s *= 1.0 + bonus
            if s > best_value:
                best, best_value = i, s
        return best

    # ------------------------------------------------------------------ cleaning

    def _clean(self, f: feat.Features, kinds: list[int], root: int, forum: bool, ctx: PageContext) -> int:
        o = self.options
        end = root + f.count[root]
        content_chars = max(f.chars[root], 1)
        doomed: list[tuple[int, str]] = []
        i = root + 1
        while i < end:
            why = self._boilerplate_reason(f, kinds, i, forum, content_chars)
            if why:
                doomed.append((i, why))
                i += f.count[i]  # skip the subtree
            else:
                i += 1
        kept = set(range(root, end)).difference(j for d, _ in doomed for j in range(d, d + f.count[d]))
        hidden = [el for p, el in f.hidden if p in kept]
        if not doomed and not hidden:
            return 0
        report = ctx.new_report("auto")
        for i, why in doomed:
            ctx.kill(f.elements[i], report, why)
        for el in hidden:
            ctx.kill(el, report, "hidden")
        return len(doomed) + len(hidden)

    def _boilerplate_reason(self, f: feat.Features, kinds: list[int], i: int, forum: bool, content_chars: int) -> str:
        o = self.options
        kind = kinds[i]
        if kind == hints.BOILERPLATE or (kind == hints.COMMENTS and not forum):
            if f.chars[i] <= o.boilerplate_max_share * content_chars:
                return f"marked as boilerplate ({dom.describe(f.elements[i])})"
        if f.links[i] >= o.link_list_min_links and f.tags[i] in _LIST_CONTAINERS:
            text = f.chars[i] - f.link_chars[i]
            if f.link_density(i) > o.link_list_density and text <= o.link_list_max_text:
                return f"link list: {f.links[i]} links, {f.link_density(i):.0%} link text"
        if f.tags[i] == "form" and f.controls[i] and f.chars[i] < o.form_max_chars:
            return "form"
        return ""


_LIST_CONTAINERS = frozenset({"ul", "ol", "dl", "div", "nav", "section", "table", "p", "menu", "aside", "footer", "header", "span", "td"})


def _inside_kind(f: feat.Features, kinds: list[int], i: int, kind: int) -> bool:
    p = f.parent[i]
    while p >= 0:
        if kinds[p] == kind:
            return True
        p = f.parent[p]
    return False
