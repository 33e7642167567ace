"""A shop tile's second link, out of the tab order, inside auto's selection (filters/content/collections.py)."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content import collections
from clearpage.filters.content import features as feat
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection

SHOES = [("Trail Runner 5", "Grey", "$108"), ("Road Glide 2", "Blue", "$80"), ("City Walker", "Black", "$74"),
         ("Cloud Step", "White", "$104"), ("Peak Racer", "Red", "$139"), ("Mesa Hiker", "Sage", "$134")]


def tile(name: str, colour: str, price: str, *, second_tabindex: str = "-1", second_href: str = "") -> str:
    href = f"/p/{name.lower().replace(' ', '-')}"
    return (f"<article><a href='{href}'>{name}. Color {colour}. {price}. 4.4 out of 5 stars</a>"
            f"<a href='{second_href or href}' tabindex='{second_tabindex}'><dl><dt>Product Name</dt><dd>{name}</dd>"
            f"<dt>Color</dt><dd>{colour}</dd><dt>Price</dt><dd>{price}</dd></dl></a></article>")


def grid(**kw) -> str:
    return "<div id='grid'>" + "".join(tile(*s, **kw) for s in SHOES) + "</div>"


def page(body: str) -> str:
    return (f"<html><body><nav><a href='/'>Home</a><a href='/women'>Women</a></nav>"
            f"<main><h1>Women's sneakers</h1><p>3953 items found</p>{body}</main></body></html>")


def selected_text(algo, html: str) -> str:
    return joined_selection(algo, html, "https://example.com/women-sneakers")


def test_a_tiles_untabbed_repeat_of_its_link_goes(algo):
    text = selected_text(algo, page(grid()))
    assert "Trail Runner 5. Color Grey" in text
    assert "Product Name" not in text


def test_a_tabbable_second_link_stays(algo):
    text = selected_text(algo, page(grid(second_tabindex="0")))
    assert "Product Name" in text


def links_left(html: str) -> list[str]:
    """The link texts left after remove_untabbed_repeat_links on the selection of div#grid."""
    body = dom.body_of(dom.parse(html))
    f = feat.compute(body, hidden_shown=False)
    root = next(i for i in range(len(f)) if f.elements[i].get("id") == "grid")
    collections.remove_untabbed_repeat_links(f, [root], PageContext(url="https://example.com/", base_url="https://example.com/"))
    return [dom.text_of(a) for a in body.iter("a")]


def test_an_untabbed_link_to_another_address_stays():
    left = links_left(grid(second_href="/elsewhere"))
    assert sum("Product Name" in t for t in left) == len(SHOES)


def test_an_untabbed_link_whose_address_has_no_tabbable_text_link_stays():
    html = ("<div id='grid'><a href='/p/x'><img src='x.jpg' alt=''></a>"
            "<a href='/p/x' tabindex='-1'>Trail Runner 5</a></div>")
    assert links_left(html) == ["", "Trail Runner 5"]


def test_only_the_untabbed_repeat_goes():
    left = links_left(grid())
    assert len(left) == len(SHOES)
    assert all("Color" in t and "Product Name" not in t for t in left)
