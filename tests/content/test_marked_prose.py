"""Marked prose for auto (filters/content/rules/marked_prose.py): a marked block holding nearly all the prose stays."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content.rules import marked_prose
from tests.content.algo_util import features_and_kinds, joined_selection

PROSE_MIN_CHARS = 60  # (the default config's prose_min_chars)
WRAPPER_SHARE = 0.4  # (the default config's boilerplate_max_share)

MENU = "<ul class='menu'>" + "".join(f"<li><a href='/c/{k}'>Category {k}</a></li>" for k in range(10)) + "</ul>"
PROSE = "".join(f"<p>We deliver the rentals on time and pick them up when the party is over, part {k} of the promise we make.</p>"
                for k in range(12))
CITIES = "<div class='zipcodes'>" + "  ".join(f"Town{k} Hills" for k in range(600)) + "</div>"


def holders(body: str) -> list[str]:
    f, kinds = features_and_kinds(f"<html><body>{body}</body></html>")
    return [dom.describe(f.elements[i]) for i in sorted(marked_prose.prose_holders(f, kinds, [0], PROSE_MIN_CHARS, WRAPPER_SHARE))]


def test_a_marked_block_swallowing_the_pages_prose_is_a_holder():
    # (an unclosed top bar holds the menu and every paragraph; the footer's list of towns has no sentence)
    assert holders(f"<div class='topbar'>{MENU}<h1>Fitness equipment</h1>{PROSE}</div>{CITIES}") == ["div.topbar"]


def test_a_marked_block_beside_as_much_prose_is_no_holder():
    assert holders(f"<div class='topbar'>{MENU}{PROSE}</div><main>{PROSE}</main>{CITIES}") == []


def test_a_few_marked_sentences_are_no_holder():
    box = "<div class='newsletter-popup'><p>Sign up for our newsletter and get fifteen percent off your first order.</p></div>"
    assert holders(f"{box}{CITIES}") == []


def test_a_marked_wrapper_is_looked_into():
    # (a marked block holding most of the text is a wrapper cleaning keeps: the holder is inside it)
    assert holders(f"<header class='site-header'><div class='topbar'>{MENU}{PROSE}</div>{CITIES}</header>") == ["div.topbar"]


def test_auto_keeps_the_prose_a_marked_block_swallowed(algo):
    page = f"<html><body><main><div class='topbar'>{MENU}<h1>Fitness equipment</h1>{PROSE}</div>{CITIES}</main></body></html>"
    text = joined_selection(algo, page, "https://example.com/rentals/fitness")
    assert "part 11 of the promise" in text  # (cleaning removed the top bar with the prose before)
    assert "Category 3" not in text  # (the menu inside it is still a link list)
