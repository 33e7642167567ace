"""Headings left over their removed section (filters/content/rules/orphan_headings.py): a heading
whose list of links cleaning removed goes with it; a heading over the article's own text, and a
title over a picture that never had text under it, stay."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import orphan_headings
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection
from tests.content.article_pages import URL

PARAGRAPH = ("The old mill by the river kept turning all summer, and the miller says the wheel will run "
             "again in spring once the new paddles are fitted.")
BODY = "".join(f"<p>{PARAGRAPH} ({i})</p>" for i in range(14))


def page(story: str) -> str:
    return ("<html><body><div class='site-header'><a href='/'>Home</a> <a href='/news'>News</a></div>"
            f"<div class='main'><div class='story'><h1>The mill</h1>{story}</div></div>"
            "<footer><a href='/about'>About us</a></footer></body></html>")


def links(n: int) -> str:
    return "<ul>" + "".join(f"<li><a href='/s{i}'>Another story about the river, number {i}</a></li>" for i in range(n)) + "</ul>"


def test_a_heading_over_a_removed_link_list_goes(algo):
    story = f"<h2>The wheel</h2>{BODY}<h3>Elsewhere on the river</h3>{links(6)}<h3>Down by the weir</h3>{links(6)}"
    text = joined_selection(algo, page(story), URL)
    assert "(13)" in text and "The wheel" in text
    assert "Another story" not in text and "Elsewhere on the river" not in text and "Down by the weir" not in text


def test_headings_over_text_or_over_nothing_from_the_start_stay(algo):
    story = (f"<h2>The wheel</h2>{BODY}<h3>The weir in pictures</h3><figure><img src='/weir.jpg' alt=''></figure>"
             f"<h3>The paddles</h3><p>{PARAGRAPH} (paddles)</p>")
    text = joined_selection(algo, page(story), URL)
    assert "The wheel" in text and "The paddles" in text and "(paddles)" in text and "The weir in pictures" in text


def test_only_a_heading_of_lower_rank_after_it_leaves_it_heading_its_subsection():
    root = dom.body_of(dom.parse(f"<html><body><div><h2>Part one</h2><h3>The wheel</h3><p>{PARAGRAPH}</p>"
                                 f"<h2>Part two</h2><div class='gone'>{PARAGRAPH}</div></div></body></html>"))
    block = root[0]
    headed = orphan_headings.headed_sections([block])
    assert [h.text for h, _ in headed] == ["Part one", "The wheel", "Part two"]
    gone = block.find(".//div")
    gone.getparent().remove(gone)
    removed = orphan_headings.remove_orphan_headings(headed, PageContext(url=URL, base_url=URL))
    assert removed == 1 and "Part two" not in block.text_content() and "Part one" in block.text_content()
