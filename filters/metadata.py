"""Page metadata for the reader page: title, byline, date, language, direction, site name.

Read from the original document before any filter runs (the ignore filter drops <meta>).
Sources, best first: JSON-LD, OpenGraph / Dublin Core / article meta tags, <title>, the
visible byline (rel=author, itemprop=author, class names with "byline"/"author").
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from . import dom

_DIRS = frozenset({"ltr", "rtl", "auto"})
_BYLINE_CLASS = re.compile(r"\b(byline|author|writtenby|p-author)\b", re.IGNORECASE)
_TITLE_SEPARATORS = re.compile(r"\s+[|\-–—»·:]\s+")


@dataclass(frozen=True)
class Metadata:
    title: str = ""
    byline: str = ""
    published: str = ""
    lang: str = ""
    dir: str = ""
    site_name: str = ""
    excerpt: str = ""


def _meta_map(doc) -> dict[str, str]:
    values: dict[str, str] = {}
    for meta in doc.iter("meta"):
        content = (meta.get("content") or "").strip()
        if not content:
            continue
        for attr in ("property", "name", "itemprop", "http-equiv"):
            for key in (meta.get(attr) or "").lower().split():
                values.setdefault(key, content)
    return values


def _json_ld(doc) -> list[dict]:
    items: list[dict] = []
    for script in doc.xpath("//script[@type='application/ld+json']"):
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
    meta = _meta_map(doc)
    ld = _article_ld(_json_ld(doc))
    site_name = meta.get("og:site_name", "")
    title_el = doc.find(".//title")
    raw_title = (
        (ld.get("headline") if isinstance(ld.get("headline"), str) else "")
        or meta.get("og:title") or meta.get("twitter:title") or meta.get("dc.title")
        or (title_el.text_content() if title_el is not None else "")
    )
    if not raw_title:
        h1 = doc.find(".//h1")
        raw_title = dom.text_of(h1) if h1 is not None else ""
    byline = ", ".join(_names(ld.get("author"))) or meta.get("author") or meta.get("article:author") or meta.get("dc.creator") or _visible_byline(doc)
    if byline.startswith(("http://", "https://")):
        byline = ""
    published = (
        (ld.get("datePublished") if isinstance(ld.get("datePublished"), str) else "")
        or meta.get("article:published_time") or meta.get("date") or meta.get("dc.date") or _time_element(doc)
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


def _visible_byline(doc) -> str:
    for el in doc.xpath("//*[@rel='author' or @itemprop='author']"):
        text = dom.text_of(el)
        if 0 < len(text) < 100:
            return text
    for el in doc.xpath("//*[@class or @id]"):
        if _BYLINE_CLASS.search((el.get("class") or "") + " " + (el.get("id") or "")):
            text = dom.text_of(el)
            if 0 < len(text) < 100:
                return text
    return ""


def _time_element(doc) -> str:
    for el in doc.xpath("//time[@datetime]"):
        return el.get("datetime") or ""
    return ""
