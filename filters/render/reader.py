"""The reader page: title, byline, the selected content, removed links and a way back.

Structure (no script, one stylesheet):
  <a class=cp-skip href=#cp-content> Skip to content
  <main id=cp-content><article> <header><h1>title</h1> byline, date </header> content </article></main>
  <nav data-clearpage=removed-links> (added by the retainer, before the footer)
  <footer data-clearpage=footer> link to the original page (bypass URL)
"""
from __future__ import annotations

import copy
import importlib.resources
from dataclasses import dataclass

from .. import dom
from ..metadata import Metadata

_CSS = importlib.resources.files("clearpage.filters.render").joinpath("reader.css").read_text(encoding="utf-8")


@dataclass(frozen=True)
class ReaderPage:
    doc: object  # the reader document root
    title: str


def stylesheet(font_scale: float) -> str:
    return _CSS if font_scale == 1.0 else _CSS + f":root {{ --cp-scale: {font_scale:g}; }}\n"


def build(nodes, meta: Metadata, settings, *, original_url: str | None, inline_style: bool = True, stylesheet_href: str | None = None) -> ReaderPage:
    """A new document holding copies of ``nodes`` under the reader structure."""
    doc = dom.new_element("html")
    if meta.lang:
        doc.set("lang", meta.lang)
    if meta.dir:
        doc.set("dir", meta.dir)
    if settings.theme != "auto":
        doc.set("data-theme", settings.theme)
    head = dom.new_element("head", parent=doc)
    dom.new_element("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}, parent=head)
    title = meta.title or _first_heading(nodes) or "Untitled page"
    dom.new_element("title", text=title, parent=head)
    if inline_style:
        dom.new_element("style", text=stylesheet(settings.font_scale), parent=head)
    elif stylesheet_href:
        dom.new_element("link", {"rel": "stylesheet", "href": stylesheet_href}, parent=head)
    body = dom.new_element("body", parent=doc)
    dom.new_element("a", {"class": "cp-skip", "href": "#cp-content"}, "Skip to content", parent=body)
    main = dom.new_element("main", {"id": "cp-content"}, parent=body)
    article = dom.new_element("article", parent=main)
    header = dom.new_element("header", parent=article)
    dom.new_element("h1", text=title, parent=header)
    if meta.byline:
        dom.new_element("p", {"class": "cp-byline"}, meta.byline, parent=header)
    for node in nodes:
        for part in _content_of(node):
            article.append(part)
    _drop_repeated_title(article, header, title)
    if not settings.images:
        for img in list(article.iter("img", "picture", "video", "svg")):
            dom.remove(img)
    footer = dom.new_element("footer", {"data-clearpage": "footer"}, parent=body)
    if original_url:
        p = dom.new_element("p", parent=footer)
        dom.new_element("a", {"href": original_url}, "Original page (without clearpage)", parent=p)
    return ReaderPage(doc, title)


def _content_of(node) -> list:
    """Copies of what ``node`` holds: the node itself, or for <body> its children."""
    if dom.tag_of(node) in ("body", "html"):
        parts = []
        if (node.text or "").strip():
            p = dom.new_element("p", text=node.text.strip())
            parts.append(p)
        for child in node:
            if dom.is_element(child):
                clone = copy.deepcopy(child)
                parts.append(clone)
        return parts
    clone = copy.deepcopy(node)
    clone.tail = None
    return [clone]


def _first_heading(nodes) -> str:
    for node in nodes:
        for h in node.iter("h1", "h2"):
            text = dom.text_of(h)
            if text:
                return text
    return ""


def _drop_repeated_title(article, header, title: str) -> None:
    """The content often repeats the title as its own h1; keep only the reader header's."""
    wanted = dom.WHITESPACE.sub(" ", title).strip().lower()
    for h in article.iter("h1", "h2"):
        if h.getparent() is header or any(a is header for a in h.iterancestors()):
            continue
        if dom.text_of(h).lower() == wanted:
            dom.remove(h)
        break
