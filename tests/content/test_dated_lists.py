"""A post's meta line set as a list above its text (filters/content/rules/above_headline.py,
``remove_dated_lists``): a short list holding a date above the first paragraph goes; lists
without a date, lists below the text and long or many-item lists stay."""
from __future__ import annotations

from clearpage.filters.content.rules import above_headline
from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL, article_page, on_roots

POST_INFO = ("<ul class='post-info'><li><a href='/2025/09/04/'><span><time>September 4, 2025</time></span></a></li>"
             "<li><span><time>5:50 am</time></span></li><li>By <a href='/author/ann'>Ann Smith</a></li></ul>")


def test_a_dated_list_above_the_text_goes():
    removed, text = on_roots(above_headline.remove_dated_lists, POST_INFO + STORY)
    assert removed == 1 and "September 4" not in text and "Ann Smith" not in text and "Paragraph 0" in text


def test_undated_lists_lists_below_the_text_and_long_lists_stay():
    for body in ("<ul><li>Key point one</li><li>Key point two</li></ul>" + STORY,
                 STORY + POST_INFO,
                 "<ul>" + "".join(f"<li><time>June {i}, 2025</time> Meeting</li>" for i in range(1, 8)) + "</ul>" + STORY,
                 "<ul><li><time>June 1, 2025</time>: the miller's family met the town council and agreed on the repairs</li></ul>" + STORY,
                 "<ul><li><time datetime='PT15M'>15 minutes</time></li><li>Easy</li></ul>" + STORY):
        removed, text = on_roots(above_headline.remove_dated_lists, body)
        assert removed == 0, body


def test_auto_drops_a_dated_list_above_an_article(algo):
    story = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
                    f"and how the miller's family shared the work with the neighbours.</p>" for i in range(16))
    text = joined_selection(algo, article_page(POST_INFO + story), URL)
    assert "Paragraph 15" in text and "5:50 am" not in text


# ------------------------------------------------------------------ lines with an icon above the text

ICON = "<svg width='16' height='16' viewBox='0 0 24 24'><path d='M12 2a10 10 0 1 0 0 20'></path></svg>"


def test_short_lines_with_an_icon_above_the_text_go():
    body = f"<div class='meta'>{ICON}<span>4 min read</span></div><div class='meta'>{ICON}<span>Dec 12, 2025</span></div>" + STORY
    removed, text = on_roots(above_headline.remove_icon_lines, body)
    assert removed == 2 and "min read" not in text and "Dec 12" not in text and "Paragraph 0" in text


def test_icon_lines_below_the_text_sentences_and_pictures_stay():
    for body in (STORY + f"<div>{ICON}<span>4 min read</span></div>",
                 f"<div>{ICON}<span>Here is what we found:</span></div>" + STORY,
                 "<div><svg width='40'><image href='/map.png'></image></svg><span>The valley</span></div>" + STORY,
                 f"<div><img src='/m.jpg'>{ICON}<span>The mill</span></div>" + STORY):
        removed, text = on_roots(above_headline.remove_icon_lines, body)
        assert removed == 0, body


def test_auto_drops_an_icon_line_above_an_article(algo):
    story = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
                    f"and how the miller's family shared the work with the neighbours.</p>" for i in range(16))
    text = joined_selection(algo, article_page(f"<div class='read-time'>{ICON}<span>9 min read</span></div>" + story), URL)
    assert "Paragraph 15" in text and "9 min read" not in text
