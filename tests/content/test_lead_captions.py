"""The caption of the picture above a short story's text (filters/content/rules/lead_captions.py):
a <figcaption> or a block named a caption beside the lead picture goes; captions below the first
paragraph, a grid of captioned pictures above it and a caption-named block with no picture stay."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import lead_captions
from clearpage.filters.context import PageContext
from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL, article_page, on_roots

FIGURE = "<figure><img src='/mill.jpg' alt=''><figcaption>The mill in June. Photo: River Town Archive</figcaption></figure>"
WP_CAPTION = ("<div class='wp-caption alignnone'><a href='/mill.jpg'><img src='/mill.jpg'></a>"
              "<p class='wp-caption-text'>The miller at the wheel, last summer</p></div>")


def test_the_lead_pictures_caption_goes():
    removed, text = on_roots(lead_captions.remove_lead_captions, FIGURE + STORY)
    assert removed == 1 and "The mill in June" not in text and "Paragraph 7" in text
    removed, text = on_roots(lead_captions.remove_lead_captions, WP_CAPTION + STORY)
    assert removed == 1 and "The miller at the wheel" not in text and "Paragraph 0" in text


def test_captions_below_the_text_a_grid_and_a_caption_without_a_picture_stay():
    removed, text = on_roots(lead_captions.remove_lead_captions, STORY + FIGURE)
    assert removed == 0 and "The mill in June" in text
    removed, text = on_roots(lead_captions.remove_lead_captions, FIGURE + WP_CAPTION + STORY)
    assert removed == 0 and "The mill in June" in text and "The miller at the wheel" in text
    removed, text = on_roots(lead_captions.remove_lead_captions, "<div class='caption-box'>Summer at the mill</div>" + STORY)
    assert removed == 0 and "Summer at the mill" in text


def test_auto_drops_the_lead_caption_of_a_short_story(algo):
    text = joined_selection(algo, article_page(FIGURE + STORY), URL)
    assert "Paragraph 7" in text and "The mill in June" not in text


def test_a_figures_text_without_a_figcaption_goes():
    figure = ("<figure><div class='figure__wrapper'><div><img src='/mill.jpg' alt='The mill'></div>"
              "<h2 class='figure__caption'>The mill in June. Picture: River Town Archive</h2></div></figure>")
    removed, text = on_roots(lead_captions.remove_figure_texts, STORY[:200] + figure + STORY)
    assert removed == 1 and "The mill in June" not in text and "Paragraph 7" in text
    removed, text = on_roots(lead_captions.remove_figure_texts, "<figure><img src='/m.jpg'><span class='description'>Ann Smith/Agency</span></figure>")
    assert removed == 1 and "Ann Smith" not in text


def test_a_figure_of_a_quote_a_table_or_loose_text_keeps_its_text():
    for figure in ("<figure><img src='/q.png'><blockquote>The wheel turns for all of us.</blockquote></figure>",
                   "<figure><img src='/t.png'><table><tr><td>Flow 12 l/s</td></tr></table></figure>",
                   "<figure><img src='/m.jpg'>The mill in June<span>, by Ann Smith</span></figure>",
                   "<figure><span>A figure with no picture shown</span></figure>"):
        removed, text = on_roots(lead_captions.remove_figure_texts, figure)
        assert removed == 0 and text, figure


def test_auto_drops_a_figures_text_in_an_article(algo):
    story = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
                    f"and how the miller's family shared the work with the neighbours.</p>" for i in range(16))
    figure = "<figure><img src='/mill.jpg' alt='The mill'><span class='description'>Ann Smith/River Agency</span></figure>"
    text = joined_selection(algo, article_page(story[:600] + figure + story), URL)
    assert "Paragraph 15" in text and "River Agency" not in text


def test_a_picture_without_a_text_alternative_takes_the_removed_caption_as_its_alt():
    cases = ((lead_captions.remove_lead_captions, WP_CAPTION + STORY, "The miller at the wheel, last summer"),
             (lead_captions.remove_figure_texts,
              "<figure><img src='/mill.jpg'><span class='description'>The mill in June</span></figure>", "The mill in June"))
    for remove, body, caption in cases:
        root = dom.body_of(dom.parse(f"<html><body>{body}</body></html>"))
        assert remove([root], PageContext(url=URL, base_url=URL)) == 1
        assert caption not in dom.collapse(root.text_content())
        assert [img.get("alt") for img in root.iter("img")] == [caption]
    # (a picture named already keeps its own name)
    named = "<figure><img src='/mill.jpg' alt='Mill'><figcaption>The mill in June</figcaption></figure>"
    root = dom.body_of(dom.parse(f"<html><body>{named}{STORY}</body></html>"))
    assert lead_captions.remove_lead_captions([root], PageContext(url=URL, base_url=URL)) == 1
    assert [img.get("alt") for img in root.iter("img")] == ["Mill"]


# ------------------------------------------------------------------ captions repeating the picture's alt

ALT_PICTURE = ("<div class='image-container'><a href='/bild/zdk'><img src='/zdk.jpg' alt='Logo des ZdK (Archiv)'></a>"
               "<div class='image-subtitle'>Logo des ZdK (Archiv)</div></div>")
ALT_CREDITED = ("<div class='img'><a class='img__cntr'><picture><img src='/r.jpg' alt='An evolution in colour: Redonda in 2019.'>"
                "</picture></a><div class='img__cont'><div class='img__copy'>An evolution in colour: Redonda in 2019.</div>"
                "<div class='img__author'>Photograph by <span>EAG Antigua</span></div></div></div>")


def test_a_caption_repeating_its_pictures_alt_goes_with_its_credit():
    removed, text = on_roots(lead_captions.remove_alt_captions, ALT_PICTURE + STORY)
    assert removed == 1 and "Logo des ZdK" not in text and "Paragraph 0" in text
    removed, text = on_roots(lead_captions.remove_alt_captions, STORY[:200] + ALT_CREDITED + STORY)
    assert removed == 1 and "Redonda" not in text and "EAG Antigua" not in text and "Paragraph 7" in text


def test_a_tiles_title_a_short_alt_and_other_words_beside_a_picture_stay():
    for block in ("<div class='tile'><img src='/m.jpg' alt='The old mill at dusk'><h3>The old mill at dusk</h3></div>",
                  "<div class='tile'><img src='/m.jpg' alt='The old mill at dusk'><p><a href='/m'>The old mill at dusk</a></p></div>",
                  "<div class='pic'><img src='/m.jpg' alt='Mill'><div>Mill owners met on Monday.</div></div>",
                  "<div class='pic'><img src='/m.jpg' alt='The old mill at dusk'><div>The river rose by a metre.</div></div>",
                  "<div class='card'><img src='/m.jpg' alt='Cleans the whole floor'><div>Cleans the whole floor in one go, "
                  "then finds its way back to the dock and empties its own bin while you sleep.</div></div>"):
        removed, text = on_roots(lead_captions.remove_alt_captions, block + STORY)
        assert removed == 0, block


def test_a_grid_of_pictures_named_beside_them_stays():
    cards = "".join(f"<div class='card'><img src='/c{i}.jpg' alt='Feature number {i} of the mill'>"
                    f"<div>Feature number {i} of the mill</div></div>" for i in range(4))
    removed, text = on_roots(lead_captions.remove_alt_captions, STORY + cards)
    assert removed == 0 and "Feature number 3" in text


def test_auto_drops_a_caption_repeating_its_pictures_alt_in_an_article(algo):
    story = "".join(f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
                    f"and how the miller's family shared the work with the neighbours.</p>" for i in range(16))
    text = joined_selection(algo, article_page(story[:600] + ALT_PICTURE + story), URL)
    assert "Paragraph 15" in text and "Logo des ZdK" not in text
