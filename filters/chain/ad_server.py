"""Ad-server remover: elements whose URLs point at ad or tracker servers go, with their wrapper.

The seed paper surveys ``src`` and ``href``; today's pages also load ads through ``srcset``,
``data-src``, ``poster`` and ``action`` (the list is a setting). A URL is an ad when its host
is on a hosts list (the small list shipped in ``config/adservers.txt`` and user hosts files).
The element holding the URL is removed; when its parent holds nothing else (the usual
``<div class="ad"><a href=ad><img src=ad></a></div>``), the parent goes too, up to a bound.
"""
from __future__ import annotations

import importlib.resources
from dataclasses import dataclass

from lxml import etree

from .. import dom
from ..context import PageContext
from ..links import clean_href, host_of
from ..paths import readable_files
from ..report import FilterReport
from ..typed import field
from ..adblock.hosts import HostMatcher
from .base import BuildEnv, Filter, register

BUILTIN_LIST = "adservers.txt"
# Wrappers climbed when they hold nothing but the ad; bounded so a bug cannot eat the page.
MAX_WRAPPER_CLIMB = 3
_NEVER_CLIMB = frozenset({"body", "html", "main", "article", "head"})


@dataclass(frozen=True)
class AdServerOptions:
    enabled: bool = field(doc="run this filter")
    builtin_list: bool = field(doc="use the small ad/tracker host list shipped with clearpage")
    hosts_files: tuple[str, ...] = field(doc="hosts-format or plain domain lists", convert=readable_files)
    attributes: tuple[str, ...] = field(doc="attributes whose URLs are checked")
    remove_empty_wrappers: bool = field(doc="also remove parents that hold nothing but the ad")


@register
class AdServerFilter(Filter):
    name = "ad_server"
    Options = AdServerOptions
    summary = "kill elements whose src/href/... point at ad servers, with wrappers left empty"

    def __init__(self, options: AdServerOptions, env: BuildEnv):
        super().__init__(options, env)
        self._hosts = env.cached(("hosts", options.builtin_list, options.hosts_files), lambda: _load_hosts(options, env))
        attrs = " or ".join(f"@{a}" for a in options.attributes)
        self._query = etree.XPath(f"//*[{attrs}]") if attrs else None

    def apply(self, doc, ctx: PageContext) -> FilterReport:
        report = ctx.new_report(self.name)
        if self._query is None:
            return report
        for el in self._query(doc):
            if el.getparent() is None or _detached(el):
                continue
            hit = self._ad_url(el, ctx)
            if hit:
                target = self._enclosing(el) if self.options.remove_empty_wrappers else el
                ctx.kill(target, report, hit, keep_links=False)  # an ad link is not worth keeping
        return report

    def _ad_url(self, el, ctx: PageContext) -> str | None:
        for attr in self.options.attributes:
            for url in _urls(el.get(attr), attr):
                host = host_of(_absolute(url, ctx))
                entry = self._hosts.match(host)
                if entry:
                    return f"{attr} host {host} is listed ({entry})"
        return None

    def _enclosing(self, el):
        target = el
        for _ in range(MAX_WRAPPER_CLIMB):
            parent = target.getparent()
            if parent is None or dom.tag_of(parent) in _NEVER_CLIMB or not _only_child_content(parent, target):
                break
            target = parent
        return target


def _load_hosts(options: AdServerOptions, env: BuildEnv) -> HostMatcher:
    matcher = HostMatcher()
    if options.builtin_list:
        text = importlib.resources.files("clearpage.config").joinpath(BUILTIN_LIST).read_text(encoding="utf-8")
        matcher.load_text(text, BUILTIN_LIST)
    for path in options.hosts_files:
        matcher.load_file(path)
    env.warnings.extend(matcher.warnings)
    return matcher


def _urls(value: str | None, attr: str) -> list[str]:
    if not value:
        return []
    if attr == "srcset" or attr.endswith("srcset"):
        return [part.strip().split()[0] for part in value.split(",") if part.strip()]
    cleaned = clean_href(value)
    return [cleaned] if cleaned else []


def _absolute(url: str, ctx: PageContext) -> str:
    from urllib.parse import urljoin

    if url.startswith("//"):
        return "https:" + url
    if ctx.base_url:
        try:
            return urljoin(ctx.base_url, url)
        except ValueError:
            return url
    return url


def _detached(el) -> bool:
    return el.getroottree().getroot() is None


def _only_child_content(parent, child) -> bool:
    if (parent.text or "").strip():
        return False
    for sibling in parent:
        if sibling is child:
            if (sibling.tail or "").strip():
                return False
            continue
        if dom.is_element(sibling) or (sibling.tail or "").strip():
            return False
    return True
