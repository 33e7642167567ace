"""The site's footer inside auto's selection (filters/content/rules/footers.py)."""
from __future__ import annotations

import pytest

from clearpage.filters import dom
from clearpage.filters.content import features as feat
from clearpage.filters.content.rules import footers
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection



def selected_text(algo, html: str) -> str:
    return joined_selection(algo, html, "https://example.com/shop/laptop")


def paragraphs(topic: str, count: int) -> str:
    return "".join(f"<p>The {topic} is light and thin, part {i}, and its battery lasts a whole working day.</p>" for i in range(count))


def footer(open_tag: str, close_tag: str) -> str:
    return (f"{open_tag}<p>* Financing available to qualified customers, subject to credit approval and a credit limit.</p>"
            f"<p>Copyright 2026 Example Inc. All rights reserved.</p>{close_tag}")


def test_the_pages_footer_inside_a_wide_selection_goes(algo):
    html = f"<html><body><div id='page'><h1>Laptop</h1>{paragraphs('laptop', 8)}{footer('<footer>', '</footer>')}</div></body></html>"
    text = selected_text(algo, html)
    assert "battery lasts a whole working day" in text
    assert "Financing available to qualified customers" not in text


def footers_left(html: str) -> list[str]:
    """The footers' texts left after remove_site_footers on the selection of div#page."""
    body = dom.body_of(dom.parse(html))
    f = feat.compute(body, hidden_shown=False)
    page = next(i for i in range(len(f)) if f.elements[i].get("id") == "page")
    footers.remove_site_footers(f, [page], PageContext(url="https://example.com/", base_url="https://example.com/"))
    return [el.text_content() for el in body.iter("footer")]


@pytest.mark.parametrize("owner", ["article", "section"])
def test_an_articles_or_sections_own_footer_stays(owner):
    html = (f"<html><body><div id='page'><{owner}><h1>Laptop</h1>{paragraphs('laptop', 8)}"
            f"<footer><p>Filed under laptops by our hardware desk.</p></footer></{owner}>{footer('<footer>', '</footer>')}</div></body></html>")
    assert footers_left(html) == ["Filed under laptops by our hardware desk."]


def test_a_footer_holding_most_of_the_selection_stays(algo):
    html = f"<html><body><div id='page'><h1>Laptop</h1><p>Short intro to the laptop.</p><footer>{paragraphs('tablet', 8)}</footer></div></body></html>"
    assert "The tablet is light and thin, part 5" in selected_text(algo, html)


TOWNS = "<div class='zipcodes'>" + "  ".join(f"Town{k} Hills" for k in range(600)) + "</div>"  # (7,000+ characters, no sentence)


def proseless_footers_left(html: str) -> tuple[int, list[str]]:
    """What remove_proseless_footers removes from the selection of div#page, and the footers' texts left."""
    body = dom.body_of(dom.parse(html))
    f = feat.compute(body, hidden_shown=False)
    page = next(i for i in range(len(f)) if f.elements[i].get("id") == "page")
    removed = footers.remove_proseless_footers(f, [page], PageContext(url="https://example.com/", base_url="https://example.com/"), 60)
    return removed, [el.text_content() for el in body.iter("footer")]


def test_a_footer_of_names_bigger_than_the_text_goes():
    html = f"<html><body><div id='page'><h1>Rentals</h1>{paragraphs('rental', 16)}<footer><p>We serve these towns:</p>{TOWNS}</footer></div></body></html>"
    assert proseless_footers_left(html) == (1, [])


def test_a_big_footer_holding_sentences_stays():
    html = f"<html><body><div id='page'><h1>Rentals</h1>{paragraphs('rental', 16)}<footer>{paragraphs('footer', 16)}{TOWNS}</footer></div></body></html>"
    removed, left = proseless_footers_left(html)
    assert removed == 0 and len(left) == 1


def test_a_big_footer_beside_little_text_stays():
    html = f"<html><body><div id='page'><h1>Rentals</h1>{paragraphs('rental', 2)}<footer>{TOWNS}</footer></div></body></html>"
    removed, left = proseless_footers_left(html)
    assert removed == 0 and len(left) == 1


def test_auto_leaves_out_a_footer_of_names_bigger_than_the_text(algo):
    html = f"<html><body><div id='page'><h1>Rentals</h1>{paragraphs('rental', 16)}<footer>{TOWNS}</footer></div></body></html>"
    text = selected_text(algo, html)
    assert "battery lasts a whole working day" in text
    assert "Town599 Hills" not in text
