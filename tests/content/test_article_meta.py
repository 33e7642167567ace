"""An article's meta lines, tags and pointers to other stories (issue 22, precision round 4 part B):
the teasers after a short story or in a block after the prose, tag lines, date lines, long meta
lines that link their categories and read-also labels standing alone go; a listing's links, the
story's own sentences and its sources stay."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import asides, post_chrome
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


def test_a_checklist_of_shop_links_is_no_tag_line():
    # A shop's "?tag=" is its affiliate's code and "/c/" its own category: tags are the site's own pages.
    items = "".join(f"<li><a rel='sponsored' href='https://shop.example.net/dp/B0{i}?tag=mill-20'>Item {i} to pack</a></li>"
                    for i in range(4))
    removed, text = on_roots(post_chrome.remove_tag_lines, STORY + f"<ul>{items}</ul>")
    assert removed == 0 and "Item 3 to pack" in text
    # The site's own tag pages, linked by their full address, still go.
    removed, text = on_roots(post_chrome.remove_tag_lines, STORY + "<p>Tags: <a href='https://www.example.com/?tag=mill'>Mill</a></p>")
    assert removed == 1 and "Mill" not in text.replace("mill", "")

def test_auto_drops_the_tags_under_an_article(algo):
    # (two tags are no link list for the cleaning; the addresses tell, not the label)
    article = STORY * 3 + "<p>Themen: <a href='/tag/muehle/'>Mühle</a>, <a href='/tag/sommer/'>Sommer</a></p>" + STORY
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "Themen" not in text and "Sommer" not in text


# ------------------------------------------------------------------ date lines

def test_date_lines_go_in_several_languages():
    lines = ("Donnerstag, 31. Mai 2012", "Stand: 05. Februar 2020", "Veröffentlicht 23.06.2016 um 16:14", "11 Jan 2019",
             "16 marca 2021", "Publicado el 5 de febrero de 2022, 10:30 h", "Updated May 6, 2019", "2019-05-06")
    for line in lines:
        removed, text = on_roots(post_chrome.remove_date_lines, STORY[:200] + f"<div class='date'>{line}</div>" + STORY[200:])
        assert removed == 1 and line not in text and "Paragraph 7" in text, line


def test_sentences_and_items_with_a_date_stay():
    body = STORY + ("<p>Die Mühle läuft wieder seit dem 1. Mai 2020.</p><p>May 2019 was the driest month of all.</p>"
                    "<ul><li>12.03.2020</li></ul><h3>31. Mai 2012</h3><p>In 2019</p>")
    removed, text = on_roots(post_chrome.remove_date_lines, body)
    assert removed == 0 and "seit dem 1. Mai 2020" in text and "driest month" in text and "12.03.2020" in text
    assert "31. Mai 2012" in text


def test_the_dates_of_many_entries_stay():
    # More than a post's date or two: a listing's or a thread's entries, each dated.
    body = "".join(f"<div class='entry'><p class='date'>November {d}, 2025</p>{STORY[:100]}</div>" for d in (4, 5, 6))
    removed, text = on_roots(post_chrome.remove_date_lines, body)
    assert removed == 0 and "November 4, 2025" in text and "November 6, 2025" in text


def test_auto_drops_a_date_line_inside_an_article(algo):
    article = STORY * 3 + "<p class='date'>Veröffentlicht 23.06.2016 um 16:14</p>" + STORY
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "23.06.2016" not in text


# ------------------------------------------------------------------ meta lines that link their categories

def test_a_long_meta_line_linking_its_categories_goes():
    line = ("<p class='postmetadata'>Der Beitrag wurde am Mittwoch, den 27. November 2019 um 15:21 Uhr veröffentlicht "
            "und wurde unter <a href='/c/a'>Allgemein</a>, <a href='/c/r'>Reisen</a>, <a href='/c/w'>Whisky-Verkostungen</a>, "
            "<a href='/c/h'>Halle</a> abgelegt. Du kannst die Kommentare zu diesem Eintrag durch den RSS-Feed verfolgen.</p>")
    removed, text = on_roots(post_chrome.remove_meta_lines, STORY + line)
    assert removed == 1 and "Beitrag wurde" not in text and "Paragraph 7" in text


# ------------------------------------------------------------------ read-also labels standing alone

def test_a_read_also_label_goes_with_the_links_after_it():
    body = (STORY + "<p>Weiterlesen:</p><p><a href='/news/a'>Queere Forschung: Welche Geschichten werden nicht erzählt?</a></p>"
            "<p><a href='/news/b'>Ein Roadtrip entlang der Route 66</a></p>"
            "<p>Die Mühle bleibt bis zum Herbst geöffnet, sagte der Müller zum Abschied allen Gästen.</p>"
            "<div><strong>Schon gelesen?</strong></div>")
    removed, text = on_roots(asides.remove_read_also_labels, body)
    assert removed == 4
    assert "Weiterlesen" not in text and "Queere" not in text and "Route 66" not in text and "Schon gelesen" not in text
    assert "bis zum Herbst" in text and "Paragraph 7" in text


def test_a_read_also_sentence_stays():
    body = STORY + "<p>Weiterlesen lohnt sich: die Mühle hat noch mehr Geschichten.</p><p>Siehe auch unten.</p>"
    removed, text = on_roots(asides.remove_read_also_labels, body)
    assert removed == 0 and "Weiterlesen lohnt" in text and "Siehe auch unten" in text


# ------------------------------------------------------------------ teasers inside the article

INNER_TILE = ("<div class='teaser'><span>Bundesliga - Hintergrund</span><a href='/news/rapid'><h2>Status quo: Das passiert "
              "noch beim SK Rapid</h2></a><p>Stürmer? Torhüter? Der Trainer spricht Klartext.</p></div>")


def test_a_headline_made_one_link_to_another_story_goes_with_its_tile():
    body = STORY[:300] + INNER_TILE + STORY[300:] + "<h3><a href='https://www.example.com/news/fair'>The autumn fair returns</a></h3>"
    removed, text = on_roots(post_chrome.remove_inner_teasers, body)
    assert removed == 2 and "SK Rapid" not in text and "Klartext" not in text and "autumn fair" not in text
    assert "Paragraph 0" in text and "Paragraph 7" in text


def test_linked_headlines_of_the_article_itself_or_other_sites_or_many_stay():
    body = (STORY[:300] + "<h3><a href='#wheel'>The mill's wheel</a></h3>" + "<h3><a href='/news/mill'>The mill</a></h3>"
            "<h3><a href='https://en.wikipedia.org/wiki/Watermill'>Watermills</a></h3>" + STORY[300:])
    removed, text = on_roots(post_chrome.remove_inner_teasers, body)
    assert removed == 0 and "The mill's wheel" in text and "Watermills" in text
    # A listicle: each of its items' headlines links a review on the site.
    items = "".join(f"<h3><a href='/reviews/mill-{i}'>Mill number {i}</a></h3><p>Why mill {i} is worth the trip.</p>" for i in range(5))
    removed, text = on_roots(post_chrome.remove_inner_teasers, STORY + items)
    assert removed == 0 and "Mill number 4" in text


def test_auto_drops_another_storys_teaser_inside_an_article(algo):
    text = joined_selection(algo, article_page(STORY * 2 + INNER_TILE + STORY), URL)
    assert "Paragraph 7" in text and "SK Rapid" not in text


# ------------------------------------------------------------------ linked paragraphs inside the article

def _linked_paragraphs(roots: list, ctx: PageContext) -> int:
    return post_chrome.remove_linked_paragraphs(roots, ctx, 60)


def test_a_paragraph_that_is_one_link_to_another_story_goes():
    body = (STORY[:300] + "<p><a href='/news/faneteria'>&gt;&gt; Wegen Corona: Das Kult-Lokal muss schließen &lt;&lt;</a></p>"
            + STORY[300:] + "<p><a href='/forum/angeln'>Alkohol beim Angeln – Diskussion im Forum</a></p>")
    removed, text = on_roots(_linked_paragraphs, body)
    assert removed == 1 and "Kult-Lokal" not in text  # (the last one has no prose after it: trailing_teasers' part)
    assert "Alkohol beim Angeln" in text and "Paragraph 7" in text


def test_linked_paragraphs_to_other_sites_the_page_itself_or_many_stay():
    body = (STORY[:300] + "<p><a href='https://www.openpetition.de/mill'>Sign the petition for the mill</a></p>"
            "<p><a href='/news/mill#wheel'>The mill's wheel</a></p>" + STORY[300:])
    removed, text = on_roots(_linked_paragraphs, body)
    assert removed == 0 and "petition" in text and "The mill's wheel" in text
    links = "".join(f"<p><a href='/mills/m{i}'>Mill number {i}</a></p>" for i in range(4))
    removed, text = on_roots(_linked_paragraphs, STORY[:300] + links + STORY[300:])
    assert removed == 0 and "Mill number 3" in text


def test_auto_drops_a_linked_paragraph_inside_an_article(algo):
    article = STORY * 2 + "<p><a href='/news/faneteria'>Wegen Corona: Das Kult-Lokal muss schließen</a></p>" + STORY
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "Kult-Lokal" not in text
