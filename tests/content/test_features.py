"""What the content features count as hidden: attributes, inline style, framework classes, panels."""
from __future__ import annotations

import pytest
from lxml import html

from clearpage.filters.content.features import compute, is_hidden


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
