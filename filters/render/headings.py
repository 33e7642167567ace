"""The reader page's heading outline: one h1 (the title), the original outline below it, no gaps.

Screen reader users move through a page by its headings (the "H" key, the headings list), so
the outline must be a faithful tree: exactly one level-1 heading naming the page, the
article's own headings under it, and no level skipped on the way down (h2 -> h4 reads as a
missing section).

``normalise(content)``:
  1. headings with nothing to read (no text, no image alternative) are unwrapped;
  2. the distinct levels used in the content are ranked (the highest becomes h2, the next h3,
     ...), so an article whose sections are h1/h3/h4 becomes h2/h3/h4;
  3. walking in document order, a heading may go at most one level deeper than the heading
     before it (h2 then h5 becomes h2 then h3); going back up is always allowed;
  4. nothing goes past h6.
"""
from __future__ import annotations

from .. import dom
from .alternatives import accessible_text

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
FIRST_CONTENT_LEVEL = 2  # level 1 is the page title


def level_of(el) -> int:
    return int(dom.tag_of(el)[1])


def normalise(content, *, skip=None) -> list[tuple[int, int]]:
    """Renumber the headings under ``content`` (outside ``skip``); returns (old, new) levels."""
    headings = [h for h in content.iter(*HEADINGS) if not _inside(h, skip)]
    kept = []
    for h in headings:
        if accessible_text(h):
            kept.append(h)
        else:
            dom.unwrap(h)
    used = sorted({level_of(h) for h in kept})
    rank = {level: FIRST_CONTENT_LEVEL + i for i, level in enumerate(used)}
    changes = []
    previous = FIRST_CONTENT_LEVEL - 1
    for h in kept:
        old = level_of(h)
        new = min(rank[old], previous + 1, 6)
        if new != old:
            h.tag = f"h{new}"
        changes.append((old, new))
        previous = new
    return changes


def _inside(el, container) -> bool:
    if container is None:
        return False
    return el is container or any(a is container for a in el.iterancestors())
