"""Data tables for auto (filters/content/rules/data_tables.py): a data table's cells of linked names stay."""
from __future__ import annotations

from clearpage.filters.content.rules import data_tables
from tests.content.algo_util import features_and_kinds, joined_selection

LINK_LIST_MIN_LINKS = 3  # (the default config's link_list_min_links)

# Ten paragraphs: more prose than auto's article threshold (article_prose_chars), where link lists go even when they score.
INTRO = "".join(f"<p>The prizes have been awarded every year since the foundation was set up in {1900 + k}, with a few "
                "exceptions during the wars, when no committee could meet and the prize money was kept for later.</p>" for k in range(10))


def laureates(year: int) -> str:
    """A cell of three linked names: a year's winners of one prize."""
    return "; ".join(f"<a href='/wiki/P{year}_{k}'>Person {year} {k}</a>" for k in range(3))


def prize_table(header: bool, years: int = 4) -> str:
    head = "<tr><th>Year</th><th>Physics</th><th>Chemistry</th></tr>" if header else ""
    rows = "".join(f"<tr><td>{y}</td><td>{laureates(y)}</td><td>{laureates(y + 100)}</td></tr>" for y in range(1901, 1901 + years))
    return f"<table class='wikitable'>{head}{rows}</table>"


def test_cells_of_a_table_with_header_cells_are_data_cells():
    f, kinds = features_and_kinds(f"<html><body>{prize_table(header=True)}</body></html>")
    cells = data_tables.data_cells(f, kinds, [0], LINK_LIST_MIN_LINKS)
    assert len(cells) == 8  # (two prize cells in each of four rows; the year cells hold no links)
    assert all(f.tags[i] == "td" for i in cells)


def test_a_layout_tables_column_of_links_is_no_data_cell():
    menu = "".join(f"<a href='/s/{k}'>Section {k}</a> " for k in range(8))
    page = f"<html><body><table><tr><td>{menu}</td><td>{INTRO}</td></tr></table></body></html>"
    f, kinds = features_and_kinds(page)
    assert data_tables.data_cells(f, kinds, [0], LINK_LIST_MIN_LINKS) == set()


def test_a_marked_cell_is_no_data_cell():
    page = ("<html><body><table><tr><th>Year</th><th>Links</th></tr>"
            f"<tr><td>1901</td><td class='share-buttons'>{laureates(1901)}</td></tr></table></body></html>")
    f, kinds = features_and_kinds(page)
    assert data_tables.data_cells(f, kinds, [0], LINK_LIST_MIN_LINKS) == set()


def test_auto_keeps_a_data_tables_cells_of_links_in_an_article(algo):
    # (30 years: the table holds more unlinked text than a link list, so it is judged cell by cell)
    page = f"<html><body><main><h1>List of laureates</h1>{INTRO}{prize_table(header=True, years=30)}</main></body></html>"
    text = joined_selection(algo, page, "https://example.com/wiki/List_of_laureates")
    assert "Person 1903 2" in text and "Person 2020 1" in text  # (each cut as a link list before)
    assert "1930" in text
