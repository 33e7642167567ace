"""An ``<aside>`` set between an article's paragraphs and written as prose, for ``auto``.

- ``unmark_prose_asides``: the ``<aside>`` tag marks a block as boilerplate (a sidebar), but
  an article also sets its own passages in one: a note on the story, a box explaining a term,
  a recipe's ingredients. Inside the selection, an ``<aside>`` with prose of its own (not a
  pull quote's sentence), little link text, nothing in its class, id or role saying
  boilerplate (the word "aside" aside), between paragraphs of prose before and after it, loses
  the mark: it is the article's.
"""
from __future__ import annotations

import re

from .. import features as feat
from .. import hints

# An aside with this much prose (characters outside links in punctuated blocks) is a passage
# of the article's; a pull quote, a teaser's summary is a sentence.
ASIDE_PROSE_CHARS = 200
# An aside with more link text than this share is a list of other pages, not a passage.
ASIDE_MAX_LINK_DENSITY = 0.2
# The tag's own name in a class ("post__aside", "styles_aside__x") says no more than the tag.
_ASIDE_WORD = re.compile(r"aside", re.IGNORECASE)


def unmark_prose_asides(f: feat.Features, kinds: list[int], nodes: list[int], prose_min_chars: int) -> int:
    """Clear the boilerplate mark of the asides under ``nodes`` that are the article's passages
    (see the module's docstring; ``kinds`` changed in place); returns how many were cleared."""
    cleared = 0
    for root in nodes:
        end = root + f.count[root]
        for i in range(root + 1, end):
            if f.tags[i] != "aside" or kinds[i] != hints.BOILERPLATE or f.roles[i]:
                continue
            cls, ident = f.classes[i], f.ids[i]
            if (cls or ident) and hints.hint_of_names("div", f.itemprops[i], _ASIDE_WORD.sub(" ", cls or ""),
                                                     _ASIDE_WORD.sub(" ", ident or "")) == hints.BOILERPLATE:
                continue
            if f.link_density(i) > ASIDE_MAX_LINK_DENSITY or f.prose_chars([i], prose_min_chars) < ASIDE_PROSE_CHARS:
                continue
            if _prose_between(f, root, i, prose_min_chars):
                kinds[i] = hints.NEUTRAL
                cleared += 1
    return cleared


def _prose_between(f: feat.Features, root: int, i: int, minimum: int) -> bool:
    """Whether a prose block of ``root`` (see ``Features.prose_chars``) comes before element
    ``i`` and another after its subtree."""
    after = i + f.count[i]
    before = found_after = False
    for j in range(root, root + f.count[root]):
        if i <= j < after or not f.blk_punct[j] or f.blk_chars[j] - f.blk_link[j] < minimum:
            continue
        if j < i:
            before = True
        else:
            found_after = True
        if before and found_after:
            return True
    return False
