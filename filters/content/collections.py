"""Shop collection grids inside a selection for ``auto``: the parts of a product tile that repeat,
for the eye only, what the tile's own link already says.

A tile often links its product twice: once in the tab order (the text a screen reader reads:
name, colour, price, rating) and once more, taken out of the tab order with ``tabindex="-1"``, around
the same facts laid out for sighted readers (a brand/name/price table). The second link says
nothing the first did not, and the grid repeats it per tile.
"""
from __future__ import annotations

from .. import dom
from ..context import PageContext
from . import features as feat

# tabindex="-1": focusable by script only, skipped by the keyboard and screen readers' link lists.
_UNTABBED = "-1"


def remove_untabbed_repeat_links(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, the links with text taken out of the tab order whose
    address a tabbable link with text in the selection also points at; returns how many went."""
    tabbable: set[str] = set()
    untabbed = []
    for i in nodes:
        for a in f.elements[i].iter("a"):
            href = a.get("href")
            if not href or not _has_text(a):
                continue
            if (a.get("tabindex") or "").strip() == _UNTABBED:
                untabbed.append((a, href))
            else:
                tabbable.add(href)
    doomed = [a for a, href in untabbed if href in tabbable]
    return ctx.kill_all(doomed, "auto", "a tile's repeat of its own link, out of the tab order")


def _has_text(a) -> bool:
    """Whether link ``a`` shows any text."""
    return bool(dom.text_of(a))
