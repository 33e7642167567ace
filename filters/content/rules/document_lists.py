"""An article's lists of documents for ``auto``: links to files are the page's own material.

- ``document_lists``: a block of links most of which lead to documents (a PDF, a Word or a
  spreadsheet file: a programme's fliers, a course's handouts, a form to fill in) is what the
  page offers, not the site's navigation, however much of it is link text; cleaning spares it
  from the link-list test. A block the markup marks as boilerplate or comments is not spared.
"""
from __future__ import annotations

import re

from lxml import etree

from .. import features as feat
from .. import hints

# The file types of documents a page offers (a link's path ends so): navigation leads to pages.
DOCUMENT_EXTENSIONS = (".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".odt", ".ods", ".odp", ".rtf", ".epub")
# More than this share of a block's links lead to documents: the block is a list of them.
DOCUMENT_LINK_SHARE = 0.5
# A document's address: its path ends in one of those types (a query or a fragment may follow).
_DOCUMENT = re.compile(r"\.(?:" + "|".join(ext[1:] for ext in DOCUMENT_EXTENSIONS) + r")\s*(?:[?#]|$)", re.IGNORECASE)
# The selection's link addresses, as plain strings: one query tells whether a block links any
# document before a block is looked at.
_HREFS = etree.XPath("descendant::a/@href", smart_strings=False)


def _is_document(href: str | None) -> bool:
    return bool(href) and _DOCUMENT.search(href) is not None


def document_lists(f: feat.Features, kinds: list[int], nodes: list[int], min_links: int) -> set[int]:
    """The blocks under ``nodes`` with ``min_links`` links or more, most of them to documents,
    not marked boilerplate or comments (see the module's docstring)."""
    found: set[int] = set()
    for root in nodes:
        if not any(map(_is_document, _HREFS(f.elements[root]))):
            continue
        for i in range(root + 1, root + f.count[root]):
            if f.links[i] < min_links or kinds[i] in (hints.BOILERPLATE, hints.COMMENTS):
                continue
            hrefs = [a.get("href") for a in f.elements[i].iter("a") if a.get("href") is not None]
            if sum(1 for h in hrefs if _is_document(h)) > DOCUMENT_LINK_SHARE * len(hrefs):
                found.add(i)
    return found
