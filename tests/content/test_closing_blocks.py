"""Whole paragraphs after the story about its author (filters/content/rules/closing_blocks.py): a
paragraph after the story opening with the name the page's metadata gives as its author goes; the
same name inside the story, a page that is mostly the bio and pages naming no author keep theirs."""
from __future__ import annotations

import pytest

from clearpage.filters import dom
from clearpage.filters.content.rules import closing_blocks
from clearpage.filters.context import PageContext
from tests.content.article_pages import URL
from tests.helpers import page

LONG_STORY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
    f"and how the miller's family shared the work of the wheel with the neighbours, week after week.</p>"
    for i in range(12)
)
BIO = ("<p>Jane Marlow is a reporter at the Valley Gazette, where she has covered rivers, farms and "
       "the town council since 2015. She lives by the mill with two cats.</p>")
GERMAN_BIO = ("<p>Jule Radeck studierte Sportwissenschaften, bevor sie als Volontärin nach Hamburg zog. "
              "In ihrer Freizeit findet man sie oft im Schwimmbecken.</p>")


def _remove(body: str, byline: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body><article>{body}</article></body></html>"))
    ctx = PageContext(url=URL, base_url=URL)
    ctx.byline = byline
    removed = closing_blocks.remove_author_bios(list(root), ctx)
    return removed, dom.collapse(root.text_content())


@pytest.mark.parametrize("byline, names", [
    ("Jane Marlow", ("Jane Marlow",)),
    ("By Glen Owen And Brendan Carlin For The Mail On Sunday", ("Glen Owen", "Brendan Carlin", "The Mail On Sunday")),
    ("Von Jule Radeck", ("Jule Radeck",)),
    ("Michael Humpa | CHIP Software-Redaktion", ("Michael Humpa", "CHIP Software-Redaktion")),
    ("Jane Marlow, senior reporter", ("Jane Marlow",)),  # (a role in lower case is no name)
    ("Amy", ()),  # (one word: too often the story's)
    ("", ()),
])
def test_the_full_names_of_a_byline(byline, names):
    assert closing_blocks.author_names(byline) == names


@pytest.mark.parametrize("bio, byline", [(BIO, "By Jane Marlow"), (GERMAN_BIO, "Von Jule Radeck")])
def test_a_bio_after_the_story_opening_with_the_authors_name_goes(bio, byline):
    removed, text = _remove(LONG_STORY + bio + "<p>Share</p>", byline)
    assert removed == 1
    assert "Paragraph 11" in text and "Share" in text
    assert bio[3:20] not in text


def test_the_authors_name_inside_the_story_stays():
    story = LONG_STORY[:len(LONG_STORY) // 2] + BIO + LONG_STORY[len(LONG_STORY) // 2:]
    removed, text = _remove(story, "Jane Marlow")
    assert removed == 0 and "Jane Marlow is a reporter" in text


def test_another_persons_paragraph_after_the_story_stays():
    removed, text = _remove(LONG_STORY + BIO, "Tom Baker")
    assert removed == 0 and "Jane Marlow is a reporter" in text


def test_a_page_that_is_mostly_the_bio_keeps_it():
    removed, text = _remove("<p>Paragraph 1 tells of the mill and its wheel, week after week.</p>" + BIO, "Jane Marlow")
    assert removed == 0 and "Jane Marlow is a reporter" in text


def test_reader_mode_drops_the_bio_of_the_author_its_metadata_names(pipeline):
    body = f"<nav><a href='/'>Home</a></nav><article><h1>The mill</h1>{LONG_STORY}{BIO}</article>"
    with_author = pipeline.run(page(body, head="<meta name='author' content='Jane Marlow'>"), URL, mode="reader").text
    assert "Paragraph 11" in with_author and "Jane Marlow is a reporter" not in with_author
    without_author = pipeline.run(page(body), URL, mode="reader").text
    assert "Jane Marlow is a reporter" in without_author


def test_a_citation_opening_with_the_authors_name_stays():
    citation = "<p>Jane Marlow: The mill by the river. In: Valley Gazette, Blog, 12 May 2023, valley.example/mill.</p>"
    removed, text = _remove(LONG_STORY + citation, "Jane Marlow")
    assert removed == 0 and "Jane Marlow: The mill" in text


# ------------------------------------------------------------------ the publication's own promotions

KIOSK = ("<p>The current issue of the Gazette at every station kiosk, <a href='/shop/abo.html'>by subscription</a> "
         "or as an e-paper.</p>")
APP = ("<p>Read the Gazette on the go: get our app for <a href='https://apps.apple.com/app/id1'>iPhone</a> "
       "and <a href='https://play.google.com/store/apps/details?id=x'>Android</a>.</p>")
NEWSLETTER = ("<p>Liked this story? <a href='https://subscribe.example.com/'>Subscribe</a> to our daily newsletter "
              "and get the valley's news each morning.</p>")


def _after_story(remover, body: str) -> tuple[int, str]:
    """Run one closing-block remover over an article's children; what it removed and the text left."""
    root = dom.body_of(dom.parse(f"<html><body><article>{body}</article></body></html>"))
    removed = remover(list(root), PageContext(url=URL, base_url=URL))
    return removed, dom.collapse(root.text_content())


def _promos(body: str) -> tuple[int, str]:
    return _after_story(closing_blocks.remove_house_promos, body)


@pytest.mark.parametrize("promo", [KIOSK, APP, NEWSLETTER])
def test_the_publications_promotion_after_the_story_goes(promo):
    removed, text = _promos(LONG_STORY + promo + "<p>Share</p>")
    assert removed == 1
    assert "Paragraph 11" in text and "Share" in text and "Gazette" not in text and "newsletter" not in text


def test_a_link_to_another_sites_newsletter_stays():
    other = "<p>The miller's own <a href='https://millers.example.org/newsletter/'>newsletter</a> tells more of the wheel.</p>"
    removed, text = _promos(LONG_STORY + other)
    assert removed == 0 and "The miller's own newsletter" in text


def test_a_link_to_a_kiosk_sites_registration_goes():
    kiosk = ("<p>The Gazette is digital now! <a href='https://www.valley-kiosk.example/registrierung'>Register here</a> "
             "for the digital edition.</p>")
    removed, text = _promos(LONG_STORY + kiosk)
    assert removed == 1 and "digital edition" not in text


def test_a_subscription_link_inside_the_story_stays():
    story = LONG_STORY[:len(LONG_STORY) // 2] + KIOSK + LONG_STORY[len(LONG_STORY) // 2:]
    removed, text = _promos(story)
    assert removed == 0 and "station kiosk" in text


def test_reader_mode_drops_the_publications_promotion_after_the_article(pipeline):
    body = f"<nav><a href='/'>Home</a></nav><article><h1>The mill</h1>{LONG_STORY}{KIOSK}</article>"
    text = pipeline.run(page(body), URL, mode="reader").text
    assert "Paragraph 11" in text and "station kiosk" not in text


# ------------------------------------------------------------------ the text's licence, appeals for support

CC_LINE = ("<p>Dieser Text wurde veröffentlicht unter der Lizenz "
           "<a href='https://creativecommons.org/licenses/by-nc-nd/4.0/'>CC-BY-NC-ND-4.0-DE</a>. Die Fotos dürfen nicht verwendet werden.</p>")
RIGHTS_LINE = ("<p>Materiał chroniony prawem autorskim - wszelkie prawa zastrzeżone. Dalsze rozpowszechnianie artykułu "
               "za zgodą wydawcy. <a href='https://publisher.example.pl/licencje/'>Kup licencję</a></p>")


def _licences(body: str) -> tuple[int, str]:
    return _after_story(closing_blocks.remove_licence_lines, body)


@pytest.mark.parametrize("line", [CC_LINE, RIGHTS_LINE])
def test_the_texts_licence_after_the_story_goes(line):
    removed, text = _licences(LONG_STORY + line + "<p>Share</p>")
    assert removed == 1
    assert "Paragraph 11" in text and "Share" in text and "Lizenz" not in text and "licencj" not in text


def test_a_licence_link_inside_the_story_stays():
    story = LONG_STORY[:len(LONG_STORY) // 2] + CC_LINE + LONG_STORY[len(LONG_STORY) // 2:]
    removed, text = _licences(story)
    assert removed == 0 and "Dieser Text wurde" in text


def test_a_long_paragraph_about_licences_stays():
    about = ("<p>" + "Creative Commons licences let the author decide how others may share the work; " * 5
             + "<a href='https://creativecommons.org/licenses/by/4.0/'>CC BY</a> is the most open of them.</p>")
    removed, text = _licences(LONG_STORY + about)
    assert removed == 0 and "most open of them" in text


APPEALS = [
    "<p>Wenn Ihnen unser Artikel gefallen hat: Unterstützen Sie diese Form des Journalismus.</p>",
    "<p>Gefällt dir unser Magazin? Wir haben entschieden, keine Bezahlschranke einzuführen. Hilf mit!</p>",
    "<p>Hacemos periodismo desde hace 106 años. <strong>HAZTE MIEMBRO</strong> y disfruta de beneficios.</p>",
    "<p>Enjoyed this piece? Please support our journalism with a monthly gift.</p>",
    # (an opening asides' appeals knows, here inside the paragraph)
    "<p>That is all from the valley for this week. If you enjoyed this, tell a friend about the Gazette.</p>",
    # (the opening asides spells with a look-ahead, which RE2 has not: kept without it)
    "<p>Gracias por leer hasta aquí. Visita nuestro canal de YouTube para ver más reportajes del valle.</p>",
]


def _appeals(body: str) -> tuple[int, str]:
    return _after_story(closing_blocks.remove_reader_appeals, body)


@pytest.mark.parametrize("appeal", APPEALS)
def test_an_appeal_for_support_after_the_story_goes(appeal):
    removed, text = _appeals(LONG_STORY + appeal + "<p>Share</p>")
    assert removed == 1
    assert "Paragraph 11" in text and "Share" in text and appeal[3:25] not in text


def test_support_named_inside_the_story_stays():
    story = LONG_STORY[:len(LONG_STORY) // 2] + APPEALS[0] + LONG_STORY[len(LONG_STORY) // 2:]
    removed, text = _appeals(story)
    assert removed == 0 and "Unterstützen Sie diese Form" in text


def test_reader_mode_drops_the_licence_and_the_appeal_after_the_article(pipeline):
    body = f"<nav><a href='/'>Home</a></nav><article><h1>The mill</h1>{LONG_STORY}{APPEALS[3]}{CC_LINE}</article>"
    text = pipeline.run(page(body), URL, mode="reader").text
    assert "Paragraph 11" in text and "support our journalism" not in text and "Dieser Text wurde" not in text
