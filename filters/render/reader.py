"""The reader page: the selected content rebuilt as a page a screen reader user would choose.

Structure (no script at all; one stylesheet, inline or linked):

  <html lang dir>              kept from the original (repaired: "en_US" -> "en-US"), or
                               guessed from the text when absent (``detect_language``),
                               else "und" (undetermined, BCP 47)
    <title>                    the article title
  <body>
    <a class=cp-skip href=#cp-content>   skip link, first in the tab order
    <main id=cp-content>                 the only main landmark
      <article>                          the only article
        <header><h1>title</h1> byline</header>   the only h1
        content                          headings renumbered below the h1 without gaps
        summary                          only when the page holds (next to) no text: its own
                                         description from metadata, labelled as such
    <nav aria-label="Removed links">     added by the retainer, after main
    <footer>                             link to the original page (the proxy's bypass URL)

The content is a copy of the selected nodes, then (each step its own module):
  sanitize.clean      no script, handlers, styles, widgets, hidden content, inner landmarks
  lazy_images.resolve data-src / srcset / noscript copies put in place
  tables.prepare      layout tables linearised, data tables with header cells
  images.judge        the image-relevance test (drops unrelated images)
  alternatives        every image an alt, every link a name, empty links gone
  headings.normalise  one h1, the outline below it without gaps
"""
from __future__ import annotations

import base64
import copy
import hashlib
import importlib.resources
import re
from dataclasses import dataclass, field

from lxml import etree

from .. import dom, images, language
from ..metadata import Metadata
from ..report import FilterReport
from . import alternatives, headings, lazy_images, sanitize, tables

_CSS = importlib.resources.files("clearpage.filters.render").joinpath("reader.css").read_text(encoding="utf-8")
UNTITLED = "Untitled page"
REPORT = "reader"
# The reader page's own words are English; marked so a screen reader does not read them in
# the page's language voice.
UI_LANG = "en"
# BCP 47 "undetermined": said outright when the language is neither declared nor recognisable.
UNDETERMINED = "und"
# A first heading that starts the title and covers this share of it is the title again.
MIN_TITLE_SHARE = 0.5
# An h1 opening the content whose words are at least this share in the title is the headline
# worded apart from <title> ("Your Car Maintenance Checklist" under "Your Maintenance Checklist").
HEADLINE_TITLE_WORDS = 0.5
# A lead headline (see _lead_headline) is a line this long: a headline, not a word or a paragraph.
HEADLINE_CHARS = (15, 150)
# Elements whose text, alone at the start of the content, is a headline.
_HEADLINE_TAGS = frozenset({"h2", "h3", "h4", "b", "strong", "font", "big"})
# A block repeating the byline may add "By " and a little punctuation, nothing more.
BYLINE_SLACK_CHARS = 6
# The label above a page's own summary (shown when the page as served has no text to read).
SUMMARY_NOTE = ("clearpage found (next to) no text to read on this page; its content may be built by script. "
                "Below is the page's own summary, from its metadata. The original page has the full content.")


@dataclass(frozen=True)
class ReaderPage:
    doc: object  # the reader document root
    title: str
    article: object = None  # the <article> element (the text mode renders it)
    images_kept: int = 0
    images_dropped: int = 0
    decisions: tuple = field(default=(), repr=False)  # images.Decision per judged image
    held: list = field(default_factory=list, repr=False, compare=False)  # the content's element proxies (see build)

    def content_nodes(self) -> list:
        """The article's content below its header (title and byline), in order."""
        if self.article is None:
            return []
        return [child for child in self.article if dom.tag_of(child) != "header" or child.getprevious() is not None]


def stylesheet(font_scale: float) -> str:
    return _CSS if font_scale == 1.0 else _CSS + f":root {{ --cp-scale: {font_scale:g}; }}\n"


def stylesheet_hash(font_scale: float) -> str:
    """The CSP source expression ('sha256-...') allowing exactly this inline stylesheet."""
    digest = hashlib.sha256(stylesheet(font_scale).encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def build(nodes, meta: Metadata, settings, *, original_url: str | None, inline_style: bool = True,
          stylesheet_href: str | None = None, base_url: str | None = None, ctx=None,
          summary: str = "") -> ReaderPage:
    """A new document holding cleaned copies of ``nodes`` under the reader structure.

    ``summary``, when given, is the page's own description, shown under the header with a
    label saying where it comes from (for pages whose content holds next to no text).

    ``inline_style=False`` leaves the stylesheet out (a CSP forbidding inline style); it is
    linked from ``stylesheet_href`` instead when given. ``ctx`` (a PageContext), when given,
    receives a "reader" report of what was changed and the links of dropped images.
    """
    report = ctx.new_report(REPORT) if ctx is not None else FilterReport(REPORT)
    doc = dom.new_element("html")
    head = dom.new_element("head", parent=doc)
    dom.new_element("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}, parent=head)
    title = meta.title or _first_heading(nodes) or UNTITLED
    title_el = dom.new_element("title", text=title, parent=head)
    if inline_style:
        dom.new_element("style", text=stylesheet(settings.font_scale), parent=head)
    elif stylesheet_href:
        dom.new_element("link", {"rel": "stylesheet", "href": stylesheet_href}, parent=head)
    if settings.theme != "auto":
        doc.set("data-theme", settings.theme)
    body = dom.new_element("body", parent=doc)
    skip = dom.new_element("a", {"class": "cp-skip", "href": "#cp-content"}, "Skip to content", parent=body)
    main = dom.new_element("main", {"id": "cp-content"}, parent=body)
    article = dom.new_element("article", parent=main)
    header = dom.new_element("header", parent=article)
    h1 = dom.new_element("h1", text=title, parent=header)
    if meta.byline:
        dom.new_element("p", {"class": "cp-byline"}, meta.byline, parent=header)
    ui_parts = [skip]  # clearpage's own words (English)
    if summary:
        ui_parts.append(_add_summary(article, summary))
        report.notes.append("summary: the content holds next to no text; the page's description is shown")
    content = dom.new_element("div", {"class": "cp-content"})
    for node in nodes:
        for part in _content_of(node):
            content.append(part)
    # The copy's element proxies, held as long as the page (see dom.parse): each step below, the
    # final sanitize pass and the text renderer walk the content, and without them every walk
    # makes (and frees) a Python proxy per element again. Elements added later are not held.
    held = list(content.iter())
    if meta.title_unconfirmed:
        headline = _lead_headline(content, title)
        if headline is not None:
            title = title_el.text = h1.text = dom.text_of(headline)
            dom.remove(headline)
    _drop_repeated_title(content, title)
    _drop_repeated_byline(content, meta.byline)
    lazy_images.resolve(content)
    sanitize.clean(content, base_url)
    data, layout = tables.prepare(content)
    if data or layout:
        report.notes.append(f"tables: {data} data, {layout} layout (linearised)")
    decisions = _judge_images(content, settings, report, ctx)
    if not settings.images:
        for el in list(content.iter("img", "picture", "video", "svg", "figure")):
            if el.getparent() is not None and (dom.tag_of(el) != "figure" or not dom.text_of(el)):
                dom.remove(el)
    alternatives.name_svgs(content)
    alternatives.name_images(content)
    named, unwrapped = alternatives.name_links(content)
    if named or unwrapped:
        report.notes.append(f"links: {named} image-only links named, {unwrapped} empty links unwrapped")
    drop_empty_blocks(content)
    headings.normalise(content)
    sanitize.dedupe_ids(content)
    _move_children(content, article)
    lang = language.normalise(meta.lang)
    if not lang and settings.detect_language:
        lang = language.guess(dom.text_of(article))
        if lang:
            report.notes.append(f"lang {lang} guessed from the text (the page declares none)")
    if not lang:
        lang = UNDETERMINED
        report.notes.append("lang und: the page declares no language and its text is too short or mixed to tell")
    doc.set("lang", lang)
    if meta.dir in ("ltr", "rtl", "auto"):
        doc.set("dir", meta.dir)
    footer = dom.new_element("footer", {"data-clearpage": "footer"}, parent=body)
    if original_url:
        p = dom.new_element("p", parent=footer)
        dom.new_element("a", {"href": original_url}, "Original page (without clearpage)", parent=p)
    if not lang.lower().startswith(UI_LANG):
        for el in (*ui_parts, footer):
            el.set("lang", UI_LANG)
    kept = sum(1 for d in decisions if d.keep)
    return ReaderPage(doc, title, article, kept, len(decisions) - kept, tuple(decisions), held)


def _add_summary(article, summary: str):
    """The labelled summary block after the header; returns the label (clearpage's words)."""
    section = dom.new_element("section", {"class": "cp-summary", "aria-label": "Page summary"}, parent=article)
    note = dom.new_element("p", {"class": "cp-summary-note"}, SUMMARY_NOTE, parent=section)
    quote = dom.new_element("blockquote", parent=section)
    for paragraph in summary.split("\n\n"):
        if paragraph.strip():
            dom.new_element("p", text=paragraph.strip(), parent=quote)
    return note


def _judge_images(content, settings, report: FilterReport, ctx) -> list:
    relevance = settings.image_relevance
    if not (settings.images and relevance.enabled):
        return []
    decisions = images.judge(list(content.iter("img")), content, relevance)
    for decision in decisions:
        if decision.keep:
            continue
        gone = images.drop(decision.img, relevance)
        if ctx is not None:
            ctx.note_links(gone, REPORT)
        report.add("kill", dom.describe(gone), f"image relevance: {decision.reason}")
    if decisions:
        kept = sum(1 for d in decisions if d.keep)
        report.notes.append(f"images: {kept} kept, {len(decisions) - kept} dropped by image relevance")
    return decisions


def _move_children(source, target) -> None:
    if source.text:
        p = dom.new_element("p", text=source.text.strip()) if source.text.strip() else None
        if p is not None:
            target.append(p)
    for child in list(source):
        target.append(child)


def _content_of(node) -> list:
    """Copies of what ``node`` holds: the node itself, or for <body> its children."""
    if dom.tag_of(node) in ("body", "html"):
        parts = []
        if (node.text or "").strip():
            parts.append(dom.new_element("p", text=node.text.strip()))
        for child in node:
            if dom.is_element(child):
                parts.append(copy.deepcopy(child))
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


def _lead_headline(content, title: str):
    """The content's headline when the title (only the page's <title>, see Metadata) is not it:
    the first text of the content is a heading or a bold/big line of its own, of headline
    length, with more text after it, sharing no word with the title (the site's name, as old
    table-layout pages title themselves). None when there is no such line."""
    first = next((t for t in content.itertext() if t.strip()), None)
    if first is None:
        return None
    for el in content.iter(*_HEADLINE_TAGS):
        text = dom.text_of(el)
        if not text:
            continue
        if not text.startswith(dom.collapse(first).strip()) or not HEADLINE_CHARS[0] <= len(text) <= HEADLINE_CHARS[1]:
            return None
        if el.tag in ("b", "strong", "font", "big") and not _alone_on_its_line(el):
            return None
        if set(_words(text)) & set(_words(title)) or len(dom.text_of(content)) <= len(text):
            return None
        return el
    return None


def _alone_on_its_line(el) -> bool:
    """An inline element that is a line of its own: no text before it on its line, none after."""
    before = el.getprevious()
    text_before = (before.tail if before is not None else el.getparent().text) or ""
    return not text_before.strip() and not (el.tail or "").strip()


def _words(text: str) -> list[str]:
    return _WORDS.findall(text.casefold())


def _drop_repeated_title(content, title: str) -> None:
    """The content often repeats the title as its own first heading; the reader header has it.

    The first h1/h2 goes when it is the title, or the start of a title that carries a site
    name after it ("Friday Facts #282 | Factorio").
    """
    h = repeated_title([content], title)
    if h is not None:
        dom.remove(h)


def repeated_title(nodes, title: str):
    """The first h1/h2 under ``nodes`` when it repeats ``title`` (the reader page's header has it),
    else None: the reader page drops it, and ``Result.text`` (the content below the title) leaves
    it out."""
    wanted = _comparable(title)
    for node in nodes:
        for h in node.iter("h1", "h2"):
            text = _comparable(dom.text_of(h))
            if text and (text == wanted or (wanted.startswith(text) and len(text) >= MIN_TITLE_SHARE * len(wanted))):
                return h
            return None
    return None


def title_heading(nodes, title: str):
    """The heading ``Result.text`` leaves to ``Result.title``: the one repeating the title
    (repeated_title), else an h1 that opens the content (no text before it) and shares most of
    its words with the title: the headline, which pages often word apart from their <title>."""
    h = repeated_title(nodes, title)
    if h is not None or not nodes:
        return h
    h = _opening_h1(nodes[0])
    if h is None:
        return None
    words = _words(dom.text_of(h))
    wanted = set(_words(title))
    if words and sum(w in wanted for w in words) >= HEADLINE_TITLE_WORDS * len(words):
        return h
    return None


def _opening_h1(node):
    """The h1 under ``node`` with no text before it, else None."""
    for event, el in etree.iterwalk(node, events=("start", "end")):
        if event == "start":
            if el.tag == "h1":
                return el
            if isinstance(el.tag, str) and el.tag not in ("script", "style") and (el.text or "").strip():
                return None
        elif el is not node and (el.tail or "").strip():
            return None
    return None


def _drop_repeated_byline(content, byline: str) -> None:
    """The byline is in the header; its copy in the content (a short block saying just it) goes."""
    wanted = _comparable(byline)
    if not wanted:
        return
    longest = len(wanted) + BYLINE_SLACK_CHARS
    visible = _visible_chars(content)
    for el in content.iter("p", "div", "span", "address", "li"):
        if visible.get(el, 0) > longest:
            continue  # its comparable text is at least that long (casefold never shortens): too long
        text = _comparable(dom.text_of(el))
        if text and len(text) <= len(wanted) + BYLINE_SLACK_CHARS and wanted in text:
            dom.remove(el)
            return


# Elements that say something even when they hold no text.
_SUBSTANTIVE = ("img", "picture", "video", "audio", "svg", "math", "iframe", "hr")
_EMPTY_CANDIDATES = ("p", "div", "span", "section", "figure", "figcaption", "blockquote", "header", "footer", "li", "ul", "ol", "em", "strong", "b", "i")


def drop_empty_blocks(content) -> None:
    """Remove blocks left with nothing to read or see (after images and links were dropped)."""
    # Which elements have text is read once: removing an empty block keeps its tail in the same
    # parent, so no element's text changes while the loop runs.
    shown = _with_visible_text(content)
    for el in reversed(list(content.iter(*_EMPTY_CANDIDATES))):
        if el in shown or el.getparent() is None or el.get("id"):  # (the set test first: most blocks hold text)
            continue
        if any(True for _ in el.iter(*_SUBSTANTIVE)):
            continue
        dom.remove(el)


def _visible_chars(content) -> dict:
    """Element -> how many non-whitespace characters its text_content() has (elements with none
    are left out), in one bottom-up pass instead of a text_content() per element."""
    totals: dict = {}
    # A text's visible characters are len("".join(text.split())): those not str.isspace (the \s of
    # dom.WHITESPACE), counted in the loop itself (no call per text: this runs twice per page).
    for node in reversed(list(content.iter())):  # every node after all of its descendants
        text = node.text if isinstance(node.tag, str) else None
        total = totals.pop(node, 0) + (len("".join(text.split())) if text else 0)
        if total:
            totals[node] = total
        if node is not content:
            tail = node.tail
            up = total + len("".join(tail.split())) if tail else total
            parent = node.getparent()
            if up and parent is not None:
                totals[parent] = totals.get(parent, 0) + up
    return totals


# Every text node below an element (texts and tails), each with its owner element: libxml2 lists
# them, so a page's whitespace-only indentation costs one isspace() each and no element walk.
_TEXT_NODES = etree.XPath("descendant::text()")


def _with_visible_text(content) -> set:
    """The elements of ``content`` (itself included) whose text_content() holds a non-whitespace
    character: the owners of the texts that are not all whitespace and their ancestors. (What
    ``_visible_chars`` counts, as a yes or no, without a step per element.)"""
    shown: set = set()
    for text in _TEXT_NODES(content):
        if not text or text.isspace():
            continue
        owner = text.getparent()
        if text.is_tail:
            owner = owner.getparent()  # (a tail is its element's parent's text)
        while owner is not None and owner not in shown:
            shown.add(owner)
            if owner is content:
                break
            owner = owner.getparent()
    return shown


_WORDS = re.compile(r"\w+")


def _comparable(text: str) -> str:
    return dom.collapse(text).casefold()
