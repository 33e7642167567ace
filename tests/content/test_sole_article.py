"""The page's one article inside a bigger container (filters/content/rules/sole_article.py): a
live feed or a stream of other stories beside it stays out; a title above it stays in."""
from __future__ import annotations

from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL

# A live ticker in a side column: each item a dated sentence, together longer than the article.
FEED = "".join(
    f"<li class='live-item'><span>14:{i:02d}</span> <p>Item {i}: the ferry line to the islands will run a reduced timetable "
    f"until the storm has passed, the operator said on Monday.</p></li>" for i in range(12)
)


def page(article: str, beside: str) -> str:
    return ("<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
            f"<div class='grid-2-1'><div class='mod'>{article}</div>{beside}</div>"
            "<footer><p>© The River Post</p></footer></body></html>")


def test_the_article_wins_over_a_live_feed_beside_it(algo):
    html = page(f"<article><h1>The mill</h1>{STORY}</article>",
                f"<aside id='sidebar' class='mod'><div class='live'><ul class='live-flux'>{FEED}</ul></div></aside>")
    text = joined_selection(algo, html, URL)
    assert "Paragraph 7" in text and "The mill" in text
    assert "ferry line" not in text


def test_a_title_above_the_article_body_stays(algo):
    html = page(f"<div class='head'><h1>The mill</h1><p class='lead'>A lead under the title.</p></div>"
                f"<div itemprop='articleBody'>{STORY}</div>",
                f"<aside id='sidebar' class='mod'><div class='live'><ul class='live-flux'>{FEED}</ul></div></aside>")
    text = joined_selection(algo, html, URL)
    assert "Paragraph 7" in text and "The mill" in text and "A lead under the title" in text
    assert "ferry line" not in text


def test_two_articles_are_a_listing_and_keep_their_container(algo):
    second = STORY.replace("river town", "harbour town")
    html = page(f"<article><h2>The mill</h2>{STORY}</article><article><h2>The harbour</h2>{second}</article>", "")
    text = joined_selection(algo, html, URL)
    assert "river town" in text and "harbour town" in text


# A stream of other stories: each entry a linked headline and a one-sentence summary.
STREAM = "".join(
    f"<li class='stream-item'><h3><a href='/news/{i}'>Story {i} about the county fair</a></h3>"
    f"<p>Summary {i}: the county fair opens its gates on Friday with a parade, stalls and a brass band.</p></li>"
    for i in range(14)
)


def test_a_stream_of_teasers_beside_a_named_article_stays_out(algo):
    # (an article long enough to be one: a short text beside a listing is the listing's intro)
    long_story = STORY + STORY.replace("Paragraph", "Part") + STORY.replace("Paragraph", "Section")
    html = ("<html><body><nav><a href='/'>Home</a></nav><div id='Main' class='yog-content'>"
            f"<section class='yom-article'><h1>The mill</h1>{long_story}</section>"
            f"<div class='yom-remote'><ul class='stream'>{STREAM}</ul></div></div></body></html>")
    text = joined_selection(algo, html, URL)
    assert "Paragraph 7" in text and "The mill" in text
    assert "county fair" not in text


def test_an_article_opening_with_its_own_heading_narrows_past_a_breadcrumb_h1(algo):
    # The site keeps its <h1> for the breadcrumb's page name; the article opens with its h2 title.
    html = ("<html><body><div class='grid-2-1'><div class='crumbs'><h1>News</h1></div>"
            f"<div class='mod'><article><h2>The mill</h2>{STORY}</article></div>"
            f"<aside id='sidebar' class='mod'><div class='live'><ul class='live-flux'>{FEED}</ul></div></aside></div></body></html>")
    text = joined_selection(algo, html, URL)
    assert "Paragraph 7" in text and "The mill" in text
    assert "ferry line" not in text
