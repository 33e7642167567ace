"""Filler text for ``auto``: a block that says one word over and over.

Scripts measure fonts and layouts with blocks of filler ("word word word ...") that a saved or
server-rendered page keeps at the end of its body. ``remove_filler_blocks`` removes, inside the
selection, the blocks without child elements whose text is ``FILLER_MIN_WORDS`` or more words,
all one and the same word: prose repeats words but never only one.
"""
from __future__ import annotations

from ... import dom
from ...context import PageContext
from .. import features as feat

# A word said this many times in a row, and nothing else, is filler (a stutter or a short
# emphasis repeats a word a few times, inside other text).
FILLER_MIN_WORDS = 20
# ... which takes at least this many characters (one-letter words and a space each).
_FILLER_MIN_CHARS = 2 * FILLER_MIN_WORDS - 1


def remove_filler_blocks(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove the filler blocks inside the selection ``nodes`` (see the module's docstring);
    returns how many were removed."""
    count, chars = f.count, f.chars
    doomed = [f.elements[i] for root in nodes for i in range(root, root + count[root])
              if chars[i] >= _FILLER_MIN_CHARS and count[i] == 1 and _is_filler(f, i) and f.in_page(i)]
    return ctx.kill_all(doomed, "auto", "filler text: one word repeated")


def _is_filler(f: feat.Features, i: int) -> bool:
    """Whether element ``i`` is a block without child nodes whose text is one word repeated at
    least ``FILLER_MIN_WORDS`` times (the caller has tested its length and element count, the
    cheap tests, first)."""
    if not f.is_block[i] or len(f.elements[i]):
        return False
    # Without child nodes its text is all in .text. Its first word said fewer than
    # FILLER_MIN_WORDS times there (a plain substring count) is no filler, known without
    # collapsing the text: most leaf blocks this long are paragraphs.
    text = f.elements[i].text or ""
    first = text.split(None, 1)
    if not first or text.count(first[0]) < FILLER_MIN_WORDS:
        return False
    words = dom.text_of(f.elements[i]).split(" ")
    return len(words) >= FILLER_MIN_WORDS and words[0] == words[1] and len(set(words)) == 1
