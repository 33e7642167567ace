"""Shop collection grids inside a selection for ``auto``: the parts around and inside a product
grid that are controls, not content: a tile's repeat of its own link, the faceted filter panel.

A tile often links its product twice: once in the tab order (the text a screen reader reads:
name, colour, price, rating) and once more, taken out of the tab order with ``tabindex="-1"``, around
the same facts laid out for sighted readers (a brand/name/price table). The second link says
nothing the first did not, and the grid repeats it per tile.

A faceted filter panel (brands, price ranges, ratings to tick, each with a count) is a form for
narrowing the grid: it is named so ("facets", "filters", "refinement-bar") and holds no sentence.
"""
from __future__ import annotations

import re

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


# A class or id word naming a shop's faceted filter panel ("facets", "plp-filters", "refinements").
_FACET_NAME = re.compile(r"(?:^|[\s_-])(?:facets?|filters?|refinements?|refine-by)(?:$|[\s_-])", re.I)
# The stems _FACET_NAME needs, tested as plain substrings before it runs.
_FACET_WORDS = ("facet", "filter", "refine")
# A class or id also naming what is filtered ("filter-results", "filter-item"): the content itself.
_FILTERED_NAME = re.compile(r"results?|items?|products?|grid", re.I)
# A text this long is a sentence, not a facet's option ("Canon (125)", "$50 to $75"): no panel holds one.
FACET_OPTION_MAX_CHARS = 80
# A panel holding more than this share of the selection's text is not a side panel (the page is the filter).
FACET_MAX_SHARE = 0.3


def remove_facet_panels(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, the outermost elements named as a faceted filter panel
    (price ranges, brands, ratings to tick; no sentence in them) that hold at most FACET_MAX_SHARE
    of the selection's text; returns how many went."""
    limit = FACET_MAX_SHARE * sum(f.chars[i] for i in nodes)
    chars, count, elements = f.chars, f.count, f.elements
    doomed = []
    for root in nodes:
        i, end = root + 1, root + count[root]
        while i < end:
            el = elements[i]
            if chars[i] <= limit and _is_facet_panel(el):
                doomed.append(el)
                i += count[i]
            else:
                i += 1
    return ctx.kill_all(doomed, "auto", "a faceted filter panel")


def _is_facet_panel(el) -> bool:
    """Whether ``el`` is named as a filter panel, not as the filtered items, and holds no sentence."""
    cls, ident = el.get("class"), el.get("id")
    if not cls and not ident:
        return False  # (most elements: no name to read)
    name = f"{cls or ''} {ident or ''}"
    low = name.lower()
    if not any(word in low for word in _FACET_WORDS):
        return False  # (a substring test first: the regexes are dearer)
    if not _FACET_NAME.search(name) or _FILTERED_NAME.search(name):
        return False
    return all(len(t.strip()) <= FACET_OPTION_MAX_CHARS for t in el.itertext())
