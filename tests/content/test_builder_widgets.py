"""A page builder's widgets inside the content (filters/content/rules/builder_widgets.py): panels
named like a sidebar's widgets ("so-panel widget widget_text") inside the article are its text;
the widgets of the sidebar beside it keep their mark."""
from __future__ import annotations

from clearpage.filters.content import hints
from clearpage.filters.content.rules import builder_widgets
from tests.content.algo_util import features_and_kinds, joined_selection
from tests.content.article_pages import URL

SECTIONS = [
    ("Why should I negotiate?", "Negotiating a salary that reflects your skills may feel daunting, yet most employers expect it and plan for it."),
    ("When should I negotiate?", "Typically it is best to negotiate after you have received a written offer, when you have the most leverage."),
    ("What is in a package?", "Compensation includes more than salary: health cover, retirement plans, leave and the chance to work from home."),
    ("How do I prepare?", "Research the range for the role in your region, list what you bring, and decide the least you would accept."),
]


def panels(widget_class: str) -> str:
    return "".join(
        f"<div class='panel-grid'><div class='panel-grid-cell'>"
        f"<div id='panel-5-{i}-0' class='so-panel widget widget_sow-headline'><h2>{q}</h2></div>"
        f"<div id='panel-5-{i}-1' class='so-panel widget {widget_class}'><div class='textwidget'><p>{a}</p>"
        f"<p>{a.replace('you', 'one')}</p></div></div></div></div>"
        for i, (q, a) in enumerate(SECTIONS)
    )


def page(widget_class: str = "widget_text") -> str:
    sidebar = ("<div id='secondary' class='widget-area'><section class='widget widget_text'><div class='textwidget'>"
               "<p>Our career centre is open Monday to Friday, from nine to five, in the library's second floor.</p></div></section></div>")
    return ("<html><body><nav><a href='/'>Home</a> <a href='/careers'>Careers</a></nav>"
            f"<div class='site-inner'><article class='page'><h1>How to negotiate your salary</h1><div class='entry-content'>"
            f"<div class='panel-layout'>{panels(widget_class)}</div></div></article>{sidebar}</div></body></html>")


def test_a_builders_text_panels_inside_the_article_stay_and_the_sidebars_widget_goes(algo):
    text = joined_selection(algo, page(), URL)
    for question, answer in SECTIONS:
        assert question in text and answer in text
    assert "career centre is open" not in text


def test_only_panels_inside_the_content_marked_by_the_widget_word_alone_are_cleared():
    f, kinds = features_and_kinds(page("widget_text related-links"))
    cleared = builder_widgets.unmark_content_widgets(f, kinds)
    by_class = {}
    for i, el in enumerate(f.elements):
        by_class.setdefault(el.get("class"), set()).add(kinds[i])
    assert cleared == len(SECTIONS)  # the headline panels: "widget_sow-headline" alone
    assert by_class["so-panel widget widget_sow-headline"] == {hints.NEUTRAL}
    assert by_class["so-panel widget widget_text related-links"] == {hints.BOILERPLATE}  # ("related" says so too)
    assert by_class["widget widget_text"] == {hints.BOILERPLATE}  # the sidebar's widget, inside "widget-area"


def test_a_sidebars_widgets_inside_a_content_wrapper_keep_their_mark():
    # (themes without a marked side column: list items of widgets, or a widget that says it is a side's)
    f, kinds = features_and_kinds(
        "<html><body><div class='content'><article><h1>The mill</h1><p>The mill ran all summer, the town said.</p></article>"
        "<ul class='xoxo'><li id='text-4' class='widgetcontainer widget_text'><p>Follow the blog by e-mail, it is free.</p></li></ul>"
        "<div id='text-7' class='zox-side-widget widget_text'><p>Our partners and friends, listed here.</p></div></div></body></html>")
    assert builder_widgets.unmark_content_widgets(f, kinds) == 0
    assert {kinds[i] for i, el in enumerate(f.elements) if "widget_text" in (el.get("class") or "")} == {hints.BOILERPLATE}
