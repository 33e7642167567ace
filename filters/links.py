"""Links: making them absolute against <base> / the page URL, and refusing schemes that run code;
the removed-link record, and the walks that note the links a reader page leaves out.

Only http(s) and relative URLs survive into anything clearpage writes (removed-links nav,
reader page); ``javascript:``, ``data:``, ``vbscript:`` and every other scheme are dropped.
"""
from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import urljoin, urlsplit

from lxml import etree

from . import dom

if TYPE_CHECKING:
    from .context import PageContext  # (context.py imports this module)

SAFE_SCHEMES = frozenset({"http", "https"})
# Control characters browsers strip from URLs before reading the scheme; attackers use them to hide "javascript:".
_URL_NOISE = re.compile(r"[\x00-\x1f]")


def clean_href(href: str | None) -> str | None:
    """The href trimmed the way browsers trim it, or None when empty."""
    if href is None:
        return None
    # isprintable() is False for every control character, so a printable href has none to drop.
    value = (href if href.isprintable() else _URL_NOISE.sub("", href)).strip(" ")
    return value or None


def safe_url(href: str | None, base: str | None) -> str | None:
    """``href`` made absolute against ``base`` when there is one; None unless http(s) or relative."""
    value = clean_href(href)
    if value is None or value.startswith("#"):
        return None
    if base:
        joined = _plain_join(value, base)
        if joined is not None:
            return joined
    try:  # (urlsplit refuses a bracketed host that is no IP address: "http://[ccpa-preferences]")
        scheme = urlsplit(value).scheme.lower()
        if scheme and scheme not in SAFE_SCHEMES:
            return None
        if base:
            value = urljoin(base, value)
            scheme = urlsplit(value).scheme.lower()
            if scheme and scheme not in SAFE_SCHEMES:
                return None
    except ValueError:
        return None
    return value


# An absolute http(s) URL and its netloc, as urlsplit reads them (the netloc ends at "/", "?" or "#").
_HTTP_URL = re.compile(r"https?://([^/?#]*)")
# A network-path reference ("//host/path") and its netloc, read the same way.
_NETWORK_PATH = re.compile(r"//([^/?#]*)")


def _plain_join(value: str, base: str) -> str | None:
    """``urljoin(base, value)`` for the three shapes most links have, without parsing them twice.

    An absolute ``http(s)://host/...`` URL is its own join, ``/path...`` is the base's
    ``scheme://netloc`` followed by it, and ``//host/...`` the base's ``scheme:`` followed by
    it, whenever urllib would not rewrite the URL: no ``;`` (path parameters), no empty query
    or fragment (a bare ``?`` or ``#`` is dropped), no dot segment (``/./``, ``/../``), a plain
    ASCII host. Anything else returns None and takes the general path. tests/test_links.py
    checks this against urljoin on generated URLs.
    """
    if ";" in value or "/." in value:
        return None
    hash_at = value.find("#")
    if hash_at == len(value) - 1:
        return None  # empty fragment
    before = value if hash_at < 0 else value[:hash_at]
    if before.find("?") == len(before) - 1:
        return None  # empty query
    base_parts = _http_base(base)
    if base_parts is None:
        return None
    absolute = _HTTP_URL.match(value)
    if absolute is not None:
        netloc = absolute.group(1)
        if netloc and netloc.isascii() and "[" not in netloc and "]" not in netloc:
            return value
        return None
    if value[0] == "/":
        if value[1:2] != "/":
            scheme, netloc = base_parts
            return f"{scheme}://{netloc}{value}"
        # "//host/...": the base's scheme, then the URL as written (urljoin keeps a plain netloc)
        netloc = _NETWORK_PATH.match(value).group(1)
        if netloc and netloc.isascii() and "[" not in netloc and "]" not in netloc:
            return f"{base_parts[0]}:{value}"
    return None


@functools.lru_cache(maxsize=256)
def _http_base(base: str) -> tuple[str, str] | None:
    """(scheme, netloc) of an http(s) base URL with a host, as urljoin reads it; else None."""
    try:
        parts = urlsplit(base)
    except ValueError:
        return None
    if parts.scheme not in SAFE_SCHEMES or not parts.netloc:
        return None
    return parts.scheme, parts.netloc


def host_of(url: str | None) -> str | None:
    if not url:
        return None
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return host.lower().rstrip(".") if host else None


class RemovedLink(NamedTuple):
    """A text link a filter took out of the page, kept so the page stays browsable.

    A named tuple, immutable as the frozen dataclass it replaced was: one is made for every
    removed link (a hundred or more on many pages), and a frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` per field) cost three times as much."""

    url: str
    text: str
    filter: str
    line: int = 0  # source line of the link, to list removed links in document order


def unique_links(links: list[RemovedLink]) -> list[RemovedLink]:
    """One entry per URL (the first text that is not empty), in the order the links stood in the page."""
    seen: dict[str, RemovedLink] = {}
    for link in sorted(links, key=lambda l: l.line):
        known = seen.get(link.url)
        if known is None:
            seen[link.url] = link
        elif not known.text and link.text:
            seen[link.url] = RemovedLink(link.url, link.text, known.filter, known.line)
    return list(seen.values())


BYPASS_PARAM = "clearpage"
BYPASS_VALUE = "off"


BYPASS_PAIR = f"{BYPASS_PARAM}={BYPASS_VALUE}"


def bypass_url(url: str | None) -> str | None:
    """``url`` with ``clearpage=off`` added: the proxy serves that request untouched.

    Works on the raw text, as the proxy's ``strip_bypass`` does: the rest of the query stays
    byte for byte (``%E9``, ``?a&b``, ``x=1;y=2``, a site's own ``clearpage=1``); only an
    earlier ``clearpage=off`` pair is not repeated.
    """
    if not url:
        return None
    try:
        scheme = urlsplit(url).scheme
    except ValueError:
        return None
    if scheme.lower() not in SAFE_SCHEMES:
        return None
    base, hash_, fragment = url.partition("#")
    path, _question, query = base.partition("?")
    kept = [part for part in query.split("&") if part != BYPASS_PAIR] if query else []
    kept.append(BYPASS_PAIR)
    return f"{path}?{'&'.join(kept)}" + (hash_ + fragment if hash_ else "")


# ---------------------------------------------------------------------- links outside a selection


def note_links_outside(doc, nodes, ctx: PageContext, filter_name: str) -> None:
    """Links the reader page leaves out are removed links too: the retainer keeps them reachable.

    Notes, under ``filter_name``, the links of ``doc``'s body outside the selected ``nodes``."""
    body = dom.body_of(doc)
    if any(n is body for n in nodes):
        return
    on_path = _ancestors_below(body, nodes)
    if on_path is None or _NESTED_LINK(body):
        note_each_link_outside(body, nodes, ctx, filter_name)
        return
    # Each subtree beside the selection has its links noted in one call (in document order, as
    # a walk over the body's links would meet them) instead of a call per link: the walk goes
    # down only into the ancestors of selected nodes. (A link inside a link would be noted once
    # here but twice link by link: such a page is noted link by link.)
    selected = set(nodes)
    stack = [iter(body)]
    while stack:
        for child in stack[-1]:
            if child in selected or not isinstance(child.tag, str):
                continue  # (comments and processing instructions hold no link)
            if child in on_path:
                if child.tag == "a" and child.get("href") is not None:
                    ctx.note_links(child, filter_name)  # (a link around selected content: no link inside it)
                stack.append(iter(child))
                break
            ctx.note_links(child, filter_name)
        else:
            stack.pop()


# A link inside another link (a <div> or <span> in an <a> lets libxml2 nest them): 14 of 499
# wcxb-dev pages have one.
_NESTED_LINK = etree.XPath("boolean(descendant::a/descendant::a)")


def _ancestors_below(body, nodes) -> set | None:
    """The ancestors of ``nodes`` strictly inside ``body`` (None when a node is not inside it)."""
    on_path: set = set()
    for node in nodes:
        for ancestor in node.iterancestors():
            if ancestor is body:
                break
            if ancestor in on_path:
                break  # (its own ancestors are in already)
            on_path.add(ancestor)
        else:
            return None
    return on_path


def note_each_link_outside(body, nodes, ctx: PageContext, filter_name: str) -> None:
    """``note_links_outside`` link by link: each link outside the selection noted with the links inside it."""
    inside = {a for n in nodes for a in n.iter("a")}
    for a in body.iter("a"):
        if a.get("href") is not None and a not in inside:
            ctx.note_links(a, filter_name)
