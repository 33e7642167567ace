"""Empty-table remover: tables left with no substantive tags and fewer than N characters.

Runs where the chain puts it (by default after the other filters, as in the paper), so the
tables it removes are mostly layout tables emptied by earlier filters. Inner tables are
judged before the tables around them. Spacer images (1-2 px wide or high) do not count as
substance.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import dom
from ..context import PageContext
from ..report import FilterReport
from ..typed import field
from .base import BuildEnv, Filter, register

# Images this small (1x1 spacers, tracking pixels) are layout, not substance.
SPACER_MAX_PX = 2


@dataclass(frozen=True)
class EmptyTableOptions:
    enabled: bool = field(doc="run this filter")
    substantive_tags: tuple[str, ...] = field(doc="a table holding any of these is never empty")
    min_chars: int = field(doc="a table with fewer visible characters than this is empty", min=0)


@register
class EmptyTableFilter(Filter):
    name = "empty_table"
    Options = EmptyTableOptions
    summary = "kill tables without substantive tags and with fewer than min_chars characters"

    def __init__(self, options: EmptyTableOptions, env: BuildEnv):
        super().__init__(options, env)
        self._substantive = tuple(t.lower() for t in options.substantive_tags)

    def apply(self, doc, ctx: PageContext) -> FilterReport:
        report = ctx.new_report(self.name)
        for table in reversed(list(doc.iter("table"))):
            if table.getparent() is None:
                continue
            if self._has_substance(table):
                continue
            chars = len(dom.text_of(table))
            ctx.kill(table, report, f"{chars} characters < {self.options.min_chars}, no substantive tags")
        return report

    def _has_substance(self, table) -> bool:
        if self._substantive and any(not _is_spacer(el) for el in table.iter(*self._substantive)):
            return True
        return len(dom.text_of(table)) >= self.options.min_chars


def _is_spacer(el) -> bool:
    if dom.tag_of(el) != "img":
        return False
    sizes = [_pixels(el.get("width")), _pixels(el.get("height"))]
    return any(size is not None and size <= SPACER_MAX_PX for size in sizes)


def _pixels(value: str | None) -> int | None:
    value = (value or "").strip().lower().removesuffix("px")
    return int(value) if value.isdigit() else None
