"""auto's second look when no container qualifies: the best block a class word ruled out."""
from __future__ import annotations

from clearpage.filters import dom
from clearpage.filters.content import features as feat
from clearpage.filters.content.rules import rescue
from clearpage.filters.content.base import ALGORITHMS
from clearpage.filters.context import PageContext
from tests.helpers import page

PROSE = (
    "The committee met on Tuesday to discuss the new budget, which includes funding for schools, "
    "roads and the library. Members argued for hours, and the vote was postponed until next week. "
)
NAV = "<nav><ul>" + "".join(f"<li><a href='/s{i}'>Section {i}</a></li>" for i in range(6)) + "</ul></nav>"
MENU = "<nav><ul>" + "".join(f"<li><a href='/d{i}'>Department {i}</a></li>" for i in range(80)) + "</ul></nav>"
FOOTER = "<footer><p>Example College, 1 Main Street. Call us any weekday.</p></footer>"


def select(default_config, body: str):
    algo = ALGORITHMS["auto"](default_config.settings.content.options["auto"], None)
    doc = dom.parse(page(body))
    url = "https://example.com/agency"
    return algo.select(doc, PageContext(url=url, base_url=url))


def test_a_misleading_class_word_does_not_lose_the_text(default_config):
    # "no-sidebars" says sidebar to the markup hints; the block holds nearly all the text
    # outside links, and under half of the page's (a long menu), so it is no wrapper either.
    body = MENU + f"<div id='content' class='no-sidebars'><div class='node'><h1>Agency</h1><p>{PROSE * 3}</p></div></div>" + FOOTER
    selection = select(default_config, body)
    assert selection is not None
    text = " ".join(dom.text_of(n) for n in selection.nodes)
    assert "The committee met" in text
    assert "Department 3" not in text and "Main Street" not in text


def test_a_small_ruled_out_block_leaves_the_whole_page(default_config):
    # The ruled-out block holds under half of the unlinked text: no better than the whole page.
    asides = "".join(f"<aside><p>{PROSE}</p></aside>" for i in range(3))
    body = NAV + f"<div class='no-sidebars'><p>{PROSE}</p></div>{asides}" + FOOTER
    assert select(default_config, body) is None


def test_text_inside_a_footer_is_never_rescued():
    doc = dom.parse(page(f"<div class='sidebar'><p>x</p></div><footer><div id='f'><p>{PROSE * 3}</p></div></footer>"))
    f = feat.compute(dom.body_of(doc))
    scores = [float(c) for c in f.chars]
    assert rescue.rescued_container(f, scores, 150) is None


def test_the_best_scoring_block_outside_boilerplate_tags_is_rescued():
    doc = dom.parse(page(f"<div class='sidebar'><div id='a'><p>{PROSE * 3}</p></div></div><nav><p>{PROSE}</p></nav>"))
    f = feat.compute(dom.body_of(doc))
    scores = [float(c) for c in f.chars]
    best = rescue.rescued_container(f, scores, 150)
    assert best is not None and f.elements[best].get("id") in ("a", None)
    assert "committee" in dom.text_of(f.elements[best])
    assert f.tags[best] != "nav"
