"""An article's asides (filters/content/rules/asides.py): other-stories sections, read-also
paragraphs and picture credits inside an article go; the article's own text and captions stay."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import asides
from clearpage.filters.context import PageContext
from tests.content.article_pages import STORY, URL, article_page, on_roots
from tests.content.algo_util import joined_selection, removed_and_text

# ------------------------------------------------------------------ other stories

def test_headings_announcing_other_stories_go_with_their_lists_in_several_languages():
    for heading in ("Ähnliche Beiträge", "Mehr zum Thema", "Noticias relacionadas", "Dans la même rubrique", "Sharen mit:",
                    "Czytaj także", "You may also like", "Mehr zum Thema auf example.de", "Aktuellste Beiträge",
                    "Weitere Beiträge aus der Kolumne:"):
        body = STORY + f"<div><h3>{heading}</h3><ul><li><a href='/a'>Another story about a bridge</a></li>" \
                       "<li><a href='/b'>A third story about a school</a></li></ul></div>"
        removed, text = removed_and_text(asides.remove_other_stories, body)
        assert removed == 1, heading
        assert "bridge" not in text and heading not in text and "Paragraph 7" in text


def test_a_section_title_that_only_starts_like_one_stays():
    body = STORY + "<section><h2>Related work on water mills</h2><p>Mills of this kind were studied for decades by many.</p></section>"
    removed, text = removed_and_text(asides.remove_other_stories, body)
    assert removed == 0 and "studied for decades" in text


def test_auto_ends_the_article_before_related_stories(algo):
    related = "<h3>Weitere Beiträge</h3><ul>" + "".join(
        f"<li><a href='/p{i}'>Ein anderer Beitrag Nummer {i} über etwas ganz anderes</a></li>" for i in range(4)) + "</ul>"
    text = joined_selection(algo, article_page(STORY + f"<div class='more'>{related}</div>"), URL)
    assert "Paragraph 7" in text
    assert "Weitere Beiträge" not in text and "Ein anderer Beitrag" not in text


# ------------------------------------------------------------------ read-also paragraphs

def test_read_also_paragraphs_pointing_to_other_stories_go():
    body = STORY + ("<p><strong>Lea también:</strong> <a href='/x'>Impiden ingreso a un reportero en la frontera</a></p>"
                    "<p>Lesen Sie auch: <a href='/y'>Der Bürgermeister tritt zurück</a></p>"
                    "<p>READ MORE: <a href='/z'>Schools reopen after the storm</a></p>")
    removed, text = on_roots(asides.remove_read_also, body)
    assert removed == 3
    assert "Impiden" not in text and "Bürgermeister" not in text and "Schools reopen" not in text and "Paragraph 7" in text


def test_a_paragraph_starting_with_read_but_not_a_link_stays():
    body = STORY + ("<p>Read the full report: the council says the mill costs <a href='/r'>too much</a> to run each year "
                    "and must close unless the town finds another way to pay for its repairs and its miller.</p>"
                    "<p>See also the table below, which lists every mill in the county.</p>")
    removed, text = on_roots(asides.remove_read_also, body)
    assert removed == 0 and "costs too much" in text and "every mill" in text


def test_a_linked_read_label_is_an_entry_link_and_stays():
    body = STORY + "<p><a href='/s'>Read the story</a></p><p><a href='/m'>Read more: the council's full report</a></p>"
    removed, text = on_roots(asides.remove_read_also, body)
    assert removed == 0 and "Read the story" in text and "full report" in text


def test_auto_drops_a_read_also_line_inside_the_text(algo):
    article = STORY[:300] + "<p>Leia também: <a href='/o'>Outra notícia sobre o moinho</a></p>" + STORY[300:]
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "Outra notícia" not in text


# ------------------------------------------------------------------ credit lines

def test_credit_lines_go_and_captions_stay():
    body = STORY + ("<figure><img src='a.jpg' alt='The mill'><figcaption>The mill at dawn, seen from the bridge."
                    "<span>Foto: Anita Drenckhahn</span></figcaption></figure>"
                    "<figure><img src='b.jpg' alt=''><figcaption>TebNad/Shutterstock.com</figcaption></figure>"
                    "<p class='caption'>© Reuters</p>")
    removed, text = on_roots(asides.remove_credit_lines, body)
    assert removed == 3
    assert "The mill at dawn" in text and "Drenckhahn" not in text and "Shutterstock" not in text and "Reuters" not in text


def test_a_figure_of_a_picture_and_its_credit_keeps_the_picture():
    body = STORY + "<figure><img src='a.jpg' alt='The mill'><figcaption>Foto: ÖTZ</figcaption></figure>"
    root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
    assert asides.remove_credit_lines([root], PageContext(url=URL, base_url=URL)) == 1
    assert root.find(".//img") is not None and root.find(".//figcaption") is None


def test_a_caption_starting_with_photo_that_describes_the_picture_stays():
    body = STORY + "<figcaption>Photo: the old mill wheel turning again after forty years of standing still in the reeds</figcaption>"
    removed, text = on_roots(asides.remove_credit_lines, body)
    assert removed == 0 and "forty years" in text


def test_auto_drops_a_credit_under_a_picture(algo):
    article = STORY + "<figure><img src='m.jpg' alt='Mill'><figcaption>Bild: iStock.com/Miller</figcaption></figure>"
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "iStock" not in text


# ------------------------------------------------------------------ appeals to the reader

def test_appeals_to_subscribe_follow_or_download_go():
    body = STORY + ("<p>Subscribe now to our digital edition for the full story.</p>"
                    "<p><strong>HAZTE MIEMBRO Y DISFRUTA DE BENEFICIOS EXCLUSIVOS</strong></p>"
                    "<p>Follow The Daily Mill on Twitter and Instagram @DailyMill</p>"
                    "<p>Folgen Sie uns auf Facebook.</p>")
    removed, text = on_roots(asides.remove_appeals, body)
    assert removed == 4
    assert "Subscribe" not in text and "HAZTE" not in text and "Twitter" not in text and "Folgen" not in text
    assert "Paragraph 7" in text


def test_story_paragraphs_about_subscribers_or_support_stay():
    body = STORY + ("<p>Subscribers to the water plan paid more this year, the council said.</p>"
                    "<p>Support for the mill grew today as the town voted to keep it.</p>"
                    "<p>Subscribe, the miller told us, was a word he had never used before he sold bread online, "
                    "and now his newsletter reaches more readers than the town has people, which still surprises him "
                    "every morning when he opens the mill's door.</p>")
    removed, text = on_roots(asides.remove_appeals, body)
    assert removed == 0 and "Subscribers to the water plan" in text and "Support for the mill" in text


def test_auto_drops_an_appeal_inside_an_article(algo):
    # An article's worth of prose (the rule runs on articles only), the appeal in the middle.
    article = STORY + "<p>Suscríbete a nuestro boletín para recibir las noticias.</p>" + STORY.replace("Paragraph", "Part") * 2
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 7" in text and "Suscríbete" not in text


# ------------------------------------------------------------------ an author's bio after the article

BIO = ("<div class='author-bio'><h4>Anna Miller</h4><p>Anna Miller has written about mills, rivers and the people "
       "who keep them running for twenty years, and lives by the river.</p></div>")


def test_an_author_bio_after_the_article_goes():
    root = dom.body_of(dom.parse(f"<html><body><article>{STORY}{BIO}</article></body></html>"))
    removed = asides.remove_trailing_bios([root], PageContext(url=URL, base_url=URL), 60)
    assert removed == 1
    text = root.text_content()
    assert "twenty years" not in text and "Paragraph 7" in text


def test_a_bio_named_by_its_id_in_a_later_block_goes():
    # (the bio's name found on an id, in the second of the selection's blocks)
    body = dom.body_of(dom.parse(f"<html><body><article>{STORY}</article><section><div id='authorBox'>{BIO[24:-6]}</div></section></body></html>"))
    roots = list(body)
    assert asides.remove_trailing_bios(roots, PageContext(url=URL, base_url=URL), 60) == 1
    assert "twenty years" not in body.text_content() and "Paragraph 7" in body.text_content()


def test_an_author_box_above_the_text_stays():
    root = dom.body_of(dom.parse(f"<html><body><article>{BIO}{STORY}</article></body></html>"))
    assert asides.remove_trailing_bios([root], PageContext(url=URL, base_url=URL), 60) == 0
    assert "twenty years" in root.text_content()


def test_auto_leaves_the_bio_after_an_article_out(algo):
    text = joined_selection(algo, article_page(STORY * 2 + BIO), URL)
    assert "Paragraph 7" in text and "twenty years" not in text


def test_appeals_to_sign_up_or_support_go_in_german_and_english():
    body = STORY + ("<p>Jetzt zum kostenlosen Newsletter anmelden und nichts verpassen.</p>"
                    "<p>Never miss the latest news by signing up to our daily email.</p>"
                    "<p>If you enjoyed reading this post, please share it with a friend.</p>"
                    "<p>Gefällt dir unser Magazin? Dann unterstütze uns.</p>")
    removed, text = on_roots(asides.remove_appeals, body)
    assert removed == 4 and "Newsletter" not in text and "Never miss" not in text and "Paragraph 7" in text


# ------------------------------------------------------------------ other stories under a styled label

def test_sections_under_a_styled_other_stories_label_go_in_several_languages():
    from clearpage.filters.content.rules import product

    for label in ("<p><strong>Mehr zum Thema:</strong></p>", "<div class='headline'>Das könnte Sie auch interessieren</div>",
                  "<p>Noch mehr Infos für dich</p>", "<div class='title'>VIDEO RECOMENDADO</div>", "<p><b>Explore further</b></p>"):
        body = STORY + f"<div class='box'>{label}<ul><li><a href='/a'>Another story about a bridge</a></li>" \
                       "<li><a href='/b'>A third story about a school</a></li></ul></div>"
        removed, text = removed_and_text(lambda f, nodes, ctx: product.remove_pseudo_headed_sections(
            f, nodes, ctx, also=asides.OTHER_STORIES_HEADING), body)
        assert removed == 1, label
        assert "bridge" not in text and "Paragraph 7" in text, label


def test_a_styled_label_that_only_starts_like_one_stays():
    from clearpage.filters.content.rules import product

    body = STORY + "<div><p><strong>Mehr zum Thema Mühlen im Winter</strong></p><p>Mills froze twice that year.</p></div>"
    removed, text = removed_and_text(lambda f, nodes, ctx: product.remove_pseudo_headed_sections(
        f, nodes, ctx, also=asides.OTHER_STORIES_HEADING), body)
    assert removed == 0 and "Mills froze" in text


def test_auto_ends_the_article_before_a_styled_related_label(algo):
    related = "<p><strong>Mehr zum Thema:</strong></p>" + "".join(
        f"<p><a href='/p{i}'>Ein anderer Beitrag Nummer {i} über etwas ganz anderes</a></p>" for i in range(3))
    text = joined_selection(algo, article_page(STORY + f"<div class='box'>{related}</div>"), URL)
    assert "Paragraph 7" in text
    assert "Mehr zum Thema" not in text and "Ein anderer Beitrag" not in text


def test_more_asides_in_more_languages_go():
    for heading in ("Temas Relacionados", "Verwandte Themenbereiche", "Themen im Artikel", "Kategorien", "Schlagworte", "Auch auf example.de"):
        body = STORY + f"<div><h3>{heading}</h3><ul><li><a href='/a'>Another story about a bridge</a></li>" \
                       "<li><a href='/b'>A third story about a school</a></li></ul></div>"
        removed, text = removed_and_text(asides.remove_other_stories, body)
        assert removed == 1 and "bridge" not in text, heading
    removed, text = on_roots(asides.remove_read_also, STORY + "<p>Auch lesen: <a href='/x'>Der Bürgermeister tritt zurück</a></p>"
                                                               "<p><i>Weiterlesen:</i> <a href='/y'>Die Mühle im Winter</a></p>")
    assert removed == 2 and "Bürgermeister" not in text and "Winter" not in text
    removed, text = on_roots(asides.remove_appeals, STORY + "<p><span>Nos siga no</span> Google News</p><h3>Stay up-to-date on our work.</h3>")
    assert removed == 2 and "siga" not in text and "up-to-date" not in text
    removed, text = on_roots(asides.remove_credit_lines, STORY + "<p>Crédits photos : Bestimage</p>")
    assert removed == 1 and "Bestimage" not in text and "Paragraph 7" in text


def test_auto_drops_an_appeal_under_a_short_article(algo):
    # A news brief of four paragraphs (too little prose to count as an article): its closing appeals go all the same.
    brief = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running.</p>" for i in range(4))
    article = brief + ("<p>Subscribe now to our digital edition for the full story.</p>"
                       "<p>For the latest stories and breaking news updates download the Mill News apps.</p>")
    text = joined_selection(algo, article_page(article), URL)
    assert "Paragraph 3" in text and "Subscribe" not in text and "download" not in text


def test_spanish_and_german_read_also_labels_and_channel_appeals_go():
    removed, text = on_roots(asides.remove_read_also, STORY + "<h6>Mire: <a href='/x'>El cantante da positivo</a></h6>"
                                                               "<p><strong>Schon gelesen?</strong> <a href='/y'>Die Mühle im Winter</a></p>"
                                                               "<p><b>Zum Weiterlesen:</b> <a href='/z'>Der Fluss im Sommer</a></p>")
    assert removed == 3 and "cantante" not in text and "Winter" not in text and "Sommer" not in text
    removed, text = on_roots(asides.remove_appeals, STORY + "<p><strong>¡Mira lo que tiene nuestro canal de YouTube!</strong></p>"
                                                             "<p>¿Ya sabías que tenemos canal de Telegram? Únete desde aquí.</p>"
                                                             "<p>El alcalde anunció en su canal de YouTube que el molino abre.</p>")
    assert removed == 2 and "nuestro canal" not in text and "Telegram" not in text and "alcalde" in text


def test_german_appeals_and_a_channel_named_with_a_domain_go():
    removed, text = on_roots(asides.remove_appeals, STORY + "<h4>Artikel gefallen? Vergiss nicht zu teilen!</h4>"
                                                             "<h3>Sie lesen gern Example.com?</h3>"
                                                             "<p><strong>Diskutieren Sie mit uns</strong></p>"
                                                             "<p>¿Ya sabías que en Example.com tenemos canal de Telegram? Únete desde aquí.</p>"
                                                             "<p>Der Artikel über die Mühle gefiel dem Bürgermeister nicht.</p>")
    assert removed == 4 and "gefallen" not in text and "lesen gern" not in text and "Diskutieren" not in text
    assert "Telegram" not in text and "Bürgermeister" in text
