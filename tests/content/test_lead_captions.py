"""The caption of the picture above a short story's text (filters/content/rules/lead_captions.py):
a <figcaption> or a block named a caption beside the lead picture goes; captions below the first
paragraph, a grid of captioned pictures above it and a caption-named block with no picture stay."""
from __future__ import annotations

from clearpage.filters.content.rules import lead_captions
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

