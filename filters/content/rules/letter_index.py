"""A–Z indexes for ``auto``: a page's entries grouped under their initial letters.

``index_root`` finds the lowest element holding ``MIN_LETTERS`` one-letter labels in ascending
order with mostly linked entries beside them; ``index_container`` makes it the container when
nothing else qualifies and it holds ``MIN_PAGE_SHARE`` of the page, widened to its heading and
intro; ``index_entries`` spares its entries (link lists, one per letter) from cleaning.
"""
from __future__ import annotations

from ... import dom
from .. import features as feat
from .. import hints
from .rescue import boilerplate_by_tag_or_role

# An index has this many letters at least (a few capital initials are a list's markers, an
# abbreviation's parts).
MIN_LETTERS = 5
# ... and this much text beside its labels per letter (labels alone are a jump bar).
MIN_ENTRY_CHARS = 5
# Most of an index's text is its entries' links (a glossary's letters head definitions: prose).
MIN_LINK_DENSITY = 0.5
# The index is the page's content only when it holds this share of the page's text.
MIN_PAGE_SHARE = 0.2
# The index's heading and intro sit beside it: its container widens to the highest ancestor
# holding at most this many times its text (more is the page's header, menus and footer).
WIDEN_MAX_RATIO = 1.3


def index_root(f: feat.Features, kinds: list[int]) -> int | None:
    """The element number of the page's A–Z index (see the module's docstring), or None."""
    labels = _letter_labels(f)
    if len(labels) < MIN_LETTERS:
        return None
    held: dict[int, list[int]] = {}  # element number -> the labels inside it
    for i in labels:
        j = f.parent[i]
        while j >= 0:
            held.setdefault(j, []).append(i)
            j = f.parent[j]
    best, best_count = None, MIN_LETTERS - 1
    for root, inside in held.items():
        # The lowest element holding the most labels: ties go to the deeper (later-numbered) one.
        if len(inside) > best_count or (len(inside) == best_count and best is not None and root > best):
            best, best_count = root, len(inside)
    if best is None or not _is_index(f, kinds, best, held[best]):
        return None
    return best


def index_container(f: feat.Features, kinds: list[int], min_chars: int) -> int | None:
    """The page's A–Z index as ``auto``'s container: holding ``min_chars`` and
    ``MIN_PAGE_SHARE`` of the page's text, in no boilerplate tag or role; else None."""
    root = index_root(f, kinds)
    if root is None or f.chars[root] < max(min_chars, MIN_PAGE_SHARE * f.chars[0]):
        return None
    j = root
    while j > 0:
        if boilerplate_by_tag_or_role(f.elements[j], f.tags[j]):
            return None
        j = f.parent[j]
    return _widened(f, kinds, root)


def _widened(f: feat.Features, kinds: list[int], root: int) -> int:
    """The highest ancestor-or-self of ``root`` (below the body) holding at most
    ``WIDEN_MAX_RATIO`` times its text, none of them marked boilerplate."""
    limit = WIDEN_MAX_RATIO * f.chars[root]
    best, j = root, f.parent[root]
    while j > 0 and f.chars[j] <= limit and kinds[j] not in hints.MARKED:
        best, j = j, f.parent[j]
    return best


def index_entries(f: feat.Features, kinds: list[int], nodes: list[int]) -> set[int]:
    """Element numbers of the A–Z index found inside the selection ``nodes``, of the unmarked
    elements inside it (outside marked subtrees) and of its ancestors in the selection (a
    wrapper holding it is no link list); empty without one."""
    root = index_root(f, kinds)
    if root is None or not f.inside_any(root, nodes):
        return set()
    spared = set()
    i, end = root, root + f.count[root]
    while i < end:
        if kinds[i] in hints.MARKED:  # (marked boilerplate inside still goes: an edit link, a navbox)
            i += f.count[i]
            continue
        spared.add(i)
        i += 1
    j = f.parent[root]
    while j >= 0 and f.inside_any(j, nodes):
        spared.add(j)
        j = f.parent[j]
    return spared


def _letter_labels(f: feat.Features) -> list[int]:
    """Element numbers of the outermost elements whose whole text is one capital letter, outside links."""
    labels = []
    for i, chars in enumerate(f.chars):
        if chars != 1 or f.links[i] or (i and f.chars[f.parent[i]] == 1):
            continue
        text = dom.text_of(f.elements[i])
        if len(text) == 1 and text.isalpha() and text.isupper() and not _in_link(f, i):
            labels.append(i)
    return labels


def _in_link(f: feat.Features, i: int) -> bool:
    while i >= 0 and not f.is_block[i]:
        if f.is_link[i]:
            return True
        i = f.parent[i]
    return False


def _is_index(f: feat.Features, kinds: list[int], root: int, labels: list[int]) -> bool:
    """Whether the letter ``labels`` inside ``root`` ascend strictly, with entries beside them,
    mostly links, outside marked (boilerplate) subtrees."""
    letters = [dom.text_of(f.elements[i]) for i in labels]
    if any(a >= b for a, b in zip(letters, letters[1:])):
        return False
    if f.chars[root] - len(labels) < MIN_ENTRY_CHARS * len(labels) or f.link_density(root) < MIN_LINK_DENSITY:
        return False
    return not f.under_kind(kinds, root, hints.MARKED)
