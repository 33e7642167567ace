"""What an article's container holds beside the story (filters/content/rules/article_extras.py): the
site's grid of other posts after the text, forms to fill in, the author's blocks go; the article's
own list of outside links, a site search, a comment's author stay."""
from __future__ import annotations

from clearpage.filters.content.rules import article_extras
from tests.content.algo_util import joined_selection
from tests.content.article_pages import STORY, URL, article_page, on_roots

# An article long enough to count as one (auto's article_prose_chars).
LONG_STORY = "".join(
    f"<p>Paragraph {i} tells how the river town kept its old mill running through a long dry summer, "
    f"and how the miller's family shared the work of the wheel with the neighbours, week after week.</p>"
    for i in range(16)
)


def _tiles(href: str, count: int = 4) -> str:
    return "".join(
        f"<div class='post-card'><h3><a href='{href}{i}'>Another story of the valley, number {i}</a></h3>"
        f"<p>A summary of the other story {i}, told in a sentence or two of its own words.</p></div>"
        for i in range(count)
    )


# ------------------------------------------------------------------ other posts after the article

def test_auto_drops_the_sites_grid_of_other_posts_after_the_article(algo):
    page = article_page(LONG_STORY + f"<div class='more'>{_tiles('/news/other-')}</div>")
    text = joined_selection(algo, page, URL)
    assert "Paragraph 15" in text
    assert "Another story of the valley" not in text and "A summary of the other story" not in text


def test_a_list_of_outside_links_after_the_article_stays(algo):
    page = article_page(LONG_STORY + f"<div class='more'>{_tiles('https://tools.example.org/tool-')}</div>")
    text = joined_selection(algo, page, URL)
    assert "Another story of the valley, number 3" in text and "A summary of the other story 3" in text


def test_teasers_above_most_of_the_article_stay(algo):
    page = article_page(LONG_STORY[:400] + f"<div class='more'>{_tiles('/news/other-')}</div>" + LONG_STORY)
    text = joined_selection(algo, page, URL)
    assert "Another story of the valley, number 3" in text


def test_several_groups_of_cards_after_the_text_stay(algo):
    cards = "".join(f"<section><h2>Part {k}</h2><div class='cards'>{_tiles(f'/docs/part{k}-')}</div></section>" for k in range(2))
    text = joined_selection(algo, article_page(LONG_STORY + cards), URL)
    assert "Another story of the valley, number 3" in text


def test_a_grid_longer_than_the_story_stays(algo):
    page = article_page(LONG_STORY + f"<div class='more'>{_tiles('/news/other-', 30)}</div>")
    text = joined_selection(algo, page, URL)
    assert "Another story of the valley, number 29" in text


# ------------------------------------------------------------------ forms to fill in

_COUNTRIES = "".join(f"<option>Country {i}</option>" for i in range(60))
_DEMO_FORM = ("<div class='demo'><h3>Book a demo</h3><p>See how the mill planner works for your town.</p>"
              "<form><label>Name</label><input name='n'><label>Work email</label><input type='email' name='e'>"
              f"<select name='c'>{_COUNTRIES}</select><button>Send</button>"
              "<p>By submitting, you agree that the mill planner team and its partners may contact you by phone, "
              "text or e-mail about the planner, including at numbers on do-not-call lists; you can withdraw this "
              "consent at any time, as our privacy policy explains in more detail for every country we serve.</p>"
              "</form></div>")


def test_a_form_to_fill_in_goes_with_its_short_wrapper_however_long():
    removed, text = on_roots(article_extras.remove_entry_forms, LONG_STORY + _DEMO_FORM)
    assert removed == 1
    assert "Book a demo" not in text and "Country 59" not in text and "Work email" not in text
    assert "Paragraph 15" in text


def test_a_site_search_and_a_form_that_is_the_page_stay():
    search = "<form><input type='search' name='q'><input name='page' type='hidden'><button>Search</button></form>"
    removed, _ = on_roots(article_extras.remove_entry_forms, STORY + search)
    assert removed == 0
    quiz = "<form>" + "".join(f"<p>Question {i}: how many stones has the mill? <input name='q{i}'></p>" for i in range(20)) + "</form>"
    removed, _ = on_roots(article_extras.remove_entry_forms, "<p>A short quiz.</p>" + quiz)
    assert removed == 0


def test_auto_drops_a_form_to_fill_in_inside_the_article(algo):
    text = joined_selection(algo, article_page(LONG_STORY + _DEMO_FORM), URL)
    assert "Paragraph 15" in text and "Book a demo" not in text and "Country 12" not in text


# ------------------------------------------------------------------ the author's blocks

_BIO = ("<div class='blog-author'><div class='name'>Jane Doe</div><div>Senior editor</div>"
        "<p>Jane writes about mills, rivers and the towns that grew up beside them.</p></div>")


def test_the_authors_box_and_byline_go():
    body = "<div class='post__byline'>By <a href='/jane'>Jane Doe</a></div>" + STORY + _BIO
    removed, text = on_roots(article_extras.remove_author_blocks, body)
    assert removed == 2
    assert "Jane" not in text and "Senior editor" not in text
    assert "Paragraph 0" in text and "Paragraph 7" in text


def test_a_comments_author_an_inline_name_and_a_wrapper_named_for_the_author_stay():
    body = (f"<div class='author-content'>{STORY}</div>"
            "<p>Posted by <span class='author'>Jane Doe</span> on May 2.</p>"
            "<div class='comments'><div class='comment'><div class='comment-author'>Sam Miller</div>"
            "<p>What a summer it was for the mill.</p></div></div>")
    removed, text = on_roots(article_extras.remove_author_blocks, body)
    assert removed == 0
    assert "Paragraph 7" in text and "Jane Doe" in text and "Sam Miller" in text


def test_auto_drops_the_authors_box_under_an_article(algo):
    text = joined_selection(algo, article_page(LONG_STORY + _BIO), URL)
    assert "Paragraph 15" in text and "Jane writes about mills" not in text


# ------------------------------------------------------------------ calls to action

def test_a_block_named_a_call_to_action_goes():
    body = STORY + ("<div class='post-cta'><h3>Ready to grow?</h3><p>Scale your mill with our planner.</p>"
                    "<a class='btn' href='/demo'>Get a demo</a></div>")
    removed, text = on_roots(article_extras.remove_call_to_action, body)
    assert removed == 1 and "Ready to grow" not in text and "Get a demo" not in text and "Paragraph 7" in text


def test_a_long_block_named_a_call_to_action_and_an_inline_one_stay():
    body = f"<div class='cta-section'>{STORY}</div><p>Read the <a class='cta' href='/guide'>guide</a> first.</p>"
    removed, text = on_roots(article_extras.remove_call_to_action, body)
    assert removed == 0 and "Paragraph 7" in text and "guide" in text


def test_auto_drops_a_call_to_action_under_an_article(algo):
    cta = "<div class='cta-box'><h3>Ready to grow?</h3><a href='/demo'>Get a demo</a></div>"
    text = joined_selection(algo, article_page(LONG_STORY + cta), URL)
    assert "Paragraph 15" in text and "Ready to grow" not in text


# ------------------------------------------------------------------ a form's notices

_NOTICES = ("<div class='w-form-done'><div>Thank you! Your submission has been received!</div></div>"
            "<div class='w-form-fail'><div>Oops! Something went wrong while submitting the form.</div></div>"
            "<p class='form_error'>Bitte füllen Sie alle Felder aus.</p>")


def test_a_forms_notices_go():
    removed, text = on_roots(article_extras.remove_form_notices, STORY + _NOTICES)
    assert removed == 3 and "Thank you" not in text and "Oops" not in text and "Felder" not in text
    assert "Paragraph 7" in text


def test_a_long_block_named_a_forms_message_stays():
    long = "<div class='form-message'>" + "The mill's story goes on in this block, which a theme named oddly. " * 4 + "</div>"
    removed, text = on_roots(article_extras.remove_form_notices, STORY + long)
    assert removed == 0 and "named oddly" in text


def test_auto_drops_the_notices_a_removed_form_left(algo):
    text = joined_selection(algo, article_page(LONG_STORY + _NOTICES), URL)
    assert "Paragraph 15" in text and "Thank you" not in text and "Oops" not in text
