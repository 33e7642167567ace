"""Ad-server remover: elements whose URLs point at ad or tracker servers go, with their wrapper.

The seed paper surveys ``src`` and ``href``; today's pages also load ads through ``srcset``,
``data-src``, ``poster`` and ``action`` (the list is a setting). A URL is an ad when

- its host is on a hosts list (the small list shipped in ``config/adservers.txt`` and user
  hosts files; a listed host covers its subdomains), unless the page itself is on that listed
  domain (a site's own links are not ads on its own pages); or
- an Adblock Plus / EasyList list blocks it (``adblock_lists``), checked as the request the
  element would make (``filters/adblock/request_types.py``) from the page's URL, so
  ``$third-party``, ``$domain=`` and type options mean what they mean in a browser.

The element holding the URL is removed; when its parent holds nothing else (the usual
``<div class="ad"><a href=ad><img src=ad></a></div>``), the parent goes too, up to a bound.

With ``element_hiding`` on, the lists' element-hiding rules (``##selector``,
``domain##selector``, ``#@#`` exceptions) remove the elements they would hide in a browser
(``filters/adblock/cosmetic.py``). Links inside anything removed reach the retainer.
"""
from __future__ import annotations

import importlib.resources
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from lxml import etree

from .. import dom
from ..adblock import cache as abp_cache
from ..adblock import cosmetic, request_types
from ..adblock.abp import AbpEngine, load_lists
from ..adblock.hosts import HostMatcher
from ..context import PageContext
from ..errors import Problem
from ..links import clean_href, host_of
from ..paths import optional_directory, readable_files
from ..report import FilterReport
from ..typed import field
from .base import BuildEnv, Filter, register

log = logging.getLogger(__name__)

BUILTIN_LIST = "adservers.txt"
# Wrappers climbed when they hold nothing but the ad; bounded so a bug cannot eat the page.
MAX_WRAPPER_CLIMB = 3
_NEVER_CLIMB = frozenset({"body", "html", "main", "article", "head"})
# Element hiding never removes these, whatever a rule says: the page would be gone.
_NEVER_HIDE = frozenset({"html", "head", "body"})
_FETCHED_SCHEMES = frozenset({"http", "https"})
# An absolute http(s) URL's netloc as urlsplit reads it (up to the first "/", "?" or "#").
_HTTP_NETLOC = re.compile(r"https?://([^/?#]*)")
# Starts of the absolute URLs whose host _HostCheck reads from the URL's origin part alone.
_HTTP_STARTS = ("https://", "http://")
# Where the "/" ending an http(s) URL's origin is looked for: past "https://" (and past
# "http://"'s netloc's first character, which a "/" there would leave empty either way).
_NETLOC_FROM = len("https://")
# Longest URL quoted in a removal reason.
_REASON_URL_CHARS = 100



@dataclass(frozen=True)
class AdServerOptions:
    enabled: bool = field(doc="run this filter")
    builtin_list: bool = field(doc="use the small ad/tracker host list shipped with clearpage")
    hosts_files: tuple[str, ...] = field(doc="hosts-format or plain domain lists", convert=readable_files)
    adblock_lists: tuple[str, ...] = field(doc="Adblock Plus / EasyList syntax lists", convert=readable_files)
    subscriptions: bool = field(doc="also use the cached copies of `lists.subscriptions` (fetched by `clearpage lists update`; the proxy only)")
    element_hiding: bool = field(doc="apply the adblock lists' ## element-hiding rules as removals")
    compiled_cache: bool = field(doc="keep compiled adblock lists on disk, so they load in a fraction of the time")
    cache_dir: str | None = field(doc="where compiled lists are kept; null = $XDG_CACHE_HOME/clearpage", convert=optional_directory)
    attributes: tuple[str, ...] = field(doc="attributes whose URLs are checked")
    remove_empty_wrappers: bool = field(doc="also remove parents that hold nothing but the ad")


@register
class AdServerFilter(Filter):
    name = "ad_server"
    Options = AdServerOptions
    summary = "kill elements whose src/href/... point at ad servers (hosts and Adblock Plus lists), with wrappers left empty"

    def __init__(self, options: AdServerOptions, env: BuildEnv):
        super().__init__(options, env)
        self._hosts = env.cached(("hosts", options.builtin_list, options.hosts_files), lambda: _load_hosts(options, env))
        self._abp: AbpEngine | None = None
        lists = options.adblock_lists
        if options.subscriptions:
            lists += tuple(p for p in env.subscribed_lists if p not in lists)
        if lists:
            cache_dir = _cache_location(options)
            key = ("adblock", lists, str(cache_dir))
            self._abp = env.cached(key, lambda: _load_abp(lists, cache_dir, env))
        # Elements carrying any of these attributes, found by one walk reading attribute names
        # (half the cost of the XPath "//*[@src or @href or ...]" it replaces, same elements, same order).
        self._url_attributes = frozenset(options.attributes)

    def apply(self, doc, ctx: PageContext) -> FilterReport:
        report = ctx.new_report(self.name)
        if self._url_attributes:
            self._remove_ad_urls(doc, ctx, report)
        if self._abp is not None and self.options.element_hiding:
            ctx.check_budget()
            self._hide_elements(doc, ctx, report)
        return report

    # ------------------------------------------------------------------ URLs

    def _remove_ad_urls(self, doc, ctx: PageContext, report: FilterReport) -> None:
        wanted = self._url_attributes
        if self._abp is None:
            # A hosts-only verdict depends on the attribute values alone, never on what was
            # removed before: the hits are found in one pass, then removed in document order.
            hits = dict(_HostCheck(self._hosts, ctx, self.options.attributes).hits(doc, wanted))
            self._kill_in_order(doc, ctx, report, hits, hits.get)
            return
        seen: dict[tuple[str, str], str | None] = {}
        candidates = [el for el in dom.iter_document(doc, etree.Element) if not wanted.isdisjoint(el.keys())]
        self._kill_in_order(doc, ctx, report, candidates, lambda el: self._ad_url(el, ctx, seen))

    def _kill_in_order(self, doc, ctx: PageContext, report: FilterReport, candidates, verdict) -> None:
        """Remove each of ``candidates`` (in document order) that ``verdict`` names an ad (its reason),
        skipping the root and anything inside an element removed before: ``verdict`` is asked
        only about the elements still in the page."""
        removed = False
        for el in candidates:
            if el.getparent() is None or (removed and not _attached(el, doc)):
                continue  # the root, or inside something removed
            reason = verdict(el)
            if reason:
                self._kill_ad(el, ctx, report, reason)
                removed = True

    def _kill_ad(self, el, ctx: PageContext, report: FilterReport, reason: str) -> None:
        target = self._enclosing(el) if self.options.remove_empty_wrappers else el
        ctx.kill(target, report, reason, keep_links=False)  # an ad link is not worth keeping

    def _ad_url(self, el, ctx: PageContext, seen: dict) -> str | None:
        tag = dom.tag_of(el)
        for attr in self.options.attributes:
            for url in _urls(el.get(attr), attr):
                absolute = _absolute(url, ctx)
                if absolute is None:
                    continue
                kind = request_types.for_attribute(tag, attr, el)
                key = (absolute, kind)
                if key not in seen:
                    seen[key] = self._verdict(absolute, kind, ctx)
                if seen[key]:
                    return f"{attr} {seen[key]}"
        return None

    def _verdict(self, url: str, kind: str, ctx: PageContext) -> str | None:
        host = host_of(url)
        entry = self._hosts.match(host)
        if entry and not _covers(entry, ctx.host):
            return f"host {host} is listed ({entry})"
        if self._abp is not None:
            verdict = self._abp.check(url, ctx.url, kind)
            if verdict.blocked:
                return f"{_short(url)} blocked as {kind} by {verdict.rule}"
        return None

    def _enclosing(self, el):
        target = el
        for _ in range(MAX_WRAPPER_CLIMB):
            parent = target.getparent()
            if parent is None or dom.tag_of(parent) in _NEVER_CLIMB or not _only_child_content(parent, target):
                break
            target = parent
        return target

    # ------------------------------------------------------------------ element hiding

    def _hide_elements(self, doc, ctx: PageContext, report: FilterReport) -> None:
        assert self._abp is not None
        result = cosmetic.hide(doc, ctx.url, ctx.host, self._abp)
        for el, css in result.matches:
            if dom.tag_of(el) in _NEVER_HIDE:
                report.notes.append(f"element-hiding rule ##{css} matches <{dom.tag_of(el)}>: not applied")
                continue
            if el.getparent() is None or not _attached(el, doc):
                continue  # inside something already removed
            ctx.kill(el, report, f"element hiding ##{css}")
        if result.uncompilable:
            example = result.uncompilable[0]
            report.notes.append(
                f"{len(result.uncompilable)} element-hiding selector(s) skipped: cssselect cannot compile them (e.g. {example})"
            )


class _HostCheck:
    """Hosts lists only (no Adblock Plus engine): a verdict needs only the host a URL resolves to.

    Gives exactly ``_verdict(_absolute(url))``'s answer without joining every URL with the base:
    a relative URL resolves to the base URL's host (worked out once per page), an absolute
    http(s) URL with a host keeps its own (``urljoin`` returns it or re-assembles the same
    netloc); anything else (other schemes, ``http:path``, no base) takes the general path.
    Verdicts are kept per host for the page.
    """

    _UNSET = object()

    def __init__(self, hosts: HostMatcher, ctx: PageContext, attributes: tuple[str, ...]):
        self.hosts = hosts
        self.ctx = ctx
        self.page_host = ctx.host
        # (attribute, is it srcset-style?) in the configured order, the flag worked out once.
        self.attributes = tuple((attr, attr.endswith("srcset")) for attr in attributes)
        self.verdicts: dict[str | None, str | None] = {}
        self.base_host = self._UNSET
        # value -> the verdict on its URLs, apart for srcset-style attributes (a list of URLs):
        # a page repeats many URLs.
        self.values: dict[str, str | None] = {}
        self.srcset_values: dict[str, str | None] = {}
        # "http(s)://netloc" (the URL up to the first "/" after the scheme) -> the verdict on
        # URLs starting so: most of a page's values are distinct, but few origins.
        self.origins: dict[str, str | None] = {}

    def hits(self, doc, wanted: frozenset[str]) -> list[tuple[object, str]]:
        """Every element of ``doc`` carrying one of the ``wanted`` attributes whose URL is an ad,
        in document order, with ``ad_url``'s reason; nothing is removed here."""
        ad_url = self.ad_url
        found = []
        for el in dom.iter_document(doc, etree.Element):
            names = el.keys()
            if names and not wanted.isdisjoint(names) and (reason := ad_url(el, names)):
                found.append((el, reason))
        return found

    def ad_url(self, el, names) -> str | None:
        """The first configured attribute (among ``names``, the element's) whose URL is an ad, as a reason."""
        unset = self._UNSET
        for attr, srcset in self.attributes:
            if attr not in names:
                continue
            value = el.get(attr)
            if not value:
                continue
            cache = self.srcset_values if srcset else self.values
            verdict = cache.get(value, unset)
            if verdict is unset:
                verdict = cache[value] = self.value_verdict(value, attr, srcset)
            if verdict:
                return f"{attr} {verdict}"
        return None

    def value_verdict(self, value: str, attr: str, srcset: bool = False) -> str | None:
        """The verdict on the first listed host among the URLs in ``value``; None when none is."""
        if srcset or not value.isprintable():
            urls = _urls(value, attr)
        else:
            # _urls for one URL with no control character to drop (most values): clean_href's
            # strip, without its calls.
            url = value.strip(" ")
            if url.startswith(_HTTP_STARTS):
                return self.origin_verdict(url)
            urls = (url,) if url else ()
        for url in urls:
            host = self.host_of(url)
            if host is None:
                continue
            verdict = self.host_verdict(host)
            if verdict:
                return verdict
        return None

    def origin_verdict(self, url: str) -> str | None:
        """``value_verdict`` for one printable ``http(s)://`` URL, kept per origin. Its host
        (or None) depends only on the characters before the first "/" after the scheme: the
        netloc ends at the first "/", "?" or "#", and host_of reads nothing after it."""
        slash = url.find("/", _NETLOC_FROM)
        origin = url if slash < 0 else url[:slash]
        verdict = self.origins.get(origin, self._UNSET)
        if verdict is self._UNSET:
            host = self.host_of(url)
            verdict = self.origins[origin] = None if host is None else self.host_verdict(host)
        return verdict  # type: ignore[return-value]

    def host_verdict(self, host: str) -> str | None:
        """``verdict`` on ``host``, worked out once per page."""
        verdict = self.verdicts.get(host, self._UNSET)
        if verdict is self._UNSET:
            verdict = self.verdicts[host] = self.verdict(host)
        return verdict  # type: ignore[return-value]

    def verdict(self, host: str) -> str | None:
        entry = self.hosts.match(host)
        if entry and not _covers(entry, self.page_host):
            return f"host {host} is listed ({entry})"
        return None

    def host_of(self, url: str) -> str | None:
        """``host_of(_absolute(url, ctx))``; None when that is None."""
        if not self.ctx.base_url:
            return self._general(url)
        first = url[0]
        if first in "/?#" and not url.startswith("//"):
            return self._base()  # a path, query or fragment: no scheme, no host of its own
        http = _HTTP_NETLOC.match(url)
        if http is not None:
            netloc = http.group(1)
            if netloc and netloc.isascii() and "[" not in netloc and "]" not in netloc:
                # urlsplit's own steps for a plain host[:port] netloc (no IPv6, nothing to normalise)
                host = netloc.rpartition("@")[2].partition(":")[0]
                return host.lower().rstrip(".") if host else None
        if url.startswith("//"):
            return self._general(url)
        try:
            parts = urlsplit(url)
        except ValueError:
            return None  # urljoin would raise the same
        if not parts.scheme and not parts.netloc:
            return self._base()
        if parts.scheme in _FETCHED_SCHEMES and parts.netloc:
            try:
                host = parts.hostname
            except ValueError:
                return None
            return host.lower().rstrip(".") if host else None
        return self._general(url)

    def _base(self) -> str | None:
        """The host every relative URL of the page resolves to (the base URL's)."""
        if self.base_host is self._UNSET:
            self.base_host = self._general("relative")
        return self.base_host  # type: ignore[return-value]

    def _general(self, url: str) -> str | None:
        absolute = _absolute(url, self.ctx)
        return None if absolute is None else host_of(absolute)


def _cache_location(options: AdServerOptions) -> Path | None:
    if not options.compiled_cache:
        return None
    return Path(options.cache_dir) if options.cache_dir else abp_cache.default_dir()


def _load_abp(lists: tuple[str, ...], cache_dir: Path | None, env: BuildEnv) -> AbpEngine | None:
    try:
        engine, info = load_lists(lists, cache_dir)
    except OSError as exc:
        env.problems.append(Problem(getattr(exc, "filename", None) or "<adblock list>", None, "filters.ad_server.adblock_lists", f"cannot read list: {exc}"))
        return None
    env.warnings.extend(info.warnings)
    how = f"from cache {info.cache_file}" if info.from_cache else "compiled" + (f", cached in {info.cache_file}" if info.cache_file else "")
    log.info("adblock: %d list(s) ready in %.2f s (%s)", len(lists), info.seconds, how)
    return engine


def _load_hosts(options: AdServerOptions, env: BuildEnv) -> HostMatcher:
    matcher = HostMatcher()
    if options.builtin_list:
        text = importlib.resources.files("clearpage.config").joinpath(BUILTIN_LIST).read_text(encoding="utf-8")
        matcher.load_text(text, BUILTIN_LIST)
    for path in options.hosts_files:
        try:
            matcher.load_file(path)
        except OSError as exc:
            env.problems.append(Problem(path, None, "filters.ad_server.hosts_files", f"cannot read list: {exc.strerror or exc}"))
    env.warnings.extend(matcher.warnings)
    return matcher


def _covers(entry: str, host: str | None) -> bool:
    """Is ``host`` the listed domain ``entry`` or one of its subdomains?"""
    return bool(host) and (host == entry or host.endswith("." + entry))  # type: ignore[union-attr]


def _urls(value: str | None, attr: str) -> list[str]:
    if not value:
        return []
    if attr.endswith("srcset"):
        return [part.strip().split()[0] for part in value.split(",") if part.strip()]
    cleaned = clean_href(value)
    return [cleaned] if cleaned else []


def _absolute(url: str, ctx: PageContext) -> str | None:
    """``url`` made absolute against the page; None unless it is an http(s) URL a browser would fetch."""
    if url.startswith("//"):
        url = "https:" + url
    elif ctx.base_url:
        try:
            url = urljoin(ctx.base_url, url)
        except ValueError:
            return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in _FETCHED_SCHEMES or not parts.hostname:
        return None
    return url


def _short(url: str) -> str:
    return url if len(url) <= _REASON_URL_CHARS else url[: _REASON_URL_CHARS - 3] + "..."


def _attached(el, root) -> bool:
    """Is ``el`` still in the document? (A removed subtree keeps its inner parent links.)"""
    top = el
    for top in el.iterancestors():
        pass
    return top is root


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
