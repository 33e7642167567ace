"""Per-page state shared by the filters of one run: URL, base URL, budget and removed links.

Filters keep nothing on ``self`` between pages; everything a page needs lives here and dies
with the run.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import dom
from .errors import BudgetExceeded
from .links import RemovedLink, host_of, safe_url
from .report import Action, FilterReport


@dataclass
class PageContext:
    url: str | None = None
    base_url: str | None = None
    deadline: float | None = None  # time.monotonic() value after which the page is abandoned
    removed_links: list[RemovedLink] = field(default_factory=list)
    reports: list[FilterReport] = field(default_factory=list)

    @property
    def host(self) -> str | None:
        return host_of(self.url)

    def check_budget(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise BudgetExceeded("time budget exceeded")

    def new_report(self, name: str) -> FilterReport:
        report = FilterReport(name)
        self.reports.append(report)
        return report

    def note_links(self, el, filter_name: str) -> None:
        """Record the text links inside ``el`` (and ``el`` itself) before it is removed."""
        if not dom.is_element(el):
            return
        anchors = [el] if dom.tag_of(el) == "a" else []
        anchors.extend(el.iter("a"))
        for a in anchors:
            url = safe_url(a.get("href"), self.base_url)
            if url is None:
                continue
            text = dom.text_of(a) or (a.get("title") or "").strip() or _image_alt(a)
            self.removed_links.append(RemovedLink(url, text, filter_name))

    def kill(self, el, report: FilterReport, reason: str) -> None:
        """Remove ``el`` with its content, keeping its links for the retainer."""
        self.note_links(el, report.filter)
        report.add("kill", dom.describe(el), reason)
        dom.remove(el)

    def unwrap(self, el, report: FilterReport, reason: str, *, keep_link: bool = True) -> None:
        """Replace ``el`` by its content; an unwrapped link is remembered as a removed link."""
        if keep_link and dom.tag_of(el) == "a":
            self.note_links(el, report.filter)
        report.add("unwrap", dom.describe(el), reason)
        dom.unwrap(el)

    def strip(self, el, attrs: list[str], report: FilterReport, reason: str) -> None:
        for name in attrs:
            el.attrib.pop(name, None)
        report.add("strip", f"{dom.describe(el)}[{','.join(attrs)}]", reason)

    def record(self, report: FilterReport, action: Action, el, reason: str) -> None:
        report.add(action, dom.describe(el), reason)


def _image_alt(a) -> str:
    for img in a.iter("img"):
        alt = (img.get("alt") or "").strip()
        if alt:
            return alt
    return ""
