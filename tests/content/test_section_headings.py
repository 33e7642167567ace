"""Section headings marked by their anchor or module name (filters/content/rules/section_headings.py):
an h3 with ``id="nav_..."``, a builder's ``j-header`` module around an h2, stay over the text
they head; a "header" around a list of links, and a page's own header, keep their mark."""
from __future__ import annotations

from tests.content.algo_util import joined_selection
from tests.content.article_pages import URL

PARAGRAPH = ("The old mill by the river kept turning all summer, and the miller says the wheel will run "
             "again in spring once the new paddles are fitted.")


def page(sections: str, after: str = "") -> str:
    body = "".join(f"<p>{PARAGRAPH} ({i})</p>" for i in range(6))
    return ("<html><body><div class='site-header'><a href='/'>Home</a> <a href='/news'>News</a></div>"
            f"<div class='main'><div class='story'><h1>The mill</h1>{body}{sections}{after}</div></div>"
            "<footer><a href='/about'>About us</a></footer></body></html>")


def test_a_heading_marked_by_its_anchor_stays(algo):
    sections = (f"<h3 id='nav_the_wheel__1' class='subheading'>The wheel comes back</h3><p>{PARAGRAPH} (wheel)</p>"
                f"<div id='cc-m-1' class='j-module n j-header'><h2 id='cc-m-header-1'>Paddles from the yard</h2></div>"
                f"<div class='j-module n j-text'><p>{PARAGRAPH} (paddles)</p></div>")
    text = joined_selection(algo, page(sections), URL)
    assert "The wheel comes back" in text and "Paddles from the yard" in text and "(paddles)" in text


def test_a_header_over_links_or_a_header_element_keeps_its_mark(algo):
    links = "".join(f"<li><a href='/s{i}'>Another story about the river number {i}</a></li>" for i in range(6))
    after = (f"<div class='list-header'><h3>More from the river</h3></div><ul>{links}</ul>"
             f"<header class='teasers__header'><h3>Down by the weir</h3></header><div class='teasers'><p>{PARAGRAPH} (teaser)</p></div>")
    text = joined_selection(algo, page("", after), URL)
    assert "(5)" in text and "More from the river" not in text and "Down by the weir" not in text
