"""An <aside> written as the article's own passage (filters/content/rules/prose_asides.py): between
the article's paragraphs, with prose of its own and few links, it stays; a pull quote, a box of
links, an aside named as boilerplate or one after the text still go."""
from __future__ import annotations

from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL, article_page

NOTE = ("<aside class='styles_aside__x'><h4>A note on the wheel</h4><p>The wheel is not the first one: the mill lost its "
        "oak wheel in the flood of 1927, and the one turning today was built by the miller's grandfather from larch.</p>"
        "<p>It needs a new paddle every spring, which the town's carpenters make in the week before the fair.</p></aside>")


def test_an_aside_written_as_a_passage_between_paragraphs_stays(algo):
    text = joined_selection(algo, article_page(STORY + NOTE + STORY), URL)
    assert "Paragraph 7" in text and "oak wheel in the flood" in text and "new paddle" in text


def test_pull_quotes_link_boxes_named_asides_and_trailing_asides_go(algo):
    quote = "<aside class='quote'><p>“The wheel will run again in spring,” says the miller.</p></aside>"
    links = "<aside>" + "".join(f"<p><a href='/news/{i}'>Another story of the mill, number {i}, told.</a></p>" for i in range(4)) + "</aside>"
    for aside in (quote, links, NOTE.replace("styles_aside__x", "sidebar")):
        text = joined_selection(algo, article_page(STORY + aside + STORY), URL)
        assert "Paragraph 7" in text and "says the miller" not in text and "number 2" not in text and "oak wheel" not in text
    text = joined_selection(algo, article_page(STORY + NOTE), URL)
    assert "oak wheel" not in text
