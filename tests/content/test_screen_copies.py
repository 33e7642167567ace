"""Screen copies for auto (filters/content/rules/screen_copies.py): a block built twice side by side is read once."""
from __future__ import annotations

from clearpage.filters.content.rules import screen_copies
from tests.content.algo_util import joined_selection, removed_and_text

STORIES = "".join(f"<li><a href='/s/{n}'>Storm season starts early in the north, part {n}</a> <span>Maria Lopez</span></li>" for n in range(4))


def remaining(body: str) -> tuple[int, str]:
    return removed_and_text(screen_copies.remove_sibling_copies, body)


def test_a_list_built_twice_for_two_screens_is_read_once():
    removed, text = remaining(f"<div class='top'><ul class='wide'>{STORIES}</ul><ul class='narrow'>{STORIES}</ul></div>")
    assert removed == 1
    assert text.count("part 3") == 1


def test_entries_of_one_class_that_repeat_stay():
    job = "<div class='job'><a href='/j/1'>Senior platform engineer, remote</a> Anywhere in the world</div>"
    removed, text = remaining(f"<div class='jobs'>{job}{job}<div class='job'><a href='/j/2'>Data analyst</a> Berlin only</div></div>")
    assert removed == 0
    assert text.count("Senior platform engineer") == 2


def test_equal_cells_of_a_comparison_table_stay():
    row = "<tr><th>Sign-in</th><td class='a'>Fully managed OAuth for every app</td><td class='b'>Fully managed OAuth for every app</td></tr>"
    removed, text = remaining(f"<table>{row}</table>")
    assert removed == 0
    assert text.count("Fully managed OAuth") == 2


def test_short_twins_are_left_to_the_label_rules():
    removed, _ = remaining("<div><a class='more' href='/a'>Read more</a><a class='more-sm' href='/a'>Read more</a></div>")
    assert removed == 0


def test_auto_reads_a_list_built_twice_once(algo):
    intro = "<p>The top stories of the day, chosen by our editors, with the latest reporting from our newsroom.</p>"
    page = f"<html><body><main><h1>Top stories</h1>{intro}<div class='top'><ul class='wide'>{STORIES}</ul><ul class='narrow'>{STORIES}</ul></div></main></body></html>"
    text = joined_selection(algo, page, "https://example.com/")
    assert text.count("Storm season starts early in the north, part 2") == 1
