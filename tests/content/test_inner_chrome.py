"""Structural boilerplate inside auto's chosen container: sidebars, reply forms, author bio boxes,
rating widgets (filters/content/auto/cleaning.py, filters/content/rules/asides.py and inner_chrome.py): what markup and position
give away goes, the article stays."""
from __future__ import annotations

import dataclasses

import pytest

from clearpage.filters import dom
from clearpage.filters.content.auto import phases
from clearpage.filters.content.auto.state import PageState
from clearpage.filters.content.rules import asides, inner_chrome
from clearpage.filters.context import PageContext
from tests.content.article_pages import on_roots

URL = "https://example.com/blog/mill"

STORY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer.</p>" for i in range(16)
)

SHORT_POST = ("<div class='post'><h2>The mill</h2><p>The river town kept its old mill running through a long dry "
              "summer, and the miller says it will grind again next spring.</p></div>")


def _widget(n: int) -> str:
    return (f"<aside class='widget widget_text'><h3 class='widget-title'>Widget {n}</h3><p>Widget text {n} about the "
            "site, its partners, its shop and the people who write for it, told at some length so it weighs. "
            "It goes on, sentence after sentence, about the firms listed here, the ratings they got, and why you "
            "should call them, visit them, and tell your friends about them, too.</p></aside>")


_REPLY = ("<div id='comments' class='comments-area'><div id='respond' class='comment-respond'><h3 id='reply-title'>Leave a Reply</h3>"
          "<form id='commentform' class='comment-form'><p class='comment-notes'>Your email address will not be published.</p>"
          "<textarea name='comment'></textarea><input type='submit' value='Post Comment'></form></div></div>")
# Other stories, marked by a class name only: a name guess can mislead, so this alone would not
# go when cleaning takes too much.
_RELATED = ("<div class='related-posts'>" + "".join(
    f"<p>Related story {n}: the council, the bakery and the old bridge, a long summary of another post.</p>" for n in range(6)) + "</div>")
SIDEBAR_PAGE = (f"<html><body><nav><a href='/'>Home</a></nav><div id='wrap'>{SHORT_POST}{_REPLY}{_RELATED}"
                + "".join(_widget(n) for n in range(3)) + "</div></body></html>")


def _selected_text(algo, page: str, *ids: str) -> str:
    """The text auto selects on ``page`` with its selection forced to the elements of ``ids``
    (the first one the container)."""
    doc = dom.parse(page)
    state = PageState(options=algo.options, forum_urls=algo._forum_urls, name="auto", doc=doc, body=dom.body_of(doc),
                      ctx=PageContext(url=URL, base_url=URL))
    phases.run(state, _selecting(ids))
    return " ".join(el.text_content() for el in state.selection.nodes)


def _selecting(ids: tuple[str, ...]):
    """auto's rule table with the selection forced to the elements of ``ids``."""
    def choose(s):
        s.probability = {}
        s.best = next(i for i, el in enumerate(s.f.elements) if el.get("id") == ids[0])

    def alone(s):
        s.nodes = [i for i, el in enumerate(s.f.elements) if el.get("id") in ids]
    forced = {"container": choose, "siblings": alone}
    return tuple(dataclasses.replace(r, run=forced[r.name]) if r.name in forced else r for r in phases.RULES)


def test_sidebar_widgets_and_reply_form_go_when_the_rest_marked_is_too_much(algo):
    # Everything marked in the container is far more than its own post (a short post in a wrapper
    # that also holds the sidebar's widgets): cleaning all of it is not done, but the <aside>
    # widgets and the reply form still go, by their tag and comment hint, and the post stays.
    text = _selected_text(algo, SIDEBAR_PAGE, "wrap")
    assert "grind again next spring" in text
    assert "Widget text" not in text and "Your email address" not in text
    assert "Related story" in text  # (not sure: kept with the rest, as before)


def test_a_long_comment_thread_goes_from_under_an_articles_worth_of_post(algo):
    # The thread alone is most of the container, too much for cleaning; it still goes, since the
    # post left is an article's worth of text.
    comments = "".join(f"<li id='comment-{n}' class='comment'><cite>Comment by reader{n}</cite><p>Reply {n}: "
                       + "the mill was always the heart of the town and I remember my grandfather there. " * 3 + "</p></li>"
                       for n in range(80))
    page = (f"<html><body><div id='wrap'><div class='post'><h1>The mill</h1>{STORY}{STORY}</div>"
            f"<div id='comments'><h3 id='comments-title'>80 Antworten zu The mill</h3><ol id='commentlist'>{comments}</ol></div>"
            "</div></body></html>")
    text = _selected_text(algo, page, "wrap")
    assert "Paragraph 15" in text and "Comment by" not in text and "80 Antworten" not in text


# ------------------------------------------------------------------ author bio boxes


def test_a_bio_box_selected_beside_the_article_leaves_the_selection(algo):
    # The bio box is a sibling block the selection took in: removed whole, it must not render.
    page = (f"<html><body><article id='post'><h1>The mill</h1>{STORY}</article>"
            "<div id='bio' class='author-profile'><img src='/a.jpg' alt=''><h3>Jane Doe</h3>"
            "<p>Jane Doe is a freelance writer in Berlin and chairs the town's history society.</p></div></body></html>")
    text = _selected_text(algo, page, "post", "bio")
    assert "Paragraph 15" in text and "freelance writer" not in text


@pytest.mark.parametrize("name", ["mini-bio", "m-author__description", "artDetailAutor__text", "author-desc"])
def test_bio_boxes_named_in_other_ways_go_after_the_article(name):
    body = STORY + f"<div class='{name}'><p>Jane Doe is a senior writer for the paper and lives by the river.</p></div>"
    removed, text = on_roots(lambda roots, ctx: asides.remove_trailing_bios(roots, ctx, 60), body)
    assert removed == 1 and "senior writer" not in text and "Paragraph 15" in text


def test_a_biology_class_is_no_bio():
    body = STORY + "<div class='biology-notes'><p>The river's biology changed in the dry summer, the survey says.</p></div>"
    removed, text = on_roots(lambda roots, ctx: asides.remove_trailing_bios(roots, ctx, 60), body)
    assert removed == 0 and "biology changed" in text


# ------------------------------------------------------------------ rating widgets

def test_an_articles_rating_widget_goes():
    body = STORY + ("<span id='post-ratings-4373' class='post-ratings'><strong>War der Artikel nützlich?</strong>"
                    "<img src='/star.gif' alt='1 Stern'><img src='/star.gif' alt='2 Sterne'> (Noch keine Bewertungen)</span>"
                    "<div class='StoryShowBox StoryShowRating'><h3><a href='#rate'>Artikel bewerten</a></h3></div>")
    removed, text = on_roots(inner_chrome.remove_rating_widgets, body)
    assert removed == 2 and "nützlich" not in text and "bewerten" not in text and "Paragraph 15" in text


def test_the_ratings_of_a_listings_entries_stay():
    tiles = "".join(f"<div class='tile'><h3>Recipe {n}</h3><div class='rating'>{n} reviews with an average rating of 4.5</div></div>"
                    for n in range(5))
    removed, text = on_roots(inner_chrome.remove_rating_widgets, STORY + tiles)
    assert removed == 0 and "3 reviews" in text


def test_a_long_block_named_rating_is_no_widget():
    body = "<div class='ratings'>" + STORY + "</div>"
    removed, text = on_roots(inner_chrome.remove_rating_widgets, body)
    assert removed == 0 and "Paragraph 15" in text


# ------------------------------------------------------------------ side columns of layout tables

def _side_columns(body: str) -> tuple[int, str]:
    return on_roots(lambda roots, ctx: inner_chrome.remove_side_columns(roots, ctx, 60), body)


def test_a_layout_tables_side_column_goes():
    left = ("<td id='leftcolumn'><div><b>Nur für Mitglieder</b><ul><li><a href='/login'>Login</a></li>"
            "<li><a href='/forum'>Forum</a></li></ul></div><div>3 Besucher sind online</div></td>")
    removed, text = _side_columns(f"<table><tr>{left}<td id='center'>{STORY}</td><td><a href='/top'>meist-diskutiert</a></td></tr></table>")
    assert removed == 2 and "Besucher" not in text and "meist-diskutiert" not in text and "Paragraph 15" in text


def test_a_data_tables_cells_stay():
    rows = "".join(f"<tr><td>Mill {n}</td><td>{n * 3} tonnes</td><td>open since {1900 + n}</td></tr>" for n in range(5))
    removed, text = _side_columns(STORY + f"<table>{rows}</table>")
    assert removed == 0 and "Mill 3" in text and "12 tonnes" in text


def test_two_columns_of_prose_stay():
    removed, text = _side_columns(f"<table><tr><td>{STORY}</td><td>{STORY.replace('Paragraph', 'Absatz')}</td></tr></table>")
    assert removed == 0 and "Absatz 15" in text


# ------------------------------------------------------------------ share bars

def test_a_share_bar_goes_with_its_label_whatever_its_language():
    own = "https%3A%2F%2Fexample.com%2Fnews%2Fmill"
    bar = ("<div style='float:right'><strong>Möchten Sie den Artikel teilen?</strong><br>"
           f"<a href='https://www.facebook.com/sharer.php?u={own}'><div class='fb'></div></a>"
           "<a href='whatsapp://send?text=Die%20M%C3%BChle%3A%20https://example.com/news/mill'><div class='w'></div></a>"
           "<a href='mailto:?subject=Empfohlen&body=https://example.com/news/mill'><div class='m'></div></a></div>")
    removed, text = on_roots(inner_chrome.remove_share_bars, STORY + f"<p>{bar}</p>")
    assert removed == 1 and "teilen" not in text and "Paragraph 15" in text


def test_links_to_the_page_itself_or_one_mail_link_are_no_share_bar():
    body = STORY + ("<p><a href='https://example.com/news/mill#comments'>Comments</a> "
                    "<a href='https://example.com/news/mill?page=2'>Page 2</a></p>"
                    "<p>Tell a friend: <a href='mailto:?body=https://example.com/news/mill'>send this story</a></p>")
    removed, text = on_roots(inner_chrome.remove_share_bars, body)
    assert removed == 0 and "Page 2" in text and "send this story" in text


def test_share_links_beside_a_paragraph_leave_the_paragraph():
    own = "https://example.com/news/mill"
    body = (f"<div><p>Paragraph 0 tells how the river town kept its old mill running through a long dry summer.</p>"
            f"<a href='https://twitter.com/intent/tweet?url={own}'>Tweet</a><a href='https://www.facebook.com/sharer.php?u={own}'>Share</a>"
            "</div>" + STORY)
    removed, text = on_roots(inner_chrome.remove_share_bars, body)
    assert removed == 0 and "summer.TweetShareParagraph 0" in text  # (no block is only the bar: the paragraph's stays whole)


# ------------------------------------------------------------------ comment prompts

def test_comment_prompts_go_in_several_languages():
    prompts = ("Keine Kommentare", "Kommentare schreiben", "Kommentare insgesamt: 0", "Leave a comment",
               "You must be logged in to post a comment.", "Sie müssen angemeldet sein, um Kommentare zu schreiben!",
               "Deja un comentario", "Aucun commentaire", "Brak komentarzy")
    body = STORY + "".join(f"<div class='x'>{p}</div>" for p in prompts)
    removed, text = on_roots(inner_chrome.remove_comment_prompts, body)
    assert removed == len(prompts) and "Kommentar" not in text and "comment" not in text.lower() and "Paragraph 15" in text


def test_sentences_about_comments_stay():
    body = STORY + ("<p>No comments on the mill came from the council, which had promised a statement by Friday.</p>"
                    "<p>The comments were heated.</p>")
    removed, text = on_roots(inner_chrome.remove_comment_prompts, body)
    assert removed == 0 and "No comments on the mill" in text and "heated" in text
