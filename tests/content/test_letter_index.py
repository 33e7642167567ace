"""A–Z indexes for auto (filters/content/rules/letter_index.py): entries grouped under letter labels
are the page's content, and cleaning keeps them."""
from __future__ import annotations

from clearpage.filters.content.rules import letter_index
from tests.content.algo_util import features_and_kinds, joined_selection

ENTRIES = {
    "A": ["Adapters", "Adjusters", "Anchors", "Axles"],
    "B": ["Bands", "Belt Keepers", "Bolts", "Buckles"],
    "C": ["Caps", "Catches", "Clamps", "Clips"],
    "D": ["Dampers", "Door Stops", "Dowels"],
    "F": ["Fasteners", "Ferrules", "Fittings", "Flanges"],
    "H": ["Hangers", "Hinges", "Hooks"],
    "K": ["Keys", "Knobs", "Knurled Nuts"],
}


def letter_groups(letters, label_tag: str = "div") -> str:
    return "".join(
        f"<div class='cats {letter}'><{label_tag} class='letter'>{letter}</{label_tag}><div class='wrap'>"
        + "".join(f"<a href='/c/{name.lower()}'>{name}</a>" for name in ENTRIES[letter])
        + "</div></div>"
        for letter in letters
    )


def index_page(groups: str) -> str:
    menu = "<nav><ul>" + "".join(f"<li><a href='/s{i}'>Section number {i}</a></li>" for i in range(12)) + "</ul></nav>"
    footer = "<footer><p>" + " ".join(f"<a href='/f{i}'>Footer link {i}</a>" for i in range(10)) + "</p></footer>"
    heading = "<div class='title'><h1>Hardware categories</h1><p>Find parts by name</p></div>"
    return f"<html><body><header>{menu}</header><section><div class='body'>{heading}<div class='index'>{groups}</div></div></section>{footer}</body></html>"


def test_an_index_of_links_under_letters_is_the_content_with_every_entry(algo):
    text = joined_selection(algo, index_page(letter_groups("ABCDFHK")), "https://example.com/catalogs/hardware")
    for names in ENTRIES.values():
        for name in names:
            assert name in text
    assert "Hardware categories" in text and "Find parts by name" in text
    assert "Section number 3" not in text and "Footer link 4" not in text


def test_letters_under_headings_are_an_index_too():
    f, kinds = features_and_kinds(index_page(letter_groups("ABCDFHK", label_tag="h2")))
    root = letter_index.index_root(f, kinds)
    assert root is not None and f.elements[root].get("class") == "index"


def test_letters_out_of_order_are_no_index():
    f, kinds = features_and_kinds(index_page(letter_groups("ABCKDFH")))
    assert letter_index.index_root(f, kinds) is None


def test_too_few_letters_are_no_index():
    f, kinds = features_and_kinds(index_page(letter_groups("ABCD")))
    assert letter_index.index_root(f, kinds) is None


def test_a_jump_bar_of_linked_letters_is_no_index():
    bar = "<div class='jump'>" + "".join(f"<a href='#{c}'>{c}</a> " for c in "ABCDEFGH") + "</div>"
    f, kinds = features_and_kinds(index_page(bar))
    assert letter_index.index_root(f, kinds) is None


def test_an_index_in_the_site_footer_is_not_the_container():
    html = index_page("").replace("</footer>", f"<div class='index'>{letter_groups('ABCDFHK')}</div></footer>")
    f, kinds = features_and_kinds(html)
    assert letter_index.index_container(f, kinds, 150) is None


def test_index_entries_spares_the_index_and_its_wrappers_inside_the_selection():
    f, kinds = features_and_kinds(index_page(letter_groups("ABCDFHK")))
    root = letter_index.index_root(f, kinds)
    section = next(i for i, tag in enumerate(f.tags) if tag == "section")
    spared = letter_index.index_entries(f, kinds, [section])
    assert set(range(root, root + f.count[root])) <= spared
    assert f.parent[root] in spared
    header = f.tags.index("header")
    assert letter_index.index_entries(f, kinds, [header]) == set()


def test_marked_boilerplate_inside_the_index_still_goes(algo):
    groups = letter_groups("ABCDFHK").replace("<div class='wrap'>", "<div class='wrap'><span class='share'>Share this letter</span>", 1)
    text = joined_selection(algo, index_page(groups), "https://example.com/catalogs/hardware")
    assert "Adapters" in text and "Knurled Nuts" in text
    assert "Share this letter" not in text
