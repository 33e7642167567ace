"""The page-kind hint (filters/pagekind.py) and its way through the pipeline to reader-mode selection."""
from __future__ import annotations

import pytest

from clearpage.filters import dom, pagekind
from clearpage.filters.pipeline import Pipeline


def page(head: str, body: str = "<p>Hello</p>") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


@pytest.mark.parametrize("head", [
    "<meta property='og:type' content='product'>",
    "<meta property='OG:TYPE' content='og:product'>",
    "<meta name='og:type' content='product.item'>",
    '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Mug"}</script>',
    '<script type="application/ld+json">{"@graph": [{"@type": ["ProductGroup"], "name": "Mug"}]}</script>',
    '<script type="application/ld+json">{"@type": "http://schema.org/Product"}</script>',
])
def test_a_page_marked_as_a_product_is_one(head):
    assert pagekind.page_kind(dom.parse(page(head))) == pagekind.PRODUCT


@pytest.mark.parametrize("head", [
    "",
    "<meta property='og:type' content='article'>",
    "<meta property='og:type' content='website'>",
    '<script type="application/ld+json">{"@type": "ItemList", "itemListElement": [{"@type": "ListItem"}]}</script>',
    '<script type="application/ld+json">{"@type": "Article", "about": "ProductHunt"}</script>',
    '<script>var x = {"@type": "Product"};</script>',  # (not JSON-LD)
])
def test_other_pages_have_no_kind(head):
    assert pagekind.page_kind(dom.parse(page(head))) is None


def shop_page(head: str) -> str:
    description = "".join(f"<p>This stoneware mug is wheel thrown and glazed by hand, detail {i}, safe in the dishwasher.</p>" for i in range(6))
    # (the copy with a line of its own: a block and its copy side by side in another class are a
    # screen-size pair on any page, screen_copies.py)
    copy = "<div class='tab-panel'><p>Make each cup of tea feel special with a speckled glaze, fired twice.</p><p>Gift box included.</p></div>"
    body = (f"<main><h1>Stoneware mug</h1><div>{description}</div>"
            f"<div><p>Make each cup of tea feel special with a speckled glaze, fired twice.</p></div>{copy}</main>")
    return page(head, body)


def test_reader_mode_selection_gets_the_hint_read_before_the_chain(default_config):
    pipeline = Pipeline(default_config)
    marked = pipeline.run(shop_page("<meta property='og:type' content='product'>"), "https://example.com/mug", mode="text")
    unmarked = pipeline.run(shop_page(""), "https://example.com/mug", mode="text")
    assert marked.text.count("Make each cup of tea feel special") == 1
    assert unmarked.text.count("Make each cup of tea feel special") == 2



@pytest.mark.parametrize("attributes, expected", [
    ("itemscope itemtype='https://schema.org/Product'", True),
    ("itemscope itemtype='http://schema.org/ProductGroup'", True),
    ("itemscope itemtype='https://schema.org/Product' itemprop='itemListElement'", False),  # (a list's entry: a tile)
    ("itemscope itemtype='https://schema.org/Offer'", False),
    ("itemscope itemtype='https://schema.org/ProductCollection'", False),
    ("class='product'", False),
])
def test_a_microdata_item_typed_as_a_product_is_one(attributes, expected):
    el = dom.body_of(dom.parse(page("", f"<div {attributes}><h1>Mug</h1></div>")))[0]
    assert pagekind.is_product_item(el) is expected
