"""Lines inside an article announcing what is not its text (filters/content/rules/inner_lines.py):
a heading left with nothing under it goes; a heading over text, a picture or a sub-section stays."""
from __future__ import annotations

from clearpage.filters.content.rules import inner_lines
from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL, article_page, on_roots

# An article's worth of prose (auto's article rules run on articles).
LONG_STORY = STORY + STORY.replace("Paragraph ", "Part ") + STORY.replace("Paragraph ", "Page ")

# ------------------------------------------------------------------ orphan headings


def test_headings_with_nothing_under_them_go():
    body = (STORY.replace("<p>Paragraph 3", "<h3>Tagesschau Investigativ</h3><h2>The mill's second summer</h2><p>Paragraph 3")
            + "<h2>Top Themen der Redaktion</h2>")
    removed, text = on_roots(inner_lines.remove_orphan_headings, body)
    assert removed == 2
    assert "Investigativ" not in text and "Top Themen" not in text
    assert "second summer" in text and "Paragraph 7" in text


def test_headings_over_text_pictures_or_subsections_stay():
    body = (STORY.replace("<p>Paragraph 3", "<h2>The wheel</h2><h3>Its axle</h3><p>Paragraph 3")
            + "<h2>Pictures of the mill</h2><div><img src='/m.jpg' alt='The mill'></div>"
            + "<h2>Last words</h2><div><span>The miller</span> said nothing more.</div>")
    removed, text = on_roots(inner_lines.remove_orphan_headings, body)
    assert removed == 0
    assert "The wheel" in text and "Its axle" in text and "Pictures of the mill" in text and "Last words" in text


def test_headings_as_list_items_or_many_in_a_row_stay():
    listed = "<ul>" + "".join(f"<li><h3>{m}</h3></li>" for m in ("hemp", "linen", "organic cotton")) + "</ul>"
    boxes = "".join(f"<h3>Tester {i}</h3><h4>Our picks:</h4>" for i in range(3))
    for body in (STORY + listed, STORY + boxes + STORY):
        removed, text = on_roots(inner_lines.remove_orphan_headings, body)
        assert removed == 0, body


def test_a_long_heading_alone_at_the_end_stays():
    closing = "Whether the mill runs next summer depends on the rain and on the town that still buys its flour"
    removed, text = on_roots(inner_lines.remove_orphan_headings, STORY + f"<h2>{closing}</h2>")
    assert removed == 0 and closing in text


def test_auto_drops_the_headings_whose_form_and_widget_are_gone(algo):
    widget = "<h2>Tagesschau Investigativ</h2><div class='outbrain'></div><h2>What the mill costs</h2>"
    form = ("<h2>Tipps, Hilfe und Schnäppchen für dein Tier jede Woche per E-Mail</h2>"
            "<form action='/newsletter'><input type='email' name='e'><button>Go</button></form>")
    text = joined_selection(algo, article_page(LONG_STORY.replace("<p>Part 0", widget + "<p>Part 0") + form), URL)
    assert "Page 7" in text and "What the mill costs" in text
    assert "Investigativ" not in text and "Tipps, Hilfe" not in text


# ------------------------------------------------------------------ labels in a <div> between the paragraphs


def test_labels_in_a_div_between_the_paragraphs_go():
    labels = ("<div class='bar'><a href='/x'>weiterlesen</a> 5 Minuten</div>", "<div>Externer Inhalt</div>",
              "<div class='box-title'>Fakten, Hintergründe, Dossiers</div>")
    body = STORY.replace("<p>Paragraph 3", "".join(labels) + "<p>Paragraph 3")
    removed, text = on_roots(inner_lines.remove_div_lines, body)
    assert removed == 3
    assert "weiterlesen" not in text and "Externer" not in text and "Dossiers" not in text and "Paragraph 7" in text


def test_sentences_code_items_and_lines_outside_the_paragraphs_stay():
    kept = ("<div>Der Müller wartete auf Regen.</div>", "<div>Was kostet die Mühle?</div>",
            "<pre><div>pip install mill</div></pre>", "<ul><li><div>Mehl Typ 405</div></li></ul>",
            "<div>水车在夏天停了下来</div>", "<div><img src='/m.jpg' alt='Die Mühle'></div>")
    body = "<div>Über den Autor</div>" + STORY.replace("<p>Paragraph 3", "".join(kept) + "<p>Paragraph 3") + "<div>Teilen</div>"
    removed, text = on_roots(inner_lines.remove_div_lines, body)
    assert removed == 0
    assert "Regen" in text and "pip install" in text and "Mehl" in text and "Über den Autor" in text


def test_many_short_div_lines_are_the_page_s_own_and_stay():
    prices = "".join(f"<div>Plan {i}</div><div>${i}9 per month</div>" for i in range(4))
    removed, text = on_roots(inner_lines.remove_div_lines, STORY.replace("<p>Paragraph 3", prices + "<p>Paragraph 3"))
    assert removed == 0 and "Plan 3" in text and "$39 per month" in text


def test_auto_drops_a_label_in_a_div_between_the_paragraphs(algo):
    body = LONG_STORY.replace("<p>Part 0", "<div class='credit'>Photograph by A. Miller, Mill Archive</div><p>Part 0")
    text = joined_selection(algo, article_page(body), URL)
    assert "Page 7" in text and "Photograph by" not in text
