"""Plain text from a DOM in reading order: blocks separated, lists bulleted, tables as lines.

Used for ``Result.text`` (the main content, no link numbers) and for the text mode served
to screen readers and braille displays (title first, links numbered and listed at the end).
The walk is iterative (``iterwalk``), so a page nested 100,000 deep cannot overflow the stack.
Sibling elements with nothing between them (CSS lays them out apart: badges, a film's year and
length) are separate words; a second sibling repeating the first's text (a copy for other screen
sizes) is read once.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from .. import dom
from ..links import safe_url

BLOCKS = frozenset(
    "address article aside blockquote body caption center dd details dialog dir div dl dt fieldset "
    "figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre "
    "section summary table tbody tfoot thead tr ul".split()
)
SKIPPED = frozenset({"script", "style", "noscript", "template", "head", "title", "select", "option", "datalist", "iframe", "object", "embed", "svg", "math", "button", "input", "textarea"})
HEADINGS = {f"h{n}": n for n in range(1, 7)}
_LISTS = ("ul", "ol", "menu", "dir")
_SPACES = re.compile(r"[ \t\r\n\f\v]+")
_TRAILING = re.compile(r"[ \t]+\n")
# Two sibling elements with nothing between them read as separate items (badges, a film's year,
# length and rating, a field's name and type) unless the text before is a lone letter (a drop cap,
# letter-by-letter animation): a word split across elements shows its first letter apart.
MIN_ITEM_CHARS = 2
ANY_WORD, NOT_LOWER = 1, 2  # the writer's owed item gaps (see _gap_after)
MAX_WORD_CHARS = 40  # a longer run without a space is no one-word item: no need to read the element
# Inside these, adjacent elements are one token's parts (syntax highlighting), never items.
_CODE = frozenset({"pre", "code", "kbd", "samp", "var"})
# Skipped elements that take no room on screen: between two items they do not set them apart
# (a hidden separator dot or an icon does).
_UNDRAWN = BLOCKS | {"script", "style", "template", "noscript", "head", "title", "datalist"}
_CELLS = ("td", "th")  # a row's cells get their own separator, and equal cells are each a value


@dataclass
class TextOptions:
    marks: bool = False  # "# " before headings, "- " / "1. " before list items, " | " between cells
    link_refs: bool = False  # "[n]" after link text, links listed by the caller
    image_alts: bool = False  # "[image: alt]" for images with a text alternative
    max_line_breaks: int = 2
    base_url: str | None = None
    skip_clearpage: bool = False  # leave out clearpage's own nav/footer (the text page lists them itself)
    exclude: frozenset = frozenset()  # elements rendered as if they were not in the tree


@dataclass
class TextResult:
    text: str
    links: list[tuple[str, str]] = field(default_factory=list)  # (url, text), numbered from 1


class _Writer:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pending = 0  # newlines owed before the next text
        self.at_line_start = True
        self.item_gap = 0  # owed before a word right after a word: ANY_WORD, NOT_LOWER (not "ren"), 0

    def brk(self, n: int) -> None:
        if self.parts:
            self.pending = max(self.pending, n)

    def write(self, text: str, *, raw: bool = False) -> None:
        if self.item_gap:
            gap, self.item_gap = self.item_gap, 0
            first = text[:1]
            if first.isalnum() and (gap == ANY_WORD or not first.islower()) and not self.pending and _ends_word(self):
                text = " " + text
        if not raw:
            text = _SPACES.sub(" ", text)
            if self.at_line_start or self.pending:
                text = text.lstrip(" ")
        if not text:
            return
        if self.pending:
            self.parts.append("\n" * self.pending)
            self.pending = 0
        elif not raw and text.startswith(" ") and self.parts and self.parts[-1].endswith(" "):
            text = text[1:]
            if not text:
                return
        self.parts.append(text)
        self.at_line_start = text.endswith("\n")


def render(nodes, options: TextOptions | None = None) -> TextResult:
    options = options or TextOptions()
    writer = _Writer()
    links: list[tuple[str, str]] = []
    link_index: dict[str, int] = {}
    for node in nodes:
        _walk(node, writer, options, links, link_index)
        writer.brk(2)
    return TextResult(cap_line_breaks("".join(writer.parts), options.max_line_breaks), links)


def _walk(root, writer: _Writer, options: TextOptions, links, link_index) -> None:
    skip_depth = 0
    pre_depth = 0
    code_depth = 0
    closed = None  # the element whose end was the walk's last event, when nothing follows it
    closed_shown = False  # whether its text was written (a hidden separator between items is not)
    exclude = options.exclude
    lists: list[list[int]] = []  # per open list: [numbered (1) or bulleted (0), next number]
    cells: list[int] = []
    for event, el in etree.iterwalk(root, events=("start", "end")):
        tag = dom.tag_of(el)
        is_root = el is root
        if event == "start":
            after, closed = closed, None
            if skip_depth or not tag or tag in SKIPPED or el.get("hidden") is not None or el.get("aria-hidden") == "true" or (
                options.skip_clearpage and el.get("data-clearpage") is not None and not is_root
            ) or (exclude and el in exclude):
                skip_depth += 1
                continue
            if tag in BLOCKS:
                writer.brk(1 if tag in ("li", "tr", "dt", "dd") or (lists and tag in _LISTS) else 2)
            elif after is not None and tag not in _CELLS and not code_depth and _ends_word(writer):
                if closed_shown and _twin_of(after, el):
                    skip_depth += 1
                    continue
                writer.item_gap = _gap_after(after, writer.parts[-1])
            if tag in _CODE:
                code_depth += 1
            if tag in HEADINGS and options.marks:
                writer.write("#" * HEADINGS[tag] + " ")
            elif tag == "li":
                indent = "  " * max(len(lists) - 1, 0)
                writer.write(indent + (_bullet(lists, el) if options.marks else ""), raw=True)
            elif tag in _LISTS:
                lists.append([1, _start(el)] if tag == "ol" else [0, 0])
            elif tag == "a" and options.marks and (el.get("aria-label") or "").strip() and not dom.text_of(el):
                writer.write(f" {el.get('aria-label').strip()} ")
            elif tag == "svg" and options.image_alts and (el.get("aria-label") or "").strip():
                writer.write(f" [image: {el.get('aria-label').strip()}] ")
            elif tag == "tr":
                cells.append(0)
            elif tag in ("td", "th"):
                if cells:
                    if cells[-1]:
                        if writer.parts and writer.parts[-1].endswith(" "):
                            writer.parts[-1] = writer.parts[-1].rstrip(" ")
                        writer.write(" | " if options.marks else " ", raw=True)
                    cells[-1] += 1
            elif tag == "br":
                writer.parts.append("\n")
                writer.pending = 0
                writer.at_line_start = True
            elif tag == "img" and options.image_alts:
                alt = (el.get("alt") or "").strip()
                if alt:
                    writer.write(f" [image: {alt}] ")
            elif tag == "pre":
                pre_depth += 1
            if el.text:
                writer.write(el.text, raw=pre_depth > 0)
        else:
            if skip_depth:
                skip_depth -= 1
                closed = el if not skip_depth and tag and tag not in _UNDRAWN and not el.tail else None
                closed_shown = False
                if skip_depth == 0 and not is_root and el.tail:
                    writer.write(el.tail, raw=pre_depth > 0)
                continue
            if tag == "a" and options.link_refs:
                url = safe_url(el.get("href"), options.base_url)
                if url:
                    if url not in link_index:
                        links.append((url, dom.text_of(el)))
                        link_index[url] = len(links)
                    writer.write(f" [{link_index[url]}]")
            if tag in _LISTS and lists:
                lists.pop()
            elif tag == "tr" and cells:
                cells.pop()
            elif tag == "pre":
                pre_depth -= 1
            if tag in _CODE:
                code_depth -= 1
            if tag in BLOCKS:
                writer.brk(1 if tag in ("li", "tr", "dt", "dd") or (lists and tag in _LISTS) else 2)
            if not is_root and el.tail:
                writer.write(el.tail, raw=pre_depth > 0)
            else:
                closed = el if tag not in BLOCKS else None
                closed_shown = True


def _ends_word(writer: _Writer) -> bool:
    """Whether the text written so far ends in a letter or digit (a word the next may run into)."""
    return bool(writer.parts) and writer.parts[-1][-1:].isalnum()


def _gap_after(prev, last: str) -> int:
    """Which next words stand apart from ``prev``: any after a one-word item ("id" + "string"),
    only those not starting in lower case after longer text (a word processor's runs split words
    anywhere: "for child" + "ren"), none after a lone letter (a drop cap)."""
    if len(last.strip()) < MIN_ITEM_CHARS:
        return 0
    if " " in last or len(last) > MAX_WORD_CHARS:
        return NOT_LOWER
    whole = prev.text_content()
    return ANY_WORD if whole == last and not any(c.isspace() for c in whole) else NOT_LOWER


def _twin_of(prev, el) -> bool:
    """``el`` repeats the text of ``prev``, its same-tag sibling: one of two copies a stylesheet
    shows one at a time (a badge for narrow screens and one for wide ones)."""
    if prev.tag != el.tag:
        return False
    text = dom.text_of(el)
    return len(text) >= MIN_ITEM_CHARS and text == dom.text_of(prev)


def _start(ol) -> int:
    try:
        return int((ol.get("start") or "1").strip())
    except ValueError:
        return 1


def _bullet(lists: list[list[int]], li) -> str:
    """"- " in a bulleted list, "3. " in a numbered one (li value= restarts the count)."""
    if not lists or not lists[-1][0]:
        return "- "
    value = (li.get("value") or "").strip()
    if value.lstrip("-").isdigit():
        lists[-1][1] = int(value)
    number = lists[-1][1]
    lists[-1][1] += 1
    return f"{number}. "


def cap_line_breaks(text: str, limit: int) -> str:
    """Trim trailing spaces on lines and allow at most ``limit`` consecutive line breaks."""
    text = _TRAILING.sub("\n", text)
    text = re.sub(r"\n{%d,}" % (limit + 1), "\n" * limit, text)
    return text.strip("\n") + ("\n" if text.strip() else "")
