"""Filler text for auto (filters/content/rules/filler.py): a block of one word repeated goes."""
from __future__ import annotations

from clearpage.filters.content.rules import filler
from tests.content.algo_util import joined_selection, removed_and_text

STORY = "".join(
    f"<p>Story {i} tells how the city council voted on the new budget, and what it means for schools.</p>" for i in range(6)
)


def remaining_text(body: str) -> tuple[int, str]:
    return removed_and_text(filler.remove_filler_blocks, body)


def test_a_block_of_one_word_repeated_goes():
    removed, text = remaining_text(STORY + "<div>" + "word " * 200 + "</div>")
    assert removed == 1
    assert "word word" not in text and "Story 3" in text


def test_prose_and_a_short_repetition_stay():
    body = STORY + "<p>" + "no " * 12 + "</p><p>" + "and so on and so on " * 10 + "</p>"
    removed, text = remaining_text(body)
    assert removed == 0
    assert "no no no" in text and "and so on and so on" in text


def test_filler_spread_over_lines_goes_and_a_word_repeated_among_others_stays():
    removed, text = remaining_text(STORY + "<div>\n  " + "mmmm\n  " * 30 + "</div><p>" + "word " * 25 + "words</p>")
    assert removed == 1
    assert "mmmm" not in text and "word word" in text


def test_a_list_of_one_repeated_value_stays():
    removed, text = remaining_text(STORY + "<ul>" + "<li>Yes</li>" * 30 + "</ul>")
    assert removed == 0
    assert text.count("Yes") == 30


def test_auto_leaves_filler_out_of_its_selection(algo):
    page = f"<html><body><main><h1>City news</h1>{STORY}<div>{'word ' * 200}</div></main></body></html>"
    text = joined_selection(algo, page, "https://example.com/news")
    assert "Story 5" in text
    assert "word word" not in text
