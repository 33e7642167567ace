"""The site's footer inside a selection for ``auto``: the page-wide ``<footer>`` landmark, with
its legal small print, store finder and newsletter, when the selection is wide enough to hold it
(a product page's body, its main wrapper).

A footer inside an ``<article>`` or ``<section>`` is that part's own (its tags, its author's card)
and stays.
"""
from __future__ import annotations

from ..context import PageContext
from . import features as feat

# Ancestors whose footer belongs to them, not to the site.
_OWNERS = frozenset({"article", "section", "blockquote", "aside"})
# A footer holding more than this share of the selection's text is not furniture (a page that is mostly footer).
FOOTER_MAX_SHARE = 0.5


def remove_site_footers(f: feat.Features, nodes: list[int], ctx: PageContext) -> int:
    """Remove, inside the selection ``nodes``, the footer landmarks that belong to the page, not
    to an article or section; returns how many were removed."""
    total = sum(f.chars[i] for i in nodes)
    doomed = []
    for i in nodes:
        root = f.elements[i]
        for el in root.iter("footer"):
            if el is root:
                continue  # (a selected footer is the content)
            above = list(_ancestors_up_to(el, root))
            if any(a.tag in _OWNERS or a in doomed for a in above):
                continue  # (a part's own footer, or inside one already removed)
            if len(el.text_content()) <= FOOTER_MAX_SHARE * total:
                doomed.append(el)
    return ctx.kill_all(doomed, "auto", "the site's footer")


def _ancestors_up_to(el, root):
    """``el``'s ancestors up to ``root`` (the selected block itself may be the article)."""
    for a in el.iterancestors():
        yield a
        if a is root:
            return
