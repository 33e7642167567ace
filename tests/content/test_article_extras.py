"""What an article's container holds beside the story (filters/content/rules/article_extras.py): the
site's grid of other posts after the text goes; the article's own list of outside links stays."""
from __future__ import annotations

from tests.content.algo_util import joined_selection
from tests.content.article_pages import URL, article_page

# An article long enough to count as one (auto's article_prose_chars).
LONG_STORY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
    f"and how the miller's family shared the work of the wheel with the neighbours, week after week.</p>"
    for i in range(16)
)


def _tiles(href: str, count: int = 4) -> str:
    return "".join(
        f"<div class='post-card'><h3><a href='{href}{i}'>Another story of the valley, number {i}</a></h3>"
        f"<p>A summary of the other story {i}, told in a sentence or two of its own words.</p></div>"
        for i in range(count)
    )


# ------------------------------------------------------------------ other posts after the article

def test_auto_drops_the_sites_grid_of_other_posts_after_the_article(algo):
    page = article_page(LONG_STORY + f"<div class='more'>{_tiles('/news/other-')}</div>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text
    assert "Another story of the valley" not in text and "A summary of the other story" not in text


def test_a_list_of_outside_links_after_the_article_stays(algo):
    page = article_page(LONG_STORY + f"<div class='more'>{_tiles('https://tools.example.org/tool-')}</div>")
    text = joined_selection(algo, page, URL)
    assert "Another story of the valley, number 3" in text and "A summary of the other story 3" in text


def test_teasers_above_most_of_the_article_stay(algo):
    page = article_page(LONG_STORY[:400] + f"<div class='more'>{_tiles('/news/other-')}</div>" + LONG_STORY)
    text = joined_selection(algo, page, URL)
    assert "Another story of the valley, number 3" in text


def test_several_groups_of_cards_after_the_text_stay(algo):
    cards = "".join(f"<section><h2>Part {k}</h2><div class='cards'>{_tiles(f'/docs/part{k}-')}</div></section>" for k in range(2))
    text = joined_selection(algo, article_page(LONG_STORY + cards), URL)
    assert "Another story of the valley, number 3" in text


def test_a_grid_longer_than_the_story_stays(algo):
    page = article_page(LONG_STORY + f"<div class='more'>{_tiles('/news/other-', 30)}</div>")
    text = joined_selection(algo, page, URL)
    assert "Another story of the valley, number 29" in text
