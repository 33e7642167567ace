"""Link buttons repeated between an article's paragraphs (filters/content/rules/link_buttons.py):
a short line that is one link, three times or more with the same words (prices aside), goes; a
link said twice, links inside sentences, headings, list items and longer linked lines stay."""
from __future__ import annotations

from clearpage.filters.content.rules import link_buttons
from tests.content.algo_util import joined_selection
from tests.content.article_pages import URL, article_page, on_roots

PARAGRAPHS = [f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer.</p>" for i in range(8)]


def _items(button: str, times: int = 3) -> str:
    return "".join(PARAGRAPHS[i] + button.replace("N", str(100 + 17 * i)) for i in range(times)) + "".join(PARAGRAPHS[times:])


def test_a_link_button_repeated_under_each_item_goes():
    removed, text = on_roots(link_buttons.remove_repeated_buttons, _items("<div class='btn'><a href='https://shop.example/m'>Check price at Amazon</a></div>"))
    assert removed == 3 and "Check price" not in text and "Paragraph 7" in text
    removed, text = on_roots(link_buttons.remove_repeated_buttons, _items("<p><a href='/go'><span>$N from Amazon</span></a></p>", 4))
    assert removed == 4 and "Amazon" not in text and "Paragraph 0" in text


def test_links_said_twice_in_sentences_in_headings_lists_or_long_stay():
    for body in (_items("<div><a href='/s'>Check price at Amazon</a></div>", 2),
                 _items("<p>Read the <a href='/r'>full review</a> of it.</p>"),
                 _items("<h3><a href='/r'>Read full review</a></h3>"),
                 _items("<ul><li><a href='/r'>Read full review</a></li></ul>"),
                 _items("<p><a href='/r'>How the mill in the valley got its new wheel last year</a></p>")):
        removed, text = on_roots(link_buttons.remove_repeated_buttons, body)
        assert removed == 0, body


def test_auto_drops_repeated_link_buttons_in_an_article(algo):
    story = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
                    f"and how the miller's family shared the work with the neighbours.</p>"
                    f"<div class='buy'><a href='https://shop.example/{i}'>See price at the shop</a></div>" for i in range(16))
    text = joined_selection(algo, article_page(story), URL)
    assert "Paragraph 15" in text and "See price" not in text


def test_repeated_tiles_showing_a_picture_stay():
    removed, text = on_roots(link_buttons.remove_repeated_buttons, _items("<div class='tile'><a href='/p'><img src='/s.jpg' alt=''>Baron Socks $15</a></div>", 4))
    assert removed == 0 and "Baron Socks" in text
