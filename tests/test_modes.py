"""The auto mode's decision (filters/modes.py) on small pages."""
import pytest

from clearpage.filters import dom, load_config_text, modes
from tests.helpers import page

DESCRIPTION = "A description long enough to stand in for a page that holds no text of its own"


@pytest.fixture(scope="module")
def auto_settings():
    return load_config_text("mode: auto").base.settings.auto


def decide(body, settings, description=DESCRIPTION):
    return modes.decide(dom.parse(page(body)), settings, description)


def test_empty_page_without_scripts_but_with_a_description_gets_the_reader(auto_settings):
    decision = decide("<section id='main'></section>", auto_settings)
    assert decision.mode == "reader" and "empty page" in decision.reason


def test_empty_page_with_scripts_stays_untouched(auto_settings):
    assert decide("<div id='root'></div><script src='/app.js'></script>", auto_settings).mode == "off"


def test_empty_page_without_a_description_is_filtered(auto_settings):
    assert decide("<section id='main'></section>", auto_settings, description="Short.").mode == "filter"


def test_a_page_with_a_sentence_or_more_is_not_empty(auto_settings):
    body = "<ul>" + "".join(f"<li><a href='/p/{i}'>Product number {i}</a></li>" for i in range(10)) + "</ul>"
    assert decide(body, auto_settings).mode == "filter"


def test_visible_text_length_of_counts_only_the_given_subtrees():
    doc = dom.parse(page("<div id='a'>one two</div><div id='b'>three<script>var x;</script></div>"))
    a, b = doc.find(".//div[@id='a']"), doc.find(".//div[@id='b']")
    assert modes.visible_text_length_of([a]) == len("one two")
    assert modes.visible_text_length_of([a, b]) == len("one two") + len("three")


def test_article_score_leaves_out_blocks_inside_footer_aside_and_nav():
    prose = "A long paragraph of article prose that keeps going well past the block minimum. " * 4
    scored = modes.article_score(dom.parse(page(f"<main><div><p>{prose}</p></div></main>")), 140)
    for wrapper in ("footer", "aside", "nav"):
        nested = f"<{wrapper}><div><section><p>{prose}</p></section></div></{wrapper}>"
        assert modes.article_score(dom.parse(page(nested)), 140) == 0.0
        assert modes.article_score(dom.parse(page(f"<main><p>{prose}</p></main>{nested}")), 140) == scored
    assert scored > 0
