"""The site's footer inside a selection for ``auto``: the page-wide ``<footer>`` landmark, with
its legal small print, store finder and newsletter, when the selection is wide enough to hold it
(a product page's body, its main wrapper).

A footer inside an ``<article>`` or ``<section>`` is that part's own (its tags, its author's card)
and stays. A footer holding more than half the selection's text stays too (a page that is mostly
footer), unless it holds next to none of the selection's prose while the rest of the selection is
a text of its own (``remove_proseless_footers``: the towns a business serves, listed in its footer).
"""
from __future__ import annotations

from ...context import PageContext
from .. import features as feat

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


# A footer holding most of the selection's text still goes when it holds at most this share of
# its prose (a list of the towns a business serves, 21,000 characters without a sentence) ...
PROSELESS_MAX_SHARE = 0.1
# ... and the selection holds at least this much prose outside it (the page's own text).
PROSELESS_MIN_PROSE = 1000


def remove_proseless_footers(f: feat.Features, nodes: list[int], ctx: PageContext, prose_min_chars: int) -> int:
    """Remove, inside the selection ``nodes``, the site's footer landmarks too big for
    ``remove_site_footers`` (over ``FOOTER_MAX_SHARE`` of the selection's text) that hold next to
    none of its prose while the rest of it is a text of its own (``PROSELESS_MAX_SHARE``,
    ``PROSELESS_MIN_PROSE``, prose as ``auto`` counts it); returns how many were removed.

    A page whose footer lists every town a business serves (one block of names, no sentence)
    holds more text in its footer than in its content, and the size limit kept that footer."""
    total = sum(f.chars[i] for i in nodes)
    big = [i for root in nodes for i in range(root + 1, root + f.count[root])
           if f.tags[i] == "footer" and f.chars[i] > FOOTER_MAX_SHARE * total and not _owned(f, i, root)]
    if not big:
        return 0  # (the prose is counted only on the pages with such a footer)
    prose = f.prose_chars(nodes, prose_min_chars)
    doomed = []
    for i in big:
        inside = f.prose_chars([i], prose_min_chars)
        if inside <= PROSELESS_MAX_SHARE * prose and prose - inside >= PROSELESS_MIN_PROSE and f.in_page(i):
            doomed.append(f.elements[i])
    return ctx.kill_all(doomed, "auto", "the site's footer (no sentence of the page's text)")


def _owned(f: feat.Features, i: int, root: int) -> bool:
    """Whether footer ``i`` sits in an article, section, blockquote or aside below ``root`` (that part's own footer)."""
    i = f.parent[i]
    while i > root:
        if f.tags[i] in _OWNERS:
            return True
        i = f.parent[i]
    return False
