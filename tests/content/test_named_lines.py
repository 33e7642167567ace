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
