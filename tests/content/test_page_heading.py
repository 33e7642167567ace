"""The page's own heading block joining a selection that left it out (filters/content/rules/page_heading.py)."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content import features as feat
from clearpage.filters.content.rules import page_heading
from tests.content.algo_util import joined_selection

WATCHES = [(f"{model} {size} mm", price) for model, price in (("Forerunner 265", "$449.99"), ("Venu 3", "$449.99"),
           ("Apex 2 Pro", "$449.00"), ("Pace 3", "$229.00"), ("Vertix 2S", "$699.00"), ("Fenix 8", "$999.99"),
           ("Instinct 2X", "$399.99"), ("Enduro 3", "$899.99")) for size in (42, 46)]
DESCRIPTION = "Want to know how far you ran or walked? A GPS running watch tells you the distance, the time and your pace."
PROSE_MIN_CHARS = 60


def tiles() -> str:
    return "".join(
        f"<div class='product-tile'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<a href='/p/{i}' class='name'>{name}</a><span class='price'>{price}</span></div>"
        for i, (name, price) in enumerate(WATCHES)
    )


def category_page(header: str) -> str:
    """A shop's category: a header block above the grid of priced tiles, in another branch
    (the grid shares its row with a filter column)."""
    return (
        "<html><body><nav><a href='/'>Home</a><a href='/run'>Running</a><a href='/sale'>Sale</a></nav>"
        f"<div class='browse'><div class='browse-header'>{header}</div>"
        "<div class='browse-layout'><div class='filter-column'><a href='?brand=a'>Brand A</a><a href='?brand=b'>Brand B</a></div>"
        f"<div class='product-grid'>{tiles()}</div></div></div>"
        "<footer><a href='/about'>About us</a><a href='/help'>Help</a></footer></body></html>"
    )


def selected(algo, html: str) -> str:
    return joined_selection(algo, html, "https://shop.example/browse/gps-watches")


def test_a_grids_heading_and_description_above_it_join(algo):
    text = selected(algo, category_page(f"<h1>GPS Watches</h1><p>{DESCRIPTION}</p>"))
    assert "Forerunner 265" in text
    assert "GPS Watches" in text
    assert DESCRIPTION in text


def test_a_heading_without_a_description_stays_out(algo):
    text = selected(algo, category_page("<h1>GPS Watches</h1><p>8 results</p>"))
    assert "Forerunner 265" in text
    assert "GPS Watches" not in text


def test_a_logo_heading_in_the_sites_navigation_stays_out(algo):
    html = category_page("<p>8 results</p>").replace(
        "<nav>", f"<nav><h1><a href='/'>Shop Example</a></h1><p>{DESCRIPTION}</p>"
    )
    text = selected(algo, html)
    assert "Forerunner 265" in text
    assert "Shop Example" not in text


def block_text(html: str) -> str | None:
    """The text of the block with_page_heading puts before div.product-grid, or None."""
    f = feat.compute(dom.body_of(dom.parse(html)), hidden_shown=False)
    grid = next(i for i in range(len(f)) if f.elements[i].get("class") == "product-grid")
    nodes = page_heading.with_page_heading(f, [grid], PROSE_MIN_CHARS)
    return None if nodes == [grid] else " ".join(" ".join(f.elements[nodes[0]].itertext()).split())


def test_the_block_stops_below_a_long_or_linked_ancestor():
    menu = "".join(f"<a href='/c/{i}'>Category number {i}</a>" for i in range(12))
    html = category_page(f"<div class='title-block'><h1>GPS Watches</h1><p>{DESCRIPTION}</p></div><div class='menu'>{menu}</div>")
    text = block_text(html)
    assert text is not None and "GPS Watches" in text and DESCRIPTION in text
    assert "Category number" not in text


def test_a_linked_heading_does_not_join():
    html = category_page(f"<h1><a href='/gps'>GPS Watches</a></h1><p>{DESCRIPTION}</p>")
    assert block_text(html) is None


def test_a_heading_after_the_selection_does_not_join():
    html = ("<html><body><div class='product-grid'>" + tiles() + f"</div><div><h1>GPS Watches</h1><p>{DESCRIPTION}</p></div></body></html>")
    assert block_text(html) is None


def test_the_first_heading_is_the_first_h1_with_text():
    f = feat.compute(dom.body_of(dom.parse("<html><body><h2>Menu</h2><h1></h1><p>x</p><h1>Title</h1><h1>Second</h1></body></html>")), hidden_shown=False)
    assert f.elements[page_heading.first_heading(f)].text_content() == "Title"
    g = feat.compute(dom.body_of(dom.parse("<html><body><h2>Menu</h2><p>x</p></body></html>")), hidden_shown=False)
    assert page_heading.first_heading(g) is None
