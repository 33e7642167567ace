"""A post's chrome (filters/content/rules/post_chrome.py): back links, meta lines and advertising
notices inside an article go, in several languages; the article's own sentences that start alike stay."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import post_chrome
from clearpage.filters.context import PageContext
from tests.content.article_pages import STORY, URL, article_page, on_roots
from tests.content.algo_util import joined_selection

# ------------------------------------------------------------------ back links

def test_back_links_go_in_several_languages():
    links = ("« Zurück zur Übersicht", "zurück", "Back to all news", "Volver al listado", "Retour à la liste",
             "Zur Startseite", "Powrót do listy", "Terug naar overzicht")
    body = STORY + "".join(f"<div class='nav'><a href='/l{i}'>{label}</a></div>" for i, label in enumerate(links))
    removed, text = on_roots(post_chrome.remove_back_links, body)
    assert removed == len(links)
    for label in links:
        assert label.strip("« ") not in text, label
    assert "Paragraph 7" in text


def test_a_headline_or_sentence_starting_with_back_stays():
    body = STORY + ("<p><a href='/s'>Back pain is the most common reason the millers stop working early</a></p>"
                    "<p>Zurück zur Mühle ging er erst im Herbst, als das Wasser wiederkam.</p>")
    removed, text = on_roots(post_chrome.remove_back_links, body)
    assert removed == 0 and "Back pain" in text and "Zurück zur Mühle ging" in text


def test_auto_drops_the_back_link_under_an_article(algo):
    text = joined_selection(algo, article_page(STORY + "<p><a class='back' href='/news'>Zurück zur Übersicht</a></p>"), URL)
    assert "Paragraph 7" in text and "Zurück" not in text


# ------------------------------------------------------------------ meta lines

def test_post_meta_lines_go_in_several_languages():
    lines = ("This entry was posted in <a href='/c'>News</a> on May 2, 2020.", "Posted in <a href='/c'>Open thread</a>",
             "Category : <a href='/c'>Press Releases</a>", "Der Beitrag wurde am Mittwoch veröffentlicht.",
             "Schlagworte: <a href='/t'>Mühle</a>", "Jan 3, 2020 · 5 min read", "Etiquetas: <a href='/t'>molino</a>",
             "Abgelegt unter <a href='/c'>Aktuelles</a>")
    body = STORY + "".join(f"<div class='meta'>{line}</div>" for line in lines)
    removed, text = on_roots(post_chrome.remove_meta_lines, body)
    assert removed == len(lines)
    for word in ("posted", "Posted", "Category", "Beitrag", "Schlagworte", "min read", "Etiquetas", "Abgelegt"):
        assert word not in text, word
    assert "Paragraph 7" in text


def test_story_sentences_starting_like_a_meta_label_stay():
    body = STORY + ("<p>Posted in the window of the mill, a notice told the town that the wheel would stop for the "
                    "winter, and that the miller would need help from everyone who still bought his flour, a plea that "
                    "brought half the town to his door by the end of the week.</p>"
                    "<p>Veröffentlicht am Montag, zeigt der Bericht die Mühle im besten Licht.</p>")
    removed, text = on_roots(post_chrome.remove_meta_lines, body)
    assert removed == 0 and "Posted in the window" in text and "Veröffentlicht am Montag" in text


def test_auto_drops_the_meta_line_under_an_article(algo):
    article = STORY + "<div class='entry-utility'>This entry was posted in <a href='/c'>Mills</a>. Bookmark the permalink.</div>"
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "This entry was posted" not in text


# ------------------------------------------------------------------ advertising notices

def test_ad_labels_and_disclosures_go():
    body = ("<p><em>Anzeige, enthält Affiliate Links</em></p>" + STORY[:200] + "<div class='x'>- Anzeige -</div>"
            "<p><span>Advertisement</span></p>" + STORY[200:] +
            "<p><em>*Werbung. Dieser Beitrag enthält Werbung für eine Mühle.</em></p>"
            "<p>This post contains affiliate links; we may earn a commission when you buy through them.</p>")
    removed, text = on_roots(post_chrome.remove_ad_labels, body)
    assert removed == 5
    assert "Anzeige" not in text and "Advertisement" not in text and "Werbung" not in text and "affiliate" not in text
    assert "Paragraph 7" in text


def test_story_sentences_about_advertising_stay():
    body = STORY + ("<p>Werbung für die Mühle machte der Müller nie, sagte er.</p>"
                    "<p>The <span>advertising</span> budget of the mill was small.</p>"
                    "<p>Advertising on the mill's wall paid for the new wheel in the end.</p>")
    removed, text = on_roots(post_chrome.remove_ad_labels, body)
    assert removed == 0 and "Werbung für die Mühle" in text and "advertising budget" in text and "Advertising on" in text


def test_auto_drops_an_affiliate_notice_above_an_article(algo):
    article = "<p><em>Anzeige, enthält Affiliate Links</em></p>" + STORY
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "Affiliate" not in text


# ------------------------------------------------------------------ teasers after the article

TEASERS = ("<div class='more'><div class='tile'><img src='a.jpg' alt=''><h3><a href='/a'>Another town rebuilt its bridge</a></h3>"
           "<span>Yesterday</span></div><div class='tile'><h3><a href='/b'>A school opens in the valley</a></h3></div></div>"
           "<p><a href='/c'>Hier das Programm des Festivals im Überblick</a></p>")


def test_linked_headlines_and_lines_after_the_article_go():
    root = dom.body_of(dom.parse(f"<html><body><article>{STORY}{TEASERS}</article></body></html>"))
    removed = post_chrome.remove_trailing_teasers([root], PageContext(url=URL, base_url=URL), 60)
    text = dom.collapse(root.text_content())
    assert removed == 3
    assert "bridge" not in text and "Yesterday" not in text and "valley" not in text and "Festivals" not in text
    assert "Paragraph 7" in text


def test_linked_headlines_inside_the_article_stay():
    # Subheadings that link (an anchor to a section, a named place) with prose after them are the article's own.
    article = STORY[:300] + "<h3><a href='#mill'>The mill's wheel</a></h3>" + STORY[300:] + "<p><a href='/d'>Download the mill's plan</a> as a PDF file, with every room drawn and every beam numbered for visitors.</p>"
    root = dom.body_of(dom.parse(f"<html><body><article>{article}</article></body></html>"))
    removed = post_chrome.remove_trailing_teasers([root], PageContext(url=URL, base_url=URL), 60)
    text = dom.collapse(root.text_content())
    assert removed == 0 and "The mill's wheel" in text and "Download the mill's plan" in text


def test_auto_drops_the_teasers_under_an_article(algo):
    text = joined_selection(algo, article_page(STORY * 3 + TEASERS), URL)  # (an article's worth of prose: the rule runs on articles)
    assert "Paragraph 7" in text and "bridge" not in text and "Festivals" not in text


def test_reading_times_and_disclaimers_in_more_languages_go():
    removed, text = on_roots(post_chrome.remove_meta_lines, STORY + "<p>11 minut czytania</p><div>Tiempo de lectura: 4 minutos</div>")
    assert removed == 2 and "czytania" not in text and "lectura" not in text
    removed, text = on_roots(post_chrome.remove_ad_labels, STORY + "<p><em>Alle Angaben ohne Gewähr.</em></p>")
    assert removed == 1 and "Gewähr" not in text and "Paragraph 7" in text


def test_a_polish_reading_time_line_goes():
    removed, text = on_roots(post_chrome.remove_meta_lines, STORY + "<p class='time'>Ten tekst przeczytasz w 5 minut</p>")
    assert removed == 1 and "przeczytasz" not in text and "Paragraph 7" in text
