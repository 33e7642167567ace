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
