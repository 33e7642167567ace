"""Pages that are only their site's chrome: an app shell whose content a script would render.

A shop's product page served as an empty ``<div id="root">`` between the site's header and
footer has no main content in its HTML; when ``auto`` finds no container, showing the whole
page would show the footer's link columns as the content. This module tells such a page apart
(``only_chrome``) so ``auto`` can say "nothing here" instead (an empty selection; the reader
page then shows the page's declared description as its summary).
"""
from __future__ import annotations

from .. import features as feat
from . import rescue


# The text outside the chrome may be at most this share of the page's visible text (a stray
# label, a "loading" note): a small page's few tiles beside its menu are content, not a shell.
MAX_OUTSIDE_SHARE = 0.1


def only_chrome(f: feat.Features, min_chars: int, hidden_chars: int) -> bool:
    """Whether the page's visible text sits in its header, navigation, asides and footer (tags
    or landmark roles) but for fewer than ``min_chars`` characters and ``MAX_OUTSIDE_SHARE`` of
    it, with less text hidden (``hidden_chars``) than shown: hidden text is content a script
    would show (a lazy block, a closed gate), not an empty shell."""
    if not f.chars[0] or hidden_chars > f.chars[0]:
        return False
    outside = _chars_outside_chrome(f)
    return outside < min_chars and outside <= MAX_OUTSIDE_SHARE * f.chars[0]


def _chars_outside_chrome(f: feat.Features) -> int:
    """Characters of the text blocks that no header, nav, aside, footer or landmark role holds."""
    total, i, n = f.blk_chars[0], 1, len(f)
    while i < n:
        if rescue.boilerplate_by_tag_or_role(f.elements[i], f.tags[i]):
            i += f.count[i]  # (the whole subtree is chrome)
        else:
            total += f.blk_chars[i]
            i += 1
    return total

