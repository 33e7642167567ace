"""A listing's entries drawn as marked cards, kept by auto's cleaning (filters/content/rules/entry_cards.py)."""
from __future__ import annotations

from clearpage.filters import pagekind
from clearpage.filters.content.rules import entry_cards
from clearpage.filters.context import PageContext
from tests.content.algo_util import features_and_kinds, joined_selection

URL = "https://example.com/science"


def promo(n: int, card_class: str = "PagePromo") -> str:
    """One story of a news list: an item holding one card whose class says "promo"."""
    return (f"<li class='PageList-item'><div class='{card_class}'><div class='{card_class}-content'>"
            f"<h3 class='{card_class}-title'><a href='/story/{n}'>Scientists map the seafloor of lake number {n} at last</a></h3>"
            f"<p class='{card_class}-description'>A team spent {n + 2} summers charting the deepest parts of the lake and found old shorelines.</p>"
            f"</div></div></li>")


def lead(n: int) -> str:
    """A top story's card, unmarked."""
    return (f"<div class='story'><h2><a href='/top/{n}'>Telescope spots a young planet forming, case {n}</a></h2>"
            f"<p>Astronomers watched dust gather around star number {n} over two years of nights.</p></div>")


def news_list(count: int = 5, card_class: str = "PagePromo") -> str:
    """A science front: top stories in plain cards, then a list of stories in marked cards."""
    items = "".join(promo(n, card_class) for n in range(count))
    top = "".join(lead(n) for n in range(4))
    return (f"<html><body><nav><a href='/'>Home</a> <a href='/world'>World</a></nav><main><h1>Science</h1>"
            f"{top}<h2>More science</h2><ul class='PageList'>{items}</ul></main></body></html>")


def spared(html: str, kind: str | None = None) -> set[str]:
    """The texts of the outermost elements ``marked_cards`` spares on ``html``'s list items."""
    f, kinds = features_and_kinds(html)
    members = [i for i in range(len(f)) if f.tags[i] == "li"]
    ctx = PageContext(url=URL, base_url=URL)
    ctx.page_kind = kind
    found = entry_cards.marked_cards(f, kinds, [0], [members], ctx)
    return {f.elements[i].get("class") for i in found}


def test_cards_making_every_entry_are_spared_with_their_parts():
    names = spared(news_list())
    assert {"PagePromo", "PagePromo-content", "PagePromo-title", "PagePromo-description"} <= names


def test_a_carousels_slides_a_short_strip_and_a_products_page_are_not():
    assert not spared(news_list(card_class="promo-carousel-slide"))
    assert not spared(news_list(count=3))
    assert not spared(news_list(), kind=pagekind.PRODUCT)


def test_auto_keeps_a_list_of_promo_cards(algo):
    text = joined_selection(algo, news_list(8), URL)
    assert "Telescope spots a young planet forming, case 3" in text
    assert "Scientists map the seafloor of lake number 6 at last" in text
    assert "A team spent 8 summers charting" in text
