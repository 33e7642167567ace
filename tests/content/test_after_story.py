"""The furniture after the story that its markup names (filters/content/rules/after_story.py): a
related-posts list, an affiliate note, a community notice, an author box or a portal's side box
after the story's last paragraph goes; the same names above the story's end, and a page that is
mostly such blocks, keep theirs."""
from __future__ import annotations

import pytest

from clearpage.filters import dom
from clearpage.filters.content.rules import after_story
from clearpage.filters.context import PageContext
from tests.content.article_pages import URL
from tests.helpers import page

LONG_STORY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
    f"and how the miller's family shared the work of the wheel with the neighbours, week after week.</p>"
    for i in range(12)
)
RELATED = ("<ul class='related_post wp_rp'>" + "".join(
    f"<li><a href='/post-{i}'>Another story {i}</a> <small>A long excerpt of another story about bridges, "
    f"ferries and the people who keep them, told over several sentences, number {i}.</small></li>" for i in range(12))
    + "</ul>")
AFFILIATE = ("<div class='affiliate-text'><p>Wir erhalten Geld, wenn Sie über einen mit Stern markierten Link "
             "einen Vertrag abschließen. Das beeinflusst unsere Empfehlungen nicht.</p></div>")
NOTICE = "<div class='column community-notice'>Dieser Beitrag gibt die Meinung des Autors wieder.</div>"
AUTHOR_BOX = ("<div class='saboxplugin-wrap'><div class='saboxplugin-desc'><p>Ich mag jede Art von Fotografie "
              "und schreibe hier seit Jahren über Kameras, Objektive und lange Spaziergänge.</p></div></div>")


def _remove(body: str) -> tuple[int, str]:
    root = dom.body_of(dom.parse(f"<html><body><article>{body}</article></body></html>"))
    ctx = PageContext(url=URL, base_url=URL)
    removed = after_story.remove_named_furniture(list(root), ctx)
    return removed, dom.collapse(root.text_content())


@pytest.mark.parametrize("block, words", [
    (RELATED, "Another story 3"),  # (a list of links longer than the story: it goes whole)
    (AFFILIATE, "Wir erhalten Geld"),
    (NOTICE, "Meinung des Autors"),
    (AUTHOR_BOX, "Ich mag jede Art"),
    ("<div class='portletWrapper'><p>Wetterwarnungen</p><p>Phänologie</p></div>", "Wetterwarnungen"),
    ("<div class='news-list-container'><h2>Read further</h2><a href='/a'>Another story</a></div>", "Read further"),
    ("<footer class='entry-footer'>Posted in <a href='/c/mills'>Mills</a></footer>", "Posted in"),
])
def test_a_named_block_after_the_story_goes(block, words):
    removed, text = _remove(LONG_STORY + block + "<p>Share</p>")
    assert removed == 1
    assert "Paragraph 11" in text and "Share" in text
    assert words not in text


def test_a_named_block_inside_the_story_stays():
    story = LONG_STORY[:len(LONG_STORY) // 2] + AFFILIATE + LONG_STORY[len(LONG_STORY) // 2:]
    removed, text = _remove(story)
    assert removed == 0 and "Wir erhalten Geld" in text


def test_the_story_inside_a_named_wrapper_stays():
    # (a portal wraps its main text in a "portlet" too: the story's own wrapper is no furniture)
    removed, text = _remove(f"<div class='portlet-body'>{LONG_STORY}</div>" + NOTICE)
    assert removed == 1 and "Paragraph 11" in text and "Meinung des Autors" not in text


def test_unnamed_blocks_after_the_story_stay():
    removed, text = _remove(LONG_STORY + "<div class='box'><p>Wir erhalten Geld, wenn Sie klicken.</p></div>")
    assert removed == 0 and "Wir erhalten Geld" in text


def test_a_page_that_is_mostly_named_blocks_keeps_them():
    removed, text = _remove("<p>Paragraph 1 tells of the mill and its wheel, week after week and all year long.</p>" + RELATED)
    assert removed == 0 and "Another story 3" in text


def test_reader_mode_drops_the_named_furniture_after_the_story(pipeline):
    body = f"<nav><a href='/'>Home</a></nav><article><h1>The mill</h1>{LONG_STORY}{AFFILIATE}{NOTICE}</article>"
    text = pipeline.run(page(body), URL, mode="reader").text
    assert "Paragraph 11" in text
    assert "Wir erhalten Geld" not in text and "Meinung des Autors" not in text
