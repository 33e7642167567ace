"""render/text: how the chosen content becomes plain text (word boundaries between items)."""
import pytest

from clearpage.filters import dom
from clearpage.filters.render import text as text_out


def rendered(html: str) -> str:
    return text_out.render([dom.parse(html)]).text.strip()


def test_adjacent_items_are_separate_words():
    page = ('<div class="meta"><span class="item">2026</span><span class="item">1h 54m</span>'
            '<span class="item">R</span></div>')
    assert rendered(page).split() == ["2026", "1h", "54m", "R"]


def test_a_fields_name_and_type_are_two_words():
    page = '<p><span><span>amount</span></span><span class="type">integer</span></p>'
    assert rendered(page).split() == ["amount", "integer"]


@pytest.mark.parametrize("page, word", [
    ("<p>foo<b>bar</b>baz</p>", "foobarbaz"),  # emphasis inside a word
    ('<p><span class="drop">W</span><span>ord by word</span></p>', "Word"),  # a drop cap
    ("<p>see <code><span>get</span><span>Value</span></code> here</p>", "getValue"),  # highlighted code
    ("<pre><span>self</span><span>Test</span></pre>", "selfTest"),
])
def test_a_word_styled_in_parts_stays_one_word(page, word):
    assert word in rendered(page).split()


def test_no_space_added_before_punctuation():
    assert rendered("<p><span>Price</span><span>: 12</span></p>") == "Price: 12"


def test_a_twin_shown_on_other_screens_is_read_once():
    page = ('<div><span class="md:hidden">NEW</span><span class="hidden md:block">NEW</span></div>'
            '<p>Runner</p>')
    assert rendered(page).split() == ["NEW", "Runner"]


def test_repeated_items_of_different_tags_stay():
    assert rendered("<p><b>Yes</b><span>Yes</span></p>").split() == ["Yes", "Yes"]


def test_equal_cells_of_a_row_stay():
    page = "<table><tr><th>Wifi</th><td>Yes</td><td>Yes</td></tr></table>"
    assert rendered(page).split() == ["Wifi", "Yes", "Yes"]


def test_items_apart_across_a_hidden_separator():
    page = '<div><span>1d ago</span><span aria-hidden="true">·</span><span>3 min read</span></div>'
    assert rendered(page).split() == ["1d", "ago", "3", "min", "read"]


def test_a_visible_copy_after_a_hidden_one_stays():
    page = '<p><span>Sale</span><span aria-hidden="true">NEW</span><span>NEW</span></p>'
    assert rendered(page) == "Sale NEW"


def test_text_mode_options_split_items_too():
    doc = dom.parse('<div><a href="/film"><span>2026</span><span>1h 54m</span></a></div>')
    options = text_out.TextOptions(marks=True, link_refs=True, base_url="http://films.test/")
    assert text_out.render([doc], options).text.split() == ["2026", "1h", "54m", "[1]"]


@pytest.mark.parametrize("page, words", [
    ('<p><span class="run">or a parent exploring for child</span><span class="run">ren, you</span></p>',
     ["or", "a", "parent", "exploring", "for", "children,", "you"]),
    ('<p><span class="run">Details: 455 N. 3</span><span class="run">rd St.</span></p>',
     ["Details:", "455", "N.", "3rd", "St."]),
    ('<p><span class="run">that</span><span class="run"> ha</span><span class="run">ve been</span></p>',
     ["that", "have", "been"]),
])
def test_a_word_processors_runs_split_inside_words_stay_joined(page, words):
    assert rendered(page).split() == words
