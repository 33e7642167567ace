"""The page-top bar of a page the proxy serves: the mode, what was removed, the original page,
and the site memory's notice.

One ``<aside aria-label="clearpage" data-clearpage="bar">`` near the top of a filtered or reader
HTML page when the caller asks for it (``Delivery.page_bar``: the proxy does), after the skip
link when the page has one. Plain links, no script. It is added after the page's text was
taken, so ``Result.text`` never holds it, and text pages never get it.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from lxml import etree

from .. import dom

MARKER = "bar"
LABEL = "clearpage"
NAV_ID = "cp-removed-links"  # given to the removed-links nav so the bar can link to it
NOMEMORY_PARAM, NOMEMORY_VALUE = "clearpage", "nomemory"  # the proxy serves such a request without the site memory
NOMEMORY_PAIR = f"{NOMEMORY_PARAM}={NOMEMORY_VALUE}"
_SCHEMES = ("http", "https")
UI_LANG = "en"
_REMOVED_NAV = etree.XPath("//nav[@data-clearpage='removed-links']")
_SKIP = etree.XPath("./a[contains(concat(' ', normalize-space(@class), ' '), ' cp-skip ')]")


def nomemory_url(url: str | None) -> str | None:
    """``url`` with ``clearpage=nomemory`` appended to its query as it is (nothing else changes)."""
    if not url:
        return None
    try:
        scheme = urlsplit(url).scheme.lower()
    except ValueError:
        return None
    if scheme not in _SCHEMES:
        return None
    base, hash_, fragment = url.partition("#")
    joined = base + ("&" if "?" in base else "?") + NOMEMORY_PAIR
    return joined + (hash_ + fragment if hash_ else "")


def add(doc, *, mode: str, removed: int, original_url: str | None, url: str | None,
        memory_removed: int, memory_used: bool) -> None:
    """Put the bar at the top of ``doc``'s body (see the module docstring)."""
    body = dom.body_of(doc)
    if body is None:
        return
    bar = dom.new_element("aside", {"aria-label": LABEL, "data-clearpage": MARKER})
    p = dom.new_element("p", parent=bar)
    parts: list = [f"clearpage: {mode} mode, {removed} removed"]
    navs = _REMOVED_NAV(doc)
    if navs:
        navs[0].set("id", navs[0].get("id") or NAV_ID)
        links = len(navs[0].xpath(".//li"))
        parts.append(dom.new_element("a", {"href": "#" + navs[0].get("id")}, f"{links} removed link{'' if links == 1 else 's'}"))
    if original_url:
        parts.append(dom.new_element("a", {"href": original_url}, "original page"))
    if not memory_used:
        parts.append("shown without the site memory")
    elif memory_removed:
        back = nomemory_url(url)
        blocks = "block" if memory_removed == 1 else "blocks"
        parts.append(f"the site memory removed {memory_removed} {blocks} seen on other pages of this site")
        if back:
            parts.append(dom.new_element("a", {"href": back}, "show this page without the memory"))
    _fill(p, parts)
    root = doc.getroottree().getroot()
    if not (root.get("lang") or "").lower().startswith(UI_LANG):  # clearpage's own words are English
        bar.set("lang", UI_LANG)
        bar.set("dir", "ltr")
    skip = _SKIP(body)
    if skip:
        skip[0].addnext(bar)
    else:
        body.insert(0, bar)


def _fill(p, parts: list) -> None:
    """Text and links, separated by " · "."""
    last = None
    for i, part in enumerate(parts):
        sep = " · " if i else ""
        if isinstance(part, str):
            if last is None:
                p.text = (p.text or "") + sep + part
            else:
                last.tail = (last.tail or "") + sep + part
        else:
            if last is None:
                p.text = (p.text or "") + sep
            else:
                last.tail = (last.tail or "") + sep
            p.append(part)
            last = part
