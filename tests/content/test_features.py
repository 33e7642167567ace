"""What the content features count as hidden: attributes, inline style, framework classes, panels."""
from __future__ import annotations

import pytest
from lxml import html

from clearpage.filters.content.features import compute, is_closed_panel, is_hidden


def el(markup: str):
    return html.fragment_fromstring(markup)


@pytest.mark.parametrize(
    "markup",
    [
        "<div hidden>x</div>",
        "<div aria-hidden='true'>x</div>",
        "<div style='display: none'>x</div>",
        "<dl class='productView-info hide'>x</dl>",
        "<div class='menu hidden'>x</div>",
        "<div class='is-hidden'>x</div>",
    ],
)
def test_hidden(markup):
    assert is_hidden(el(markup))


@pytest.mark.parametrize(
    "markup",
    [
        "<div class='hidden-xs'>x</div>",  # hidden on phones only
        "<div class='hidden md:block'>x</div>",  # shown from medium screens up
        "<div class='maxlg:hidden'>x</div>",
        "<div class='overflow-hidden'>x</div>",
        "<div class='tab-pane' style='display:none'>x</div>",  # a click shows it
        "<div role='tabpanel' hidden>x</div>",
        "<div class='accordion-body collapse'>x</div>",
        "<div class='faq-answer hide'>x</div>",  # an FAQ's answer, shown by a click
    ],
)
def test_not_hidden(markup):
    assert not is_hidden(el(markup))


@pytest.mark.parametrize("hiding", ["style='display:none'", "class='menu hidden'", "class='display-none'", "hidden"])
def test_hidden_shown_counts_hidden_text(hiding):
    root = html.fromstring(f"<div><p>visible text</p><div {hiding}><p>hidden text here</p></div></div>")
    assert compute(root).chars[0] == len("visible text")
    assert compute(root, hidden_shown=True).chars[0] == len("visible text") + len("hidden text here")


def pane_after(control: str, pane: str) -> object:
    """The pane element of ``<div>{control}{pane}</div>``."""
    return html.fragment_fromstring(f"<div>{control}<!-- pane -->{pane}</div>")[-1]


@pytest.mark.parametrize(
    ("control", "pane"),
    [
        # A disclosure button naming the pane it opens (aria-controls) ...
        ("<span role='button' aria-expanded='false' aria-controls='t-7'>View all ingredients</span>",
         "<div id='t-7' class='toggle__content' style='display: none'>Jojoba seed oil</div>"),
        ("<button aria-expanded='false' aria-controls='other c-2'>Shipping</button>", "<div id='c-2' aria-hidden='true'>Ships in 2 days</div>"),
        # ... or the pane naming the button that labels it.
        ("<button id='b-1' aria-expanded='false'>Sound</button>", "<div aria-labelledby='b-1' aria-hidden='true'>Deeper bass</div>"),
        # WAI-ARIA's accordion: the button inside the heading before its region, each naming the other.
        ("<div class='head'><a id='acc-1' role='button' aria-controls='sect-1'>1. Understand your bill</a></div>",
         "<div id='sect-1' role='region' aria-labelledby='acc-1' style='display:none;'>Gather twelve months of bills.</div>"),
    ],
)
def test_a_pane_its_disclosure_button_opens_is_not_hidden(control, pane):
    assert not is_hidden(pane_after(control, pane))
    assert is_closed_panel(pane_after(control, pane))


@pytest.mark.parametrize(
    ("control", "pane"),
    [
        ("<button aria-controls='t-7'>Menu</button>", "<div id='t-7' hidden>x</div>"),  # no disclosure state: not a disclosure
        ("<button aria-expanded='false' aria-controls='t-8'>Menu</button>", "<div id='t-7' hidden>x</div>"),  # opens another element
        ("<button id='b-2' aria-expanded='false'>Menu</button>", "<div aria-labelledby='b-1' hidden>x</div>"),
        ("<p>Shipping</p>", "<div id='t-7' style='display:none'>x</div>"),
        # (a button inside the element before: the pane must be a region labelled by the button it is opened by)
        ("<h3><button id='acc-2' aria-controls='m-1'>Menu</button></h3>", "<div id='m-1' hidden>x</div>"),
        ("<h3><button id='acc-2' aria-controls='m-1'>Menu</button></h3>", "<div id='m-1' role='region' aria-labelledby='acc-3' hidden>x</div>"),
    ],
)
def test_a_hidden_element_beside_another_control_stays_hidden(control, pane):
    assert is_hidden(pane_after(control, pane))


def test_markup_names_are_each_elements_class_id_role_and_itemprop_as_read():
    root = html.fromstring(
        "<div class='page' id='top'><p class=' lead ' role='note'>text</p><span itemprop='name'>x</span>"
        "<b class=''>y</b><i>z</i><div hidden class='gone'>h</div><a href='/' id='home'>home</a></div>"
    )
    f = compute(root)
    assert [e.get("class") for e in f.elements] == f.classes == ["page", " lead ", None, "", None, None]
    assert [e.get("id") for e in f.elements] == f.ids == ["top", None, None, None, None, "home"]
    assert f.roles == [None, "note", None, None, None, None]
    assert f.itemprops == [None, None, "name", None, None, None]
