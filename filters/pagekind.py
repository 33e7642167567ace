"""The page's own word on what kind of page it is, read from its markup before the filter chain
removes ``<meta>`` and ``<script>``: a hint for content-selection rules that only hold on one kind.

"product" (``og:type`` product, a JSON-LD item of type Product or ProductGroup): shops repeat a
product's text for other screen sizes and carousels far more than other sites, whose repeats are
often content (a docs page's repeated notes). Microdata says it too (``is_product_item``); the
rules read that around their selection (product.py), as a walk of the whole tree for it would
cost as much as the metadata step. "recipe" (a JSON-LD item of type Recipe): a recipe's
ingredients are set apart from its steps, in a block the words do not tell as content.
"""
from __future__ import annotations

import re

PRODUCT = "product"
RECIPE = "recipe"

_OG_TYPE_KEY = "og:type"  # (in a meta tag's property or name)
# og:type values of a product ("product", "product.item", "og:product").
_PRODUCT_OG = re.compile(r"\s*(?:og:)?product\b", re.IGNORECASE)
# A JSON-LD "@type" naming a product (alone, with a schema prefix or URL, or first in a list).
_PRODUCT_LD = re.compile(r'"@type"\s*:\s*\[?\s*"(?:[^"]*[/:])?Product(?:Group|Model)?"')
# A JSON-LD "@type" naming a recipe (alone, with a schema prefix or URL, or first in a list).
_RECIPE_LD = re.compile(r'"@type"\s*:\s*\[?\s*"(?:[^"]*[/:])?Recipe"')
# JSON-LD text read per script (a shop's catalogue JSON can run to megabytes; the type comes early).
MAX_LD_CHARS = 20_000
# A microdata item's type naming a product (``itemtype="https://schema.org/Product"``, ProductGroup, ProductModel).
_PRODUCT_ITEMTYPE = re.compile(r"schema\.org/Product(?:Group|Model)?\b")


def page_kind(doc) -> str | None:
    """"product" when the page's meta tags or JSON-LD say it shows one product, "recipe" when its
    JSON-LD says it holds a recipe (and no product), else None."""
    return kind_of(doc.iter("meta"), doc.iter("script"))


def kind_of(metas, scripts) -> str | None:
    """``page_kind`` from the page's ``<meta>`` and ``<script>`` elements, for a caller that has
    them already (metadata.extract: the pipeline reads the kind there, in the same walk)."""
    for el in metas:
        if _OG_TYPE_KEY in ((el.get("property") or "").lower(), (el.get("name") or "").lower()) and _PRODUCT_OG.match(el.get("content") or ""):
            return PRODUCT
    kind = None
    for el in scripts:
        if "ld+json" in (el.get("type") or "").lower():
            text = (el.text or "")[:MAX_LD_CHARS]
            if _PRODUCT_LD.search(text):
                return PRODUCT
            if kind is None and _RECIPE_LD.search(text):
                kind = RECIPE
    return kind


def is_product_item(el) -> bool:
    """Whether ``el`` is a microdata item typed as a product, and not a list's entry
    (``itemprop="itemListElement"``: a tile of a grid)."""
    return bool(_PRODUCT_ITEMTYPE.search(el.get("itemtype") or "")) and (el.get("itemprop") or "").strip() != "itemListElement"
