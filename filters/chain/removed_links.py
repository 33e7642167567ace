"""Removed-link retainer: the links other filters removed, appended so the page stays browsable.

Deduplicated by absolute URL (first text wins), ``javascript:``/``data:``/``vbscript:`` and
every non-http(s) scheme already refused when the link was recorded. Appended as
``<nav aria-label="Removed links" data-clearpage="removed-links">`` holding a list; the text
renderer turns it into the final "Links" section. It must be the chain's last filter: it
can only retain what the filters before it removed (config validation enforces this), and in
reader mode it also receives the links outside the selected content.
"""
from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from .. import dom
from ..context import PageContext
from ..links import RemovedLink
from ..report import FilterReport
from ..typed import field
from .base import BuildEnv, Filter, register

MARKER = "removed-links"
# The pipeline's "Original page" footer among the body's children (the nav goes before it);
# compiled once, not on each page (a string given to .xpath() is compiled at every call).
_FOOTER = etree.XPath("./*[@data-clearpage='footer']")


@dataclass(frozen=True)
class RemovedLinksOptions:
    enabled: bool = field(doc="append the removed links")
    label: str = field(doc="accessible name and heading of the links section")
    max_links: int = field(doc="at most this many links are appended (the rest are counted)", min=0)


def build_nav(links: list[RemovedLink], label: str, limit: int):
    nav = dom.new_element("nav", {"aria-label": label, "data-clearpage": MARKER})
    dom.new_element("h2", text=label, parent=nav)
    ul = dom.new_element("ul", parent=nav)
    shown = links[:limit]
    joined = "".join(part for link in shown for part in (link.url, link.text))
    if dom.xml_safe(joined) is joined:  # nothing to make XML-safe: lxml's own constructor, no check per value
        for link in shown:
            etree.SubElement(etree.SubElement(ul, "li"), "a", href=link.url).text = link.text or link.url
    else:
        for link in shown:
            li = dom.new_element("li", parent=ul)
            dom.new_element("a", {"href": link.url}, link.text or link.url, parent=li)
    if len(links) > limit:
        dom.new_element("p", text=f"{len(links) - limit} more links not shown.", parent=nav)
    return nav


@register
class RemovedLinksFilter(Filter):
    name = "removed_links"
    Options = RemovedLinksOptions
    summary = "append every removed text link at the bottom of the page"

    def __init__(self, options: RemovedLinksOptions, env: BuildEnv):
        super().__init__(options, env)

    def apply(self, doc, ctx: PageContext) -> FilterReport:
        report = ctx.new_report(self.name)
        links = ctx.unique_removed_links()
        if not links:
            return report
        nav = build_nav(links, self.options.label, self.options.max_links)
        body = dom.body_of(doc)
        footer = next(iter(_FOOTER(body)), None)
        if footer is not None:
            footer.addprevious(nav)
        else:
            body.append(nav)
        report.notes.append(f"appended {min(len(links), self.options.max_links)} of {len(links)} removed links")
        return report
