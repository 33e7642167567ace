"""Lines inside an article that their markup names as credits (filters/content/rules/named_lines.py):
a short element named credits, image-source or copyright goes; a caption, a citation's source and
a long text so named stay."""
from __future__ import annotations

from clearpage.filters.content.rules import named_lines
from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL, article_page, on_roots

# An article's worth of prose (auto's article rules run on articles).
LONG_STORY = STORY + STORY.replace("Paragraph ", "Part ") + STORY.replace("Paragraph ", "Page ")


def test_short_lines_named_as_credits_go():
    body = STORY.replace(
        "<p>Paragraph 3",
        "<p><img src='/m.jpg' alt=''><span class='caption'>The mill in May.</span>"
        "<span class='credits'><abbr title='Deutscher Caritasverband'>DCV</abbr> / Oppitz</span></p>"
        "<div class='head__image-source'>(Quelle: Foto Steven Vangermain)</div><p>Paragraph 3",
    ) + "<div class='article-copyright'>DER SPIEGEL 52/2018 Alle Rechte vorbehalten</div>"
    removed, text = on_roots(named_lines.remove_named_credits, body)
    assert removed == 3
    assert "Oppitz" not in text and "Vangermain" not in text and "Rechte" not in text
    assert "The mill in May." in text and "Paragraph 7" in text


def test_captions_sources_and_long_text_so_named_stay():
    long = "The miller's own account of the winter, " * 4
    body = STORY + ("<ol><li><span class='references__source'>Lancet</span></li></ol>"
                    f"<div class='credits'>{long}</div>"
                    "<div class='photo-credit'><img src='/p.jpg' alt='The wheel'></div>"
                    "<blockquote><span class='credit'>The miller</span> said so.</blockquote>")
    removed, text = on_roots(named_lines.remove_named_credits, body)
    assert removed == 0
    assert "Lancet" in text and "own account" in text and "The miller" in text


def test_auto_drops_the_credit_line_in_an_article(algo):
    credit = "<p><img src='/m.jpg' alt='The mill'><span class='media-credit'>Speedo</span></p>"
    text = joined_selection(algo, article_page(LONG_STORY.replace("<p>Part 0", credit + "<p>Part 0")), URL)
    assert "Page 7" in text and "Speedo" not in text


# ------------------------------------------------------------------ source lines


def test_source_lines_go_in_several_languages():
    lines = ("Quelle: HWK Stuttgart", "(Quelle: EnBW)", "Titelbild: Flickr, CC BY 2.0", "Source: CDC, Chicago Department of Health",
             "Fuente: Ministerio de Salud", "Źródło: GUS")
    body = STORY.replace("<p>Paragraph 3", "".join(f"<p><span>{line}</span></p>" for line in lines) + "<p>Paragraph 3")
    removed, text = on_roots(named_lines.remove_source_lines, body)
    assert removed == len(lines)
    for word in ("HWK", "EnBW", "Flickr", "CDC", "Ministerio", "GUS"):
        assert word not in text, word
    assert "Paragraph 7" in text


def test_sentences_naming_a_source_stay():
    body = STORY + ("<p>Quelle: Die Mühle bezieht ihr Wasser seit dem Mittelalter aus dem Bach, der im Sommer oft versiegt.</p>"
                    "<p>Die Quelle: ein Bach.</p><p>Quellenangabe fehlt: leider</p>"
                    "<blockquote><p>Source: the miller</p></blockquote>")
    removed, text = on_roots(named_lines.remove_source_lines, body)
    assert removed == 0
    assert "Mittelalter" in text and "Die Quelle" in text and "Quellenangabe" in text and "the miller" in text


def test_auto_drops_the_source_line_in_an_article(algo):
    source = "<p>Quelle: Landesregierung Hessen</p>"
    text = joined_selection(algo, article_page(LONG_STORY.replace("<p>Part 0", source + "<p>Part 0")), URL)
    assert "Page 7" in text and "Landesregierung" not in text
