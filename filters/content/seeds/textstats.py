"""Shared bookkeeping for word_leaf_ratio and weighted_subtree: word counting and a pruned pre-order walk.

Words are counted without a dictionary or a language guess: ``\\w+`` runs in scripts spaced into
words, and ``1 / chars_per_word`` of a word per character in scripts written without spaces
(Han, Kana, Thai, ...), where a whole sentence is one run. The walk visits elements in document
order, iteratively, and never enters what a reader never sees (scripts, styles, form controls,
comments, hidden elements); it never changes the document.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree


# A word, in scripts written with spaces.
WORD = re.compile(r"\w+")
# Runs of characters from scripts written without spaces between words.
UNSPACED_RUN = re.compile(
    "["
    "\u0e00-\u0e7f"  # Thai
    "\u0e80-\u0eff"  # Lao
    "\u0f00-\u0fff"  # Tibetan
    "\u1000-\u109f"  # Myanmar
    "\u1780-\u17ff"  # Khmer
    "\u3040-\u30ff"  # Hiragana, Katakana
    "\u31f0-\u31ff"  # Katakana phonetic extensions
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f"  # half-width Katakana
    "\U00020000-\U0003134f"  # CJK extensions B-G
    "]+"
)

# Never rendered by the reader page or the text output (see render/text.py), or plain noise
# in every paper (title, script, head, meta, style, noscript, link, select).
NEVER_SHOWN = frozenset(
    "head title script style noscript template meta link base select option datalist "
    "iframe object embed applet svg math button input textarea".split()
)
# An inline style that hides the element.
_INVISIBLE_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)

# Inline formatting: its text belongs to the line it sits in (it does not start a new text
# leaf). Links are not in this set: a link is its own leaf in the papers' DOM view.
INLINE_FORMATTING = frozenset(
    "abbr acronym b bdi bdo big cite code data del dfn em font i ins kbd mark nobr q s samp "
    "small span strike strong sub sup time tt u var wbr img picture source video audio canvas".split()
)


@dataclass(frozen=True)
class WordCounter:
    """Counts words and word characters; ``chars_per_word`` applies to unspaced scripts."""

    chars_per_word: float

    def count(self, text: str | None) -> tuple[float, int]:
        """(words, word characters) in ``text``."""
        if not text or text.isspace():
            return 0.0, 0
        tokens = WORD.findall(text)
        if not tokens:
            return 0.0, 0
        chars = sum(map(len, tokens))
        if text.isascii():
            return float(len(tokens)), chars
        runs = UNSPACED_RUN.findall(text)
        if not runs:
            return float(len(tokens)), chars
        unspaced = sum(map(len, runs))
        # An unspaced run sits inside one \w+ token: count its characters instead of the token.
        return max(0, len(tokens) - len(runs)) + unspaced / self.chars_per_word, chars


# Characters an English word takes with its space (about five letters and one space): one
# Chinese/Japanese word (``chars_per_word`` characters) is worth this many Latin characters.
LATIN_CHARS_PER_WORD = 6.0
# Characters per word of Chinese/Japanese text, as config/default.yaml's chars_per_word.
CHARS_PER_WORD = 1.7
# Han and Kana: the scripts denser than Latin. Thai, Lao, Khmer, ... write vowels and tones as
# characters of their own: a sentence takes about as many characters as in English, so they
# count one per character here (they still count as unspaced in WordCounter's words).
DENSE_RUN = re.compile(
    "["
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
    "\U00020000-\U0003134f"
    "]+"
)


def latin_length(text: str, chars_per_word: float = CHARS_PER_WORD) -> float:
    """Length of ``text`` in Latin-equivalent characters: Han and Kana characters count
    ``LATIN_CHARS_PER_WORD / chars_per_word`` each, all others one. Text without Han or Kana
    gives exactly ``len(text)``."""
    n = len(text)
    if not n or text.isascii():
        return n
    runs = DENSE_RUN.findall(text)
    if not runs:
        return n
    return n + sum(map(len, runs)) * (LATIN_CHARS_PER_WORD / chars_per_word - 1.0)


# A page whose text is less than this much denser than Latin text (a few CJK names in a Latin
# article) keeps factor 1: its thresholds stay exactly as configured.
MIN_SCRIPT_FACTOR = 1.1


def script_factor(root, chars_per_word: float = CHARS_PER_WORD) -> float:
    """How much denser than Latin text the visible text under ``root`` is: its Latin-equivalent
    length over its length in characters (1.0 for text without unspaced scripts, and below
    ``MIN_SCRIPT_FACTOR``)."""
    # No Han or Kana anywhere under ``root`` (hidden text and scripts included), as on most pages:
    # every text's Latin length is its length, so the factor is 1.0 without walking the elements.
    everything = etree.tostring(root, method="text", encoding="unicode", with_tail=False)
    if everything.isascii() or DENSE_RUN.search(everything) is None:
        return 1.0
    raw = 0
    latin = 0.0
    for el in visible_elements(root):
        for text in (el.text, el.tail if el is not root else None):
            if text:
                raw += len(text)
                latin += latin_length(text, chars_per_word)
    factor = latin / raw if raw else 1.0
    return factor if factor >= MIN_SCRIPT_FACTOR else 1.0


def is_hidden(el) -> bool:
    """True when the element is not shown (hidden attribute, aria-hidden, inline display:none)."""
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return True
    style = el.get("style")
    return bool(style) and _INVISIBLE_STYLE.search(style) is not None


# Elements that may hide themselves; is_hidden() decides. One C-level pass over the tree.
_MAYBE_HIDDEN = etree.XPath("descendant::*[@hidden or @aria-hidden or @style]")


def visible_elements(root, skip: frozenset[str] = NEVER_SHOWN) -> list:
    """Elements under ``root`` in document order (``root`` first) minus skipped or hidden subtrees."""
    excluded: set = set()
    for el in root.iter(*skip):
        if el is not root and el not in excluded:
            excluded.update(el.iter())
    for el in _MAYBE_HIDDEN(root):
        if el not in excluded and is_hidden(el):
            excluded.update(el.iter())
    if not excluded:
        return [el for el in root.iter() if isinstance(el.tag, str)]
    return [el for el in root.iter() if isinstance(el.tag, str) and el not in excluded]


def parent_positions(nodes: list, index: dict) -> list[int]:
    """Each node's parent's position in ``nodes`` (-1 for the first, the root)."""
    return [-1] + [index[el.getparent()] for el in nodes[1:]]


def is_link(el) -> bool:
    return el.tag == "a" and el.get("href") is not None
