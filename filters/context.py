"""Per-page state shared by the filters of one run: URL, base URL, budget and removed links.

Filters keep nothing on ``self`` between pages; everything a page needs lives here and dies
with the run.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import dom
from .errors import BudgetExceeded
from .links import RemovedLink, host_of, safe_url, unique_links
from .report import Action, FilterReport

# Wrappers that mean nothing once empty: a kill that empties one removes it too, so no empty
# <nav> landmark or ad <div> is left behind. Table parts are left to the empty-table remover.
PRUNABLE_WRAPPERS = frozenset({"div", "section", "aside", "nav", "header", "footer", "span", "p", "ul", "ol", "li", "dl", "figure", "center", "font", "menu"})
_UNREAD = object()  # an href not yet in the page's safe_url answers (None is an answer)
_new_tuple = tuple.__new__
MAX_PRUNE = 8  # bound on wrappers pruned upward after one kill


@dataclass
class PageContext:
    url: str | None = None
    base_url: str | None = None
    deadline: float | None = None  # time.monotonic() value after which the page is abandoned
    removed_links: list[RemovedLink] = field(default_factory=list)
    reports: list[FilterReport] = field(default_factory=list)
    page_kind: str | None = None  # what the page's markup says it is (pagekind.py), for reader/text selection
    site_names: tuple[str, ...] = ()  # the page's own site: its domain, declared names (article_edges.site_names)
    byline: str = ""  # who the page's metadata says wrote it (metadata.Metadata.byline), for the rules of bios
    memory_learns: bool = True  # the site memory may learn from this page (Delivery.learn)
    comments: str = "auto"  # content.comments for this page: auto | keep | drop (the pipeline sets it)
    captions: str = "drop"  # content.captions for this page: drop | keep (the pipeline sets it)
    # note_links' safe_url answers on this page: (the base they were made against, href -> URL or
    # None). A third of the removed links repeat an href already read (menus in header and footer).
    _urls: tuple[str | None, dict[str, str | None]] | None = field(default=None, repr=False, compare=False)
    # unique_removed_links()'s last answer: (the list it read, how many links it held, the answer)
    _unique: tuple[list, int, list[RemovedLink]] | None = field(default=None, repr=False, compare=False)

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
        # Runs for every link of every removed block: the step of safe_url(None) is taken inline,
        # and an href already read on this page (against the same base) is not read again.
        base = self.base_url
        urls = self._urls
        if urls is None or urls[0] is not base:
            urls = self._urls = (base, {})
        known = urls[1]
        append = self.removed_links.append
        for a in el.iter("a"):
            href = a.get("href")
            if href is None:
                continue  # safe_url(None) is None
            url = known.get(href, _UNREAD)
            if url is _UNREAD:
                url = known[href] = safe_url(href, base)
            if url is None:
                continue
            # dom.text_of inline: a link without children (most) holds its text in .text alone
            text = (" ".join(text.split()) if (text := a.text) else "") if len(a) == 0 else dom.text_of(a)
            text = text or (a.get("title") or "").strip() or _image_alt(a)
            # tuple.__new__ on the class: the named tuple's own __new__ is a Python function
            append(_new_tuple(RemovedLink, (url, text, filter_name, a.sourceline or 0)))

    def unique_removed_links(self) -> list[RemovedLink]:
        """``unique_links(self.removed_links)``: one entry per URL, in page order. The retainer,
        the result and the text page each ask for it after the last link was noted; it is
        worked out again only when links were added (or the list replaced) since."""
        links = self.removed_links
        known = self._unique
        if known is None or known[0] is not links or known[1] != len(links):
            known = self._unique = (links, len(links), unique_links(links))
        return list(known[2])  # a copy: a caller may change its list

    def kill(self, el, report: FilterReport, reason: str, *, keep_links: bool = True) -> None:
        """Remove ``el`` with its content, keeping its links for the retainer (not for ads)."""
        if keep_links and (len(el) or el.tag == "a"):  # a childless element but a link holds none
            self.note_links(el, report.filter)
        report.add("kill", dom.describe(el), reason)
        parent = el.getparent()
        dom.remove(el)
        self._prune_empty(parent, report)

    def kill_all(self, elements, filter_name: str, reason) -> int:
        """Remove each of ``elements`` (links kept) under one new report of ``filter_name``, made
        only when there is something to remove; ``reason`` is a string or a function giving an
        element's. Returns how many went."""
        elements = list(elements)
        if elements:
            report = self.new_report(filter_name)
            for el in elements:
                self.kill(el, report, reason if isinstance(reason, str) else reason(el))
        return len(elements)

    def _prune_empty(self, el, report: FilterReport) -> None:
        for _ in range(MAX_PRUNE):
            # el.tag is the name (a comment's is a function, in no set of names): dom.tag_of, inline
            if el is None or el.tag not in PRUNABLE_WRAPPERS or not _is_empty(el):
                return
            parent = el.getparent()
            report.add("kill", dom.describe(el), "left empty")
            dom.remove(el)
            el = parent

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


def _is_empty(el) -> bool:
    """No text (whitespace aside) and no element child. Runs after every kill: the tests of
    dom.is_element and ``(text or "").strip()`` inline (isspace() is False exactly when strip()
    leaves something), and the loop ends at the first element child."""
    text = el.text
    if text and not text.isspace():
        return False
    for child in el:
        if isinstance(child.tag, str):
            return False
        tail = child.tail
        if tail and not tail.isspace():
            return False
    return True


def _image_alt(a) -> str:
    for img in a.iter("img"):
        alt = (img.get("alt") or "").strip()
        if alt:
            return alt
    return ""
