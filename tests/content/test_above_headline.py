"""The lines above an article's headline (filters/content/rules/above_headline.py): a kicker, a
breadcrumb trail, a date and reading time above the h1 go; a lead image stays, and so does the
text above an h1 that is not the headline or that follows the story's start."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import above_headline
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL

KICKERS = ("<div class='crumbs'><a href='/'>Home</a> / <a href='/blog'>Blog</a></div>"
           "<span class='kicker'>Mental Health</span><div class='meta'>Dec 12, 2025 | 4 min read</div>")
HEADLINE = "<h1>How the old mill kept running</h1>"
TITLE = "How the old mill kept running | River Town News"
# auto trims the container of an article: one long enough to be read as one.
LONG_STORY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
    f"and how the miller's family shared the work of the wheel with the neighbours, week after week.</p>"
    for i in range(16)
)


def _run(article: str, title: str = TITLE) -> tuple[int, str]:
    doc = dom.parse(f"<html><head><title>{title}</title></head><body><article>{article}</article></body></html>")
    root = doc.find(".//article")
    removed = above_headline.remove_kicker_lines([root], PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def test_lines_above_the_headline_go():
    removed, text = _run(KICKERS + HEADLINE + STORY)
    assert removed == 3
    for line in ("Home", "Blog", "Mental Health", "min read"):
        assert line not in text, line
    assert text.startswith("How the old mill kept running") and "Paragraph 7" in text


def test_a_lead_image_above_the_headline_stays():
    removed, text = _run("<figure><img src='/mill.jpg' alt='The mill'><figcaption>The mill in June</figcaption></figure>"
                         "<span class='kicker'>Mental Health</span>" + HEADLINE + STORY)
    assert removed == 1 and "The mill in June" in text and "Mental Health" not in text


def test_an_h1_unlike_the_title_or_below_the_story_start_keeps_what_is_above():
    removed, _ = _run(KICKERS + HEADLINE + STORY, title="Something else entirely | River Town News")
    assert removed == 0
    intro = "<p>" + "The story starts here, above a heading the site set as h1 for its first section. " * 3 + "</p>"
    removed, text = _run(intro + HEADLINE + STORY)
    assert removed == 0 and "The story starts here" in text
    removed, text = _run(KICKERS + HEADLINE + "<p>A short note.</p>")  # no story after the headline
    assert removed == 0 and "Mental Health" in text


def test_auto_drops_the_kicker_above_an_article(algo):
    page = (f"<html><head><title>{TITLE}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<article>{KICKERS}{HEADLINE}{LONG_STORY}</article></body></html>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text and "Mental Health" not in text and "min read" not in text
