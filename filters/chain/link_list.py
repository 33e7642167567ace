"""Link-list remover: blocks whose ratio of links to non-linked words passes a threshold.

From the seed paper (Crunch): for a table cell, count its links and its non-linked words,
where non-linked words = letters outside links / average word length (5, settable). When
links / non-linked words > threshold the block goes. For table cells the paper removes the
cell's content "and, optionally, the cell itself": ``remove: content`` (the default) empties
the cell and keeps the table's geometry, ``remove: element`` drops the cell. Other blocks
(div, ul, nav, ...) are always removed whole.

Today's pages build link lists from div, ul, nav, aside, ... as well as td, so the block
containers are a setting. One bottom-up pass over the tree: inner blocks are judged first,
and a removed block's links and words no longer count for its ancestors, so a wrapper that
held a menu beside an article is judged on the article alone.

CJK text: Han, kana and Hangul characters are letters to ``str.isalpha``, but a Chinese or
Japanese word is one to two characters, not five; with ``counting: letters`` (the paper)
a CJK paragraph has a third of its real word count and its links weigh three times as much.
``counting: script_aware`` (the default) counts CJK characters with ``cjk_word_length``
(1.7 characters per word) and other letters with ``word_length``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from lxml import etree

from .. import dom
from ..context import PageContext
from ..report import FilterReport
from ..typed import field
from .base import BuildEnv, Filter, register

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u31f0-\u31ff]")
# ASCII bytes that are not letters: deleting them from an ASCII text's bytes leaves its letters.
_ASCII_NON_LETTERS = bytes(b for b in range(128) if not chr(b).isalpha())
# Runs of ASCII characters: what is left of a text without them is its characters past ASCII.
_ASCII_RUNS = re.compile(r"[\x00-\x7f]+")
_CELLS = frozenset({"td", "th"})
# Blocks that hold the document itself; never judged as link lists.
_NEVER_REMOVED = frozenset({"html", "body", "main", "article"})


def _check_containers(value: tuple[str, ...]) -> str | None:
    bad = [t for t in value if t in _NEVER_REMOVED]
    return f"cannot be judged as link lists: {', '.join(bad)}" if bad else None


@dataclass(frozen=True)
class LinkListOptions:
    enabled: bool = field(doc="run this filter")
    threshold: float = field(doc="remove when links / non-linked words exceeds this", min=0.0)
    min_links: int = field(doc="a block needs at least this many links to be a link list", min=1)
    word_length: float = field(doc="letters per word when counting non-linked words", min=0.5, max=50.0)
    cjk_word_length: float = field(doc="CJK characters per word (counting: script_aware)", min=0.5, max=10.0)
    counting: Literal["letters", "script_aware"] = field(doc="letters = the paper's rule; script_aware = CJK-aware")
    containers: tuple[str, ...] = field(doc="tags judged as blocks", check=_check_containers)
    remove: Literal["element", "content"] = field(doc="for table cells: drop the cell, or only empty it")


@register
class LinkListFilter(Filter):
    name = "link_list"
    Options = LinkListOptions
    summary = "kill blocks whose links-to-non-linked-words ratio passes the threshold"

    def __init__(self, options: LinkListOptions, env: BuildEnv):
        super().__init__(options, env)
        self._containers = frozenset(t.lower() for t in options.containers)

    def words_in(self, text: str) -> float:
        """Non-linked words in ``text`` under the configured counting rule."""
        return self._words(*self._letters(text, 0, 0))

    def _letters(self, text: str, other: int, cjk: int) -> tuple[int, int]:
        """(other, cjk) with the letters of ``text`` added: CJK characters apart under script_aware."""
        if not text or text.isspace():
            return other, cjk
        if text.isascii():
            # ASCII letters are exactly what str.isalpha counts there; bytes.translate keeps only them, in C.
            return other + len(text.encode("ascii").translate(None, _ASCII_NON_LETTERS)), cjk
        # The same for the ASCII part of other text, in C; str.isalpha one by one only for the
        # characters past ASCII (in most such texts a few accents, quotes and dashes), which is
        # also where the CJK characters are.
        rest = _ASCII_RUNS.sub("", text)
        letters = len(text.encode("ascii", "ignore").translate(None, _ASCII_NON_LETTERS)) + sum(map(str.isalpha, rest))
        if self.options.counting == "letters":
            return other + letters, cjk
        found = len(_CJK.findall(rest))
        return other + letters - found, cjk + found

    def _words(self, other: int, cjk: int) -> float:
        words = other / self.options.word_length
        return words + cjk / self.options.cjk_word_length if cjk else words

    def apply(self, doc, ctx: PageContext) -> FilterReport:
        report = ctx.new_report(self.name)
        body = dom.body_of(doc)
        elements = list(body.iter(etree.Element))  # elements only: no comments or processing instructions
        # Descendants before ancestors: each element's totals are complete when it is reached and
        # go up to its parent with its tail's letters. Letters are counted as integers, so the
        # order of the additions cannot change a total.
        below: dict = {}  # element -> [links, other letters, CJK characters] of its children so far
        letters = self._letters
        containers = self._containers
        pop = below.pop
        get = below.get
        words_of = self._words
        is_link_list = self._is_link_list
        min_links = self.options.min_links
        # The loop runs once per element of the page: attributes are read once into locals, ASCII
        # text (most of it) is counted inline (the _letters fast path, without a call), an
        # element with nothing to pass up (no links, no letters, a blank tail) never asks for
        # its parent, and letters alone (the usual thing to pass up) are one addition. Each
        # shortcut gives the totals the plain steps give (a parent handed zeros pops them as
        # the zeros it would have started from).
        for el in reversed(elements):
            counts = pop(el, None)
            if counts is None:
                links = other = cjk = 0
            else:
                links, other, cjk = counts
            tag = el.tag
            if tag == "a" and el.get("href") is not None:
                links, other, cjk = links + 1, 0, 0
            else:
                text = el.text
                if text and not text.isspace():
                    if text.isascii():
                        other += len(text.encode("ascii").translate(None, _ASCII_NON_LETTERS))
                    else:
                        other, cjk = letters(text, other, cjk)
            # _is_link_list answers False below min_links: a block with fewer is not asked (no calls)
            if links >= min_links and tag in containers and is_link_list(links, words := words_of(other, cjk)):
                reason = f"{links} links / {words:.1f} words > {self.options.threshold}"
                # Nothing goes up: its tail now ends the text before it, counted with that.
                if not self._remove(el, ctx, report, reason):
                    continue
                links = other = cjk = 0
            tail = el.tail
            if tail and not tail.isspace():
                parent = el.getparent()
                if parent is None:
                    continue  # a wrapper pruned when a block inside it went: its tail moved too
                if tail.isascii():
                    other += len(tail.encode("ascii").translate(None, _ASCII_NON_LETTERS))
                else:
                    other, cjk = letters(tail, other, cjk)
            elif links or other or cjk:
                parent = el.getparent()
                if parent is None:
                    continue
            else:
                continue  # nothing to add to the parent's totals
            up = get(parent)
            if up is None:
                below[parent] = [links, other, cjk]
            elif links or cjk:
                up[0] += links
                up[1] += other
                up[2] += cjk
            else:
                up[1] += other
        return report

    def _is_link_list(self, links: int, words: float) -> bool:
        if links < self.options.min_links:
            return False
        if words == 0:
            return True
        return links / words > self.options.threshold

    def _remove(self, el, ctx: PageContext, report: FilterReport, reason: str) -> bool:
        """Kill ``el`` (False), or for a table cell under ``remove: content`` empty it (True: it stays)."""
        if self.options.remove == "element" or dom.tag_of(el) not in _CELLS:
            ctx.kill(el, report, reason)
            return False
        for child in list(el):
            if dom.is_element(child):
                ctx.note_links(child, self.name)
            el.remove(child)
        el.text = None
        report.add("kill", dom.describe(el) + " (content)", reason)
        return True
