"""Accordions and FAQs for auto (filters/content/rules/accordions.py): their questions and answers are
content although their parts are named "header", "dropdown" or carry role=tablist."""
from __future__ import annotations

import pytest

from clearpage.filters import dom
from clearpage.filters.content.rules import accordions
from clearpage.filters.content import features as feat
from clearpage.filters.content import hints
from tests.content.algo_util import features_and_kinds, joined_selection, run_algorithm

INTRO = (
    "<p>Our certification is a part-time, virtual programme for mid-career professionals. It brings "
    "together a cohort of practitioners, who learn product strategy, technical skills and how to lead "
    "change in their organisations, over twelve weeks of seminars, case studies and mentoring.</p>"
)
QUESTIONS = [
    ("Who should apply?", "Professionals with at least five years of experience, who lead teams or projects, and want to grow."),
    ("How much time does it take?", "About six hours a week: a live seminar, readings, and a project you complete with your group."),
    ("Is there financial aid?", "Yes, a limited number of scholarships cover the fee for applicants from small organisations."),
    ("What do I receive at the end?", "A certificate, a portfolio project, and a place in the alumni network with its events."),
]



def selected_text(algo, html: str) -> str:
    return joined_selection(algo, html, "https://example.com/programme")


def faq(header_class: str, answer_class: str, wrapper_attrs: str = "class='accordion'") -> str:
    items = "".join(
        f"<div class='accordion-item'><h3 class='{header_class}'>{q}</h3><div class='{answer_class}'><p>{a}</p></div></div>"
        for q, a in QUESTIONS
    )
    return f"<div {wrapper_attrs}>{items}</div>"


def page(body: str) -> str:
    menu = "<nav><ul>" + "".join(f"<li><a href='/p{i}'>Page {i}</a></li>" for i in range(8)) + "</ul></nav>"
    return f"<html><body>{menu}<main><h1>Product certification</h1>{INTRO}{body}</main><footer><p>Copyright 2026</p></footer></body></html>"


@pytest.mark.parametrize(
    ("header_class", "answer_class"),
    [("accordion-header", "accordion-item__dropdown"), ("faq__header", "faq__answer"), ("cmp-accordion__header", "cmp-accordion__panel")],
)
def test_faq_questions_and_answers_stay_in_the_selection(algo, header_class, answer_class):
    text = selected_text(algo, page(faq(header_class, answer_class)))
    assert "Our certification is a part-time" in text
    for question, answer in QUESTIONS:
        assert question in text
        assert answer in text


def test_a_tablist_accordion_keeps_its_answers(algo):
    # (the page's other text outweighs the accordion, so its mark is not read as a wrapper's)
    more = INTRO.replace("Our certification", "The programme") + INTRO.replace("Our certification", "This course")
    text = selected_text(algo, page(more + faq("panel-heading", "panel-collapse", "id='accordion2' class='panel-group' role='tablist'")))
    for _, answer in QUESTIONS:
        assert answer in text


def parts(html: str) -> tuple[feat.Features, list[int]]:
    return features_and_kinds(f"<html><body>{html}</body></html>")


def test_accordion_parts_lose_their_boilerplate_mark():
    f, kinds = parts(faq("accordion-header", "accordion-item__dropdown"))
    marked = [i for i, k in enumerate(kinds) if k == hints.BOILERPLATE]
    assert marked  # (the hints read "header" and "dropdown" as boilerplate)
    assert accordions.unmark_accordion_items(f, kinds) == len(marked)
    assert hints.BOILERPLATE not in kinds


def test_an_accordion_menu_of_links_keeps_its_mark():
    links = "".join(f"<li><a href='/c{i}'>Category number {i}</a></li>" for i in range(6))
    f, kinds = parts(f"<div class='accordion-header'><ul>{links}</ul></div>")
    before = list(kinds)
    assert hints.BOILERPLATE in before
    assert accordions.unmark_accordion_items(f, kinds) == 0
    assert kinds == before


@pytest.mark.parametrize(
    "html",
    [
        "<div class='accordion-menu-header'>Menu</div>",  # a menu word
        "<nav class='faq-nav'>FAQ</nav>",  # a boilerplate tag
        "<div class='accordion-header' role='navigation'>Sections</div>",  # a boilerplate role
        "<div class='accordion-item related-products'>Others</div>",  # other things
        "<div class='site-header'>Header</div>",  # not an accordion part at all
    ],
)
def test_other_boilerplate_is_not_an_accordion_part(html):
    el = dom.parse(f"<html><body>{html}</body></html>").find(".//body")[0]
    assert not accordions.is_accordion_part(el, el.tag)


def test_accordion_and_faq_parts_are_recognised():
    for html in ("<h3 class='accordion-header'>Q</h3>", "<div class='faqs__header'>Q</div>", "<div id='accordion2' class='panel-group' role='tablist'>Q</div>"):
        el = dom.parse(f"<html><body>{html}</body></html>").find(".//body")[0]
        assert accordions.is_accordion_part(el, el.tag), html


def button_faq(closed: str) -> str:
    """An FAQ whose questions are buttons and whose answers are closed panes (``closed``: the
    panes' extra attributes)."""
    items = "".join(
        f"<dt class='cmp-accordion__header'><button class='cmp-accordion__button' aria-expanded='false'>{q}</button></dt>"
        f"<dd class='cmp-accordion__panel' {closed}><p>{a}</p></dd>"
        for q, a in QUESTIONS
    )
    return f"<dl class='cmp-accordion'>{items}</dl>"


def rendered_selection(default_config, html: str) -> str:
    return run_algorithm(default_config, "auto", html, "https://example.com/programme")[1]


@pytest.mark.parametrize("closed", ["hidden", "aria-hidden='true'", "style='display:none'"])
def test_a_closed_accordion_is_opened_in_the_reader(default_config, closed):
    text = rendered_selection(default_config, page(button_faq(closed)))
    assert "Our certification is a part-time" in text
    for question, answer in QUESTIONS:
        assert question in text  # (the reader skips buttons: the question's button is unwrapped)
        assert answer in text  # (the reader drops hidden content: the pane is opened)


def test_buttons_outside_accordions_stay_buttons(default_config):
    html = page("<div class='actions'><button class='cta'>Start your free trial</button></div>")
    assert "Start your free trial" not in rendered_selection(default_config, html)


def test_hidden_content_outside_panes_stays_hidden(default_config):
    html = page("<div class='promo' hidden><p>A secret offer nobody sees on the page, with a long sentence of text.</p></div>")
    assert "secret offer" not in rendered_selection(default_config, html)


@pytest.mark.parametrize(
    ("html", "question"),
    [
        ("<div class='faq-item'><h3><button>Who should apply?</button></h3></div>", True),
        ("<div class='accordion__header'><span><button>Who should apply?</button></span></div>", True),
        ("<div class='faq-item'><h3><button> </button></h3></div>", False),  # (an icon: no text)
        ("<div class='toolbar'><button>Who should apply?</button></div>", False),
        ("<div class='accordion-menu'><button>Products</button></div>", False),  # (a menu word)
    ],
)
def test_question_buttons_are_recognised(html, question):
    button = dom.parse(f"<html><body>{html}</body></html>").find(".//button")
    assert accordions.is_question_button(button) is question


def test_closable_panes_are_the_elements_with_a_hiding_attribute_in_document_order():
    root = dom.parse(
        "<div class='acc' style='x'><section hidden><p aria-hidden='false'>a</p></section>"
        "<div class='tab-pane hidden'><span class='display-none' style='color: red'>b</span></div>"
        "<div class='chid'><p class='shown'>c</p></div><p>d</p></div>"
    ).find(".//div")
    every = [el for el in root.iter() if any(el.get(a) is not None for a in ("hidden", "aria-hidden", "style"))
             or "hid" in (el.get("class") or "") or "display-none" in (el.get("class") or "")]
    assert accordions._MAY_BE_CLOSED(root) == every
    assert [el.tag for el in every] == ["div", "section", "p", "div", "span", "div"]


def test_accordion_parts_read_from_the_walks_names_as_from_the_element():
    body = dom.body_of(dom.parse(
        "<body><div class='faq-item' role='region'>Q</div><div id='accordion-1' class='menu'>M</div>"
        "<nav class='accordion'>N</nav><div class='accordion' role='navigation'>R</div>"
        "<section id='faq'>A</section><div class='collapse sidebar'>S</div><p class='x'>P</p></body>"))
    f = feat.compute(body)
    found = [accordions.is_accordion_part_at(f, i) for i in range(len(f))]
    assert found == [accordions.is_accordion_part(el, tag) for el, tag in zip(f.elements, f.tags)]
    assert True in found and found.count(True) < len(found)


def test_steps_in_closed_wai_aria_accordion_panes_stay_with_the_guide(algo):
    # (each pane a role=region labelled by the button in the heading before it, which names it in aria-controls)
    steps = "".join(
        f"<div class='acc'><div class='head'><a id='s{i}-h' role='button' aria-controls='s{i}-c'>{q}</a></div>"
        f"<div id='s{i}-c' role='region' aria-labelledby='s{i}-h' style='display:none;'><p>{a}</p></div></div>"
        for i, (q, a) in enumerate(QUESTIONS)
    )
    text = selected_text(algo, page(f"<div class='steps'>{steps}</div>"))
    assert "Professionals with at least five years" in text and "a place in the alumni network" in text


def test_panes_under_a_headings_disclosure_button_open_whatever_their_classes(default_config):
    # WAI-ARIA's accordion without ids: an h3 holding the button, the pane after it hidden, no accordion word anywhere.
    items = "".join(
        f"<div class='css-p1fz9n'><h3 class='css-i0aq8p'><button aria-expanded='false' class='css-17sxnkg'><p>{q}</p></button></h3>"
        f"<div aria-hidden='true' hidden class='css-1k075w5'><p>{a}</p></div></div>"
        for q, a in QUESTIONS
    )
    text = rendered_selection(default_config, page(f"<div class='guide'>{items}</div>"))
    for _question, answer in QUESTIONS:
        assert answer in text
    pane = dom.parse(f"<html><body>{items}</body></html>").find(".//div[@hidden]")
    assert feat.is_closed_panel(pane) and not feat.is_hidden(pane)


def test_a_menu_toggles_hidden_block_stays_hidden(default_config):
    html = page("<div class='bar'><button aria-expanded='false'>Menu</button></div>"
                "<div hidden><p>A secret offer nobody sees on the page, with a long sentence of text.</p></div>")
    assert "secret offer" not in rendered_selection(default_config, html)
