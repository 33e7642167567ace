"""Walking an lxml tree: document-order iteration and ancestry tests.

The lowest layer of the engine's DOM code, importing nothing of the engine: ``dom`` offers
these as its own (``dom.is_inside`` ...), and ``streaming`` (a step of ``dom.parse``) uses
them from here.
"""
from __future__ import annotations

import itertools


def iter_document(root, *tags):
    """What XPath's ``//*`` (or ``//tag``) walks, in document order, as ``root.iter(*tags)`` does.

    libxml2 can leave top-level elements beside the root (content after ``</html>`` becomes a
    second ``<html>``); XPath queries on the document see them, ``root.iter()`` does not. Most
    pages have none: then this is lxml's own iterator (no Python frame per element).
    """
    if root.getprevious() is None and root.getnext() is None:
        return root.iter(*tags)
    nodes = [*reversed(list(root.itersiblings(preceding=True))), root, *root.itersiblings()]
    return itertools.chain.from_iterable(node.iter(*tags) for node in nodes)


def in_document(el, root) -> bool:
    """Is ``el`` still in ``root``'s document (not inside a removed subtree)?

    A removed subtree keeps its inner parent links; its top has no parent and no siblings,
    unlike the root and any top-level element beside it.
    """
    top = el
    for top in el.iterancestors():
        pass
    return top is root or (top.getparent() is None and (top.getprevious() is not None or top.getnext() is not None))


def is_inside(el, outer) -> bool:
    """Is ``outer`` a proper ancestor of ``el``?"""
    return any(a is outer for a in el.iterancestors())


def has_ancestor_in(el, elements) -> bool:
    """Is any proper ancestor of ``el`` in ``elements`` (a set of elements)?"""
    return any(a in elements for a in el.iterancestors())
