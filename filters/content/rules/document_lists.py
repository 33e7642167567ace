"""An article's lists of documents for ``auto``: links to files are the page's own material.

- ``document_lists``: a block of links most of which lead to documents (a PDF, a Word or a
  spreadsheet file: a programme's fliers, a course's handouts, a form to fill in) is what the
  page offers, not the site's navigation, however much of it is link text; cleaning spares it
  from the link-list test. A block the markup marks as boilerplate or comments is not spared.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from lxml import etree

from .. import features as feat
from .. import hints

# The file types of documents a page offers (a link's path ends so): navigation leads to pages.
DOCUMENT_EXTENSIONS = (".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".odt", ".ods", ".odp", ".rtf", ".epub")
# More than this share of a block's links lead to documents: the block is a list of them.
DOCUMENT_LINK_SHARE = 0.5
# The links whose address names one of those types somewhere: a selection without any has no
# document list (one query, before any block is looked at).
_DOCUMENT_LINKS = etree.XPath(
    "descendant::a[" + " or ".join(f"contains(translate(@href, 'PDFOCXLSTRUB', 'pdfocxlstrub'), '{ext}')" for ext in DOCUMENT_EXTENSIONS) + "]")


def _is_document(href: str | None) -> bool:
    if not href:
        return False
    try:
        path = urlsplit(href.strip()).path
    except ValueError:
        return False
    return path.lower().endswith(DOCUMENT_EXTENSIONS)


def document_lists(f: feat.Features, kinds: list[int], nodes: list[int], min_links: int) -> set[int]:
    """The blocks under ``nodes`` with ``min_links`` links or more, most of them to documents,
    not marked boilerplate or comments (see the module's docstring)."""
    found: set[int] = set()
    for root in nodes:
        if not any(_is_document(a.get("href")) for a in _DOCUMENT_LINKS(f.elements[root])):
            continue
        for i in range(root + 1, root + f.count[root]):
            if f.links[i] < min_links or kinds[i] in (hints.BOILERPLATE, hints.COMMENTS):
                continue
            hrefs = [a.get("href") for a in f.elements[i].iter("a") if a.get("href") is not None]
            if sum(1 for h in hrefs if _is_document(h)) > DOCUMENT_LINK_SHARE * len(hrefs):
                found.add(i)
    return found
