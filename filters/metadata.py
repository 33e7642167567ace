"""Page metadata for the reader page: title, byline, date, language, direction, site name.

Read from the original document before any filter runs (the ignore filter drops <meta>).
Sources, best first: JSON-LD, OpenGraph / Dublin Core / article meta tags, <title>, the
visible byline (rel=author, itemprop=author, class names with "byline"/"author").
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass

from lxml import etree

from . import dom

_DIRS = frozenset({"ltr", "rtl", "auto"})
_BYLINE_CLASS = re.compile(r"\b(byline|author|writtenby|p-author)\b", re.IGNORECASE)
_TITLE_SEPARATORS = re.compile(r"\s+[|\-–—»·:]\s+")
# The elements metadata reads, found in one walk of the tree (in document order).
_TAGS = ("meta", "script", "title", "h1", "time")
_AUTHOR_ELEMENTS = etree.XPath("//@rel[. = 'author']/.. | //@itemprop[. = 'author']/..")
_CLASS_ID_VALUES = etree.XPath("//@class | //@id", smart_strings=False)
_CLASS_OR_ID = etree.XPath("//*[@class or @id]")


@dataclass(frozen=True)
class Metadata:
    title: str = ""
    byline: str = ""
    published: str = ""
    lang: str = ""
    dir: str = ""
    site_name: str = ""
    excerpt: str = ""


def _by_tag(doc) -> dict[str, list]:
    """meta, title, h1 under ``doc`` (as ``doc.iter`` / ``doc.find`` see them); script and time in
    the whole document (as the XPath queries ``//script``, ``//time`` see them)."""
    found: dict[str, list] = {tag: [] for tag in _TAGS}
    for el in doc.iter(*_TAGS):
        found[el.tag].append(el)
    if doc.getnext() is not None or doc.getprevious() is not None:  # top-level elements beside the root
        for tag in ("script", "time"):
            found[tag] = list(dom.iter_document(doc, tag))
    return found


def _meta_map(metas) -> dict[str, str]:
    values: dict[str, str] = {}
    for meta in metas:
        content = (meta.get("content") or "").strip()
        if not content:
            continue
        for attr in ("property", "name", "itemprop", "http-equiv"):
            for key in (meta.get(attr) or "").lower().split():
                values.setdefault(key, content)
    return values


def _json_ld(scripts) -> list[dict]:
    items: list[dict] = []
    for script in scripts:
        if script.get("type") != "application/ld+json":
            continue
        try:
            data = json.loads(script.text or "")
        except (ValueError, RecursionError):
            continue
        stack = [data]
        while stack and len(items) < 50:
            item = stack.pop()
            if isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                items.append(item)
                if isinstance(item.get("@graph"), list):
                    stack.extend(item["@graph"])
    return items


def _names(value) -> list[str]:
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if isinstance(value, dict):
        return _names(value.get("name"))
    if isinstance(value, list):
        return [n for v in value for n in _names(v)]
    return []


def _article_ld(items: list[dict]) -> dict:
    for item in items:
        kind = item.get("@type")
        kinds = kind if isinstance(kind, list) else [kind]
        if any(isinstance(k, str) and (k.endswith("Article") or k in ("BlogPosting", "Report", "WebPage")) for k in kinds):
            return item
    return {}


def clean_title(raw: str, site_name: str = "") -> str:
    """The page title without a trailing or leading " | Site name" when that is what it is."""
    title = dom.WHITESPACE.sub(" ", raw).strip()
    parts = _TITLE_SEPARATORS.split(title)
    if len(parts) > 1:
        if site_name and parts[-1].strip().lower() == site_name.lower():
            return title[: title.rfind(parts[-1])].rstrip(" |-–—»·:")
        if site_name and parts[0].strip().lower() == site_name.lower():
            return title[len(parts[0]):].lstrip(" |-–—»·:")
    return title


def extract(doc) -> Metadata:
    tags = _by_tag(doc)
    meta = _meta_map(tags["meta"])
    ld = _article_ld(_json_ld(tags["script"]))
    site_name = meta.get("og:site_name", "")
    title_el = _first(tags["title"], doc)
    raw_title = (
        (ld.get("headline") if isinstance(ld.get("headline"), str) else "")
        or meta.get("og:title") or meta.get("twitter:title") or meta.get("dc.title")
        or (title_el.text_content() if title_el is not None else "")
    )
    if not raw_title:
        h1 = _first(tags["h1"], doc)
        raw_title = dom.text_of(h1) if h1 is not None else ""
    byline = ", ".join(_names(ld.get("author"))) or meta.get("author") or meta.get("article:author") or meta.get("dc.creator") or _visible_byline(doc)
    if byline.startswith(("http://", "https://")):
        byline = ""
    published = (
        (ld.get("datePublished") if isinstance(ld.get("datePublished"), str) else "")
        or meta.get("article:published_time") or meta.get("date") or meta.get("dc.date") or _time_element(tags["time"])
    )
    html = doc if dom.tag_of(doc) == "html" else doc.getroottree().getroot()
    lang = (html.get("lang") or html.get("xml:lang") or meta.get("content-language") or "").strip()
    direction = (html.get("dir") or "").strip().lower()
    body = html.find("body")
    if direction not in _DIRS and body is not None:
        direction = (body.get("dir") or "").strip().lower()
    excerpt = meta.get("og:description") or meta.get("description") or ""
    return Metadata(
        title=clean_title(raw_title, site_name),
        byline=dom.WHITESPACE.sub(" ", byline).strip()[:200],
        published=published.strip(),
        lang=lang.split(",")[0].strip(),
        dir=direction if direction in _DIRS else "",
        site_name=site_name.strip(),
        excerpt=excerpt.strip(),
    )


def _first(elements: list, root):
    """The first of ``elements`` below ``root`` (what ``root.find(".//tag")`` returns)."""
    for el in elements:
        if el is not root:
            return el
    return None


def _visible_byline(doc) -> str:
    for el in _AUTHOR_ELEMENTS(doc):
        text = dom.text_of(el)
        if 0 < len(text) < 100:
            return text
    # The first element whose class or id names a byline and holds a short text. The words hold
    # no space, so a match lies within the class or within the id: each distinct value is tested
    # once, and only the elements holding a matching value are looked at.
    matching = [value for value in set(_CLASS_ID_VALUES(doc)) if _BYLINE_CLASS.search(value)]
    if not matching:
        return ""
    for el in _holding(doc, matching):
        text = dom.text_of(el)
        if 0 < len(text) < 100:
            return text
    return ""


def _holding(doc, values: list[str]) -> list:
    """The elements whose class or id is one of ``values``, in document order."""
    names = {f"v{i}": value for i, value in enumerate(values)}
    try:
        return _holding_query(len(values))(doc, **names)
    except ValueError:  # a value XPath cannot carry (control characters): test every element
        wanted = set(values)
        return [el for el in _CLASS_OR_ID(doc) if el.get("class") in wanted or el.get("id") in wanted]


@functools.lru_cache(maxsize=16)
def _holding_query(count: int) -> etree.XPath:
    test = " or ".join(f". = $v{i}" for i in range(count))
    return etree.XPath(f"//@class[{test}]/.. | //@id[{test}]/..")


def _time_element(times) -> str:
    for el in times:
        if el.get("datetime") is not None:
            return el.get("datetime") or ""
    return ""
