"""An article's meta lines, tags and pointers to other stories (issue 22, precision round 4 part B):
the teasers after a short story or in a block after the prose and tag lines go; a listing's
links, the story's own sentences and its sources stay."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import post_chrome
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL, article_page, on_roots

SHORT_STORY = STORY[:300]  # (three paragraphs: less than an article's prose)
OTHER_STORIES = ("<ul class='more'><li><a href='/news/bridge'>Another town rebuilt its bridge</a></li>"
                 "<li><a href='https://www.example.com/news/school'>A school opens in the valley</a></li>"
                 "<li><a href='/news/fair'>The autumn fair returns</a></li></ul>")


def _roots(*blocks: str) -> list:
    body = dom.body_of(dom.parse("<html><body>" + "".join(f"<div class='block'>{b}</div>" for b in blocks) + "</body></html>"))
    return list(body)


def _text(roots: list) -> str:
    return " ".join(dom.collapse(r.text_content()) for r in roots)


# ------------------------------------------------------------------ teasers after the prose

def test_teasers_in_a_block_after_the_prose_go():
    # The selection's blocks are read as one sequence: the block after the one holding the prose has none of its own.
    roots = _roots(STORY, OTHER_STORIES)
    removed = post_chrome.remove_trailing_teasers(roots, PageContext(url=URL, base_url=URL), 60)
    text = _text(roots)
    assert removed == 3 and "bridge" not in text and "valley" not in text and "Paragraph 7" in text


def test_a_block_after_the_prose_keeps_its_links_to_other_sites():
    # Where no paragraph of the block ends above them, only links within the site are other stories.
    roots = _roots(STORY, "<p><a href='https://www.openpetition.de/x'>Sign the petition for the mill</a></p>")
    removed = post_chrome.remove_trailing_teasers(roots, PageContext(url=URL, base_url=URL), 60)
    assert removed == 0 and "Sign the petition" in _text(roots)


def test_a_short_story_loses_the_few_teasers_under_it():
    roots = _roots(SHORT_STORY + OTHER_STORIES)
    removed = post_chrome.remove_trailing_teasers(roots, PageContext(url=URL, base_url=URL), 60, article=False)
    text = _text(roots)
    assert removed == 3 and "bridge" not in text and "Paragraph 2" in text


def test_a_listing_with_an_intro_keeps_its_links():
    intro = "<p>All the stories of the river town, from the mill to the bridge, collected for our readers.</p>"
    links = "<ul>" + "".join(f"<li><a href='/news/s{i}'>Story number {i} of the town</a></li>" for i in range(8)) + "</ul>"
    roots = _roots(intro + links)
    assert post_chrome.remove_trailing_teasers(roots, PageContext(url=URL, base_url=URL), 60, article=False) == 0
    assert "Story number 7" in _text(roots)
    # Entries with summaries: linked headlines above the last paragraph make it a listing.
    entries = "".join(f"<h3><a href='/news/e{i}'>Entry {i} of the town</a></h3><p>Summary {i} of what happened in the "
                      f"river town this week, told in one sentence.</p>" for i in range(4))
    roots = _roots(entries + "<h3><a href='/news/e9'>The last entry</a></h3>")
    assert post_chrome.remove_trailing_teasers(roots, PageContext(url=URL, base_url=URL), 60, article=False) == 0
    assert "The last entry" in _text(roots)


def test_a_tile_made_one_link_goes_with_its_summary():
    # A teaser whose headline and summary sit inside one link: its summary is no paragraph of the article.
    tile = ("<div class='tile'><span>Neues Bahn-Konzept</span><a href='/news/train'><h3>ICE im S-Bahn-Takt</h3>"
            "<p>Die Bahn will ab 2021 die ersten Fernverbindungen im Halbstunden-Rhythmus anbieten.</p></a></div>")
    roots = _roots(STORY + tile)
    removed = post_chrome.remove_trailing_teasers(roots, PageContext(url=URL, base_url=URL), 60)
    text = _text(roots)
    assert removed == 1 and "S-Bahn-Takt" not in text and "Halbstunden" not in text and "Bahn-Konzept" not in text
    assert "Paragraph 7" in text


def test_auto_drops_the_teasers_under_a_short_story(algo):
    text = joined_selection(algo, article_page(SHORT_STORY + OTHER_STORIES), URL)
    assert "Paragraph 2" in text and "bridge" not in text and "autumn fair" not in text


# ------------------------------------------------------------------ tag lines

def test_tag_lines_go():
    body = (STORY + "<div class='tags'>Tags: <a href='/tag/mill/'>Mill</a>, <a href='/tag/river/'>River</a></div>"
            "<div class='row'><h4>Claves</h4><ul><li><a href='https://example.com/claves/molino/'>Molino</a></li></ul></div>"
            "<ul><li><a rel='tag' href='/ueber-uns/energie/'>Energiewende</a></li></ul>"
            "<p><a href='/schlagwort/muehle'>Mühle</a> | <a href='/schlagwort/dorf'>Dorf</a></p>")
    removed, text = on_roots(post_chrome.remove_tag_lines, body)
    assert removed == 4
    for word in ("Tags", "River", "Claves", "Molino", "Energiewende", "Mühle", "Dorf"):
        assert word not in text, word
    assert "Paragraph 7" in text


def test_sentences_and_titles_citing_a_topic_stay():
    body = (STORY + "<p>The miller wrote about it in our <a href='/category/mills/'>mills</a> section last year.</p>"
            "<ul><li><a href='/themen/politik/mill-story.html'>How the river town saved its old mill from the drought</a></li></ul>"
            "<p><a href='/tags'>All tags</a></p>")
    removed, text = on_roots(post_chrome.remove_tag_lines, body)
    assert removed == 0 and "mills section" in text and "saved its old mill" in text and "All tags" in text


def test_auto_drops_the_tags_under_an_article(algo):
    # (two tags are no link list for the cleaning; the addresses tell, not the label)
    article = STORY * 3 + "<p>Themen: <a href='/tag/muehle/'>Mühle</a>, <a href='/tag/sommer/'>Sommer</a></p>" + STORY
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "Themen" not in text and "Sommer" not in text
