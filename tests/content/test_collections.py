"""Shop collection grids inside auto's selection: a tile's second link out of the tab order, filter panels, a grid beside SEO text (filters/content/rules/collections.py)."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import collections
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
    # (the second link's values stay; its field names, "Product Name" in every tile, are the
    # tiles' labels: listing_trim.remove_entry_labels)
    assert text.count("Mesa Hiker") == 2
    assert text.count("Sage") == 2


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


FACETS = ("<div class='facets-container'><p>Brand</p><ul><li>Canon (125)</li><li>Nikon (123)</li></ul>"
          "<p>Price Range</p><ul><li>$50 to $75 (25)</li><li>$75 to $100 (36)</li></ul></div>")


def panels_left(html: str) -> list[str]:
    """The classes of div#grid's children left after remove_facet_panels on the selection of div#grid."""
    body = dom.body_of(dom.parse(html))
    f = feat.compute(body, hidden_shown=False)
    root = next(i for i in range(len(f)) if f.elements[i].get("id") == "grid")
    collections.remove_facet_panels(f, [root], PageContext(url="https://example.com/", base_url="https://example.com/"))
    return [el.get("class") for el in next(body.iter("div")).iterchildren()]


def test_a_facet_panel_beside_the_grid_goes(algo):
    text = selected_text(algo, page(FACETS + grid()))
    assert "Trail Runner 5. Color Grey" in text
    assert "Price Range" not in text and "Nikon (123)" not in text


def test_a_facet_panel_goes_beside_the_tiles():
    html = "<div id='grid'>" + FACETS + "".join(f"<div class='tile'>{tile(*s)}</div>" for s in SHOES) + "</div>"
    assert panels_left(html) == ["tile"] * len(SHOES)


def test_a_block_named_filter_holding_sentences_stays():
    prose = ("<div class='facet-row-container'><p>When you are looking for a first sewing machine, focus on ease of use, "
             "speed and the stitches you will really need.</p></div>")
    html = "<div id='grid'>" + prose + "".join(f"<div class='tile'>{tile(*s)}</div>" for s in SHOES) + "</div>"
    assert panels_left(html) == ["facet-row-container"] + ["tile"] * len(SHOES)


def test_the_filtered_results_stay():
    html = ("<div id='grid'>" + FACETS + "<div class='filter-results'>"
            + "".join(tile(*s) for s in SHOES) + "</div></div>")
    assert panels_left(html) == ["filter-results"]


SEO_PARAGRAPHS = [
    "Choosing running shoes starts with how you run: road, trail or track, short easy miles or long races.",
    "Cushioned shoes soften every landing, while lighter racing shoes give back more energy at speed.",
    "A wide toe box suits long runs because feet swell, and a firmer heel counter keeps the ankle steady.",
    "Trail shoes add lugs for grip on mud and rock; road shoes keep the sole smooth and light for pavement.",
    "Replace your shoes every few hundred miles, when the foam stops springing back after a run.",
    "Our guide explains drop, stack height and fit, so you can compare models before you buy online.",
]


def image_tile(name: str, colour: str, price: str) -> str:
    return (f"<li class='tile'><a href='/p/{name.lower().replace(' ', '-')}'><img src='/i/{colour}.jpg' alt=''>"
            f"<span>{name}</span></a><span>{colour}</span><span>{price}</span>"
            + "".join(f"<a href='/p/x?c={c}'>{c}</a>" for c in ("Red", "Tan", "Navy", "Olive")) + "</li>")


def seo_page(seo_name: str) -> str:
    """A shop category: a menu of 40 subcategories beside a grid of image tiles, then a long block of
    buying advice named ``seo_name`` (the menu's cost keeps the grid's branch from winning)."""
    menu = "".join(f"<li><a href='/c/{n}'>Style {n}</a></li>" for n in range(40))
    tiles = "".join(image_tile(*s) for s in SHOES * 2)
    advice = "".join(f"<h3>Tip {n}</h3><p>{p}</p>" for n, p in enumerate(SEO_PARAGRAPHS * 2))
    return (f"<html><body><div class='page'><div class='listing'><nav><ul>{menu}</ul></nav>"
            f"<ul class='grid'>{tiles}</ul></div>"
            f"<div class='{seo_name}'><h2>Running shoe buying guide</h2>{advice}</div></div></body></html>")


def test_a_tile_grid_wins_over_a_longer_block_of_text_named_for_search_engines(algo):
    text = selected_text(algo, seo_page("category-seo-text"))
    assert all(name in text for name, _, _ in SHOES)
    assert "buying guide" not in text


def test_the_same_text_not_named_for_search_engines_is_still_chosen(algo):
    text = selected_text(algo, seo_page("category-guide"))
    assert "buying guide" in text
    assert SHOES[0][0] not in text


def test_seo_text_without_a_tile_grid_beside_it_stays_the_content(algo):
    html = seo_page("seo-copy").replace("<img src", "<i data-src")  # (tiles without pictures: not a grid)
    text = selected_text(algo, html)
    assert "buying guide" in text


def priced_tile(name: str, colour: str, price: str, part: str) -> str:
    return (f"<li class='tile'><a href='/p/{name.lower().replace(' ', '-')}'><img src='/i/{colour}.jpg' alt=''>"
            f"<span>{name} in {colour}</span></a><div class='{part}'>{price}</div></li>")


def priced_grid(part: str, *, marked_in: int = len(SHOES)) -> str:
    """A grid whose tiles show their price in an element named ``part`` (in the first ``marked_in`` tiles)."""
    tiles = [priced_tile(*s, part if n < marked_in else "amount") for n, s in enumerate(SHOES)]
    return page("<ul class='grid'>" + "".join(tiles) + "</ul>")


def test_a_part_of_every_tile_marked_by_a_style_word_stays(algo):
    text = selected_text(algo, priced_grid("price-tag"))
    assert all(price in text for _, _, price in SHOES)


def test_a_tile_part_named_as_metadata_keeps_its_mark(algo):
    text = selected_text(algo, priced_grid("price-tag meta"))
    assert not any(price in text for _, _, price in SHOES)


def test_a_marked_part_in_one_tile_only_keeps_its_mark(algo):
    text = selected_text(algo, priced_grid("price-tag", marked_in=1))
    assert SHOES[0][2] not in text
    assert SHOES[1][2] in text


def test_cards_without_prices_keep_the_marks_of_their_parts(algo):
    html = priced_grid("price-tag")
    for _, _, price in SHOES:
        html = html.replace(f">{price}<", f">{price[1:]} readers<")
    text = selected_text(algo, html)
    assert not any(f"{price[1:]} readers" in text for _, _, price in SHOES)


SOCKS = [("Stance Baron Socks", "$15"), ("Stance Curren Socks", "$15"), ("Black Dress Shoes", "$30"),
         ("Brown Leather Dress Shoes", "$35"), ("Stance Hudson Socks", "$15"), ("Navy Icon Socks", "$14")]
PROSE = ("<p>Our selection of dress shoes and tuxedo shoe rentals cater to a variety of tastes, and every pair is "
         "cleaned, checked and packed by hand before it ships to you.</p>") * 10


def shop_grid(items=SOCKS * 5) -> str:
    """A grid of image tiles, each one link around its picture, name and price (all link text)."""
    return "<div class='wrap'><div class='grid'>" + "".join(
        f"<div class='tile'><a href='/p/{i}'><img src='/{i}.jpg' alt=''>{name} {price}</a></div>"
        for i, (name, price) in enumerate(items)) + "</div></div>"


def test_a_shop_grid_beside_article_length_prose_is_no_link_list(algo):
    text = selected_text(algo, page(f"<section>{PROSE}</section>{shop_grid()}"))
    assert "tuxedo shoe rentals" in text
    assert "Stance Baron Socks $15" in text and "Navy Icon Socks $14" in text


def test_a_grid_of_links_without_prices_beside_prose_still_goes(algo):
    names = [(name, "") for name, _ in SOCKS * 5]
    text = selected_text(algo, page(f"<section>{PROSE}</section>{shop_grid(names)}"))
    assert "tuxedo shoe rentals" in text
    assert "Stance Baron Socks" not in text


def test_a_narrow_strip_of_priced_tiles_beside_prose_still_goes(algo):
    text = selected_text(algo, page(f"<section>{PROSE}</section>{shop_grid(SOCKS)}"))
    assert "tuxedo shoe rentals" in text
    assert "Stance Baron Socks" not in text
